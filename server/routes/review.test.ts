import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../src/domain/codes';
import { formatMoney, parseMoney } from '../../src/domain/money';
import { piWalletOfUser } from '../testing/piWallet';
import type { CheckoutAnswer, OrderView } from '../../src/domain/types/commerce';
import type { WithdrawableAnswer } from '../../src/domain/types/withdrawal';
import { WithdrawalRules } from '../../src/domain/withdrawal';
import { ApiCaller, type Answer } from '../testing/apiClient';
import { insertAddress, insertProduct, ledgerIsBalanced, userId } from '../testing/commerceFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';
import { accountBalance, Accounts } from '../services/ledger';

/**
 * Money moves only after a review (issue 24): the balance and wallet-app payments and the withdrawal
 * take the amount and fee their review sheet showed, and a changed figure moves nothing (4091 with the
 * server's figures). A client from before the review sheet, which sends no figure, pays as before.
 */
let server: TestServer;
let buyer: ApiCaller;
let stranger: ApiCaller;

beforeAll(async () => {
  server = await startTestServer();
  buyer = new ApiCaller(server.url, server.clock.now);
  stranger = new ApiCaller(server.url, server.clock.now);
  await buyer.loginAs('demo_buyer');
  await stranger.loginAs('demo_seller2');
  await server.deps.db.updateTable('users').set({ email: 'buyer@example.com' }).where('username', '=', 'demo_buyer').execute();
});
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  expect(await ledgerIsBalanced(server.deps.db)).toBe(true);
});

const key = () => crypto.randomBytes(12).toString('hex');
const balanceOf = async (username: string) => accountBalance(server.deps.db, Accounts.user(await userId(server.deps.db, username)));
const statusOf = async (id: string) => (await buyer.get<OrderView>(`/api/commodity/orders/detail?id=${id}`)).object.status;

/** An unpaid order of demo_buyer: 4 + 1 shipping = 5. */
async function unpaidOrder(): Promise<string> {
  const addressId = await insertAddress(server.deps.db, 'demo_buyer');
  const p = await insertProduct(server.deps.db, { seller: 'demo_seller', price: '4', shippingFee: '1' });
  const placed = await buyer.post<CheckoutAnswer>('/api/commodity/orders/submit', { idempotencyKey: key(), items: [{ productId: p.productId, skuId: p.skuIds[0] ?? '', quantity: 1 }], addressId, paymentMethod: 'balance' });
  expect(placed.code, placed.msg).toBe('0000');
  expect(placed.object.total).toBe('5');
  return placed.object.orders[0]?.id ?? '';
}

