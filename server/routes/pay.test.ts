import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutRules } from '../../src/domain/checkout';
import type { CheckoutAnswer, CoinPaymentStart, OrderView, PayResult, TransactionView, WalletAppBalance } from '../../src/domain/types/commerce';
import type { UserInfo } from '../../src/domain/types/user';
import type { PlatformPayment } from '../platform/client';
import { ApiCaller } from '../testing/apiClient';
import { insertAddress, insertProduct, ledgerIsBalanced } from '../testing/commerceFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';
import { timerHandlers } from '../timers/handlers';
import { runDueTimers } from '../timers/timers';
import { InFlightPayment } from '../services/paymentsInFlight';

let server: TestServer;
let buyer: ApiCaller;
let stranger: ApiCaller;

beforeAll(async () => {
  server = await startTestServer();
  buyer = new ApiCaller(server.url, server.clock.now);
  stranger = new ApiCaller(server.url, server.clock.now);
  await buyer.loginAs('demo_buyer');
  await stranger.loginAs('demo_seller2');
});
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  expect(await ledgerIsBalanced(server.deps.db)).toBe(true);
});

const key = () => crypto.randomBytes(12).toString('hex');

/** The sandbox host, as the browser's window.Pi would drive it for one person. */
async function host<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.url}/sandbox/api${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as T };
}

async function hostLogin(username: string): Promise<{ accessToken: string; incompletePayment: PlatformPayment | null }> {
  const { body } = await host<{ wallets: { uid: string; username: string }[] }>('GET', '/wallets');
  const uid = body.wallets.find((w) => w.username === username)?.uid;
  return (await host<{ accessToken: string; incompletePayment: PlatformPayment | null }>('POST', '/auth', { uid })).body;
}

async function placeOrders(sellers: string[] = ['demo_seller'], price = '4'): Promise<CheckoutAnswer> {
  const addressId = await insertAddress(server.deps.db, 'demo_buyer');
  const items = [];
  for (const seller of sellers) {
    const p = await insertProduct(server.deps.db, { seller, price, shippingFee: '1' });
    items.push({ productId: p.productId, skuId: p.skuIds[0], quantity: 1 });
  }
  const answer = await buyer.post<CheckoutAnswer>('/api/commodity/orders/submit', { idempotencyKey: key(), items, addressId, paymentMethod: 'coin' });
  expect(answer.code).toBe('0000');
  return answer.object;
}

async function hostPayment(start: CoinPaymentStart, amount = start.amount): Promise<PlatformPayment> {
  const { accessToken } = await hostLogin('demo_buyer');
  const created = await host<PlatformPayment>('POST', '/payments', { accessToken, amount, memo: start.memo, metadata: start.metadata });
  expect(created.status).toBe(201);
  return created.body;
}

const coinEntries = async (ref: string) => server.deps.db.selectFrom('ledger_entries').select('txn_id').where('reference', '=', `payment:${ref}`).groupBy('txn_id').execute();

