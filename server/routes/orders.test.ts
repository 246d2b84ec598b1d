import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderWindows } from '../../machines/order.machine';
import { Durations } from '../../src/domain/constants';
import { formatMoney, parseMoney } from '../../src/domain/money';
import type { OrderAction } from '../../src/domain/schemas/orders';
import type { BalanceMovementView, CheckoutAnswer, OrderBadges, OrderMoneySummary, OrderView } from '../../src/domain/types/commerce';
import { readConfig } from '../config';
import { ApiCaller } from '../testing/apiClient';
import { insertAddress, insertProduct, ledgerIsBalanced, stockOf, userId } from '../testing/commerceFixtures';
import { createTestDatabase } from '../testing/testDatabase';
import { startTestServer, testClock, type TestServer } from '../testing/testServer';
import { accountBalance, Accounts } from '../services/ledger';
import { startServer } from '../start';
import { timerHandlers } from '../timers/handlers';
import { runDueTimers } from '../timers/timers';

let server: TestServer;
let buyer: ApiCaller;
let seller: ApiCaller;
let stranger: ApiCaller;

beforeAll(async () => {
  server = await startTestServer();
  buyer = new ApiCaller(server.url, server.clock.now);
  seller = new ApiCaller(server.url, server.clock.now);
  stranger = new ApiCaller(server.url, server.clock.now);
  await buyer.loginAs('demo_buyer');
  await seller.loginAs('demo_seller');
  await stranger.loginAs('demo_seller2');
});
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  expect(await ledgerIsBalanced(server.deps.db)).toBe(true);
});

const key = () => crypto.randomBytes(12).toString('hex');
const balanceOf = async (username: string) => accountBalance(server.deps.db, Accounts.user(await userId(server.deps.db, username)));
const fire = () => runDueTimers(server.deps.db, timerHandlers, server.clock.now());

/** One paid order of demo_buyer from demo_seller (4 + 1 shipping), paid from the account balance. */
async function paidOrder(price = '4'): Promise<{ order: OrderView; productId: string; skuId: string }> {
  const addressId = await insertAddress(server.deps.db, 'demo_buyer');
  const p = await insertProduct(server.deps.db, { seller: 'demo_seller', price, shippingFee: '1' });
  const skuId = p.skuIds[0] ?? '';
  const placed = await buyer.post<CheckoutAnswer>('/api/commodity/orders/submit', { idempotencyKey: key(), items: [{ productId: p.productId, skuId, quantity: 1 }], addressId, paymentMethod: 'balance' });
  expect(placed.code).toBe('0000');
  const id = placed.object.orders[0]?.id ?? '';
  expect((await buyer.post('/api/pay/balance', { orderIds: [id] })).code).toBe('0000');
  const order = await detail(buyer, id);
  expect(order.status).toBe('paid');
  return { order, productId: p.productId, skuId };
}

async function detail(caller: ApiCaller, id: string): Promise<OrderView> {
  const answer = await caller.get<OrderView>(`/api/commodity/orders/detail?id=${id}`);
  expect(answer.code).toBe('0000');
  return answer.object;
}

const act = (caller: ApiCaller, id: string, action: OrderAction) => caller.post<OrderView>('/api/commodity/orders/act', { id, action });

async function step(caller: ApiCaller, id: string, action: OrderAction): Promise<OrderView> {
  const answer = await act(caller, id, action);
  expect(answer.code, `${action.type}: ${answer.msg}`).toBe('0000');
  return answer.object;
}

const ship: OrderAction = { type: 'SHIP', company: 'DHL', number: 'DHL12345678' };