describe('the review step cannot be skipped', () => {
  it('a balance payment with another amount than the orders cost moves nothing; the reviewed amount pays', async () => {
    const id = await unpaidOrder();
    const before = await balanceOf('demo_buyer');
    const changed = await buyer.post<{ field: string; amount: string }>('/api/pay/balance', { orderIds: [id], amount: '4.9' });
    expect(changed.code).toBe(ResponseCode.reviewChanged);
    expect(changed.msg).toBe('The amount changed after you reviewed it. Nothing was paid: review the new amount.');
    expect(changed.object).toEqual({ field: 'amount', amount: '5' });
    expect(await balanceOf('demo_buyer')).toBe(before);
    expect(await statusOf(id)).toBe('unpaid');
    // Not a number: a field error, not a payment.
    expect((await buyer.post('/api/pay/balance', { orderIds: [id], amount: 'five' })).code).toBe(ResponseCode.invalidField);
    // Another person's order, even with its right amount: not theirs.
    expect((await stranger.post('/api/pay/balance', { orderIds: [id], amount: '5' })).code).toBe(ResponseCode.notFound);
    expect(await statusOf(id)).toBe('unpaid');

    const paid = await buyer.post('/api/pay/balance', { orderIds: [id], amount: '5.0000000' });
    expect(paid.code, paid.msg).toBe('0000');
    expect(await balanceOf('demo_buyer')).toBe(before - parseMoney('5'));
    expect(await statusOf(id)).toBe('paid');
  });

  it('a client from before the review sheet (no amount) still pays what the orders cost', async () => {
    const id = await unpaidOrder();
    const before = await balanceOf('demo_buyer');
    expect((await buyer.post('/api/pay/balance', { orderIds: [id] })).code).toBe('0000');
    expect(await balanceOf('demo_buyer')).toBe(before - parseMoney('5'));
  });

  it('a wallet-app payment with a changed amount moves nothing, even with the right password', async () => {
    const id = await unpaidOrder();
    const walletBefore = (await buyer.get<{ balance: string }>('/api/wallet/wallet/getUserBalance')).object.balance;
    const changed = await buyer.post('/api/pay/wallet', { orderIds: [id], password: '123456', amount: '50' });
    expect(changed.code).toBe(ResponseCode.reviewChanged);
    expect((await buyer.get<{ balance: string }>('/api/wallet/wallet/getUserBalance')).object.balance).toBe(walletBefore);
    expect(await statusOf(id)).toBe('unpaid');
    const paid = await buyer.post('/api/pay/wallet', { orderIds: [id], password: '123456', amount: '5' });
    expect(paid.code, paid.msg).toBe('0000');
    expect(await statusOf(id)).toBe('paid');
  });

  it('a withdrawal whose reviewed fee is not the fee charged reserves nothing; the reviewed fee goes through', async () => {
    const url = '/api/wallet/wallet/pcm/startWithdrawalPcm';
    const start = async (fields: Record<string, string>) =>
      (await buyer.raw('POST', url, { headers: buyer.headersFor('POST', url), body: new URLSearchParams(fields).toString(), contentType: 'application/x-www-form-urlencoded' })) as Answer<{ field: string; fee: string }>;
    const { wallets } = (await (await fetch(`${server.url}/sandbox/api/wallets`)).json()) as { wallets: { uid: string; username: string }[] };
    const uid = wallets.find((w) => w.username === 'demo_buyer')?.uid;
    const { accessToken } = (await (await fetch(`${server.url}/sandbox/api/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ uid }) })).json()) as { accessToken: string };
    expect((await buyer.post('/api/wallet/withdraw/reauthenticate', { accessToken })).code).toBe('0000');

    // The form learns, when it opens, that the fresh authentication is still valid and until when.
    const info = (await buyer.get<WithdrawableAnswer>('/api/commodity/userPermission/isUserWithdrawable')).object;
    expect(Date.parse(info.freshAuthUntil ?? '')).toBe(server.clock.now() + WithdrawalRules.reauthWindow);
    expect(info.knownAddresses).toEqual([]);

    server.clock.advance(61_000);
    expect((await buyer.post('/api/wallet/withdraw/sendCode')).code).toBe('0000');
    const mail = await server.deps.db.selectFrom('outbox').select('body').where('to_address', '=', 'buyer@example.com').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(mail.body)?.[1] ?? '';
    const to = await piWalletOfUser(server.deps.db, 'demo_buyer'); // the only address the platform pays (issue 34)
    const before = await balanceOf('demo_buyer');
    const fields = { address: to, confirmAddress: to, amount: '3', code, keySaved: 'true' };
    const changed = await start({ ...fields, fee: '0.001' });
    expect(changed.code).toBe(ResponseCode.reviewChanged);
    expect(changed.object).toEqual({ field: 'fee', amount: '3', fee: formatMoney(WithdrawalRules.fee) });
    expect(await balanceOf('demo_buyer')).toBe(before);
    expect(await server.deps.db.selectFrom('withdrawals').select('id').where('address', '=', to).execute()).toEqual([]);

    const done = await start({ ...fields, fee: formatMoney(WithdrawalRules.fee) });
    expect(done.code, done.msg).toBe('0000');
    expect(await balanceOf('demo_buyer')).toBe(before - parseMoney('3') - WithdrawalRules.fee);
    // Used once: the next withdrawal to it needs no fresh authentication, and the form knows it.
    const after = (await buyer.get<WithdrawableAnswer>('/api/commodity/userPermission/isUserWithdrawable')).object;
    expect(after.knownAddresses).toEqual([to]);
  });
});