describe('paying with the coin', () => {
  it('approves after checking the platform, completes once for ten approvals and ten completions', async () => {
    const checkout = await placeOrders(['demo_seller', 'demo_seller2']);
    const orderIds = checkout.orders.map((o) => o.id);
    const start = await buyer.post<CoinPaymentStart>('/api/pay/coin/create', { orderIds });
    expect(start.object.amount).toBe(checkout.total);
    const payment = await hostPayment(start.object);

    const approvals = await Promise.all(Array.from({ length: 10 }, () => buyer.post<PayResult>('/api/pay/coin/approve', { paymentId: payment.identifier })));
    expect(approvals.map((a) => a.code)).toEqual(Array(10).fill('0000'));
    const signed = await host<PlatformPayment>('POST', `/payments/${payment.identifier}/sign`);
    const txid = signed.body.transaction?.txid ?? '';
    expect(txid).not.toBe('');

    // A txid the platform does not know is refused; nothing moves.
    expect((await buyer.post('/api/pay/coin/complete', { paymentId: payment.identifier, txid: 'f'.repeat(64) })).code).toBe('4001');
    expect(await coinEntries(start.object.paymentRef)).toHaveLength(0);

    const completions = await Promise.all(Array.from({ length: 10 }, () => buyer.post<PayResult>('/api/pay/coin/complete', { paymentId: payment.identifier, txid })));
    expect(completions.map((a) => [a.code, a.object.status])).toEqual(Array(10).fill(['0000', 'completed']));
    expect(await coinEntries(start.object.paymentRef)).toHaveLength(1);

    for (const id of orderIds) {
      const order = await buyer.get<OrderView>(`/api/commodity/orders/detail?id=${id}`);
      expect(order.object).toMatchObject({ status: 'paid', statusCode: 9, paymentMethod: 'coin' });
      expect(order.object.paidAmount).toBe(order.object.totalAmount);
    }
    const platform = await server.deps.platform.getPayment(payment.identifier);
    expect(platform.status.developer_completed).toBe(true);
    // Paying a paid order again is refused.
    expect((await buyer.post('/api/pay/coin/create', { orderIds })).code).toBe('4001');
    const row = await server.deps.db.selectFrom('payments').selectAll().where('id', '=', BigInt(start.object.paymentRef)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ payment_id: payment.identifier, txid, status: 'completed' });
  });

  it('refuses a payment whose amount differs from the order', async () => {
    const checkout = await placeOrders();
    const start = await buyer.post<CoinPaymentStart>('/api/pay/coin/create', { orderIds: checkout.orders.map((o) => o.id) });
    const payment = await hostPayment(start.object, '0.01');
    const approve = await buyer.post('/api/pay/coin/approve', { paymentId: payment.identifier });
    expect([approve.code, approve.msg]).toEqual(['4001', 'The payment amount does not match the order']);
    expect((await server.deps.platform.getPayment(payment.identifier)).status.developer_approved).toBe(false);
  });

  it("refuses another user's order and another user's payment", async () => {
    const checkout = await placeOrders();
    const orderIds = checkout.orders.map((o) => o.id);
    expect((await stranger.post('/api/pay/coin/create', { orderIds })).code).toBe('4004');
    expect((await stranger.post('/api/pay/balance', { orderIds })).code).toBe('4004');
    expect((await stranger.post('/api/pay/wallet', { orderIds, password: '123456' })).code).toBe('4003');
    expect((await stranger.get(`/api/commodity/orders/detail?id=${orderIds[0]}`)).code).toBe('4004');
    const start = await buyer.post<CoinPaymentStart>('/api/pay/coin/create', { orderIds });
    const payment = await hostPayment(start.object);
    expect((await stranger.post('/api/pay/coin/approve', { paymentId: payment.identifier })).code).toBe('4003');
    expect((await buyer.post('/api/pay/coin/approve', { paymentId: payment.identifier })).code).toBe('0000');
    const signed = await host<PlatformPayment>('POST', `/payments/${payment.identifier}/sign`);
    expect((await stranger.post('/api/pay/coin/complete', { paymentId: payment.identifier, txid: signed.body.transaction?.txid })).code).toBe('4003');
    expect((await buyer.post('/api/pay/coin/complete', { paymentId: payment.identifier, txid: signed.body.transaction?.txid })).code).toBe('0000');
  });

  it('closes a payment the person cancelled in the wallet; the order stays payable', async () => {
    const checkout = await placeOrders();
    const orderIds = checkout.orders.map((o) => o.id);
    const start = await buyer.post<CoinPaymentStart>('/api/pay/coin/create', { orderIds });
    const payment = await hostPayment(start.object);
    // Not cancelled on the platform: the client's word is not enough.
    expect((await buyer.post('/api/pay/coin/cancel', { paymentId: payment.identifier })).code).toBe('4001');
    await buyer.post('/api/pay/coin/approve', { paymentId: payment.identifier });
    await host('POST', `/payments/${payment.identifier}/cancel`, { reason: 'user' });
    const cancelled = await buyer.post<PayResult>('/api/pay/coin/cancel', { paymentId: payment.identifier });
    expect(cancelled.object.status).toBe('cancelled');
    expect((await buyer.post('/api/pay/coin/complete', { paymentId: payment.identifier, txid: 'x' })).code).toBe('4001');
    expect((await buyer.get<OrderView>(`/api/commodity/orders/detail?id=${orderIds[0]}`)).object.status).toBe('unpaid');
    expect((await buyer.post('/api/pay/coin/create', { orderIds })).code).toBe('0000');
  });

  it('settles an incomplete payment found at login: completes a signed one, then new payments are possible', async () => {
    const checkout = await placeOrders();
    const orderIds = checkout.orders.map((o) => o.id);
    const start = await buyer.post<CoinPaymentStart>('/api/pay/coin/create', { orderIds });
    const payment = await hostPayment(start.object);
    await buyer.post('/api/pay/coin/approve', { paymentId: payment.identifier });
    await host('POST', `/payments/${payment.identifier}/sign`);
    // The browser closed before completion: the next payment is blocked until the app settles it.
    const { accessToken, incompletePayment } = await hostLogin('demo_buyer');
    expect(incompletePayment?.identifier).toBe(payment.identifier);
    expect((await host('POST', '/payments', { accessToken, amount: '1', memo: 'x', metadata: {} })).status).toBe(409);
    const settled = await buyer.post<PayResult>('/api/pay/coin/incomplete', { paymentId: payment.identifier });
    expect(settled.object.status).toBe('completed');
    expect((await buyer.post<PayResult>('/api/pay/coin/incomplete', { paymentId: payment.identifier })).object.status).toBe('completed');
    expect(await coinEntries(start.object.paymentRef)).toHaveLength(1);
    expect((await buyer.get<OrderView>(`/api/commodity/orders/detail?id=${orderIds[0]}`)).object.status).toBe('paid');
    expect((await hostLogin('demo_buyer')).incompletePayment).toBeNull();
    expect((await stranger.post('/api/pay/coin/incomplete', { paymentId: payment.identifier })).code).toBe('4003');
  });

  it('credits the balance when the order expired before the coins arrived', async () => {
    const checkout = await placeOrders();
    const orderIds = checkout.orders.map((o) => o.id);
    const before = (await buyer.get<UserInfo>('/api/users/user/getUserInfo')).object.balance;
    const start = await buyer.post<CoinPaymentStart>('/api/pay/coin/create', { orderIds });
    const payment = await hostPayment(start.object);
    await buyer.post('/api/pay/coin/approve', { paymentId: payment.identifier });
    const signed = await host<PlatformPayment>('POST', `/payments/${payment.identifier}/sign`);
    // While its payment is in flight the order waits past its window (issue 25); only after a day does it expire.
    await runDueTimers(server.deps.db, timerHandlers, server.clock.now() + CheckoutRules.unpaidWindow + 1);
    expect((await buyer.get<OrderView>(`/api/commodity/orders/detail?id=${orderIds[0]}`)).object.status).toBe('unpaid');
    // A payment in flight for longer than a day no longer holds its order (its approval is made a day old here).
    await server.deps.db.updateTable('payments').set({ updated_at: new Date(server.clock.now() - InFlightPayment.waitAtMostMs) }).where('payment_id', '=', payment.identifier).execute();
    await runDueTimers(server.deps.db, timerHandlers, server.clock.now() + CheckoutRules.unpaidWindow + InFlightPayment.recheckMs + 1);
    expect((await buyer.get<OrderView>(`/api/commodity/orders/detail?id=${orderIds[0]}`)).object.status).toBe('expired');
    expect((await buyer.post('/api/pay/coin/complete', { paymentId: payment.identifier, txid: signed.body.transaction?.txid })).code).toBe('0000');
    const after = (await buyer.get<UserInfo>('/api/users/user/getUserInfo')).object.balance;
    expect(Number(after) - Number(before)).toBeCloseTo(Number(checkout.total), 5);
  });
});

