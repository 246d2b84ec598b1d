import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterSaleMachine, afterSaleStatusOf, type AfterSaleContext, type AfterSaleInput } from '../../../machines/afterSale.machine';
import { afterSaleStatusCode } from '../../../src/domain/afterSaleStatus';
import { refundSplit } from '../../../src/domain/afterSaleRules';
import { parseMoney } from '../../../src/domain/money';
import type { AfterSaleView } from '../../../src/domain/types/afterSale';
import type { CheckoutAnswer, OrderView } from '../../../src/domain/types/commerce';
import type { ApiCaller } from '../../../server/testing/apiClient';
import { insertAddress, insertProduct } from '../../../server/testing/commerceFixtures';
import { accountBalance, Accounts, demoTopUp } from '../../../server/services/ledger';
import type { Answer, Driver, Person, Reading } from '../support/apiWalk';
import type { World } from '../support/world';

/**
 * The after-sale chart against the server. Each path starts from an order its buyer received (placed,
 * paid, confirmed, shipped and received through the same doors the screens use), and the buyer's
 * application (src/api/afterSale.ts `apply`) creates the case with the chart's input. Every step then
 * goes through the case's one door `act`, by the buyer, the seller, or an arbiter (staff who are no
 * party to the order); a stranger is refused as if the case did not exist.
 */
interface Who {
  caller: ApiCaller;
  id: bigint;
  username: string;
}

export interface CaseRecord {
  buyer: Who;
  seller: Who;
  arbiter: Who;
  stranger: Who;
  orderId: string;
  caseId: string;
  paid: bigint;
  fee: bigint;
}

const people: Person[] = [
  { name: 'buyer', party: 'buyer' },
  { name: 'seller', party: 'seller' },
  { name: 'arbiter', party: 'arbiter' },
  { name: 'stranger', party: null },
];

/** The two applications a buyer can make: money back only, or the goods back for the money. */
export const afterSaleInputs: AfterSaleInput[] = [
  { kind: 'refundOnly', amount: '3', description: 'The handle came off on the first day.', evidence: [] },
  { kind: 'returnAndRefund', amount: '6', description: 'Not the colour in the pictures.', evidence: [] },
];

const returnAddress = { name: 'Ana Cruz', phone: '+63 912 345 6789', region: 'Philippines / Manila', detail: '12 Rizal Street' };

async function must<T>(answer: Promise<{ code: string; msg: string; object: T }>, what: string): Promise<T> {
  const a = await answer;
  if (a.code !== '0000') throw new Error(`${what}: ${a.code} ${a.msg}`);
  return a.object;
}

