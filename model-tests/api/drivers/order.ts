import crypto from 'node:crypto';
import { sql } from 'kysely';
import { orderMachine, orderStatusOf, type OrderContext } from '../../../machines/order.machine';
import { refundSplit } from '../../../src/domain/afterSaleRules';
import { parseMoney } from '../../../src/domain/money';
import { orderStatusCode } from '../../../src/domain/orderStatus';
import type { AfterSaleView } from '../../../src/domain/types/afterSale';
import type { CheckoutAnswer, OrderView } from '../../../src/domain/types/commerce';
import type { ApiCaller } from '../../../server/testing/apiClient';
import { insertAddress, insertProduct, stockOf } from '../../../server/testing/commerceFixtures';
import { accountBalance, Accounts, demoTopUp } from '../../../server/services/ledger';
import type { Answer, Driver, Person, Reading } from '../support/apiWalk';
import type { World } from '../support/world';

/**
 * The order chart against the server. Doors are the ones the screens use (src/api/orders.ts,
 * src/api/checkout.ts, src/api/pay.ts, src/api/afterSale.ts): checkout submit, pay from the balance,
 * the order's one door `act`, and the after-sale application and case steps for the hand-over
 * (AFTER_SALE_REFUNDED is the seller agreeing to a refund-only case, AFTER_SALE_CLOSED the buyer
 * withdrawing it). The buyer pays from an account balance a fixture credits (the sandbox's top-up).
 */
interface Who {
  caller: ApiCaller;
  id: bigint;
  username: string;
}

export interface OrderRecord {
  buyer: Who;
  seller: Who;
  stranger: Who;
  productId: string;
  skuId: string;
  addressId: string;
  orderId: string | null;
  caseId: string | null;
  total: bigint;
  fee: bigint;
  paid: bigint;
  /** The refund a case asks for (refund only), so the hand-over moves a known amount. */
  caseAmount: string;
  /** Each person's uploaded evidence picture (a refused application leaves it unused, so it is reused). */
  evidence: Record<string, string>;
}

const people: Person[] = [
  { name: 'buyer', party: 'buyer' },
  { name: 'seller', party: 'seller' },
  { name: 'stranger', party: null },
];

const ok = (a: { code: string; msg: string }): Answer => ({ code: a.code, msg: a.msg });

