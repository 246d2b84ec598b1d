import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { CheckoutRules } from '../src/domain/checkout';
import { parseMoney } from '../src/domain/money';
import { walletAddress } from './sandbox/ledger';
import type { CheckoutAnswer, CoinPaymentStart, PayResult } from '../src/domain/types/commerce';
import { readConfig } from './config';
import type { PlatformPayment } from './platform/client';
import { setPayoutDriver, createWithdrawal, reviewWithdrawal } from './services/withdrawals';
import { startServer } from './start';
import { ApiCaller } from './testing/apiClient';
import { insertAddress, insertProduct, ledgerIsBalanced } from './testing/commerceFixtures';
import { createTestDatabase } from './testing/testDatabase';
import { testClock } from './testing/testServer';

/**
 * Issue 25, finding 8: a crash in the middle of a coin payment or a payout. The server is stopped
 * (as a crash would leave things), the clock moves past the order's unpaid window, and the server is
 * started again: before any timer fires, the signed payment is settled (the order is paid, not expired
 * and refunded to the balance), an order whose payment is still in flight at the platform is not
 * expired, and a payout whose creation was interrupted is adopted at once (not after its lease).
 */
it('at start: stranded payments settle before the expiry, a payment in flight holds its order, an orphaned payout is adopted', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-recover-'));
  const pg = process.env.TEST_DB === 'postgres' ? await createTestDatabase() : null;
  const clock = testClock();
  const config = { ...readConfig({}), rateLimits: false, port: 0, host: '127.0.0.1', sandbox: true, piApiKey: 'sandbox-key', dataDir, databaseUrl: pg?.url ?? null };
  try {
    let running = await startServer(config, { now: clock.now });
    const host = async <T>(method: string, p: string, body?: unknown): Promise<T> =>
      (await (await fetch(`${running.url}/sandbox/api${p}`, { method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })).json()) as T;
    const db0 = running.deps.db;
    const { wallets } = await host<{ wallets: { uid: string; username: string }[] }>('GET', '/wallets');

    /** An order paid by coin up to approval (the platform holds one open payment a person); `sign`: also signed on the chain. */
    const coinOrder = async (username: string, sign: boolean) => {
      const buyer = new ApiCaller(running.url, clock.now);
      await buyer.loginAs(username);
      const addressId = await insertAddress(db0, username);
      const { accessToken } = await host<{ accessToken: string }>('POST', '/auth', { uid: wallets.find((w) => w.username === username)?.uid });
      const p = await insertProduct(db0, { seller: 'demo_seller', price: '3', shippingFee: '1' });
      const placed = await buyer.post<CheckoutAnswer>('/api/commodity/orders/submit', { idempotencyKey: crypto.randomBytes(12).toString('hex'), items: [{ productId: p.productId, skuId: p.skuIds[0], quantity: 1 }], addressId, paymentMethod: 'coin' });
      const orderId = placed.object.orders[0]?.id ?? '';
      const start = await buyer.post<CoinPaymentStart>('/api/pay/coin/create', { orderIds: [orderId] });
      const payment = await host<PlatformPayment>('POST', '/payments', { accessToken, amount: start.object.amount, memo: start.object.memo, metadata: start.object.metadata });
      const approved = await buyer.post('/api/pay/coin/approve', { paymentId: payment.identifier });
      expect(approved.code, JSON.stringify([payment, approved, start])).toBe('0000');
      if (sign) await host('POST', `/payments/${payment.identifier}/sign`);
      return { orderId, paymentId: payment.identifier };
    };
    const stranded = await coinOrder('demo_buyer', true);
    const inFlight = await coinOrder('demo_seller2', false);

    // A payout interrupted while being created: claimed, created at the platform, its id never kept.
    setPayoutDriver(null);
    const payee = await db0.selectFrom('users').selectAll().where('username', '=', 'demo_buyer').executeTakeFirstOrThrow(); // the one with a balance
    const staff = await db0.selectFrom('users').selectAll().where('username', '=', 'demo_arbiter').executeTakeFirstOrThrow();
    const withdrawalId = await createWithdrawal(running.deps, payee, { address: walletAddress(payee.pi_uid ?? ''), amount: parseMoney('2') });
    await reviewWithdrawal(running.deps, staff, withdrawalId, { decision: 'approve' });
    const orphan = await running.deps.platform.createAppToUserPayment({ amount: '2', memo: 'x', metadata: { withdrawalId: withdrawalId.toString() }, uid: payee.pi_uid ?? '' });
    const restartAt = clock.now() + CheckoutRules.unpaidWindow + 60_000;
    // The crash came a moment before the restart: the claim's lease has not run out.
    await db0.updateTable('withdrawals').set({ payout_claimed_at: new Date(restartAt) }).where('id', '=', withdrawalId).execute();
    await running.close();

    clock.set(restartAt);
    running = await startServer(config, { now: clock.now }); // fires due timers before it answers
    const db = running.deps.db;
    const statusOf = async (id: string) => (await db.selectFrom('orders').select('status').where('id', '=', BigInt(id)).executeTakeFirstOrThrow()).status;
    expect(await statusOf(stranded.orderId)).toBe('paid');
    const settled = await db.selectFrom('payments').select(['status', 'note']).where('payment_id', '=', stranded.paymentId).executeTakeFirstOrThrow();
    expect(settled).toEqual({ status: 'completed', note: null }); // not credited to the balance instead
    expect(await statusOf(inFlight.orderId)).toBe('unpaid');

    // The payment in flight completes now: its order is paid.
    const again = new ApiCaller(running.url, clock.now);
    await again.loginAs('demo_seller2');
    const signed = (await (await fetch(`${running.url}/sandbox/api/payments/${inFlight.paymentId}/sign`, { method: 'POST' })).json()) as PlatformPayment;
    const completed = await again.post<PayResult>('/api/pay/coin/complete', { paymentId: inFlight.paymentId, txid: signed.transaction?.txid ?? '' });
    expect(completed.object.status).toBe('completed');
    expect(await statusOf(inFlight.orderId)).toBe('paid');

    // The orphaned payout was adopted at start, without waiting for its lease.
    let kept: string | null = null;
    for (let i = 0; i < 50 && kept === null; i += 1) {
      kept = (await db.selectFrom('withdrawals').select('payment_id').where('id', '=', withdrawalId).executeTakeFirstOrThrow()).payment_id;
      if (kept === null) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(kept).toBe(orphan.identifier);
    expect(await ledgerIsBalanced(db)).toBe(true);
    await running.close();
  } finally {
    setPayoutDriver(null);
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (pg) await pg.drop().catch(() => undefined);
  }
}, 120_000);
