import { sql } from 'kysely';
import { productMachine } from '../../../machines/product.machine';
import { emptyProductInput, type ProductInput } from '../../../src/domain/schemas/catalogue';
import type { OwnProduct, OwnProductDetail, ProductStatus } from '../../../src/domain/types/catalogue';
import type { ApiCaller } from '../../../server/testing/apiClient';
import type { Answer, Driver, Person, Reading } from '../support/apiWalk';
import type { World } from '../support/world';

/**
 * The product chart against the server. The seller's doors are the publish screen (publish as a draft
 * or for review; edit), and the product list's buttons (submit, take down, relist, delete); staff's
 * the console's review (approve, reject with a reason, freeze with a reason, unfreeze). The product's
 * chart has no SPEC code table, so the status name is its code here. Each path starts from a draft the
 * seller saved from the publish form (the chart's initial state with its record). The publish form of a
 * draft or failed product saves (SAVE_DRAFT) or submits (SUBMIT); of any other it is EDIT: so EDIT has
 * no door in the first two states, nor SAVE_DRAFT in the others.
 */
export interface ProductRecord {
  seller: ApiCaller;
  staff: ApiCaller;
  other: ApiCaller;
  input: ProductInput;
  id: string | null;
}

const people: Person[] = [
  { name: 'seller', party: 'seller' },
  { name: 'staff', party: 'staff' },
  // Another seller: the chart does not name them for someone else's product.
  { name: 'other', party: null },
];

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

const staffDecisions: Record<string, string> = { APPROVE: 'approve', REJECT: 'reject', FREEZE: 'freeze', UNFREEZE: 'unfreeze' };
const sellerButtons: Record<string, string> = { SUBMIT: 'submit', TAKE_DOWN: 'takeDown', RELIST: 'relist', DELETE: 'delete' };

export function productDriver(world: World): Driver<ProductRecord> {
  const db = world.db;
  const statusCode = (status: string) => status;
  return {
    name: 'product',
    machine: productMachine,
    people,
    codeOf: (s) => statusCode(String(s.value)),
    // The console's review is staff's only (4003); someone else's product is 4003 to a seller; a product
    // that is gone (backup) is 4004 to everyone.
    refusals: () => ['4001', '4003', '4004'],

    async begin() {
      world.newPath();
      const [seller, staff, other] = await Promise.all([world.person('seller', ['buyer', 'seller']), world.person('staff', ['buyer', 'arbiter']), world.person('other', ['buyer', 'seller'])]);
      const images = [await world.upload(seller.caller), await world.upload(seller.caller), await world.upload(seller.caller)];
      const input: ProductInput = {
        ...emptyProductInput(),
        images,
        title: 'Hand-woven rattan basket',
        description: `A sturdy basket woven by hand ${words(30)}`,
        categoryId: 3,
        condition: 'new',
        skus: [{ specification: 'Large', colour: 'Natural', stock: '5' }],
        price: '12.5',
        shippingMethod: 'collect',
        shippingFee: '0.3',
        shippingPlace: 'Manila',
        visibleRange: 'global',
        globalBarter: true,
        saleCountries: [4, 1],
        contactEmail: 'shop@example.com',
      };
      const draft = await seller.caller.post<OwnProduct>('/api/commodity/product/publish', { product: input, submit: false });
      if (draft.code !== '0000') throw new Error(`publish a draft: ${draft.code} ${draft.msg}`);
      return { seller: seller.caller, staff: staff.caller, other: other.caller, input, id: draft.object.id };
    },

    variants(type) {
      if (type === 'REJECT') return [{ type, reason: 'The pictures do not show the product.' }];
      if (type === 'FREEZE') return [{ type, reason: 'Reported as counterfeit.' }];
      return [{ type }];
    },

    async send(rec, event, person, model) {
      const caller = person.name === 'seller' ? rec.seller : person.name === 'staff' ? rec.staff : rec.other;
      const state = String(model.value);
      const id = rec.id;
      if (id === null) return null;
      if (event.type in staffDecisions) {
        const reason = (event as { reason?: string }).reason;
        return caller.post('/api/platform/product/review', { id, decision: staffDecisions[event.type], ...(reason ? { reason } : {}) }) as Promise<Answer>;
      }
      const early = state === 'draft' || state === 'reviewFailed';
      if ((event.type === 'SAVE_DRAFT' && early) || (event.type === 'EDIT' && !early) || (event.type === 'SUBMIT' && state === 'reviewFailed')) {
        // The publish form again: a draft or a failed product is saved or submitted, any other is edited.
        return caller.post('/api/commodity/product/edit', { id, product: rec.input, submit: event.type !== 'SAVE_DRAFT' }) as Promise<Answer>;
      }
      if (event.type === 'SAVE_DRAFT' || event.type === 'EDIT') return null;
      const button = sellerButtons[event.type];
      if (!button) return null;
      return caller.post(`/api/commodity/product/${button}`, { id }) as Promise<Answer>;
    },

    elapse: (_rec, ms) => world.elapse(ms),

    chartSteps: (rec) => world.chartSteps('product', rec.id),

    async read(rec): Promise<Reading> {
      if (rec.id === null) return { code: null, absent: true, offered: {} };
      const mine = await rec.seller.get<OwnProductDetail>(`/api/commodity/product/mine/detail?id=${rec.id}`);
      let status: string;
      const offered: Record<string, string[]> = {};
      if (mine.code === '0000') {
        status = mine.object.status;
        offered.seller = mine.object.allowed;
      } else {
        // Deleted products leave the seller's list; the console still lists them.
        const found = await Promise.all((['deleted', 'backup'] as ProductStatus[]).map((s) => rec.staff.get<OwnProduct[]>(`/api/platform/product/list?status=${s}`)));
        const row = found.flatMap((a) => a.object ?? []).find((p) => p.id === rec.id);
        if (!row) throw new Error(`product ${rec.id}: the seller gets ${mine.code} and the console does not list it`);
        status = row.status;
      }
      // The console's list of that status shows staff's buttons (when the product is among its first 100).
      const listed = (await rec.staff.get<OwnProduct[]>(`/api/platform/product/list?status=${status}`)).object?.find((p) => p.id === rec.id);
      if (listed) offered.staff = listed.allowed;
      return { code: statusCode(status), offered };
    },

    async fingerprint(rec) {
      if (rec.id === null) return 'no product';
      const row = await sql<{ f: string }>`select concat_ws('|', p.status, p.chart::text, p.updated_at::text) as f from products p where p.id = ${BigInt(rec.id)}`.execute(db);
      return row.rows[0]?.f ?? 'gone';
    },

    measure: async () => ({}),
    expect: () => ({}),
    invariants: () => world.invariants(),
  };
}