describe('the order lifecycle, both sides', () => {
  it('pays, confirms, ships, receives, rates: the seller gets the total less the fee, the comment shows on the product', async () => {
    const sellerBefore = await balanceOf('demo_seller');
    const buyerBefore = await balanceOf('demo_buyer');
    const { order, productId } = await paidOrder();
    expect(order).toMatchObject({ statusCode: 9, viewer: 'buyer', can: ['CANCEL'], deadline: { name: 'sellerConfirmWindow' } });
    expect(new Date(order.deadline?.at ?? 0).getTime()).toBe(server.clock.now() + Durations.sellerConfirmWindow);
    expect(await balanceOf('demo_buyer')).toBe(buyerBefore - parseMoney(order.totalAmount));

    const asSeller = await detail(seller, order.id);
    expect(asSeller.viewer).toBe('seller');
    expect(asSeller.can.sort()).toEqual(['CANCEL', 'CONFIRM']);
    expect((await seller.get<OrderView[]>('/api/commodity/orders/getOrderConfirmList')).object.map((o) => o.id)).toContain(order.id);

    expect((await step(seller, order.id, { type: 'CONFIRM' })).status).toBe('notShipped');
    const sent = await step(seller, order.id, ship);
    expect(sent).toMatchObject({ status: 'sent', statusCode: 3, shipment: { company: 'DHL', number: 'DHL12345678', noShipping: false }, deadline: { name: 'buyerCheckWindow' } });
    // The shipping time, the lines and the first picture as the seller's list shows them.
    expect(new Date(sent.shipment?.at ?? 0).getTime()).toBe(server.clock.now());
    const picture = `orders-test-${key()}`;
    await server.deps.db.insertInto('images').values({ id: picture, owner_id: null, width: 1080, height: 1080, bytes: 1 }).execute();
    await server.deps.db.insertInto('product_images').values({ product_id: BigInt(productId), image_id: picture, position: 0 }).execute();
    const listed = (await seller.get<OrderView[]>('/api/commodity/orders/sellerList?tab=shipped&size=50')).object.find((o) => o.id === order.id);
    expect(listed).toMatchObject({ shipment: { at: sent.shipment?.at }, deadline: sent.deadline, items: order.items, image: `/media/${picture}-thumb.webp` });
    expect(listed?.items).toHaveLength(1);
    // The same tracking again is no change; a new number is.
    const same = await act(seller, order.id, { type: 'EDIT_TRACKING', company: 'DHL', number: 'DHL12345678' });
    expect(same.code).toBe('4001');
    expect(same.msg).toBe('Choose a different courier company or tracking number');
    expect((await step(seller, order.id, { type: 'EDIT_TRACKING', company: 'UPS', number: 'UPS0001' })).shipment?.company).toBe('UPS');

    const received = await step(buyer, order.id, { type: 'CONFIRM_RECEIPT' });
    expect(received).toMatchObject({ status: 'unrated', statusCode: 1 });
    const income = parseMoney(order.totalAmount) - parseMoney(order.handlingFee);
    // The income is pending until the order's after-sale window passes (issue 12): not yet in the balance.
    expect(await balanceOf('demo_seller')).toBe(sellerBefore);
    expect(await accountBalance(server.deps.db, Accounts.pendingIncome(await userId(server.deps.db, 'demo_seller')))).toBeGreaterThanOrEqual(income);
    expect(await accountBalance(server.deps.db, Accounts.orderEscrow(BigInt(order.id)))).toBe(0n);

    // A rating needs a score.
    expect((await act(buyer, order.id, { type: 'RATE', comment: 'x', anonymous: false } as unknown as OrderAction)).code).toBe('4001');
    const rated = await step(buyer, order.id, { type: 'RATE', score: 5, comment: 'Beautifully made, arrived quickly.', anonymous: false });
    expect(rated).toMatchObject({ status: 'rated', statusCode: 8, buyerRating: { score: 5 } });
    const comments = await buyer.get<{ list: { content: string; rating: number }[] }>(`/api/commodity/comment/list?productId=${productId}`);
    expect(comments.object.list).toEqual([expect.objectContaining({ content: 'Beautifully made, arrived quickly.', rating: 5 })]);

    expect((await step(seller, order.id, { type: 'RATE_BUYER', score: 4, comment: 'Smooth' })).sellerRating).toEqual({ score: 4, comment: 'Smooth' });
    expect((await act(seller, order.id, { type: 'RATE_BUYER', score: 1, comment: '' })).code).toBe('4001');

    // Balance details: the income with its order; the money summary counts it.
    const movements = await seller.get<BalanceMovementView[]>('/api/commodity/orders/balanceDetails');
    expect(movements.object[0]).toMatchObject({ kind: 'orderIncome', amount: formatMoney(income), order: { id: order.id, orderNo: order.orderNo } });
    const mine = await buyer.get<BalanceMovementView[]>(`/api/commodity/orders/balanceDetails?orderId=${order.id}`);
    expect(mine.object.map((m) => [m.kind, m.amount, m.order?.id])).toEqual([['balancePayment', formatMoney(-parseMoney(order.totalAmount)), order.id]]);
    expect((await stranger.get<BalanceMovementView[]>(`/api/commodity/orders/balanceDetails?orderId=${order.id}`)).object).toEqual([]);
    const summary = await seller.get<OrderMoneySummary>('/api/commodity/orders/getOrderMoneySummary');
    expect(parseMoney(summary.object.received)).toBeGreaterThanOrEqual(income);
    expect(summary.object.completedOrders).toBeGreaterThanOrEqual(1);

    // The history names every step and who took it.
    const history = (await detail(buyer, order.id)).history.map((h) => `${h.event}/${h.by}`);
    expect(history).toEqual(['SUBMIT/buyer', 'PAY/server', 'CONFIRM/seller', 'SHIP/seller', 'EDIT_TRACKING/seller', 'CONFIRM_RECEIPT/buyer', 'RATE/buyer', 'RATE_BUYER/seller']);
  });

  it('refuses every step taken by the wrong party, and strangers see nothing', async () => {
    const { order } = await paidOrder();
    expect((await act(buyer, order.id, { type: 'CONFIRM' })).code).toBe('4003');
    expect((await act(stranger, order.id, { type: 'CONFIRM' })).code).toBe('4004');
    expect((await stranger.get(`/api/commodity/orders/detail?id=${order.id}`)).code).toBe('4004');
    await step(seller, order.id, { type: 'CONFIRM' });
    expect((await act(buyer, order.id, ship)).code).toBe('4003');
    expect((await act(stranger, order.id, ship)).code).toBe('4004');
    expect((await stranger.post('/api/commodity/orders/shipMany', { items: [{ id: order.id, company: 'DHL', number: 'AAA1111' }] })).code).toBe('4004');
    expect((await act(seller, order.id, { type: 'CONFIRM_RECEIPT' })).code).toBe('4001'); // not possible before shipping
    await step(seller, order.id, ship);
    expect((await act(seller, order.id, { type: 'CONFIRM_RECEIPT' })).code).toBe('4003');
    expect((await act(seller, order.id, { type: 'REQUEST_REFUND', reason: 'r', email: 'a@b.co' })).code).toBe('4003');
    expect((await act(buyer, order.id, { type: 'EDIT_TRACKING', company: 'UPS', number: 'UPS1234' })).code).toBe('4003');
    expect((await act(buyer, order.id, { type: 'CONFIRM' })).code).toBe('4001'); // the chart has no CONFIRM here
    // Malformed actions are refused before the chart is asked.
    expect((await buyer.post('/api/commodity/orders/act', { id: order.id, action: { type: 'SHIP' } })).code).toBe('4001');
    expect((await buyer.post('/api/commodity/orders/act', { id: order.id, action: { type: 'TELEPORT' } })).code).toBe('4001');
    expect((await buyer.post('/api/commodity/orders/act', { id: 'abc', action: { type: 'CONFIRM' } })).code).toBe('4001');
    expect((await detail(buyer, order.id)).status).toBe('sent');
  });

  it('ships several orders at once, all or none', async () => {
    const a = (await paidOrder()).order;
    const b = (await paidOrder()).order;
    await step(seller, a.id, { type: 'CONFIRM' });
    // b is not confirmed yet: the whole batch is refused and a stays unshipped.
    const refused = await seller.post('/api/commodity/orders/shipMany', { items: [{ id: a.id, company: 'DHL', number: 'AAA1111' }, { id: b.id, company: 'EMS', number: 'BBB2222' }] });
    expect(refused.code).toBe('4001');
    expect((await detail(seller, a.id)).status).toBe('notShipped');
    await step(seller, b.id, { type: 'CONFIRM' });
    const shipped = await seller.post<OrderView[]>('/api/commodity/orders/shipMany', { items: [{ id: a.id, company: 'DHL', number: 'AAA1111' }, { id: b.id, company: 'EMS', number: 'BBB2222' }] });
    expect(shipped.code).toBe('0000');
    expect(shipped.object.map((o) => o.status)).toEqual(['sent', 'sent']);
    expect((await seller.post('/api/commodity/orders/shipMany', { items: [] })).code).toBe('4001');
  });

  it('the seller confirmation window: unconfirmed after 24 h, the order is cancelled, refunded and its stock returned, once', async () => {
    const buyerBefore = await balanceOf('demo_buyer');
    const { order, skuId } = await paidOrder();
    const stock = await stockOf(server.deps.db, skuId);
    server.clock.advance(Durations.sellerConfirmWindow - 1000);
    await fire();
    expect((await detail(buyer, order.id)).status).toBe('paid');
    server.clock.advance(2000);
    await fire();
    await fire();
    const cancelled = await detail(buyer, order.id);
    expect(cancelled).toMatchObject({ status: 'canceled', statusCode: 10, cancel: { by: 'system' }, unread: false });
    expect(await balanceOf('demo_buyer')).toBe(buyerBefore);
    expect(await stockOf(server.deps.db, skuId)).toBe(stock + 1);
    const refunds = await server.deps.db.selectFrom('ledger_entries').select('txn_id').where('reference', '=', `order:${order.id}`).where('kind', '=', 'orderRefund').groupBy('txn_id').execute();
    expect(refunds).toHaveLength(1);
    expect((await act(seller, order.id, { type: 'CONFIRM' })).code).toBe('4001');
  });

  it('a confirmed order’s confirmation timer is cancelled; the check window counts as received after 3 days', async () => {
    const sellerBefore = await balanceOf('demo_seller');
    const { order } = await paidOrder();
    await step(seller, order.id, { type: 'CONFIRM' });
    server.clock.advance(Durations.sellerConfirmWindow + 1000);
    await fire();
    expect((await detail(buyer, order.id)).status).toBe('notShipped');
    await step(seller, order.id, { type: 'MARK_NO_SHIPPING' });
    expect((await detail(buyer, order.id)).shipment).toMatchObject({ noShipping: true });
    server.clock.advance(Durations.buyerCheckWindow + 1000);
    await fire();
    const received = await detail(buyer, order.id);
    expect(received.status).toBe('unrated');
    expect(received.history.at(-1)).toMatchObject({ event: 'buyerCheckWindow', by: 'system' });
    // (Other tests' shipped orders fell due too: count only this order's payout.)
    const payout = await server.deps.db.selectFrom('ledger_entries').select(['account', 'amount']).where('reference', '=', `order:${order.id}`).where('kind', '=', 'orderIncome').execute();
    expect(payout).toContainEqual({ account: Accounts.pendingIncome(await userId(server.deps.db, 'demo_seller')), amount: parseMoney(order.totalAmount) - parseMoney(order.handlingFee) });
    expect(payout).toContainEqual({ account: Accounts.fees, amount: parseMoney(order.handlingFee) });
    server.clock.advance(orderWindows.ratingWindow + 1000);
    await fire();
    expect((await detail(buyer, order.id))).toMatchObject({ status: 'completed', statusCode: 0 });
    // The after-sale window (15 days from receipt) has passed too: the income is the seller's to withdraw.
    expect(await balanceOf('demo_seller')).toBeGreaterThan(sellerBefore);
  });

  it('refunds: the seller agrees, rejects, or says nothing for 24 h (deemed agreed)', async () => {
    const buyerBefore = await balanceOf('demo_buyer');
    const agreed = (await paidOrder()).order;
    await step(seller, agreed.id, { type: 'CONFIRM' });
    expect((await act(buyer, agreed.id, { type: 'REQUEST_REFUND', reason: 'Ordered twice', email: 'not-an-email' })).code).toBe('4001');
    expect((await step(buyer, agreed.id, { type: 'REQUEST_REFUND', reason: 'Ordered twice', email: 'ana@example.com' })).statusCode).toBe(2);
    expect((await step(seller, agreed.id, { type: 'AGREE_REFUND' })).statusCode).toBe(7);

    const rejected = (await paidOrder()).order;
    await step(seller, rejected.id, { type: 'CONFIRM' });
    await step(seller, rejected.id, ship);
    await step(buyer, rejected.id, { type: 'REQUEST_REFUND', reason: 'Too slow', email: 'ana@example.com' });
    const no = await step(seller, rejected.id, { type: 'REJECT_REFUND', reason: 'It is on its way' });
    expect(no).toMatchObject({ statusCode: 13, stage: 'refundRejected.onTheWay', refund: { rejection: 'It is on its way' } });
    expect((await step(buyer, rejected.id, { type: 'CONFIRM_RECEIPT' })).status).toBe('unrated');

    const silent = (await paidOrder()).order;
    await step(seller, silent.id, { type: 'CONFIRM' });
    await step(buyer, silent.id, { type: 'REQUEST_REFUND', reason: 'Wrong size', email: 'ana@example.com' });
    server.clock.advance(Durations.refundResponseWindow + 1000);
    await fire();
    expect((await detail(buyer, silent.id)).status).toBe('refunded');

    // Two refunded, one paid out.
    expect(await balanceOf('demo_buyer')).toBe(buyerBefore - parseMoney(rejected.totalAmount));
  });

  it('hands received orders over to an after-sale case (code 12); the case itself is tested in afterSales.test.ts', async () => {
    const { order } = await paidOrder();
    await step(seller, order.id, { type: 'CONFIRM' });
    await step(seller, order.id, ship);
    const received = await step(buyer, order.id, { type: 'CONFIRM_RECEIPT' });
    expect(received.can.sort()).toEqual(['APPLY_AFTER_SALE', 'RATE']);
    // The after-sale steps are not order steps any more.
    expect((await act(buyer, order.id, { type: 'APPLY_AFTER_SALE' } as unknown as OrderAction)).code).toBe('4001');
  });

  it('tells each side what changed: unread flags, badges and tab lists', async () => {
    const { order } = await paidOrder();
    const sellerBadges = await seller.get<OrderBadges>('/api/commodity/orders/badges');
    expect(sellerBadges.object.seller.toConfirm).toBeGreaterThanOrEqual(1);
    expect((await seller.get<OrderView[]>('/api/commodity/orders/sellerList?tab=toConfirm')).object.find((o) => o.id === order.id)?.unread).toBe(true);
    await step(seller, order.id, { type: 'CONFIRM' });
    // The seller acted: the buyer has news, the seller has none for this order.
    expect((await buyer.get<OrderView[]>('/api/commodity/orders/buyerList?tab=pendingShipment')).object.find((o) => o.id === order.id)?.unread).toBe(true);
    const before = (await buyer.get<OrderBadges>('/api/commodity/orders/badges')).object.buyer.unread;
    await detail(buyer, order.id);
    expect((await buyer.get<OrderBadges>('/api/commodity/orders/badges')).object.buyer.unread).toBe(before - 1);
    expect((await buyer.get('/api/commodity/orders/buyerList?tab=nonsense')).code).toBe('4001');
    // Each side's lists hold only its own orders.
    expect((await stranger.get<OrderView[]>('/api/commodity/orders/sellerList')).object.some((o) => o.id === order.id)).toBe(false);
    expect((await stranger.get<OrderView[]>('/api/commodity/orders/buyerList')).object.some((o) => o.id === order.id)).toBe(false);
    expect((await stranger.get<BalanceMovementView[]>('/api/commodity/orders/balanceDetails')).object.some((m) => m.order?.id === order.id)).toBe(false);
  });
});

