import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { piWalletOfUser } from './testing/piWallet';
import { Keypair } from '@stellar/stellar-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResponseCode } from '../src/domain/codes';
import { parseMoney } from '../src/domain/money';
import { readConfig } from './config';
import type { Db } from './db/database';
import { operationsRoutes } from './http/operations';
import { closeMediaStore, S3Unavailable, s3Client, s3MediaStore } from './media/store';
import { log } from './observability/log';
import { outsideFailures } from './observability/metrics';
import { createPayoutChain, sandboxWalletSeed, type PayoutOrder } from './platform/chain';
import { createPlatformClient, PlatformError } from './platform/client';
import { checkAppWallet } from './platform/wallet';
import { createWithdrawal, drivePayout, reviewWithdrawal } from './services/withdrawals';
import { startServer } from './start';
import { startFaultProxy, type FaultProxy } from './testing/faultProxy';
import { startTestBucket, type TestBucket } from './testing/s3';
import { createTestDatabase } from './testing/testDatabase';
import { expectedErrors } from './testing/expectedErrors';
import { startTestServer, type TestServer } from './testing/testServer';

/**
 * Issue 34, findings 2 and 5: every call that leaves the process is bounded by its configured time-out, and
 * each failure is one log line and one counter sample with its kind. Each outside protocol is played by a real
 * server (the sandbox Horizon and platform of a test server, s3rver for S3) behind a fault-injecting TCP proxy
 * (server/testing/faultProxy.ts) that hangs, resets or answers slowly.
 */
const timeoutMs = 700;
/** A bounded call ends by its time-out, plus what a loaded machine adds; an unbounded one never would. */
const bound = timeoutMs + 2500;

let server: TestServer;
let bucket: TestBucket;
const proxies: FaultProxy[] = [];

beforeAll(async () => {
  server = await startTestServer({ sandboxConfirmMs: 0 });
  bucket = await startTestBucket();
});
afterAll(async () => {
  for (const p of proxies) await p.close();
  await server?.close();
  await bucket?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function proxyTo(port: () => number): Promise<FaultProxy> {
  const proxy = await startFaultProxy(() => ({ port: port() }));
  proxies.push(proxy);
  return proxy;
}
const serverPort = () => Number(new URL(server.url).port);

async function failures(target: string, kind: string): Promise<number> {
  return (await outsideFailures.get()).values.find((v) => v.labels.target === target && v.labels.kind === kind)?.value ?? 0;
}

/** The warn lines written for failed outside calls of a target while `run` ran. */
async function outsideLines<T>(target: string, run: () => Promise<T>): Promise<{ lines: Record<string, unknown>[]; result: PromiseSettledResult<T>; ms: number }> {
  const warn = vi.spyOn(log, 'warn');
  const started = performance.now();
  const [result] = await Promise.allSettled([run()]);
  const ms = performance.now() - started;
  const lines = warn.mock.calls.map((call) => call[0] as unknown).filter((f): f is Record<string, unknown> => typeof f === 'object' && f !== null && (f as { outside?: unknown }).outside === target);
  warn.mockRestore();
  return { lines, result: result!, ms };
}

describe('Horizon (the sandbox Horizon behind a fault proxy)', () => {
  let proxy: FaultProxy;
  /** A chain through the proxy; a generous time-out where Horizon is meant to answer (the machine is shared and loaded). */
  const chain = (ms = timeoutMs) => createPayoutChain({ seed: sandboxWalletSeed, horizonUrl: () => `${proxy.url}/sandbox/horizon`, timeoutMs: ms });
  beforeAll(async () => {
    proxy = await proxyTo(serverPort);
  });

  it('answers through the proxy when nothing is wrong', async () => {
    proxy.mode = 'pass';
    expect(await chain(20_000).balance('Pi Testnet')).toBeGreaterThan(0n);
  });

  it('a hung Horizon: the balance lookup ends within its time-out, one log line and one count of kind timeout', async () => {
    proxy.mode = 'hang';
    await proxy.cutOpen();
    const before = await failures('horizon', 'timeout');
    const { lines, result, ms } = await outsideLines('horizon', () => chain().balance('Pi Testnet'));
    expect(result.status).toBe('rejected');
    expect(ms).toBeLessThan(bound);
    expect(ms).toBeGreaterThanOrEqual(timeoutMs - 50);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ outside: 'horizon', call: 'loadAccount', kind: 'timeout' });
    expect(await failures('horizon', 'timeout')).toBe(before + 1);
  });

  it('a hung Horizon at submission (the SDK asks for 60 s): the outcome is unknown within the time-out, and the memo search and lookup end too', async () => {
    proxy.mode = 'pass';
    const order: PayoutOrder = { identifier: 'hang-test', to_address: Keypair.random().publicKey(), amount: '1', network: 'Pi Testnet' };
    const signed = await chain(20_000).sign(order, Date.now());
    const c = chain();
    proxy.mode = 'hang';
    await proxy.cutOpen();
    let started = performance.now();
    expect(await c.submit('Pi Testnet', signed.envelope)).toMatchObject({ kind: 'unknown' });
    expect(performance.now() - started).toBeLessThan(bound);
    started = performance.now();
    await expect(c.memoTransactions('Pi Testnet', 'hang-test', 0)).rejects.toThrow();
    await expect(c.transaction('Pi Testnet', signed.hash)).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(2 * bound);
  });

  it('a slow answer (longer than the time-out) is cut at the time-out; a reset is counted as unreachable', async () => {
    proxy.mode = 'slow';
    proxy.delayMs = timeoutMs * 4;
    await proxy.cutOpen();
    const slow = await outsideLines('horizon', () => chain().balance('Pi Testnet'));
    expect(slow.result.status).toBe('rejected');
    expect(slow.ms).toBeLessThan(bound);
    expect(slow.lines).toEqual([expect.objectContaining({ kind: 'timeout' })]);

    proxy.mode = 'reset';
    await proxy.cutOpen(); // a kept-alive connection of the slow answer would be used again
    const before = await failures('horizon', 'unreachable');
    const reset = await outsideLines('horizon', () => chain().balance('Pi Testnet'));
    expect(reset.result.status).toBe('rejected');
    expect(reset.lines).toEqual([expect.objectContaining({ kind: 'unreachable' })]);
    expect(await failures('horizon', 'unreachable')).toBe(before + 1);
    proxy.mode = 'pass';
  });
});

