import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { parseMoney } from '../src/domain/money';
import { readConfig } from './config';
import { log } from './observability/log';
import { walletAddress } from './sandbox/ledger';
import { demoTopUp } from './services/ledger';
import { createWithdrawal, pumpPayouts, reviewWithdrawal } from './services/withdrawals';
import { startServer } from './start';
import type { Deps } from './deps';
import { startFaultProxy } from './testing/faultProxy';
import { createTestDatabase } from './testing/testDatabase';
import { startTestServer } from './testing/testServer';

/**
 * Issue 36: a passing run printed "payout failed … driver has already been destroyed": a payout started by a
 * request, a timer or the start's resume was still running when its server closed the database. Jobs now stop
 * before the database closes (server/start.ts close, the test server's close): no new payout starts, the one
 * in hand finishes its step.
 */
afterEach(() => {
  vi.restoreAllMocks();
});

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Approves a 2-coin withdrawal for demo_buyer: its payout is ready to go. */
async function approvedPayout(deps: Deps): Promise<bigint> {
  const user = await deps.db.selectFrom('users').selectAll().where('username', '=', 'demo_buyer').executeTakeFirstOrThrow();
  const staff = await deps.db.selectFrom('users').selectAll().where('username', '=', 'demo_arbiter').executeTakeFirstOrThrow();
  await demoTopUp(deps.db, user.id, parseMoney('5'));
  const id = await createWithdrawal(deps, user, { address: walletAddress(user.pi_uid ?? ''), amount: parseMoney('2') });
  await reviewWithdrawal(deps, staff, id, { decision: 'approve' });
  return id;
}

/** The payouts pumped in the background; answers how the pump ended. */
function payoutUnderWay(deps: Deps): Promise<string> {
  return pumpPayouts(deps).then(
    () => 'ended',
    (error: unknown) => `failed: ${String(error)}`,
  );
}

/** The error lines the payout job logged. */
function payoutErrors(): () => unknown[] {
  const spy = vi.spyOn(log, 'error');
  return () => spy.mock.calls.map((call) => call[0]).filter((fields) => JSON.stringify(fields ?? null).includes('payouts'));
}

it('the test server closes while a payout is under way: the payout ends first, no job fails', async () => {
  const server = await startTestServer({ sandboxConfirmMs: 60_000 });
  const errors = payoutErrors();
  await approvedPayout(server.deps);
  // As the approval route does: the payout goes on in the background while the test ends.
  const pump = payoutUnderWay(server.deps);
  await server.close();
  expect(await pump).toBe('ended');
  // A payout handed on after the close (a late timer) starts nothing on the closed database.
  await pumpPayouts(server.deps);
  expect(errors()).toEqual([]);
});

it('the server stops while a payout and a request are under way: both end before the pools close, nothing fails', async () => {
  // PostgreSQL: the file's own database (seeded from the run's template); PGlite: a fresh one in a temporary folder.
  const database = process.env.TEST_DB === 'postgres' ? await createTestDatabase() : null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-payout-stop-'));
  // The platform (this server's own sandbox) behind a proxy that can answer late: a login waits on it.
  const port = await freePort(); // known before the start: the start's wallet check already asks the platform
  const proxy = await startFaultProxy({ port });
  const config = { ...readConfig({}), rateLimits: false, port, host: '127.0.0.1', sandbox: true, piApiKey: 'sandbox-key', dataDir, databaseUrl: database?.url ?? null, sandboxConfirmMs: 60_000, piPlatformUrl: `${proxy.url}/sandbox/platform` };
  vi.stubEnv('PI_PLATFORM_URL', config.piPlatformUrl); // the sandbox is reached through the proxy, not directly
  const errors = vi.spyOn(log, 'error');
  try {
    const running = await startServer(config, { prepared: database !== null });
    await approvedPayout(running.deps);
    // A login whose platform answer comes 1.5 s late, and whose person leaves (a closed tab): its connection is
    // gone, its handler still runs. It used to write to the closed pool ("driver has already been destroyed").
    const { wallets } = (await (await fetch(`${running.url}/sandbox/api/wallets`)).json()) as { wallets: { uid: string; username: string }[] };
    const uid = wallets.find((w) => w.username === 'demo_seller')?.uid;
    const auth = (await (await fetch(`${running.url}/sandbox/api/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ uid }) })).json()) as { accessToken: string };
    proxy.mode = 'slow';
    proxy.delayMs = 1500;
    await proxy.cutOpen(); // a kept-alive connection to the platform would go on answering at once
    const asked = proxy.accepted;
    const leaving = new AbortController();
    const login = fetch(`${running.url}/api/users/user/getToken`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ accessToken: auth.accessToken }), signal: leaving.signal }).catch(() => 'left');
    for (let i = 0; i < 500 && proxy.accepted === asked; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(proxy.accepted).toBeGreaterThan(asked);
    leaving.abort();
    expect(await login).toBe('left');
    // As the approval route does: the payout goes on in the background; the stop (SIGTERM) comes at once.
    proxy.mode = 'pass';
    const pump = payoutUnderWay(running.deps);
    await running.close();
    expect(await pump).toBe('ended');
    // The login's handler ended before the pools closed: its person exists, nothing was logged as an error.
    expect(errors.mock.calls.map((call) => JSON.stringify(call))).toEqual([]);
  } finally {
    vi.unstubAllEnvs();
    await proxy.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000); // PGlite creates, migrates and seeds a new data directory: 11 s idle, over 30 s under load