describe('timers survive a restart', () => {
  it('an order awaiting confirmation while the server is down past 24 h is cancelled and refunded exactly once at start', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-restart-'));
    const pg = process.env.TEST_DB === 'postgres' ? await createTestDatabase() : null;
    const clock = testClock();
    const config = { ...readConfig({}), port: 0, host: '127.0.0.1', sandbox: true, piApiKey: 'sandbox-key', dataDir, databaseUrl: pg?.url ?? null };
    try {
      let running = await startServer(config, { now: clock.now });
      const b = new ApiCaller(running.url, clock.now);
      await b.loginAs('demo_buyer');
      const db0 = running.deps.db;
      const buyerId = await userId(db0, 'demo_buyer');
      const addressId = await insertAddress(db0, 'demo_buyer');
      const p = await insertProduct(db0, { seller: 'demo_seller', price: '3', shippingFee: '1' });
      const placed = await b.post<CheckoutAnswer>('/api/commodity/orders/submit', { idempotencyKey: key(), items: [{ productId: p.productId, skuId: p.skuIds[0], quantity: 1 }], addressId, paymentMethod: 'balance' });
      const id = placed.object.orders[0]?.id ?? '';
      const before = await accountBalance(db0, Accounts.user(buyerId));
      expect((await b.post('/api/pay/balance', { orderIds: [id] })).code).toBe('0000');
      await running.close();

      clock.advance(Durations.sellerConfirmWindow + Durations.hour);
      for (let i = 0; i < 2; i += 1) {
        running = await startServer(config, { now: clock.now }); // fires due timers before it answers
        const db = running.deps.db;
        const order = await db.selectFrom('orders').select(['status']).where('id', '=', BigInt(id)).executeTakeFirstOrThrow();
        expect(order.status).toBe('canceled');
        const refunds = await db.selectFrom('ledger_entries').select('txn_id').where('reference', '=', `order:${id}`).where('kind', '=', 'orderRefund').groupBy('txn_id').execute();
        expect(refunds).toHaveLength(1);
        expect(await accountBalance(db, Accounts.user(buyerId))).toBe(before);
        const fired = await db.selectFrom('timers').select(['name', 'fired_at']).where('kind', '=', 'order').where('entity_id', '=', id).where('name', '=', 'sellerConfirmWindow').execute();
        expect(fired.filter((t) => t.fired_at !== null)).toHaveLength(1);
        expect(await ledgerIsBalanced(db)).toBe(true);
        await running.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (pg) await pg.drop().catch(() => undefined);
    }
  }, 120_000);
});

