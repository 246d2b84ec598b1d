import crypto from 'node:crypto';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Durations } from '../../src/domain/constants';
import type { OrderAction } from '../../src/domain/schemas/orders';
import type { AfterSaleView } from '../../src/domain/types/afterSale';
import type { Page, ProductCard, ProductDetail, StoreInfo } from '../../src/domain/types/catalogue';
import type { CheckoutAnswer, OrderView } from '../../src/domain/types/commerce';
import type { ConversationView } from '../../src/domain/types/customerService';
import { TrustRules } from '../../src/domain/trust';
import { productTrustRecount, shopTrustRecount } from '../db/migrations/0028_trust_figures';
import { seedDemoOrders } from '../db/seedTrust';
import { ApiCaller } from '../testing/apiClient';
import { insertAddress, insertProduct, ledgerIsBalanced, userId } from '../testing/commerceFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';
import { timerHandlers } from '../timers/handlers';
import { runDueTimers } from '../timers/timers';

/**
 * Trust figures (issue 33, finding 7): rated, received, refunded, shipped late and answered orders and chats move the
 * product's and the shop's figures in their own step, and every figure equals its recount from the orders, ratings
 * and messages (migration 0028's recount). Runs on PGlite and PostgreSQL; on PostgreSQL the concurrent case has two
 * connections really at once.
 */
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
  await expectFiguresEqualRecount();
});

const key = () => crypto.randomBytes(12).toString('hex');
const act = (caller: ApiCaller, id: string, action: OrderAction) => caller.post<OrderView>('/api/commodity/orders/act', { id, action });
async function step(caller: ApiCaller, id: string, action: OrderAction): Promise<OrderView> {
  const answer = await act(caller, id, action);
  expect(answer.code, `${action.type}: ${answer.msg}`).toBe('0000');
  return answer.object;
}
const ship: OrderAction = { type: 'SHIP', company: 'DHL', number: 'DHL12345678' };

/** An order of demo_buyer paid from the balance: `lines` of products (by id and sku) and quantities. */
async function paidOrder(lines: { productId: string; skuId: string; quantity: number }[]): Promise<string> {
  const addressId = await insertAddress(server.deps.db, 'demo_buyer');
  const placed = await buyer.post<CheckoutAnswer>('/api/commodity/orders/submit', { idempotencyKey: key(), items: lines, addressId, paymentMethod: 'balance' });
  expect(placed.code, placed.msg).toBe('0000');
  const id = placed.object.orders[0]?.id ?? '';
  expect((await buyer.post('/api/pay/balance', { orderIds: [id] })).code).toBe('0000');
  return id;
}

async function product(title: string): Promise<{ productId: string; skuId: string }> {
  const p = await insertProduct(server.deps.db, { seller: 'demo_seller', title, price: '2', shippingFee: '0.5', skus: [{ specification: 'One', colour: 'Blue', stock: 100 }] });
  return { productId: p.productId, skuId: p.skuIds[0] ?? '' };
}

/** Every product's and every shop's stored figures equal their recount from the orders, ratings and messages. */
async function expectFiguresEqualRecount(): Promise<void> {
  const db = server.deps.db;
  const products = await sql<{ id: bigint; rating_sum: bigint; rating_count: number; sold: bigint }>`
    select r.id, r.rating_sum, r.rating_count, r.sold from (${sql.raw(productTrustRecount)}) r join products p on p.id = r.id
    where (p.rating_sum, p.rating_count, p.sold) is distinct from (r.rating_sum, r.rating_count, r.sold)`.execute(db);
  expect(products.rows, 'products whose figures differ from the recount').toEqual([]);
  const counted = await sql<Record<string, bigint>>`select * from (${sql.raw(shopTrustRecount)}) r order by seller_id`.execute(db);
  const stored = await sql<Record<string, bigint>>`select seller_id, rating_sum, rating_count, shipped, shipped_on_time, replies, reply_ms from shop_trust
    where (rating_count, shipped, replies) <> (0, 0, 0) order by seller_id`.execute(db);
  expect(stored.rows).toEqual(counted.rows);
}

async function upload(caller: ApiCaller): Promise<string> {
  const png = await sharp({ create: { width: 8 + crypto.randomInt(40), height: 8, channels: 3, background: { r: crypto.randomInt(255), g: 10, b: 10 } } }).png().toBuffer();
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'evidence.png');
  const res = await fetch(`${server.url}/api/upload/image`, { method: 'POST', headers: caller.headersFor('POST', '/api/upload/image'), body: form });
  const answer = (await res.json()) as { code: string; object: { id: string } };
  expect(answer.object.id, answer.code).toMatch(/^[0-9a-f]{64}$/);
  return answer.object.id;
}

