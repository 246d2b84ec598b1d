import { sql } from 'kysely';
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutRules } from '../../src/domain/checkout';
import type { AddressView, CartLineView, CheckoutAnswer, OrderView, QuoteView } from '../../src/domain/types/commerce';
import { ApiCaller } from '../testing/apiClient';
import { insertAddress, insertProduct, ledgerIsBalanced, stockOf, userId } from '../testing/commerceFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';
import { timerHandlers } from '../timers/handlers';
import { runDueTimers } from '../timers/timers';

let server: TestServer;
let buyer: ApiCaller;
let seller: ApiCaller;
let anonymous: ApiCaller;

beforeAll(async () => {
  server = await startTestServer();
  buyer = new ApiCaller(server.url, server.clock.now);
  seller = new ApiCaller(server.url, server.clock.now);
  anonymous = new ApiCaller(server.url, server.clock.now);
  await buyer.loginAs('demo_buyer');
  await seller.loginAs('demo_seller');
});
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  expect(await ledgerIsBalanced(server.deps.db)).toBe(true);
});

const key = () => crypto.randomBytes(12).toString('hex');

describe('addresses', () => {
  it('adds, lists, edits, keeps exactly one default, deletes; another user sees none of it', async () => {
    const first = await buyer.post<AddressView>('/api/commodity/address/add', { firstName: 'Ana', lastName: 'Cruz', phone: '+63 912 345 6789', countryId: 4, provinceId: 401, cityId: 40101, street: 'Rizal St', buildingNumber: '12', detail: 'Blue gate', zipCode: '1000' });
    expect(first.code).toBe('0000');
    expect(first.object.isDefault).toBe(true);
    expect(first.object.region).toBe('Philippines / Metro Manila / Manila');
    const second = await buyer.post<AddressView>('/api/commodity/address/add', { firstName: 'Ana', lastName: 'Cruz', phone: '+63 912 345 6789', countryId: 4, detail: 'Office', isDefault: true });
    expect(second.object.isDefault).toBe(true);
    let list = await buyer.get<AddressView[]>('/api/commodity/address/list');
    expect(list.object.filter((a) => a.isDefault).map((a) => a.id)).toEqual([second.object.id]);

    const edited = await buyer.post<AddressView>('/api/commodity/address/edit', { id: first.object.id, firstName: 'Ana', lastName: 'Reyes', phone: '+63 912 345 6789', countryId: 4, detail: 'Blue gate', isDefault: true });
    expect(edited.object.lastName).toBe('Reyes');
    list = await buyer.get<AddressView[]>('/api/commodity/address/list');
    expect(list.object.filter((a) => a.isDefault).map((a) => a.id)).toEqual([first.object.id]);

    // Another user can neither read, edit nor delete it.
    expect((await seller.get(`/api/commodity/address/detail?id=${first.object.id}`)).code).toBe('4004');
    expect((await seller.post('/api/commodity/address/edit', { id: first.object.id, firstName: 'X', lastName: 'Y', phone: '12345', countryId: 4, detail: 'x' })).code).toBe('4004');
    expect((await seller.post('/api/commodity/address/delete', { id: first.object.id })).code).toBe('4004');
    expect((await seller.get<AddressView[]>('/api/commodity/address/list')).object).toEqual([]);

    expect((await buyer.post('/api/commodity/address/delete', { id: first.object.id })).code).toBe('0000');
    list = await buyer.get<AddressView[]>('/api/commodity/address/list');
    expect(list.object.map((a) => [a.id, a.isDefault])).toEqual([[second.object.id, true]]);
  });

  it('refuses malformed bodies, unknown regions, and callers without a token', async () => {
    expect((await buyer.post('/api/commodity/address/add', { firstName: '', lastName: 'x', phone: '1', countryId: 4, detail: '' })).code).toBe('4001');
    expect((await buyer.post('/api/commodity/address/add', { firstName: 'A', lastName: 'B', phone: '+63 912 345 6789', countryId: 4, provinceId: 101, detail: 'x' })).code).toBe('4001');
    expect((await buyer.raw('POST', '/api/commodity/address/add', { headers: buyer.headersFor('POST', '/api/commodity/address/add'), body: '{oops', contentType: 'application/json' })).code).toBe('4000');
    expect((await anonymous.get('/api/commodity/address/list')).code).toBe('1000');
    expect((await anonymous.post('/api/commodity/orders/submit', {})).code).toBe('1000');
  });
});

