import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../src/domain/codes';
import { parseMoney } from '../../src/domain/money';
import { stellarAddressOf } from '../../src/domain/stellarAddress';
import type { ConsoleQueue, PersonContext } from '../../src/domain/types/console';
import { ApiCaller } from '../testing/apiClient';
import { startTestServer, type TestServer } from '../testing/testServer';
import { createWithdrawal } from '../services/withdrawals';
import { insertAddress, insertProduct, userId } from '../testing/commerceFixtures';
import type { CheckoutAnswer } from '../../src/domain/types/commerce';

/** The console's dashboard (issue 24, finding 13): what waits in each queue and since when; staff only. */
let server: TestServer;
let staff: ApiCaller;
let buyer: ApiCaller;
let seller: ApiCaller;

beforeAll(async () => {
  server = await startTestServer();
  staff = new ApiCaller(server.url, server.clock.now);
  buyer = new ApiCaller(server.url, server.clock.now);
  await staff.loginAs('demo_arbiter');
  await buyer.loginAs('demo_buyer');
  seller = new ApiCaller(server.url, server.clock.now);
  await seller.loginAs('demo_seller');
});
afterAll(async () => {
  await server?.close();
});

const queues = async () => {
  const answer = await staff.get<{ list: ConsoleQueue[] }>('/api/console/queues');
  expect(answer.code, answer.msg).toBe('0000');
  return new Map(answer.object.list.map((q) => [q.key, q]));
};

describe('console queues', () => {
  it('counts each queue with its oldest item; a withdrawal waiting for review shows at once', async () => {
    const before = await queues();
    expect([...before.keys()].sort()).toEqual(['appeals', 'customerService', 'kyc', 'productReview', 'sellerApplications', 'withdrawals']);
    expect(before.get('withdrawals')).toEqual({ key: 'withdrawals', count: 0, oldestAt: null });

    const user = await server.deps.db.selectFrom('users').selectAll().where('username', '=', 'demo_buyer').executeTakeFirstOrThrow();
    const at = server.clock.now();
    await createWithdrawal(server.deps, user, { address: stellarAddressOf(crypto.randomBytes(32)), amount: parseMoney('2') });
    server.clock.advance(60_000);
    const after = (await queues()).get('withdrawals');
    expect(after?.count).toBe(1);
    expect(Date.parse(after?.oldestAt ?? '')).toBe(at);
  });

  it("gives a person's context beside a decision: account age, orders, withdrawals, disputes", async () => {
    const id = (await server.deps.db.selectFrom('users').select('id').where('username', '=', 'demo_buyer').executeTakeFirstOrThrow()).id.toString();
    const answer = await staff.get<PersonContext>(`/api/console/users/context?userId=${id}`);
    expect(answer.code, answer.msg).toBe('0000');
    expect(answer.object).toMatchObject({ userId: id, username: 'demo_buyer', frozen: false, withdrawalsSucceeded: 0, withdrawalsFailed: 0, withdrawn: '0', disputesAsBuyer: 0 });
    expect(Date.parse(answer.object.memberSince)).toBeLessThanOrEqual(server.clock.now());
    expect((await staff.get('/api/console/users/context?userId=999999')).code).toBe(ResponseCode.notFound);
    expect((await staff.get('/api/console/users/context?userId=x')).code).toBe(ResponseCode.invalidField);
  });

  it('names the products of the latest orders and after-sale cases, counts open disputes, and gives a seller their shop and review record (issue 24, findings 16 and 17)', async () => {
    const db = server.deps.db;
    const sellerId = await userId(db, 'demo_seller');
    const buyerId = await userId(db, 'demo_buyer');
    const before = (await staff.get<PersonContext>(`/api/console/users/context?userId=${sellerId}`)).object.products;
    await db.insertInto('seller_applications').values({ user_id: sellerId, store_name: 'Woven Goods', real_name: 'Demo Seller', email: 'shop@example.com', status: 'approved' }).execute();
    const p = await insertProduct(db, { seller: 'demo_seller', title: 'Rattan lamp shade', price: '6', shippingFee: '1' });
    await insertProduct(db, { seller: 'demo_seller', title: 'Refused thing', status: 'reviewFailed' });
    await insertProduct(db, { seller: 'demo_seller', title: 'Waiting thing', status: 'reviewing' });
    await insertProduct(db, { seller: 'demo_seller', title: 'Only a draft', status: 'draft' });
    const addressId = await insertAddress(db, 'demo_buyer');
    const placed = await buyer.post<CheckoutAnswer>('/api/commodity/orders/submit', { idempotencyKey: crypto.randomUUID(), items: [{ productId: p.productId, skuId: p.skuIds[0], quantity: 1 }], addressId, paymentMethod: 'balance' });
    expect(placed.code, placed.msg).toBe('0000');
    const orderId = BigInt(placed.object.orders[0]?.id ?? '0');
    await db.insertInto('after_sales').values({ order_id: orderId, buyer_id: buyerId, seller_id: sellerId, kind: 'refundOnly', status: 'applied', chart: JSON.stringify({ value: 'applied', context: {} }), amount: parseMoney('7') }).execute();

    const forBuyer = (await staff.get<PersonContext>(`/api/console/users/context?userId=${buyerId}`)).object;
    expect(forBuyer.recentOrders[0]).toMatchObject({ product: 'Rattan lamp shade', side: 'bought', total: '7', more: 0 });
    expect(forBuyer.recentCases[0]).toMatchObject({ product: 'Rattan lamp shade', side: 'buyer', status: 'applied', amount: '7' });
    expect(forBuyer.openDisputes).toBe(1);
    expect(forBuyer.shopName).toBeNull();
    expect(forBuyer.roles).toEqual(['buyer']);

    const forSeller = (await staff.get<PersonContext>(`/api/console/users/context?userId=${sellerId}`)).object;
    expect(forSeller.shopName).toBe('Woven Goods');
    expect(forSeller.recentOrders[0]).toMatchObject({ product: 'Rattan lamp shade', side: 'sold' });
    expect(forSeller.recentCases[0]).toMatchObject({ product: 'Rattan lamp shade', side: 'seller' });
    expect(forSeller.openDisputes).toBe(1);
    // Listed, refused and waiting went to review; the draft did not.
    expect(forSeller.products).toEqual({ published: before.published + 3, approved: before.approved + 1, rejected: before.rejected + 1 });
  });

  it('is refused to anyone but staff', async () => {
    expect((await buyer.get('/api/console/queues')).code).toBe(ResponseCode.forbidden);
    expect((await buyer.get('/api/console/users/context?userId=1')).code).toBe(ResponseCode.forbidden);
    // A seller may not read a customer's context either, not even their own buyer's.
    const buyerId = await userId(server.deps.db, 'demo_buyer');
    const refused = await seller.get<PersonContext>(`/api/console/users/context?userId=${buyerId}`);
    expect(refused.code).toBe(ResponseCode.forbidden);
    expect(JSON.stringify(refused.object ?? null)).not.toContain('recentOrders');
  });
});