export function afterSaleDriver(world: World): Driver<CaseRecord> {
  const db = world.db;
  const callerOf = (rec: CaseRecord, person: Person) => ({ buyer: rec.buyer, seller: rec.seller, arbiter: rec.arbiter, stranger: rec.stranger })[person.name as 'buyer']?.caller ?? rec.stranger.caller;
  const view = (caller: ApiCaller, id: string) => must(caller.get<AfterSaleView>(`/api/aftersale/detail?id=${id}`), 'case detail');

  return {
    name: 'afterSale',
    machine: afterSaleMachine,
    inputs: afterSaleInputs,
    people,
    codeOf: (s) => afterSaleStatusCode(afterSaleStatusOf(s.value)),
    project: (s) => [s.value, (s.context as AfterSaleContext).kind, (s.context as AfterSaleContext).overdue],

    async begin(input) {
      world.newPath();
      const application = input as AfterSaleInput;
      const [buyer, seller, arbiter, stranger] = await Promise.all([
        world.person('buyer'),
        world.person('seller', ['buyer', 'seller']),
        world.person('arbiter', ['buyer', 'arbiter']),
        world.person('stranger'),
      ]);
      await demoTopUp(db, buyer.id, parseMoney('100'));
      const p = await insertProduct(db, { seller: seller.username, price: '8', shippingFee: '2' });
      const addressId = await insertAddress(db, buyer.username);
      await insertAddress(db, seller.username); // the seller's address, a deemed agreement's return address
      const placed = await must(
        buyer.caller.post<CheckoutAnswer>('/api/commodity/orders/submit', { idempotencyKey: crypto.randomBytes(12).toString('hex'), items: [{ productId: p.productId, skuId: p.skuIds[0], quantity: 1 }], addressId, paymentMethod: 'balance' }),
        'submit',
      );
      const orderId = placed.orders[0]?.id ?? '';
      await must(buyer.caller.post('/api/pay/balance', { orderIds: [orderId] }), 'pay');
      const act = (c: ApiCaller, action: unknown) => must(c.post<OrderView>('/api/commodity/orders/act', { id: orderId, action }), 'order step');
      await act(seller.caller, { type: 'CONFIRM' });
      await act(seller.caller, { type: 'SHIP', company: 'DHL', number: 'DHL12345678' });
      const received = await act(buyer.caller, { type: 'CONFIRM_RECEIPT' });
      const evidence = [await world.upload(buyer.caller)];
      const opened = await must(buyer.caller.post<AfterSaleView>('/api/aftersale/apply', { orderId, kind: application.kind, amount: application.amount, description: application.description, evidence }), 'apply');
      return { buyer, seller, arbiter, stranger, orderId, caseId: opened.id, paid: parseMoney(received.paidAmount), fee: parseMoney(received.handlingFee) };
    },

    variants(type, model) {
      const ctx = model.context as AfterSaleContext;
      switch (type) {
        case 'AGREE':
          // Without a return address (enough for a refund only) and with one.
          return [
            { type, returnAddress: null },
            { type, returnAddress },
          ];
        case 'REJECT':
          return [{ type, reason: 'The photos show wear from use.' }];
        case 'SHIP_RETURN':
          return [{ type, company: 'DHL', number: 'DHL99887766' }];
        case 'APPEAL':
          return [{ type, statement: 'It broke on the first day; the photos show it.', evidence: [] }];
        case 'DECIDE_FULL':
        case 'DECIDE_REJECT':
          return [{ type, reason: 'Judged on the evidence of both sides.' }];
        case 'DECIDE_PARTIAL':
          // Less than asked (the guard's yes) and all of it (the guard's no: that is a full refund).
          return [
            { type, amount: '1', reason: 'Half the fault is the buyer’s.' },
            { type, amount: ctx.amount, reason: 'All of it.' },
          ];
        default:
          return [{ type }];
      }
    },

    async send(rec, event, person) {
      return callerOf(rec, person).post('/api/aftersale/act', { id: rec.caseId, action: event }) as Promise<Answer>;
    },

    elapse: (_rec, ms) => world.elapse(ms),

    chartSteps: (rec) => world.chartSteps('afterSale', rec.caseId),

    async read(rec): Promise<Reading> {
      const [b, s, a] = await Promise.all([view(rec.buyer.caller, rec.caseId), view(rec.seller.caller, rec.caseId), view(rec.arbiter.caller, rec.caseId)]);
      if (b.statusCode !== s.statusCode || b.statusCode !== a.statusCode) throw new Error(`the parties see different codes: ${b.statusCode}, ${s.statusCode}, ${a.statusCode}`);
      return { code: b.statusCode, value: b.chart.value, offered: { buyer: b.can, seller: s.can, arbiter: a.can } };
    },

    async fingerprint(rec) {
      const row = await sql<{ f: string }>`select concat_ws('|', a.status, a.chart::text, a.updated_at::text,
          (select count(*) from after_sale_events e where e.case_id = a.id),
          (select o.status || o.chart::text from orders o where o.id = a.order_id),
          (select count(*) from ledger_entries l where l.reference = 'order:' || a.order_id::text)) as f
        from after_sales a where a.id = ${BigInt(rec.caseId)}`.execute(db);
      return row.rows[0]?.f ?? 'gone';
    },

    async measure(rec) {
      return {
        buyer: await accountBalance(db, Accounts.user(rec.buyer.id)),
        seller: (await accountBalance(db, Accounts.user(rec.seller.id))) + (await accountBalance(db, Accounts.pendingIncome(rec.seller.id))),
      };
    },

    expect(rec, { actions, after }): Record<string, bigint> {
      if (!actions.includes('refundBuyer')) return {};
      const ctx = after.context as AfterSaleContext;
      const refund = parseMoney(ctx.refunded ?? ctx.amount);
      return { buyer: refund, seller: -refundSplit(refund, rec.paid, rec.fee).fromSeller };
    },

    invariants: () => world.invariants(),
  };
}