describe('cart', () => {
  it('keeps the account cart and answers the lines with product details', async () => {
    const p = await insertProduct(server.deps.db, { seller: 'demo_seller', title: 'Cart basket', price: '2.5' });
    const saved = await buyer.post<CartLineView[]>('/api/commodity/cart/save', { items: [{ productId: p.productId, skuId: p.skuIds[0], quantity: 2, selected: true }] });
    expect(saved.code).toBe('0000');
    expect(saved.object[0]).toMatchObject({ title: 'Cart basket', price: '2.5', quantity: 2, stock: 10, available: true, sellerName: 'Demo Seller' });
    expect((await buyer.get<CartLineView[]>('/api/commodity/cart/list')).object).toHaveLength(1);
    expect((await seller.get<CartLineView[]>('/api/commodity/cart/list')).object).toHaveLength(0);
    expect((await buyer.post('/api/commodity/cart/save', { items: [{ productId: 'x', skuId: '1', quantity: 0, selected: true }] })).code).toBe('4001');
  });
});

describe('cart', () => {
  it('an order from the cart takes its lines out of the account cart in the same step; Buy now and a refused order leave it as it was', async () => {
    const db = server.deps.db;
    const a = await insertProduct(db, { seller: 'demo_seller', title: 'Ordered from cart' });
    const b = await insertProduct(db, { seller: 'demo_seller', title: 'Stays in cart' });
    const addressId = await insertAddress(db, 'demo_buyer');
    const lineA = { productId: a.productId, skuId: a.skuIds[0] ?? '', quantity: 1 };
    const lineB = { productId: b.productId, skuId: b.skuIds[0] ?? '', quantity: 1 };
    await buyer.post('/api/commodity/cart/save', { items: [{ ...lineA, selected: true }, { ...lineB, selected: false }] });
    await seller.post('/api/commodity/cart/save', { items: [{ ...lineA, selected: true }] });
    const skus = async (who: ApiCaller) => (await who.get<CartLineView[]>('/api/commodity/cart/list')).object.map((l) => l.skuId);

    // Buy now of a line also in the cart: the cart keeps it.
    expect((await buyer.post('/api/commodity/orders/submit', { idempotencyKey: key(), items: [lineA], addressId, paymentMethod: 'coin' })).code).toBe('0000');
    expect(await skus(buyer)).toEqual([lineA.skuId, lineB.skuId]);
    // A refused order from the cart (more than the stock) changes nothing.
    expect((await buyer.post('/api/commodity/orders/submit', { idempotencyKey: key(), items: [{ ...lineA, quantity: 99 }], addressId, paymentMethod: 'coin', fromCart: true })).code).not.toBe('0000');
    expect(await skus(buyer)).toEqual([lineA.skuId, lineB.skuId]);
    // From the cart: the ordered line leaves it with the order (before the screen's own save); another person's cart is untouched.
    expect((await buyer.post('/api/commodity/orders/submit', { idempotencyKey: key(), items: [lineA], addressId, paymentMethod: 'coin', fromCart: true })).code).toBe('0000');
    expect(await skus(buyer)).toEqual([lineB.skuId]);
    expect(await skus(seller)).toEqual([lineA.skuId]);
    expect((await buyer.post('/api/commodity/orders/submit', { idempotencyKey: key(), items: [lineA], addressId, paymentMethod: 'coin', fromCart: 'yes' })).code).toBe('4001');
  });
});