describe('the Pi platform (the sandbox platform behind a fault proxy)', () => {
  let proxy: FaultProxy;
  beforeAll(async () => {
    proxy = await proxyTo(serverPort);
  });

  it('a hung platform: a call ends within its time-out, logged once and counted', async () => {
    proxy.mode = 'hang';
    const platform = createPlatformClient({ baseUrl: () => `${proxy.url}/sandbox/platform`, apiKey: 'sandbox-key', timeoutMs });
    const before = await failures('platform', 'timeout');
    const { lines, result, ms } = await outsideLines('platform', () => platform.incompleteServerPayments());
    expect(result.status).toBe('rejected');
    expect(ms).toBeLessThan(bound);
    expect(lines).toEqual([expect.objectContaining({ outside: 'platform', call: 'incompleteServerPayments', kind: 'timeout' })]);
    expect(await failures('platform', 'timeout')).toBe(before + 1);
    proxy.mode = 'pass';
  });

  it('a wrong PI_API_KEY: the refusal is logged and counted as unauthorized (it used to log nothing)', async () => {
    const platform = createPlatformClient({ baseUrl: `${server.url}/sandbox/platform`, apiKey: 'not-the-key', timeoutMs });
    const before = await failures('platform', 'unauthorized');
    const { lines, result } = await outsideLines('platform', () => platform.getPayment('nope'));
    expect(result.status === 'rejected' && result.reason instanceof PlatformError && result.reason.status).toBe(401);
    expect(lines).toEqual([expect.objectContaining({ call: 'getPayment', kind: 'unauthorized', status: 401 })]);
    expect(JSON.stringify(lines)).not.toContain('not-the-key');
    expect(await failures('platform', 'unauthorized')).toBe(before + 1);
  });
});