describe('paying from the account balance', () => {
  it('debits the balance with the order marked paid, in one transaction; "Insufficient balance" when short', async () => {
    const checkout = await placeOrders(['demo_seller'], '100');
    const orderIds = checkout.orders.map((o) => o.id);
    const before = (await buyer.get<UserInfo>('/api/users/user/getUserInfo')).object.balance;
    const paid = await buyer.post<PayResult>('/api/pay/balance', { orderIds });
    expect(paid.object.status).toBe('completed');
    const after = (await buyer.get<UserInfo>('/api/users/user/getUserInfo')).object.balance;
    expect(Number(before) - Number(after)).toBeCloseTo(101, 5);
    expect((await buyer.get<OrderView>(`/api/commodity/orders/detail?id=${orderIds[0]}`)).object).toMatchObject({ status: 'paid', paymentMethod: 'balance' });
    expect((await buyer.post('/api/pay/balance', { orderIds })).code).toBe('4001');

    const big = await placeOrders(['demo_seller'], '100000');
    const refused = await buyer.post('/api/pay/balance', { orderIds: big.orders.map((o) => o.id) });
    expect([refused.code, refused.msg]).toEqual(['4001', 'Insufficient balance']);
    expect((await buyer.get<OrderView>(`/api/commodity/orders/detail?id=${big.orders[0]?.id}`)).object.status).toBe('unpaid');

    const moves = await buyer.post<TransactionView[]>('/api/pay/trans/list', { page: 1, size: 50 });
    expect(moves.object.some((m) => m.kind === 'balancePayment' && m.amount === '-101')).toBe(true);
    const trans = await buyer.get<{ method: string; status: string }[]>('/api/commodity/pay/trans?page=1&size=50');
    expect(trans.object.some((t) => t.method === 'balance' && t.status === 'completed')).toBe(true);
    expect((await stranger.get<unknown[]>('/api/commodity/pay/trans')).object.every((t) => t !== null)).toBe(true);
  });

  it('two concurrent balance payments never overdraw', async () => {
    const balance = Number((await buyer.get<UserInfo>('/api/users/user/getUserInfo')).object.balance);
    const half = Math.floor(balance * 0.6);
    const a = await placeOrders(['demo_seller'], String(half));
    const b = await placeOrders(['demo_seller'], String(half));
    const results = await Promise.all([a, b].map((c) => buyer.post('/api/pay/balance', { orderIds: c.orders.map((o) => o.id) })));
    expect(results.map((r) => r.code).sort()).toEqual(['0000', '4001']);
    expect(Number((await buyer.get<UserInfo>('/api/users/user/getUserInfo')).object.balance)).toBeGreaterThanOrEqual(0);
  });
});