describe('order submission', () => {
  it('computes totals, shipping and the handling fee on the server, one order per seller, stock reserved', async () => {
    const a = await insertProduct(server.deps.db, { seller: 'demo_seller', price: '10.1234567', shippingFee: '1.5' });
    const b = await insertProduct(server.deps.db, { seller: 'demo_seller2', price: '3', shippingMethod: 'free', skus: [{ specification: 'M', colour: 'Blue', stock: 5 }] });
    const addressId = await insertAddress(server.deps.db, 'demo_buyer');
    const items = [
      { productId: a.productId, skuId: a.skuIds[0], quantity: 2 },
      { productId: b.productId, skuId: b.skuIds[0], quantity: 3 },
    ];
    const q = await buyer.post<QuoteView>('/api/commodity/orders/quote', { items, addressId });
    expect(q.object.total).toBe('30.7469134');
    const answer = await buyer.post<CheckoutAnswer>('/api/commodity/orders/submit', { idempotencyKey: key(), items, addressId, paymentMethod: 'coin' });
    expect(answer.code).toBe('0000');
    expect(answer.object.orders).toHaveLength(2);
    const bySeller = Object.fromEntries(answer.object.orders.map((o) => [o.sellerName, o]));
    expect(bySeller['Demo Seller']).toMatchObject({ goodsAmount: '20.2469134', shippingAmount: '1.5', totalAmount: '21.7469134', handlingFee: '0.4349382', status: 'unpaid', statusCode: 5 });
    expect(bySeller['Second Shop']).toMatchObject({ goodsAmount: '9', shippingAmount: '0', totalAmount: '9', handlingFee: '0.18' });
    expect(answer.object.total).toBe('30.7469134');
    expect(await stockOf(server.deps.db, a.skuIds[0] ?? '')).toBe(8);
    expect(await stockOf(server.deps.db, b.skuIds[0] ?? '')).toBe(2);
    expect(bySeller['Demo Seller']?.can).toEqual(['CANCEL']);
  });

  it('answers the same orders for a resubmitted idempotency key', async () => {
    const p = await insertProduct(server.deps.db, { seller: 'demo_seller' });
    const addressId = await insertAddress(server.deps.db, 'demo_buyer');
    const body = { idempotencyKey: key(), items: [{ productId: p.productId, skuId: p.skuIds[0], quantity: 1 }], addressId, paymentMethod: 'balance' };
    const [x, y] = await Promise.all([buyer.post<CheckoutAnswer>('/api/commodity/orders/submit', body), buyer.post<CheckoutAnswer>('/api/commodity/orders/submit', body)]);
    expect(x.object.orders.map((o) => o.id)).toEqual(y.object.orders.map((o) => o.id));
    expect(await stockOf(server.deps.db, p.skuIds[0] ?? '')).toBe(9);
  });

  it('a product sold to Global is delivered to every country (issue 11, defect 5)', async () => {
    const db = server.deps.db;
    const global = await insertProduct(db, { seller: 'demo_seller2', saleCountries: [0] });
    const philippines = await insertAddress(db, 'demo_buyer', 4);
    const line = { productId: global.productId, skuId: global.skuIds[0], quantity: 1 };
    const quote = await buyer.post('/api/commodity/orders/quote', { items: [line], addressId: philippines });
    expect([quote.code, quote.msg]).toEqual(['0000', 'success']);
    const submitted = await buyer.post<CheckoutAnswer>('/api/commodity/orders/submit', { idempotencyKey: key(), items: [line], addressId: philippines, paymentMethod: 'coin' });
    expect(submitted.code).toBe('0000');
    expect(submitted.object.orders).toHaveLength(1);
    // Global does not widen a product shown only in its seller's own country.
    const nativeGlobal = await insertProduct(db, { seller: 'demo_seller2', visibleRange: 'native', saleCountries: [0] });
    const refused = await buyer.post('/api/commodity/orders/quote', { items: [{ productId: nativeGlobal.productId, skuId: nativeGlobal.skuIds[0], quantity: 1 }], addressId: philippines });
    expect(refused.msg).toBe('The item cannot be delivered to this address');
  });

  it('enforces the rules of SPEC 5 with their messages', async () => {
    const db = server.deps.db;
    const own = await insertProduct(db, { seller: 'demo_buyer' });
    const nativeOnly = await insertProduct(db, { seller: 'demo_seller2', visibleRange: 'native', saleCountries: [1] });
    const notSoldHere = await insertProduct(db, { seller: 'demo_seller', saleCountries: [2] });
    const other = await insertProduct(db, { seller: 'demo_seller' });
    const hidden = await insertProduct(db, { seller: 'demo_seller', status: 'freeze' });
    const addressId = await insertAddress(db, 'demo_buyer', 4);
    const submit = (items: { productId: string; skuId: string | undefined; quantity: number }[], extra: Record<string, unknown> = {}) =>
      buyer.post('/api/commodity/orders/submit', { idempotencyKey: key(), items, addressId, paymentMethod: 'coin', ...extra });

    let r = await submit([{ productId: own.productId, skuId: own.skuIds[0], quantity: 1 }]);
    expect([r.code, r.msg]).toEqual(['4003', 'Buying your own product is forbidden']);
    r = await submit([{ productId: notSoldHere.productId, skuId: notSoldHere.skuIds[0], quantity: 1 }]);
    expect([r.code, r.msg]).toEqual(['4001', 'The item cannot be delivered to this address']);
    r = await submit([{ productId: nativeOnly.productId, skuId: nativeOnly.skuIds[0], quantity: 1 }]);
    expect(r.msg).toBe('The item cannot be delivered to this address');
    r = await submit([{ productId: other.productId, skuId: notSoldHere.skuIds[0], quantity: 1 }]);
    expect(r.msg).toBe('The selected specification and colour do not match the delivery address');
    r = await submit([{ productId: other.productId, skuId: other.skuIds[0], quantity: 1 }], { addressId: null });
    expect([r.code, r.msg]).toEqual(['4001', 'A delivery address is required']);
    r = await submit([{ productId: other.productId, skuId: other.skuIds[0], quantity: 1 }], { paymentMethod: null });
    expect([r.code, r.msg]).toEqual(['4001', 'A payment method is required']);
    r = await submit([{ productId: hidden.productId, skuId: hidden.skuIds[0], quantity: 1 }]);
    expect(r.code).toBe('4001');
    r = await submit([{ productId: other.productId, skuId: other.skuIds[0], quantity: 11 }]);
    expect(r.code).toBe('4001');
    // Another buyer's address is not usable.
    const sellersAddress = await insertAddress(db, 'demo_seller', 4);
    r = await submit([{ productId: other.productId, skuId: other.skuIds[0], quantity: 1 }], { addressId: sellersAddress });
    expect(r.code).toBe('4004');
    expect(await stockOf(db, other.skuIds[0] ?? '')).toBe(10);
  });

  it('hides an order from anyone but its buyer and seller', async () => {
    const p = await insertProduct(server.deps.db, { seller: 'demo_seller' });
    const addressId = await insertAddress(server.deps.db, 'demo_buyer');
    // The order keeps the address's region as the address book writes it (country / province / city).
    const [province, city] = await server.deps.db.selectFrom('regions').select('id').where('level', '>', 1).orderBy('id').limit(2).execute();
    await server.deps.db.updateTable('addresses').set({ province_id: province?.id ?? null, city_id: city?.id ?? null }).where('id', '=', BigInt(addressId)).execute();
    const book = await buyer.get<{ region: string }>(`/api/commodity/address/detail?id=${addressId}`);
    expect(book.object.region.split(' / ')).toHaveLength(3);
    const answer = await buyer.post<CheckoutAnswer>('/api/commodity/orders/submit', { idempotencyKey: key(), items: [{ productId: p.productId, skuId: p.skuIds[0], quantity: 1 }], addressId, paymentMethod: 'coin' });
    expect(answer.object.orders[0]?.delivery.region).toBe(book.object.region);
    const id = answer.object.orders[0]?.id ?? '';
    const stranger = new ApiCaller(server.url, server.clock.now);
    await stranger.loginAs('demo_seller2');
    expect((await stranger.get(`/api/commodity/orders/detail?id=${id}`)).code).toBe('4004');
    expect((await stranger.post('/api/commodity/orders/cancel', { id })).code).toBe('4004');
    expect((await seller.get<OrderView>(`/api/commodity/orders/detail?id=${id}`)).object.can).toEqual([]);
    expect((await buyer.get<OrderView>(`/api/commodity/orders/detail?id=${id}`)).object.id).toBe(id);
    expect((await buyer.get('/api/commodity/orders/detail?id=abc')).code).toBe('4001');
  });

  it('returns the stock when the buyer cancels and when the unpaid window expires (a durable timer)', async () => {
    const db = server.deps.db;
    const p = await insertProduct(db, { seller: 'demo_seller', skus: [{ specification: 'S', colour: 'Green', stock: 4 }] });
    const sku = p.skuIds[0] ?? '';
    const addressId = await insertAddress(db, 'demo_buyer');
    const one = await buyer.post<CheckoutAnswer>('/api/commodity/orders/submit', { idempotencyKey: key(), items: [{ productId: p.productId, skuId: sku, quantity: 3 }], addressId, paymentMethod: 'coin' });
    expect(await stockOf(db, sku)).toBe(1);
    const cancelled = await buyer.post<OrderView>('/api/commodity/orders/cancel', { id: one.object.orders[0]?.id });
    expect(cancelled.object).toMatchObject({ status: 'canceled', statusCode: 10 });
    expect(await stockOf(db, sku)).toBe(4);
    expect((await buyer.post('/api/commodity/orders/cancel', { id: one.object.orders[0]?.id })).code).toBe('4001');

    const two = await buyer.post<CheckoutAnswer>('/api/commodity/orders/submit', { idempotencyKey: key(), items: [{ productId: p.productId, skuId: sku, quantity: 4 }], addressId, paymentMethod: 'coin' });
    expect(await stockOf(db, sku)).toBe(0);
    await runDueTimers(db, timerHandlers, server.clock.now() + CheckoutRules.unpaidWindow - 1000);
    expect((await buyer.get<OrderView>(`/api/commodity/orders/detail?id=${two.object.orders[0]?.id}`)).object.status).toBe('unpaid');
    await runDueTimers(db, timerHandlers, server.clock.now() + CheckoutRules.unpaidWindow + 1000);
    expect((await buyer.get<OrderView>(`/api/commodity/orders/detail?id=${two.object.orders[0]?.id}`)).object).toMatchObject({ status: 'expired', statusCode: 11 });
    expect(await stockOf(db, sku)).toBe(4);
    // Firing again changes nothing.
    expect(await runDueTimers(db, timerHandlers, server.clock.now() + 2 * CheckoutRules.unpaidWindow)).toBe(0);
    expect(await stockOf(db, sku)).toBe(4);
  });
});

