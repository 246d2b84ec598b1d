import crypto from 'node:crypto';
import { sql } from 'kysely';
import { workOrderMachine } from '../../../machines/workOrder.machine';
import { workOrderStatusCode } from '../../../src/domain/customerService';
import type { CheckoutAnswer } from '../../../src/domain/types/commerce';
import type { WorkOrderView } from '../../../src/domain/types/customerService';
import type { ApiCaller } from '../../../server/testing/apiClient';
import { insertAddress, insertProduct } from '../../../server/testing/commerceFixtures';
import type { Answer, Driver, Person, Reading } from '../support/apiWalk';
import type { World } from '../support/world';

/**
 * The work-order chart against the server: the user files one about their own order
 * (src/api/workOrders.ts `add`) and replies or closes it through their doors; staff answer and close
 * it from the console's doors (/api/platform/workorder/*). A stranger may use neither.
 */
export interface WorkOrderRecord {
  user: ApiCaller;
  staff: ApiCaller;
  stranger: ApiCaller;
  id: string;
}

const people: Person[] = [
  { name: 'user', party: 'user' },
  { name: 'staff', party: 'staff' },
  { name: 'stranger', party: null },
];

async function must<T>(answer: Promise<{ code: string; msg: string; object: T }>, what: string): Promise<T> {
  const a = await answer;
  if (a.code !== '0000') throw new Error(`${what}: ${a.code} ${a.msg}`);
  return a.object;
}

export function workOrderDriver(world: World): Driver<WorkOrderRecord> {
  const db = world.db;
  return {
    name: 'workOrder',
    machine: workOrderMachine,
    people,
    codeOf: (s) => workOrderStatusCode(String(s.value)),
    // Someone else's work order through the user's own doors does not exist for them (4004); the console's doors refuse non-staff (4003).
    refusals: (event, person) => (person.name === 'staff' && event.type !== 'STAFF_REPLY' && event.type !== 'CLOSE' ? ['4004'] : ['4001', '4003']),

    async begin() {
      world.newPath();
      const [user, staff, stranger, seller] = await Promise.all([world.person('user'), world.person('staff', ['buyer', 'arbiter']), world.person('stranger'), world.person('seller', ['buyer', 'seller'])]);
      const p = await insertProduct(db, { seller: seller.username });
      const addressId = await insertAddress(db, user.username);
      const placed = await must(
        user.caller.post<CheckoutAnswer>('/api/commodity/orders/submit', { idempotencyKey: crypto.randomBytes(12).toString('hex'), items: [{ productId: p.productId, skuId: p.skuIds[0], quantity: 1 }], addressId, paymentMethod: 'balance' }),
        'submit',
      );
      const filed = await must(
        user.caller.post<WorkOrderView>('/api/workorder/add', { orderNo: placed.orders[0]?.orderNo, category: 'delivery', description: 'The parcel has not moved for a week.', images: [] }),
        'file a work order',
      );
      return { user: user.caller, staff: staff.caller, stranger: stranger.caller, id: filed.id };
    },

    variants: (type) => [{ type }],

    async send(rec, event, person) {
      const caller = person.name === 'user' ? rec.user : person.name === 'staff' ? rec.staff : rec.stranger;
      // Each person's screen: the user's own doors for their reply and close; the console's for staff's.
      const own = event.type === 'STAFF_REPLY' ? '/api/platform/workorder' : event.type === 'USER_REPLY' ? '/api/workorder' : person.name === 'staff' ? '/api/platform/workorder' : '/api/workorder';
      const body = event.type === 'CLOSE' ? { id: rec.id } : { id: rec.id, body: 'Any news about this parcel?' };
      return caller.post(`${own}/${event.type === 'CLOSE' ? 'close' : 'reply'}`, body) as Promise<Answer>;
    },

    elapse: (_rec, ms) => world.elapse(ms),

    chartSteps: (rec) => world.chartSteps('workOrder', rec.id),

    async read(rec): Promise<Reading> {
      const [u, s] = await Promise.all([
        must(rec.user.get<WorkOrderView>(`/api/workorder/detail?id=${rec.id}`), 'detail'),
        must(rec.staff.get<WorkOrderView>(`/api/platform/workorder/detail?id=${rec.id}`), 'console detail'),
      ]);
      if (u.statusCode !== s.statusCode) throw new Error(`the user sees ${u.statusCode}, staff ${s.statusCode}`);
      return { code: u.statusCode, offered: { user: u.allowed, staff: s.allowed } };
    },

    async fingerprint(rec) {
      const row = await sql<{ f: string }>`select concat_ws('|', w.status, w.chart::text, w.updated_at::text,
          (select count(*) from work_order_replies r where r.work_order_id = w.id)) as f from work_orders w where w.id = ${BigInt(rec.id)}`.execute(db);
      return row.rows[0]?.f ?? 'gone';
    },

    measure: async () => ({}),
    expect: () => ({}),
    invariants: () => world.invariants(),
  };
}