describe('paying from the wallet-app balance', () => {
  it('asks the payment password, refuses accounts not merged, and says when the wallet is short', async () => {
    const mine = await buyer.get<WalletAppBalance>('/api/wallet/wallet/getUserBalance');
    expect(mine.object).toMatchObject({ merged: true, username: 'demo_buyer', balance: '500' });
    expect((await buyer.get<WalletAppBalance>('/api/wallet/wallet/getUserBalanceSuucess')).object.balance).toBe('500');
    expect((await buyer.get<WalletAppBalance>('/api/wallet/wallet/pcm/getBalanceByUserName?userName=demo_buyer')).object.balance).toBe('500');
    expect((await buyer.get('/api/wallet/wallet/pcm/getBalanceByUserName?userName=demo_seller2')).code).toBe('4003');
    expect((await stranger.get<WalletAppBalance>('/api/wallet/wallet/getUserBalance')).object).toMatchObject({ merged: false, balance: null });

    const checkout = await placeOrders(['demo_seller'], '9');
    const orderIds = checkout.orders.map((o) => o.id);
    const wrong = await buyer.post('/api/pay/wallet', { orderIds, password: '000000' });
    expect(wrong.msg).toMatch(/^Verification failed/);
    expect((await buyer.post('/api/pay/wallet', { orderIds, password: '12' })).code).toBe('4001');
    const paid = await buyer.post<PayResult>('/api/pay/wallet', { orderIds, password: '123456' });
    expect(paid.object.status).toBe('completed');
    expect((await buyer.get<WalletAppBalance>('/api/wallet/wallet/getUserBalance')).object.balance).toBe('490');
    expect((await buyer.get<OrderView>(`/api/commodity/orders/detail?id=${orderIds[0]}`)).object).toMatchObject({ status: 'paid', paymentMethod: 'wallet' });

    const big = await placeOrders(['demo_seller'], '1000');
    const short = await buyer.post('/api/pay/wallet', { orderIds: big.orders.map((o) => o.id), password: '123456' });
    expect(short.msg).toBe('Wallet balance not enough to pay (use another method)');
    expect((await buyer.get<WalletAppBalance>('/api/wallet/wallet/getUserBalance')).object.balance).toBe('490');
  });
});