export function orderDriver(world: World): Driver<OrderRecord> {
  const db = world.db;
  const callerOf = (rec: OrderRecord, person: Person) => (person.name === 'seller' ? rec.seller : person.name === 'stranger' ? rec.stranger : rec.buyer).caller;

  async function view(caller: ApiCaller, id: string): Promise<OrderView> {
    const a = await caller.get<OrderView>(`/api/commodity/orders/detail?id=${id}`);
    if (a.code !== '0000') throw new Error(`order detail: ${a.code} ${a.msg}`);
    return a.object;
  }

  return {
    name: 'order',
    machine: orderMachine,
    people,
    // Paying is the buyer's own door: to anyone else the order is not theirs to pay (4004).
    refusals: (event, person) => (event.type === 'PAY' && person.party !== 'buyer' ? ['4004'] : ['4001', '4003']),
    // The cart is the browser's (code 6 has no record on the server); every other state is a stored order.
    codeOf: (s) => (orderStatusOf(s.value) === 'atCart' ? null : orderStatusCode(orderStatusOf(s.value))),

    async begin() {
      world.newPath();
      const [buyer, seller, stranger] = await Promise.all([world.person('buyer'), world.person('seller', ['buyer', 'seller']), world.person('stranger')]);
      await demoTopUp(db, buyer.id, parseMoney('100'));
      const p = await insertProduct(db, { seller: seller.username, price: '8', shippingFee: '2', skus: [{ specification: 'Large', colour: 'Red', stock: 5 }] });
      const addressId = await insertAddress(db, buyer.username);
      return { buyer, seller, stranger, productId: p.productId, skuId: p.skuIds[0] ?? '', addressId, orderId: null, caseId: null, total: 0n, fee: 0n, paid: 0n, caseAmount: '3', evidence: {} };
    },

    // What the guards read: whether the seller rated, whether a case was opened, how it was shipped.
    project: (s) => {
      const c = s.context as OrderContext;
      return [s.value, c.sellerRating !== null, c.afterSale !== null, c.shipment?.noShipping ?? null];
    },

    variants(type, model) {
      const ctx = model.context as OrderContext;
      switch (type) {
        case 'CANCEL':
          return [{ type, by: 'buyer', reason: 'Changed my mind' }];
        case 'SHIP':
          return [{ type, company: 'DHL', number: 'DHL12345678' }];
        case 'EDIT_TRACKING': {
          const now = ctx.shipment && !ctx.shipment.noShipping ? ctx.shipment : null;
          const other = now?.company === 'UPS' ? { company: 'DHL', number: 'DHL12345678' } : { company: 'UPS', number: 'UPS0001' };
          // The same tracking again (the guard says no change) and a different one.
          return now ? [{ type, company: now.company, number: now.number }, { type, ...other }] : [{ type, ...other }];
        }
        case 'REQUEST_REFUND':
          return [{ type, reason: 'Wrong size', email: 'buyer@example.com' }];
        case 'REJECT_REFUND':
          return [{ type, reason: 'Already packed and labelled' }];
        case 'RATE':
          return [{ type, score: 5, comment: 'Well made, arrived quickly.', anonymous: false }];
        case 'RATE_BUYER':
          return [{ type, score: 4, comment: 'Paid at once' }];
        case 'APPLY_AFTER_SALE':
          return [{ type, caseId: 'case' }];
        default:
          return [{ type }];
      }
    },

    async send(rec, event, person, model) {
      const state = orderStatusOf(model.value);
      if (event.type === 'SUBMIT') {
        if (rec.orderId !== null || person.name !== 'buyer') return null; // a second submission is a new order, not this one's step
        const placed = await rec.buyer.caller.post<CheckoutAnswer>('/api/commodity/orders/submit', {
          idempotencyKey: crypto.randomBytes(12).toString('hex'),
          items: [{ productId: rec.productId, skuId: rec.skuId, quantity: 1 }],
          addressId: rec.addressId,
          paymentMethod: 'balance',
        });
        if (placed.code === '0000') {
          rec.orderId = placed.object.orders[0]?.id ?? null;
          const v = await view(rec.buyer.caller, rec.orderId ?? '');
          rec.total = parseMoney(v.totalAmount);
          rec.fee = parseMoney(v.handlingFee);
        }
        return ok(placed);
      }
      if (rec.orderId === null) return null;
      const id = rec.orderId;
      const caller = callerOf(rec, person);
      switch (event.type) {
        case 'PAY': {
          // The payment service takes this step when a payment completes; the buyer's "pay" is its door.
          if (person.party === 'buyer' && state === 'unpaid') return null;
          const paying = person.party === 'server' ? rec.buyer.caller : caller;
          const a = await paying.post('/api/pay/balance', { orderIds: [id] });
          if (a.code === '0000') rec.paid = rec.total;
          return ok(a);
        }
        case 'APPLY_AFTER_SALE': {
          rec.evidence[person.name] ??= await world.upload(caller);
          const evidence = [rec.evidence[person.name]];
          const a = await caller.post<AfterSaleView>('/api/aftersale/apply', { orderId: id, kind: 'refundOnly', amount: rec.caseAmount, description: 'The handle came off on the first day.', evidence });
          if (a.code === '0000') rec.caseId = a.object.id;
          return ok(a);
        }
        case 'AFTER_SALE_REFUNDED':
        case 'AFTER_SALE_CLOSED': {
          // The case's own steps hand the order back; no person sends these to the order.
          if (person.party !== 'server' || rec.caseId === null) return null;
          const [who, action] = event.type === 'AFTER_SALE_REFUNDED' ? [rec.seller.caller, { type: 'AGREE', returnAddress: null }] : [rec.buyer.caller, { type: 'CANCEL' }];
          return ok(await who.post('/api/aftersale/act', { id: rec.caseId, action }));
        }
        default: {
          const { type, ...fields } = event;
          const action = type === 'CANCEL' ? { type, reason: (fields as { reason: string }).reason } : { type, ...fields };
          return ok(await caller.post('/api/commodity/orders/act', { id, action }));
        }
      }
    },

    elapse: (_rec, ms) => world.elapse(ms),

    chartSteps: (rec) => world.chartSteps('order', rec.orderId),

    async read(rec): Promise<Reading> {
      if (rec.orderId === null) return { code: null, offered: {} };
      const [b, s] = await Promise.all([view(rec.buyer.caller, rec.orderId), view(rec.seller.caller, rec.orderId)]);
      if (b.statusCode !== s.statusCode) throw new Error(`the buyer sees ${b.statusCode}, the seller ${s.statusCode}`);
      return { code: b.statusCode, value: b.chart.value, offered: { buyer: b.can, seller: s.can } };
    },

    async fingerprint(rec) {
      if (rec.orderId === null) return 'no order';
      const id = BigInt(rec.orderId);
      const row = await sql<{ f: string }>`select concat_ws('|', o.status, o.chart::text, o.updated_at::text,
          (select count(*) from order_events e where e.order_id = o.id),
          (select count(*) from ledger_entries l where l.reference = 'order:' || o.id::text or l.account = 'escrow:order:' || o.id::text),
          (select string_agg(a.status || a.chart::text, ',') from after_sales a where a.order_id = o.id),
          (select stock from product_skus k where k.id = ${BigInt(rec.skuId)})) as f
        from orders o where o.id = ${id}`.execute(db);
      return row.rows[0]?.f ?? 'gone';
    },

    async measure(rec) {
      const escrow = rec.orderId === null ? 0n : await accountBalance(db, Accounts.orderEscrow(BigInt(rec.orderId)));
      return {
        buyer: await accountBalance(db, Accounts.user(rec.buyer.id)),
        seller: (await accountBalance(db, Accounts.user(rec.seller.id))) + (await accountBalance(db, Accounts.pendingIncome(rec.seller.id))),
        escrow,
        stock: BigInt(await stockOf(db, rec.skuId)),
      };
    },

    expect(rec, { event, actions, measured }) {
      const moves: Record<string, bigint> = {};
      const add = (k: string, v: bigint) => (moves[k] = (moves[k] ?? 0n) + v);
      const held = measured.escrow ?? 0n;
      if (event.type === 'SUBMIT') add('stock', -1n); // the checkout reserves the stock
      if (event.type === 'PAY') {
        add('buyer', -rec.total);
        add('escrow', rec.total);
      }
      if (event.type === 'AFTER_SALE_REFUNDED') {
        const refund = parseMoney(rec.caseAmount);
        add('buyer', refund);
        add('seller', -refundSplit(refund, rec.paid, rec.fee).fromSeller);
      }
      for (const a of actions) {
        if (a === 'returnStock') add('stock', 1n);
        if (a === 'refundBuyer') {
          add('buyer', held);
          add('escrow', -held);
        }
        if (a === 'payOutSeller') {
          add('escrow', -held);
          add('seller', held - (rec.fee < held ? rec.fee : held));
        }
      }
      return moves;
    },

    invariants: () => world.invariants(),
  };
}