describe('lists at scale (issue 16): maintained tabs, keyset pages', () => {
  /** Every page of a list read after the last item of the previous one. */
  async function afterPages<T extends { id: string }>(caller: ApiCaller, url: string, size: number): Promise<T[]> {
    const all: T[] = [];
    for (let after: string | undefined; ; ) {
      const answer = await caller.get<T[]>(`${url}${url.includes('?') ? '&' : '?'}size=${size}${after ? `&after=${after}` : ''}`);
      expect(answer.code).toBe('0000');
      all.push(...answer.object);
      after = answer.object.at(-1)?.id;
      if (answer.object.length < size || !after) return all;
    }
  }

  it('keeps each order tab of either side in a column that agrees with the domain tabs for every stage', async () => {
    const { order } = await paidOrder();
    const { buyerOrderTabs, sellerOrderTabs } = await import('../../src/domain/orderRules');
    const tabOf = (tabs: Record<string, readonly string[] | null>, stage: string) => Object.entries(tabs).filter(([, stages]) => stages?.includes(stage)).map(([tab]) => tab);
    const stages = new Set([...Object.values(buyerOrderTabs), ...Object.values(sellerOrderTabs)].flatMap((s) => (s ? [...s] : [])));
    for (const stage of [...stages, 'unpaid', 'expired']) {
      // One tab at most per side: the column holds it.
      expect(tabOf(buyerOrderTabs, stage).length).toBeLessThanOrEqual(1);
      expect(tabOf(sellerOrderTabs, stage).length).toBeLessThanOrEqual(1);
      const row = await server.deps.db
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable('orders').set({ stage }).where('id', '=', BigInt(order.id)).execute();
          const r = await trx.selectFrom('orders').select(['buyer_tab', 'seller_tab']).where('id', '=', BigInt(order.id)).executeTakeFirstOrThrow();
          throw Object.assign(new Error('rollback'), { row: r });
        })
        .catch((e: Error & { row?: { buyer_tab: string | null; seller_tab: string | null } }) => e.row);
      expect(row, stage).toEqual({ buyer_tab: tabOf(buyerOrderTabs, stage)[0] ?? null, seller_tab: tabOf(sellerOrderTabs, stage)[0] ?? null });
    }
  });

  it('pages after an order as by page number, for the buyer, the seller and the orders to confirm; a cursor must be the caller\'s', async () => {
    const { order } = await paidOrder();
    await paidOrder();
    await paidOrder();
    for (const [caller, url] of [
      [buyer, '/api/commodity/orders/buyerList?tab=all'],
      [buyer, '/api/commodity/orders/buyerList?tab=pendingShipment'],
      [seller, '/api/commodity/orders/sellerList?tab=toConfirm'],
      [seller, '/api/commodity/orders/sellerList'],
      [seller, '/api/commodity/orders/getOrderConfirmList'],
    ] as const) {
      const whole = (await caller.get<OrderView[]>(`${url}${url.includes('?') ? '&' : '?'}size=50`)).object.map((o) => o.id);
      expect(whole.length, url).toBeGreaterThanOrEqual(3);
      expect((await afterPages<OrderView>(caller, url, 2)).map((o) => o.id), url).toEqual(whole);
    }
    expect((await stranger.get(`/api/commodity/orders/buyerList?after=${order.id}`)).code).toBe('4004');
    expect((await stranger.get(`/api/commodity/orders/sellerList?after=${order.id}`)).code).toBe('4004');
    expect((await buyer.get('/api/commodity/orders/buyerList?after=x1')).code).toBe('4001');
  });

  it('pages balance movements after a movement as by page number; a cursor must be one of the caller\'s movements', async () => {
    const { order } = await paidOrder();
    const whole = (await buyer.get<BalanceMovementView[]>('/api/commodity/orders/balanceDetails?size=100')).object;
    expect(whole.length).toBeGreaterThanOrEqual(3);
    const paged = await afterPages<BalanceMovementView>(buyer, '/api/commodity/orders/balanceDetails', 2);
    expect(paged.map((m) => m.id)).toEqual(whole.map((m) => m.id));
    const second = (await buyer.get<BalanceMovementView[]>('/api/commodity/orders/balanceDetails?size=2&page=2')).object.map((m) => m.id);
    expect(second).toEqual(whole.slice(2, 4).map((m) => m.id));
    const own = (await buyer.get<BalanceMovementView[]>(`/api/commodity/orders/balanceDetails?orderId=${order.id}`)).object;
    expect(own.length).toBeGreaterThanOrEqual(1);
    expect((await buyer.get<BalanceMovementView[]>(`/api/commodity/orders/balanceDetails?orderId=${order.id}&after=${own.at(-1)?.id ?? ''}`)).object).toEqual([]);
    expect((await stranger.get(`/api/commodity/orders/balanceDetails?after=${whole[0]?.id ?? ''}`)).code).toBe('4004');
  });
});
