import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutAnswer, OrderBadges, OrderView, PayResult } from '../../src/domain/types/commerce';
import { ApiCaller } from '../testing/apiClient';
import { insertAddress, insertProduct, ledgerIsBalanced, stockOf, userId } from '../testing/commerceFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';

/**
 * Issue 22, finding 7: an abandoned payment leaves one unpaid order for the same goods, not several. A
 * new checkout of the same goods replaces the buyer's earlier unpaid order through the order chart
 * (cancelled by the buyer, reason `replaced`), its stock returned, the ledger untouched; the To pay tab
 * lists what is left to pay.
 */
let server: TestServer;
let buyer: ApiCaller;
let other: ApiCaller;

beforeAll(async () => {
  server = await startTestServer();
  buyer = new ApiCaller(server.url, server.clock.now);
  other = new ApiCaller(server.url, server.clock.now);
  await buyer.loginAs('demo_buyer');
  await other.loginAs('demo_seller2');
});
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  expect(await ledgerIsBalanced(server.deps.db)).toBe(true);
});

const key = () => crypto.randomBytes(12).toString('hex');
const line = (p: { productId: string; skuIds: string[] }, quantity: number, sku = 0) => ({ productId: p.productId, skuId: p.skuIds[sku] ?? '', quantity });

async function submit(caller: ApiCaller, items: { productId: string; skuId: string; quantity: number }[], addressId: string): Promise<OrderView> {
  const answer = await caller.post<CheckoutAnswer>('/api/commodity/orders/submit', { idempotencyKey: key(), items, addressId, paymentMethod: 'coin' });
  expect([answer.code, answer.msg]).toEqual(['0000', 'success']);
  const order = answer.object.orders[0];
  if (!order) throw new Error('no order');
  return order;
}

const detail = async (id: string) => (await buyer.get<OrderView>(`/api/commodity/orders/detail?id=${id}`)).object;

describe('a new checkout of the same goods replaces the unpaid order', () => {
  it('cancels the earlier unpaid order through the chart, returns its stock, and the To pay tab lists one order', async () => {
    const db = server.deps.db;
    const p = await insertProduct(db, { seller: 'demo_seller', title: 'Replaced lamp', skus: [{ specification: 'S', colour: 'Red', stock: 10 }] });
    const addressId = await insertAddress(db, 'demo_buyer');
    const first = await submit(buyer, [line(p, 2)], addressId);
    expect(await stockOf(db, p.skuIds[0] ?? '')).toBe(8);
    const second = await submit(buyer, [line(p, 1)], addressId);
    expect(second.id).not.toBe(first.id);

    const before = await detail(first.id);
    expect(before.status).toBe('canceled');
    expect(before.cancel).toEqual({ by: 'buyer', reason: 'replaced' });
    expect(before.history.map((h) => [h.event, h.from, h.to])).toContainEqual(['CANCEL', 'unpaid', 'canceled']);
    expect((await detail(second.id)).status).toBe('unpaid');
    // The first order's 2 came back, the second holds 1.
    expect(await stockOf(db, p.skuIds[0] ?? '')).toBe(9);

    const toPay = await buyer.get<OrderView[]>('/api/commodity/orders/buyerList?tab=toPay');
    expect(toPay.object.filter((o) => o.items.some((i) => i.skuId === p.skuIds[0])).map((o) => o.id)).toEqual([second.id]);
    expect(toPay.object.every((o) => o.status === 'unpaid')).toBe(true);
    const badges = await buyer.get<OrderBadges>('/api/commodity/orders/badges');
    expect(badges.object.buyer.toPay).toBe(toPay.object.length);

    // The replaced order can no longer be paid; the new one can, from the balance.
    expect((await buyer.post<PayResult>('/api/pay/balance', { orderIds: [first.id] })).code).not.toBe('0000');
    const paid = await buyer.post<PayResult>('/api/pay/balance', { orderIds: [second.id] });
    expect([paid.code, paid.object.status]).toEqual(['0000', 'completed']);
    expect((await detail(second.id)).status).toBe('paid');
    // A paid order is never replaced: buying the goods again is a new order beside it.
    const third = await submit(buyer, [line(p, 1)], addressId);
    expect((await detail(second.id)).status).toBe('paid');
    expect((await detail(third.id)).status).toBe('unpaid');
    expect(await stockOf(db, p.skuIds[0] ?? '')).toBe(8);
  });

  it('leaves an unpaid order that holds other goods too, another buyer\'s, and one whose coin payment is in flight', async () => {
    const db = server.deps.db;
    const p = await insertProduct(db, { seller: 'demo_seller', title: 'Kept mug', skus: [{ specification: 'S', colour: 'Red', stock: 10 }, { specification: 'L', colour: 'Blue', stock: 10 }] });
    const addressId = await insertAddress(db, 'demo_buyer');
    const otherAddress = await insertAddress(db, 'demo_seller2');

    // Two SKUs in one order; a later checkout of one of them does not cover it.
    const both = await submit(buyer, [line(p, 1, 0), line(p, 1, 1)], addressId);
    const theirs = await submit(other, [line(p, 1, 0)], otherAddress);
    const one = await submit(buyer, [line(p, 1, 0)], addressId);
    expect((await detail(both.id)).status).toBe('unpaid');
    expect((await other.get<OrderView>(`/api/commodity/orders/detail?id=${theirs.id}`)).object.status).toBe('unpaid');

    // A coin payment approved by the host for `one`: its coin may still arrive, so it stays.
    const payment = await db
      .insertInto('payments')
      .values({ user_id: await userId(db, 'demo_buyer'), method: 'coin', amount: 1n, status: 'approved', payment_id: `test-${key()}`, txid: null, ledger_txn: null, note: null, created_at: new Date(), updated_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('payment_orders').values({ payment_ref: payment.id, order_id: BigInt(one.id) }).execute();
    const again = await submit(buyer, [line(p, 1, 0)], addressId);
    expect((await detail(one.id)).status).toBe('unpaid');
    expect((await detail(again.id)).status).toBe('unpaid');
    // Stock: 10 − both(1) − theirs(1) − one(1) − again(1) on the first SKU, 10 − 1 on the second.
    expect(await stockOf(db, p.skuIds[0] ?? '')).toBe(6);
    expect(await stockOf(db, p.skuIds[1] ?? '')).toBe(9);
  });

  it('two checkouts of the same goods at once leave one unpaid order', async () => {
    const db = server.deps.db;
    const p = await insertProduct(db, { seller: 'demo_seller', title: 'Raced chair', skus: [{ specification: 'S', colour: 'Red', stock: 10 }] });
    const addressId = await insertAddress(db, 'demo_buyer');
    const [a, b] = await Promise.all([submit(buyer, [line(p, 1)], addressId), submit(buyer, [line(p, 1)], addressId)]);
    const statuses = [(await detail(a.id)).status, (await detail(b.id)).status].sort();
    expect(statuses).toEqual(['canceled', 'unpaid']);
    expect(await stockOf(db, p.skuIds[0] ?? '')).toBe(9);
  });
});