describe('refusals', () => {
  it('no token, malformed bodies', async () => {
    const anonymous = new ApiCaller(server.url, server.clock.now);
    for (const path of ['/api/pay/coin/create', '/api/pay/coin/approve', '/api/pay/coin/complete', '/api/pay/balance', '/api/pay/wallet', '/api/pay/trans/list']) {
      expect((await anonymous.post(path, {})).code).toBe('1000');
    }
    expect((await anonymous.get('/api/commodity/pay/trans')).code).toBe('1000');
    expect((await anonymous.get('/api/wallet/wallet/getUserBalance')).code).toBe('1000');
    expect((await buyer.post('/api/pay/coin/create', { orderIds: [] })).code).toBe('4001');
    expect((await buyer.post('/api/pay/coin/create', { orderIds: ['1'], extra: 1 })).code).toBe('4001');
    expect((await buyer.post('/api/pay/coin/approve', { paymentId: 'does-not-exist' })).code).toBe('4004');
    expect((await buyer.post('/api/pay/coin/complete', { paymentId: 'x' })).code).toBe('4001');
    expect((await buyer.raw('POST', '/api/pay/balance', { headers: buyer.headersFor('POST', '/api/pay/balance'), body: 'nope', contentType: 'application/json' })).code).toBe('4000');
  });
});

describe('reconciliation', () => {
  it('settles a signed coin payment nobody completed, once, and cancels unknown server payments', async () => {
    const { reconcilePayments } = await import('../services/payments');
    const checkout = await placeOrders();
    const orderIds = checkout.orders.map((o) => o.id);
    const start = await buyer.post<CoinPaymentStart>('/api/pay/coin/create', { orderIds });
    const payment = await hostPayment(start.object);
    await buyer.post('/api/pay/coin/approve', { paymentId: payment.identifier });
    await host('POST', `/payments/${payment.identifier}/sign`);
    const buyerUid = payment.user_uid;
    const stray = await server.deps.platform.createAppToUserPayment({ amount: '1', memo: 'stray', metadata: {}, uid: buyerUid });
    server.clock.advance(5 * 60_000);
    const first = await reconcilePayments(server.deps);
    expect(first.completed).toBe(1);
    expect(first.cancelled).toBeGreaterThanOrEqual(1);
    expect((await server.deps.platform.getPayment(stray.identifier)).status.cancelled).toBe(true);
    expect((await buyer.get<OrderView>(`/api/commodity/orders/detail?id=${orderIds[0]}`)).object.status).toBe('paid');
    expect(await reconcilePayments(server.deps)).toEqual({ completed: 0, cancelled: 0 });
    expect(await coinEntries(start.object.paymentRef)).toHaveLength(1);
  });
});