describe('no oversell', () => {
  it('200 concurrent checkouts for 10 units never sell more than the 10 units', async () => {
    const db = server.deps.db;
    const p = await insertProduct(db, { seller: 'demo_seller', skus: [{ specification: 'One', colour: 'Black', stock: 10 }] });
    const sku = p.skuIds[0] ?? '';
    // 20 buyers, 10 checkouts each, all at once.
    const buyers: { caller: ApiCaller; addressId: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const name = `rush_${i}_${crypto.randomBytes(2).toString('hex')}`;
      await fetch(`${server.url}/sandbox/api/wallets`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: name }) });
      const caller = new ApiCaller(server.url, server.clock.now);
      await caller.loginAs(name);
      buyers.push({ caller, addressId: await insertAddress(db, name, 4) });
    }
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const b = buyers[i % buyers.length];
        if (!b) throw new Error('no buyer');
        return b.caller.post<CheckoutAnswer>('/api/commodity/orders/submit', { idempotencyKey: key(), items: [{ productId: p.productId, skuId: sku, quantity: 1 }], addressId: b.addressId, paymentMethod: 'coin' });
      }),
    );
    // A buyer's new checkout of the same goods replaces their own unpaid order (issue 22), so a buyer may
    // succeed again once their earlier order gave its unit back. Never an oversell: exactly 10 live orders
    // hold the 10 units, and every other order made is one its own buyer replaced.
    const made = answers.filter((a) => a.code === '0000').length;
    expect(made).toBeGreaterThanOrEqual(10);
    expect(answers.filter((a) => a.code !== '0000').every((a) => a.msg === 'Not enough stock')).toBe(true);
    const orders = await db
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select(['orders.status', sql<string | null>`orders.chart->'context'->'cancel'->>'reason'`.as('reason')])
      .where('order_items.sku_id', '=', BigInt(sku))
      .execute();
    expect(orders).toHaveLength(made);
    expect(orders.filter((o) => o.status !== 'canceled')).toHaveLength(10);
    expect(orders.filter((o) => o.status === 'canceled' && o.reason === 'replaced')).toHaveLength(made - 10);
    expect(await stockOf(db, sku)).toBe(0);
    expect(await userId(db, 'demo_seller')).toBeTruthy();
  }, 120_000);
});
