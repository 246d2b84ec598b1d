import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, parseMoney } from '../../src/domain/money';
import type { Db } from '../db/database';
import { demoUsers } from '../db/seedData';
import { createPlatformClient, PlatformError, type PlatformClient, type PlatformPayment } from '../platform/client';
import { startTestServer, type TestServer } from '../testing/testServer';
import { accessTokenLifetime, appOpeningBalance, appUid, newWalletBalance } from './ledger';

/**
 * The sandbox platform and host API through the real HTTP stack: createApi in sandbox mode on a fresh
 * database (PGlite, or PostgreSQL under TEST_DB=postgres), served on a free port and called by the
 * product's own platform client over HTTP.
 */

const demoBuyer = demoUsers[0]!;

describe('sandbox platform', () => {
  let server: TestServer;
  let db: Db;
  let base = '';
  let apiKey = '';
  let platform: PlatformClient;

  beforeAll(async () => {
    server = await startTestServer();
    db = server.deps.db;
    base = server.url;
    apiKey = server.deps.config.piApiKey;
    platform = server.deps.platform;
  });

  afterAll(async () => {
    await server.close();
  });

  // ------------------------------------------------------------ helpers

  async function call(method: string, path: string, options: { body?: unknown; rawBody?: string; auth?: string } = {}) {
    const headers: Record<string, string> = {};
    if (options.auth) headers.Authorization = options.auth;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${base}${path}`, { method, headers, body });
    const text = await res.text();
    return { status: res.status, text, json: JSON.parse(text) as Record<string, unknown> };
  }

  const host = (method: string, path: string, body?: unknown) => call(method, `/sandbox/api${path}`, body === undefined ? {} : { body });
  const key = () => `Key ${apiKey}`;

  async function newUser(prefix = 'u'): Promise<{ uid: string; username: string; accessToken: string }> {
    const username = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
    const created = await host('POST', '/wallets', { username });
    expect(created.status).toBe(201);
    const auth = await host('POST', '/auth', { uid: created.json.uid });
    expect(auth.status).toBe(200);
    return { uid: String(created.json.uid), username, accessToken: String(auth.json.accessToken) };
  }

  async function balanceOf(uid: string): Promise<bigint> {
    const row = await db.selectFrom('sandbox_wallets').select('balance').where('uid', '=', uid).executeTakeFirstOrThrow();
    return row.balance;
  }

  async function totalCoins(): Promise<bigint> {
    const row = await db.selectFrom('sandbox_wallets').select(sql<string>`coalesce(sum(balance), 0)::text`.as('total')).executeTakeFirstOrThrow();
    return BigInt(row.total);
  }

  async function transactionsOf(identifier: string) {
    return db.selectFrom('sandbox_transactions').selectAll().where('payment_identifier', '=', identifier).execute();
  }

  async function createUserPayment(accessToken: string, amount: string, memo = 'test order') {
    const res = await host('POST', '/payments', { accessToken, amount, memo, metadata: { orderId: 'o-1' } });
    expect(res.status, res.text).toBe(201);
    return res.json as unknown as PlatformPayment;
  }

  async function refusal(promise: Promise<unknown>): Promise<{ status: number; error: string; message: string }> {
    try {
      await promise;
    } catch (error) {
      if (error instanceof PlatformError) {
        const body = JSON.parse(error.body) as { error: string; error_message: string };
        return { status: error.status, error: body.error, message: body.error_message };
      }
      throw error;
    }
    throw new Error('expected the platform to refuse');
  }

  // ------------------------------------------------------------ /v2/me

  describe('GET /v2/me', () => {
    it('answers the user of a valid access token', async () => {
      const auth = await host('POST', '/auth', { uid: demoBuyer.piUid });
      expect(auth.json.user).toEqual({ uid: demoBuyer.piUid, username: demoBuyer.username });
      const me = await platform.me(String(auth.json.accessToken));
      // The host's login asks the wallet_address scope, so the platform also names the person's Pi wallet (issue 34).
      expect(me).toEqual({ uid: demoBuyer.piUid, username: demoBuyer.username, wallet_address: expect.stringMatching(/^G[A-Z2-7]{55}$/) });
    });

    it('refuses unknown, missing and expired tokens with 401', async () => {
      expect(await refusal(platform.me('no-such-token'))).toMatchObject({ status: 401, error: 'invalid_access_token' });
      const missing = await call('GET', '/sandbox/platform/v2/me');
      expect(missing.status).toBe(401);
      expect(missing.json.error).toBe('unauthorized');
      const keyInstead = await call('GET', '/sandbox/platform/v2/me', { auth: key() });
      expect(keyInstead.status).toBe(401);

      const auth = await host('POST', '/auth', { uid: demoBuyer.piUid });
      const token = String(auth.json.accessToken);
      const issuedAt = server.clock.now();
      server.clock.advance(accessTokenLifetime - 1);
      expect((await platform.me(token)).uid).toBe(demoBuyer.piUid);
      server.clock.advance(2);
      expect(await refusal(platform.me(token))).toMatchObject({ status: 401, error: 'invalid_access_token' });
      server.clock.set(issuedAt);
    });
  });

  // ------------------------------------------------------------ key

  describe('server API key', () => {
    it('is required on every payment endpoint', async () => {
      const user = await newUser('key');
      const payment = await createUserPayment(user.accessToken, '1');
      const id = encodeURIComponent(payment.identifier);
      const endpoints: [string, string, unknown?][] = [
        ['GET', `/sandbox/platform/v2/payments/${id}`],
        ['POST', `/sandbox/platform/v2/payments/${id}/approve`, {}],
        ['POST', `/sandbox/platform/v2/payments/${id}/complete`, { txid: 'x' }],
        ['POST', `/sandbox/platform/v2/payments/${id}/cancel`, {}],
        ['GET', '/sandbox/platform/v2/payments/incomplete_server_payments'],
        ['POST', '/sandbox/platform/v2/payments', { payment: { amount: 1, memo: 'm', metadata: {}, uid: user.uid } }],
      ];
      for (const [method, path, body] of endpoints) {
        for (const auth of [undefined, 'Key wrong-key', `Bearer ${user.accessToken}`, apiKey]) {
          const res = await call(method, path, { body, ...(auth ? { auth } : {}) });
          expect(res.status, `${method} ${path} with ${auth ?? 'nothing'}`).toBe(401);
          expect(res.json.error).toBe('unauthorized');
        }
      }
      const wrongKey = createPlatformClient({ baseUrl: `${base}/sandbox/platform`, apiKey: 'wrong' });
      expect((await refusal(wrongKey.getPayment(payment.identifier))).status).toBe(401);
      const unchanged = await platform.getPayment(payment.identifier);
      expect(unchanged.status).toEqual({ developer_approved: false, transaction_verified: false, developer_completed: false, cancelled: false, user_cancelled: false });
    });
  });

  // ------------------------------------------------------------ user to app

  describe('user-to-app payment', () => {
    it('goes create → approve → sign → complete, moving the exact amount once', async () => {
      const user = await newUser('buyer');
      await host('GET', '/wallets');
      const total = await totalCoins();
      const appBefore = await balanceOf(appUid);

      const created = await createUserPayment(user.accessToken, '12.3456789', 'Order #1');
      expect(created.amount).toBe('12.3456789');
      expect(created.direction).toBe('user_to_app');
      expect(created.user_uid).toBe(user.uid);
      expect(created.transaction).toBeNull();

      const raw = await call('GET', `/sandbox/platform/v2/payments/${created.identifier}`, { auth: key() });
      expect(raw.text).toContain('"amount":12.3456789');
      const seen = await platform.getPayment(created.identifier);
      expect(seen).toMatchObject({ identifier: created.identifier, amount: '12.3456789', memo: 'Order #1', metadata: { orderId: 'o-1' }, user_uid: user.uid, network: 'Pi Testnet' });
      expect(seen.from_address).toMatch(/^G[A-Z2-7]{55}$/);
      expect(seen.to_address).not.toBe(seen.from_address);

      const early = await host('POST', `/payments/${created.identifier}/sign`);
      expect(early.status).toBe(400);
      expect(early.json.error).toBe('payment_not_approved');
      expect(await refusal(platform.completePayment(created.identifier, 'x'))).toMatchObject({ status: 400, error: 'payment_not_approved' });

      const approvals = await Promise.all(Array.from({ length: 10 }, () => platform.approvePayment(created.identifier)));
      for (const a of approvals) expect(a.status.developer_approved).toBe(true);

      expect(await refusal(platform.completePayment(created.identifier, 'x'))).toMatchObject({ status: 400, error: 'transaction_not_found' });

      const signs = await Promise.all(Array.from({ length: 10 }, () => host('POST', `/payments/${created.identifier}/sign`)));
      const txids = new Set(signs.map((s) => (s.json as unknown as PlatformPayment).transaction?.txid));
      expect(signs.every((s) => s.status === 200)).toBe(true);
      expect(txids.size).toBe(1);
      const [txid] = [...txids];
      expect(txid).toMatch(/^[0-9a-f]{64}$/);

      const signed = await platform.getPayment(created.identifier);
      expect(signed.status).toMatchObject({ developer_approved: true, transaction_verified: true, developer_completed: false });
      expect(signed.transaction).toMatchObject({ txid, verified: true });
      expect(signed.transaction?._link).toContain(`/sandbox/platform/transactions/${txid}`);
      const link = await fetch(signed.transaction!._link);
      expect(link.status).toBe(200);
      expect(await link.text()).toContain('"amount":12.3456789');

      expect(await balanceOf(user.uid)).toBe(newWalletBalance - parseMoney('12.3456789'));
      expect(formatMoney(await balanceOf(user.uid))).toBe('987.6543211');
      expect(await balanceOf(appUid)).toBe(appBefore + parseMoney('12.3456789'));

      expect(await refusal(platform.completePayment(created.identifier, 'f'.repeat(64)))).toMatchObject({ status: 400, error: 'txid_mismatch' });
      expect((await platform.getPayment(created.identifier)).status.developer_completed).toBe(false);

      const completions = await Promise.all(Array.from({ length: 10 }, () => platform.completePayment(created.identifier, txid!)));
      for (const done of completions) expect(done.status).toMatchObject({ developer_approved: true, transaction_verified: true, developer_completed: true, cancelled: false });
      expect(await refusal(platform.completePayment(created.identifier, 'a'.repeat(64)))).toMatchObject({ error: 'txid_mismatch' });

      const txs = await transactionsOf(created.identifier);
      expect(txs).toHaveLength(1);
      expect(txs[0]).toMatchObject({ txid, from_uid: user.uid, to_uid: appUid, amount: parseMoney('12.3456789') });
      expect(await totalCoins()).toBe(total);
      expect(await refusal(platform.cancelPayment(created.identifier))).toMatchObject({ status: 400, error: 'payment_completed' });
      expect((await host('POST', `/payments/${created.identifier}/cancel`)).json.error).toBe('payment_completed');
    });

    it('refuses to sign more than the wallet holds, moving nothing', async () => {
      const user = await newUser('poor');
      const total = await totalCoins();
      const payment = await createUserPayment(user.accessToken, '1000.0000001');
      await platform.approvePayment(payment.identifier);
      const res = await host('POST', `/payments/${payment.identifier}/sign`);
      expect(res.status).toBe(400);
      expect(res.json.error).toBe('insufficient_balance');
      expect(await balanceOf(user.uid)).toBe(newWalletBalance);
      expect(await transactionsOf(payment.identifier)).toHaveLength(0);
      expect(await totalCoins()).toBe(total);
      const exact = await createUserPayment(user.accessToken, '1000');
      await platform.approvePayment(exact.identifier);
      expect((await host('POST', `/payments/${exact.identifier}/sign`)).status).toBe(200);
      expect(await balanceOf(user.uid)).toBe(0n);
    });

    it('answers 404 for an unknown payment', async () => {
      expect(await refusal(platform.getPayment('nope'))).toMatchObject({ status: 404, error: 'payment_not_found' });
      expect(await refusal(platform.approvePayment('nope'))).toMatchObject({ status: 404 });
      expect((await host('GET', '/payments/nope')).status).toBe(404);
      expect((await host('POST', '/payments/nope/sign')).status).toBe(404);
    });
  });

  // ------------------------------------------------------------ cancel

  describe('cancel paths', () => {
    it('the person cancels in the wallet: user_cancelled and cancelled; nothing can follow', async () => {
      const user = await newUser('cancel');
      const payment = await createUserPayment(user.accessToken, '5');
      await platform.approvePayment(payment.identifier);
      const res = await host('POST', `/payments/${payment.identifier}/cancel`);
      expect(res.status).toBe(200);
      expect((res.json as unknown as PlatformPayment).status).toMatchObject({ cancelled: true, user_cancelled: true });
      expect((await host('POST', `/payments/${payment.identifier}/cancel`)).status).toBe(200);
      expect((await host('POST', `/payments/${payment.identifier}/sign`)).json.error).toBe('payment_cancelled');
      expect(await refusal(platform.approvePayment(payment.identifier))).toMatchObject({ status: 400, error: 'payment_cancelled' });
      expect(await refusal(platform.completePayment(payment.identifier, 'x'))).toMatchObject({ status: 400, error: 'payment_cancelled' });
      expect((await platform.cancelPayment(payment.identifier)).status.cancelled).toBe(true);
      expect(await balanceOf(user.uid)).toBe(newWalletBalance);
    });

    it('the host gives up waiting for approval: cancelled, not user_cancelled', async () => {
      const user = await newUser('timeout');
      const payment = await createUserPayment(user.accessToken, '5');
      const res = await host('POST', `/payments/${payment.identifier}/cancel`, { reason: 'approval_timeout' });
      expect((res.json as unknown as PlatformPayment).status).toMatchObject({ cancelled: true, user_cancelled: false, developer_approved: false });
    });

    it('the app cancels until completion, idempotently; signing is then refused', async () => {
      const user = await newUser('appcancel');
      const payment = await createUserPayment(user.accessToken, '5');
      await platform.approvePayment(payment.identifier);
      const cancels = await Promise.all(Array.from({ length: 5 }, () => platform.cancelPayment(payment.identifier)));
      for (const c of cancels) expect(c.status).toMatchObject({ cancelled: true, user_cancelled: false });
      expect((await host('POST', `/payments/${payment.identifier}/sign`)).json.error).toBe('payment_cancelled');
      expect(await balanceOf(user.uid)).toBe(newWalletBalance);
    });

    it('the person cannot cancel a payment already signed', async () => {
      const user = await newUser('signed');
      const payment = await createUserPayment(user.accessToken, '5');
      await platform.approvePayment(payment.identifier);
      await host('POST', `/payments/${payment.identifier}/sign`);
      const res = await host('POST', `/payments/${payment.identifier}/cancel`);
      expect(res.status).toBe(400);
      expect(res.json.error).toBe('payment_signed');
    });
  });

  // ------------------------------------------------------------ incomplete

  describe('incomplete payment', () => {
    it('is reported at authentication until the app completes it, and blocks a new payment meanwhile', async () => {
      const user = await newUser('incomplete');
      const first = await host('POST', '/auth', { uid: user.uid });
      expect(first.json.incompletePayment).toBeNull();

      const unsigned = await createUserPayment(user.accessToken, '2');
      expect((await host('POST', '/auth', { uid: user.uid })).json.incompletePayment).toBeNull();
      await host('POST', `/payments/${unsigned.identifier}/cancel`);

      const payment = await createUserPayment(user.accessToken, '3.5');
      await platform.approvePayment(payment.identifier);
      const signed = (await host('POST', `/payments/${payment.identifier}/sign`)).json as unknown as PlatformPayment;

      const again = await host('POST', '/auth', { uid: user.uid });
      const reported = again.json.incompletePayment as PlatformPayment;
      expect(reported).toMatchObject({ identifier: payment.identifier, amount: '3.5', transaction: { txid: signed.transaction?.txid } });
      expect(reported.status).toMatchObject({ developer_approved: true, transaction_verified: true, developer_completed: false, cancelled: false });

      const blocked = await host('POST', '/payments', { accessToken: user.accessToken, amount: '1', memo: 'm', metadata: {} });
      expect(blocked.status).toBe(409);
      expect(blocked.json.error).toBe('ongoing_payment_found');

      await platform.completePayment(payment.identifier, signed.transaction!.txid);
      expect((await host('POST', '/auth', { uid: user.uid })).json.incompletePayment).toBeNull();
      await createUserPayment(user.accessToken, '1');
    });
  });

  // ------------------------------------------------------------ app to user

  describe('app-to-user payment', () => {
    it('refuses an unknown recipient and bad amounts', async () => {
      expect(await refusal(platform.createAppToUserPayment({ amount: '1', memo: 'm', metadata: {}, uid: 'nobody' }))).toMatchObject({ status: 404, error: 'user_not_found' });
      expect(await refusal(platform.createAppToUserPayment({ amount: '1', memo: 'm', metadata: {}, uid: appUid }))).toMatchObject({ status: 400 });
      expect(await refusal(platform.createAppToUserPayment({ amount: '0', memo: 'm', metadata: {}, uid: demoBuyer.piUid }))).toMatchObject({ status: 400, error: 'invalid_request' });
      const tooPrecise = await call('POST', '/sandbox/platform/v2/payments', {
        auth: key(),
        rawBody: `{"payment":{"amount":1.00000001,"memo":"m","metadata":{},"uid":"${demoBuyer.piUid}"}}`,
      });
      expect(tooPrecise.status).toBe(400);
      expect(String(tooPrecise.json.error_message)).toContain('amount');
    });
  });

  // ------------------------------------------------------------ host API input

  describe('host API', () => {
    it('lists the demo users with decimal-string balances, never the app wallet', async () => {
      const res = await host('GET', '/wallets');
      const wallets = res.json.wallets as { uid: string; username: string; balance: string }[];
      expect(wallets.find((w) => w.username === demoBuyer.username)).toEqual({ uid: demoBuyer.piUid, username: demoBuyer.username, balance: expect.any(String) });
      expect(wallets.some((w) => w.uid === appUid)).toBe(false);
      expect((await balanceOf(appUid)) <= appOpeningBalance + parseMoney('100000')).toBe(true);
    });

    it('creates a wallet with 1000 coins and refuses bad or taken names', async () => {
      const name = `new_${crypto.randomBytes(3).toString('hex')}`;
      const created = await host('POST', '/wallets', { username: name });
      expect(created.status).toBe(201);
      expect(created.json).toMatchObject({ username: name, balance: '1000' });
      const taken = await host('POST', '/wallets', { username: name });
      expect(taken.status).toBe(409);
      expect(taken.json.error).toBe('username_taken');
      for (const username of ['ab', 'Upper', 'has space', 'x'.repeat(33), 'dash-name', '']) {
        const res = await host('POST', '/wallets', { username });
        expect(res.status, username).toBe(400);
        expect(res.json.error_message).toMatch(/^username: must be 3 to 32 characters/);
      }
    });

    it('answers malformed input with 400 and a clear message, never a stack trace', async () => {
      const cases: [string, string, string | undefined, RegExp][] = [
        ['POST', '/sandbox/api/wallets', '{not json', /not valid JSON/],
        ['POST', '/sandbox/api/wallets', undefined, /needs a JSON body/],
        ['POST', '/sandbox/api/wallets', '{"username":5}', /username: expected string/],
        ['POST', '/sandbox/api/wallets', '{"username":"abc","admin":true}', /unknown field: admin/],
        ['POST', '/sandbox/api/wallets', '[]', /body: expected object/],
        ['POST', '/sandbox/api/auth', '{}', /uid: expected string/],
        ['POST', '/sandbox/api/payments', '{"accessToken":"t","amount":"1.12345678","memo":"m","metadata":{}}', /amount: must be a positive amount/],
        ['POST', '/sandbox/api/payments', '{"accessToken":"t","amount":"-1","memo":"m","metadata":{}}', /amount: must be a positive amount/],
        ['POST', '/sandbox/api/payments', '{"accessToken":"t","amount":"1","memo":"m"}', /metadata: expected record/],
        ['POST', '/sandbox/api/payments/x/cancel', '{"reason":"bored"}', /reason: expected one of/],
        ['POST', '/sandbox/platform/v2/payments/x/complete', '{}', /txid: expected string/],
      ];
      for (const [method, path, rawBody, message] of cases) {
        const res = await call(method, path, { ...(rawBody === undefined ? {} : { rawBody }), auth: key() });
        expect(res.status, `${path} ${rawBody ?? ''}`).toBe(400);
        expect(res.json.error).toBe('invalid_request');
        expect(String(res.json.error_message)).toMatch(message);
        expect(res.text).not.toMatch(/\bat .*\.ts:\d+/);
      }
      const token = await host('POST', '/payments', { accessToken: 'nope', amount: '1', memo: 'm', metadata: {} });
      expect(token.status).toBe(401);
      expect((await host('POST', '/auth', { uid: appUid })).status).toBe(404);
      const unknown = await call('GET', '/sandbox/api/nothing-here');
      expect(unknown.status).toBe(404);
      expect(unknown.json.error).toBe('not_found');
    });
  });
});