const card = async (productId: string): Promise<ProductCard | undefined> => {
  const sellerId = (await userId(server.deps.db, 'demo_seller')).toString();
  const page = await buyer.get<Page<ProductCard>>(`/api/commodity/product/feed?sellerId=${sellerId}&limit=50`);
  expect(page.code).toBe('0000');
  return page.object.list.find((c) => c.id === productId);
};
const detail = async (productId: string) => (await buyer.get<ProductDetail>(`/api/commodity/product/detail?id=${productId}`)).object;

describe('trust figures', () => {
  it('ratings, sold, on-time shipping and answers move with the steps, and equal their recount', async () => {
    const a = await product('Trust teapot');
    const b = await product('Trust cups');
    const sellerId = await userId(server.deps.db, 'demo_seller');
    const shopBefore = (await buyer.get<StoreInfo>(`/api/commodity/store/info?sellerId=${sellerId}`)).object.trust;

    // A plain comment (no order) is not a rating.
    expect((await buyer.post('/api/commodity/comment/add', { productId: a.productId, content: 'Looks lovely', rating: 5, anonymous: false })).code).toMatch(/^(0000|4\d{3})$/);
    expect(await card(a.productId)).toMatchObject({ rating: null, ratings: 0, sold: 0 });
    expect(await detail(a.productId)).toMatchObject({ rating: { average: null, count: 0 }, sold: 0, latestRatings: [] });

    // Order 1: 2 teapots and 1 cup, shipped within the window, received, rated 5 with words.
    const o1 = await paidOrder([{ ...a, quantity: 2 }, { ...b, quantity: 1 }]);
    await step(seller, o1, { type: 'CONFIRM' });
    server.clock.advance(Durations.hour);
    await step(seller, o1, ship);
    // Sent is not sold yet.
    expect(await card(a.productId)).toMatchObject({ sold: 0 });
    await step(buyer, o1, { type: 'CONFIRM_RECEIPT' });
    server.clock.advance(5000); // past the catalogue cache
    expect(await card(a.productId)).toMatchObject({ sold: 2, rating: null, ratings: 0 });
    // Another person cannot rate the buyer's order, and the figures do not move.
    expect((await act(stranger, o1, { type: 'RATE', score: 1, comment: 'no', anonymous: false })).code).toMatch(/^400[34]$/);
    expect((await act(seller, o1, { type: 'RATE', score: 1, comment: 'no', anonymous: false })).code).toMatch(/^400[134]$/);
    await step(buyer, o1, { type: 'RATE', score: 5, comment: 'Pours without a drip.', anonymous: false });

    // Order 2: 1 teapot, shipped after the window, received, rated 3 anonymously.
    const o2 = await paidOrder([{ ...a, quantity: 1 }]);
    await step(seller, o2, { type: 'CONFIRM' });
    server.clock.advance(TrustRules.onTimeShipping + Durations.hour);
    await step(seller, o2, { type: 'MARK_NO_SHIPPING' });
    await step(buyer, o2, { type: 'CONFIRM_RECEIPT' });
    await step(buyer, o2, { type: 'RATE', score: 3, comment: 'Fine, a little small.', anonymous: true });

    // Order 3: 1 teapot, received when the check window passes (a timer batch: held moves), then refunded by an after-sale case.
    const o3 = await paidOrder([{ ...a, quantity: 1 }]);
    await step(seller, o3, { type: 'CONFIRM' });
    await step(seller, o3, ship);
    server.clock.advance(Durations.buyerCheckWindow + 1000);
    await runDueTimers(server.deps.db, timerHandlers, server.clock.now());
    server.clock.advance(5000);
    expect(await card(a.productId)).toMatchObject({ sold: 4 });
    const evidence = await upload(buyer);
    const opened = await buyer.post<AfterSaleView>('/api/aftersale/apply', { orderId: o3, kind: 'refundOnly', amount: '2.5', description: 'The lid was cracked.', evidence: [evidence] });
    expect(opened.code, opened.msg).toBe('0000');
    const agreed = await seller.post('/api/aftersale/act', { id: opened.object.id, action: { type: 'AGREE', returnAddress: null } });
    expect(agreed.code, agreed.msg).toBe('0000');
    expect((await buyer.get<OrderView>(`/api/commodity/orders/detail?id=${o3}`)).object.status).toBe('refunded');

    // Order 4: refunded before receipt: never sold.
    const o4 = await paidOrder([{ ...b, quantity: 3 }]);
    await step(seller, o4, { type: 'CONFIRM' });
    await step(buyer, o4, { type: 'REQUEST_REFUND', reason: 'Ordered by mistake', email: 'buyer@example.com' });
    await step(seller, o4, { type: 'AGREE_REFUND' });

    // Chat: two buyer messages, the seller answers 10 minutes after the first; a second answer without a new question does not count.
    const conversation = await buyer.post<ConversationView>('/api/chat/conversation/open', { kind: 'seller', sellerId: sellerId.toString(), subject: { kind: 'product', id: a.productId } });
    expect(conversation.code, conversation.msg).toBe('0000');
    const say = (caller: ApiCaller, body: string) => caller.post('/api/chat/message/send', { conversationId: conversation.object.id, clientId: key(), body });
    expect((await say(buyer, 'Is the teapot glazed inside?')).code).toBe('0000');
    server.clock.advance(4 * Durations.minute);
    expect((await say(buyer, 'And is it dishwasher safe?')).code).toBe('0000');
    server.clock.advance(6 * Durations.minute);
    expect((await say(seller, 'Yes and yes.')).code).toBe('0000');
    server.clock.advance(Durations.minute);
    expect((await say(seller, 'Thank you for asking!')).code).toBe('0000');

    server.clock.advance(5000);
    expect(await card(a.productId)).toMatchObject({ rating: 4, ratings: 2, sold: 3 });
    expect(await card(b.productId)).toMatchObject({ rating: 5, ratings: 1, sold: 1 });
    const shown = await detail(a.productId);
    expect(shown).toMatchObject({ rating: { average: 4, count: 2 }, sold: 3 });
    expect(shown.latestRatings.map((r) => [r.score, r.words, r.authorName])).toEqual([
      [3, 'Fine, a little small.', null],
      [5, 'Pours without a drip.', 'Demo Buyer'],
    ]);
    const shop = (await stranger.get<StoreInfo>(`/api/commodity/store/info?sellerId=${sellerId}`)).object.trust;
    expect(shop).toEqual(shown.shop);
    expect(shop.ratings).toBe(shopBefore.ratings + 2);
    expect(shop.shipped).toBe(shopBefore.shipped + 3);
    expect(shop.since).toBe(shopBefore.since);
    // This file's database starts with no orders or chats: two of the three shipped orders were on time, one answer took 10 minutes.
    expect(shopBefore).toMatchObject({ ratings: 0, shipped: 0, responseMs: null });
    expect(shop.onTimeShare).toBeCloseTo(2 / 3);
    expect(shop.responseMs).toBe(10 * Durations.minute);
    expect(shop.rating).toBe(4);
  });

  it('a shop without figures says so: no rating, no shipping share, no response time', async () => {
    const sellerId = await userId(server.deps.db, 'demo_seller2');
    const info = (await buyer.get<StoreInfo>(`/api/commodity/store/info?sellerId=${sellerId}`)).object;
    expect(info.trust).toMatchObject({ rating: null, ratings: 0, shipped: 0, onTimeShare: null, responseMs: null });
    expect(new Date(info.trust.since).getTime()).toBeGreaterThan(0);
  });

  it('orders of one product received and rated at the same moment all count (concurrent steps)', async () => {
    const a = await product('Trust bowl');
    const orders: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const id = await paidOrder([{ ...a, quantity: 1 + (i % 2) }]);
      await step(seller, id, { type: 'CONFIRM' });
      await step(seller, id, ship);
      orders.push(id);
    }
    const received = await Promise.all(orders.map((id) => act(buyer, id, { type: 'CONFIRM_RECEIPT' })));
    expect(received.map((r) => r.code)).toEqual(orders.map(() => '0000'));
    const rated = await Promise.all(orders.map((id, i) => act(buyer, id, { type: 'RATE', score: 1 + (i % 5), comment: `Bowl ${i}`, anonymous: false })));
    expect(rated.map((r) => r.code)).toEqual(orders.map(() => '0000'));
    const row = await server.deps.db.selectFrom('products').select(['sold', 'rating_sum', 'rating_count']).where('id', '=', BigInt(a.productId)).executeTakeFirstOrThrow();
    expect(row).toEqual({ sold: 9n, rating_sum: 1n + 2n + 3n + 4n + 5n + 1n, rating_count: 6 });
  });

  it('the sandbox demo orders walk the order chart and give the demo shops figures (once)', async () => {
    const orders = await seedDemoOrders(server.deps.db, server.clock.now());
    expect(orders).toBeGreaterThan(20);
    expect(await seedDemoOrders(server.deps.db, server.clock.now())).toBe(0);
    const rated = await server.deps.db.selectFrom('orders').select(sql<number>`count(*)::int4`.as('n')).where('order_no', 'like', 'CMDEMO%').where('status', '=', 'rated').executeTakeFirstOrThrow();
    expect(rated.n).toBe(orders);
    for (const username of ['demo_seller', 'demo_seller2']) {
      const trust = (await buyer.get<StoreInfo>(`/api/commodity/store/info?sellerId=${await userId(server.deps.db, username)}`)).object.trust;
      expect(trust.rating).not.toBeNull();
      expect(trust.onTimeShare).not.toBeNull();
      expect(trust.responseMs).not.toBeNull();
    }
  });
});