describe('the S3 store (s3rver behind a fault proxy)', () => {
  let proxy: FaultProxy;
  const timeouts = { connectMs: timeoutMs, platformMs: timeoutMs, horizonMs: timeoutMs, s3Ms: timeoutMs, smtpMs: timeoutMs };
  const name = `${crypto.createHash('sha256').update('outside').digest('hex')}-card.webp`;
  const store = () => {
    const media = { ...bucket.media, endpoint: proxy.url };
    return s3MediaStore(media, s3Client(media, timeouts), timeoutMs);
  };
  beforeAll(async () => {
    proxy = await proxyTo(() => Number(new URL(bucket.media.endpoint ?? '').port));
  });

  it('a hung store: a read and a write end within the time-out with a clear error, logged and counted', async () => {
    proxy.mode = 'pass';
    const s = store();
    await s.put(name, new Uint8Array([1, 2, 3]));
    expect(await s.has(name)).toBe(true);
    s.close();
    proxy.mode = 'hang';
    await proxy.cutOpen();
    const hung = store();
    const before = await failures('s3', 'timeout');
    const read = await outsideLines('s3', () => hung.has(name));
    expect(read.ms).toBeLessThan(bound);
    expect(read.result.status === 'rejected' && read.result.reason).toBeInstanceOf(S3Unavailable);
    expect(read.lines).toEqual([expect.objectContaining({ outside: 's3', call: 'has', kind: 'timeout' })]);
    const write = await outsideLines('s3', () => hung.put(name, new Uint8Array([1, 2, 3])));
    expect(write.ms).toBeLessThan(bound);
    expect(write.result.status === 'rejected' && write.result.reason).toBeInstanceOf(S3Unavailable);
    expect(await failures('s3', 'timeout')).toBe(before + 2);
    hung.close();
  });

  it('a store that resets connections: a clear error, counted as unreachable', async () => {
    proxy.mode = 'reset';
    const s = store();
    const before = await failures('s3', 'unreachable');
    const { result, ms, lines } = await outsideLines('s3', () => s.open(name));
    expect(result.status).toBe('rejected');
    expect(ms).toBeLessThan(bound);
    expect(lines).toEqual([expect.objectContaining({ call: 'open', kind: 'unreachable' })]);
    expect(await failures('s3', 'unreachable')).toBe(before + 1);
    s.close();
    proxy.mode = 'pass';
  });

  it('a picture URL while the store hangs: 503 with Retry-After and no-store within the time-out, never a 200 with JSON', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-outside-'));
    const app = await startTestServer({ dataDir, media: { ...bucket.media, endpoint: proxy.url, cacheBytes: 0 }, outsideTimeouts: timeouts });
    try {
      proxy.mode = 'hang';
      await proxy.cutOpen();
      const started = performance.now();
      const errors = expectedErrors();
      const res = await fetch(`${app.url}/media/${name}`);
      expect(performance.now() - started).toBeLessThan(bound);
      expect(res.status).toBe(503);
      // The answer's log line: an error (a 5xx), naming the picture.
      expect(errors.lines()).toEqual([{ fields: expect.objectContaining({ path: `/media/${name}`, status: 503 }), msg: expect.any(String) }]);
      errors.stop();
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.headers.get('content-type') ?? '').not.toContain('json');
      proxy.mode = 'pass';
      const missing = await fetch(`${app.url}/media/${'0'.repeat(64)}-card.webp`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get('cache-control')).toBe('no-store');
    } finally {
      proxy.mode = 'pass';
      closeMediaStore(app.deps.config);
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('unexpected errors', () => {
  it('a thrown error in a route is HTTP 500 with the SPEC body (code 5000), logged, never a stack', async () => {
    const db = server.deps.db;
    const broken = new Proxy(db, {
      get() {
        throw new Error('database gone (test)');
      },
    }) as Db;
    const errors = expectedErrors();
    server.deps.db = broken;
    try {
      const res = await fetch(`${server.url}/api/commodity/product/detail?id=1`);
      expect(res.status).toBe(500);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = (await res.json()) as { code: string; msg: string; object: unknown };
      expect(body.code).toBe(ResponseCode.serverError);
      expect(body.msg).not.toMatch(/database gone|at .*\.ts/);
      expect(body.object).toBeNull();
      const picture = await fetch(`${server.url}/media/${'1'.repeat(64)}-card.webp`);
      expect(picture.status).toBe(500);
      expect(picture.headers.get('cache-control')).toBe('no-store');
      expect(errors.lines().some((line) => line.msg.includes('request failed'))).toBe(true);
    } finally {
      server.deps.db = db;
      errors.stop();
    }
  });
});

describe('what an operator sees', () => {
  it('/metrics carries the outside failures by target and kind', async () => {
    const ops = operationsRoutes({ draining: () => false, checks: async () => ({ database: true }) }, 'metrics-token');
    const text = await (await ops.request('/metrics', { headers: { Authorization: 'Bearer metrics-token' } })).text();
    expect(text).toMatch(/^coin_mall_outside_failures_total\{target="horizon",kind="timeout"\} [1-9]/m);
    expect(text).toMatch(/^coin_mall_outside_failures_total\{target="platform",kind="unauthorized"\} [1-9]/m);
    expect(text).toMatch(/^coin_mall_outside_failures_total\{target="s3",kind="timeout"\} [1-9]/m);
  });

  it('the app wallet check: the sandbox wallet is ready; a seed without an account, or another wallet than the platform pays from, is not', async () => {
    const good = await checkAppWallet({ chain: server.deps.chain, platform: server.deps.platform, network: 'Pi Testnet' });
    expect(good).toMatchObject({ ready: true, reason: null });
    const stranger = Keypair.random();
    const missing = createPayoutChain({ seed: stranger.secret(), horizonUrl: () => `${server.url}/sandbox/horizon` });
    const errors = expectedErrors();
    const check = await checkAppWallet({ chain: missing, platform: server.deps.platform, network: 'Pi Testnet' });
    expect(check.ready).toBe(false);
    expect(check.reason).toContain('does not exist');
    expect(check.reason).toContain(stranger.publicKey());
    expect(check.reason).not.toContain(stranger.secret());
    expect(errors.lines()).toEqual([{ fields: expect.objectContaining({ check: 'appWallet', address: stranger.publicKey() }), msg: expect.stringContaining('payouts not ready') }]);
    // The platform pays from the sandbox wallet: a payout of another seed is refused before it is signed.
    const order: PayoutOrder & { from_address: string } = { identifier: 'x', to_address: Keypair.random().publicKey(), amount: '1', network: 'Pi Testnet', from_address: Keypair.random().publicKey() };
    await expect(server.deps.chain.sign(order, Date.now())).rejects.toThrow(/the platform pays from/);
    expect(errors.lines().at(-1)?.msg).toContain('payout not signed');
    errors.stop();
  });

  it('a server whose wallet seed has no account on the (sandbox) Horizon: /readyz says not ready for payouts, and why', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-wallet-'));
    const stranger = Keypair.random();
    const pg = process.env.TEST_DB === 'postgres' ? await createTestDatabase() : null;
    const config = { ...readConfig({}), rateLimits: false, port: 0, host: '127.0.0.1', sandbox: true, piApiKey: 'sandbox-key', dataDir, databaseUrl: pg?.url ?? null, piWalletSeed: stranger.secret() };
    const errors = expectedErrors();
    const running = await startServer(config);
    try {
      let body = null as { ready: boolean; payouts: { ready: boolean; reason: string | null } } | null;
      for (let i = 0; i < 100; i += 1) {
        const res = await fetch(`${running.url}/readyz`);
        body = (await res.json()) as typeof body;
        if (body?.payouts.reason && !body.payouts.reason.includes('being checked')) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(body?.payouts.ready).toBe(false);
      expect(body?.payouts.reason).toContain('does not exist');
      expect(body?.payouts.reason).toContain(stranger.publicKey());
      expect(errors.lines().map((line) => line.msg)).toEqual([expect.stringContaining('payouts not ready')]);
    } finally {
      errors.stop();
      await running.close();
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('payouts while Horizon hangs', () => {
  it('a payout step against a hung Horizon ends within the time-out (it used to hold the pump for ever); once Horizon answers, that payout and the next one go', async () => {
    let app: TestServer | null = null;
    const proxy = await proxyTo(() => Number(new URL(app?.url ?? 'http://127.0.0.1:9').port));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-payout-'));
    app = await startTestServer({ dataDir, sandboxConfirmMs: 0, piHorizonUrl: `${proxy.url}/sandbox/horizon`, outsideTimeouts: { connectMs: timeoutMs, platformMs: 10_000, horizonMs: timeoutMs, s3Ms: timeoutMs, smtpMs: timeoutMs } });
    try {
      const buyer = await app.deps.db.selectFrom('users').selectAll().where('username', '=', 'demo_buyer').executeTakeFirstOrThrow();
      const staff = await app.deps.db.selectFrom('users').selectAll().where('username', '=', 'demo_arbiter').executeTakeFirstOrThrow();
      const approved = async () => {
        // To the person's own Pi wallet: the only address a payout may go to (issue 34, finding 1).
        const id = await createWithdrawal(app!.deps, buyer, { address: await piWalletOfUser(app!.deps.db, 'demo_buyer'), amount: parseMoney('2') });
        await reviewWithdrawal(app!.deps, staff, id, { decision: 'approve' });
        return id;
      };
      const paidOut = async (id: bigint) => {
        let stage = '';
        for (let round = 0; round < 5 && stage !== 'success'; round += 1) stage = await drivePayout(app!.deps, id);
        return stage;
      };
      const first = await approved();
      proxy.mode = 'hang';
      const started = performance.now();
      expect(await drivePayout(app.deps, first)).toBe('payingOut');
      expect(performance.now() - started).toBeLessThan(3 * bound);
      proxy.mode = 'pass';
      await proxy.cutOpen();
      expect(await paidOut(first)).toBe('success');
      expect(await paidOut(await approved())).toBe('success');
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
