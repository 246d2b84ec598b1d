import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMoney } from '../src/domain/money';
import { walletAddress } from './sandbox/ledger';
import { demoTopUp } from './services/ledger';
import { createWithdrawal, drivePayout, pumpPayouts, reviewWithdrawal, setPayoutDriver } from './services/withdrawals';
import { WithdrawalRules } from '../src/domain/withdrawal';
import { ApiCaller } from './testing/apiClient';
import { startTestServer, type TestServer } from './testing/testServer';
import { timerHandlers } from './timers/handlers';
import { runDueTimers, timerPollMs } from './timers/timers';

/**
 * Payout throughput per app wallet (issue 34, finding 9; docs/decisions/053, docs/benchmarks.md).
 * The Pi platform keeps one app-to-user payment open per app at a time (ongoing_payment_found), and a
 * payment is open until it is completed, which it allows only once it has verified the transaction on
 * the chain. So one payout follows another at the pace of that verification (about one ledger close).
 * Payouts went out at about 6 a minute because the platform was asked again only every 10 s (the
 * confirmation poll): a payout verified after 5 s waited another 5 s (plus the runner's tick) to complete.
 */
let server: TestServer;
const confirmMs = 5_000;
const count = 12;

beforeAll(async () => {
  server = await startTestServer({ sandboxConfirmMs: confirmMs });
});
afterAll(async () => {
  await server?.close();
});

describe('payout throughput per app wallet', () => {
  it(`${count} approved payouts: the app wallet pays about one per platform verification (a ledger close), not one per confirmation poll`, async () => {
    const staff = await server.deps.db.selectFrom('users').selectAll().where('username', '=', 'demo_arbiter').executeTakeFirstOrThrow();
    const ids: bigint[] = [];
    for (let i = 0; i < count; i += 1) {
      const username = `tp${i}_${crypto.randomBytes(3).toString('hex')}`;
      await fetch(`${server.url}/sandbox/api/wallets`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username }) });
      await new ApiCaller(server.url, server.clock.now).loginAs(username);
      const user = await server.deps.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
      await demoTopUp(server.deps.db, user.id, parseMoney('5'));
      const id = await createWithdrawal(server.deps, user, { address: walletAddress(user.pi_uid ?? ''), amount: parseMoney('2') });
      await reviewWithdrawal(server.deps, staff, id, { decision: 'approve' });
      ids.push(id);
    }
    // The server's own loop, on the test's clock: the timer runner every timerPollMs fires what is due
    // (the confirmation polls hand their payout to the driver), and the payouts are pumped.
    const wall = performance.now();
    const from = server.clock.now();
    const done = async () => (await server.deps.db.selectFrom('withdrawals').select('id').where('id', 'in', ids).where('stage', '=', 'success').execute()).length;
    const driven: Promise<string>[] = [];
    setPayoutDriver((id) => driven.push(drivePayout(server.deps, id))); // as server/start.ts sets it
    await pumpPayouts(server.deps); // what the approvals started
    while ((await done()) < count && server.clock.now() - from < 30 * 60_000) {
      server.clock.advance(timerPollMs);
      await runDueTimers(server.deps.db, timerHandlers, server.clock.now());
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.all(driven.splice(0));
    }
    setPayoutDriver(null);
    const simulatedMs = server.clock.now() - from;
    const wallMs = performance.now() - wall;
    expect(await done()).toBe(count);
    const perMinute = (count * 60_000) / simulatedMs;
    console.log(JSON.stringify({ bench: 'payoutThroughput', payouts: count, platformVerifiesAfterMs: confirmMs, timerPollMs, confirmationPollMs: WithdrawalRules.confirmationPoll, simulatedMs, perMinute: Number(perMinute.toFixed(1)), workMsPerPayout: Math.round(wallMs / count) }));
    // One source account: at most one transaction per ledger close (confirmMs here); the payouts come within 75 % of it.
    expect(perMinute).toBeGreaterThan((60_000 / confirmMs) * 0.75);
    // Each on the chain once, in sequence order, each payment completed once.
    const rows = await server.deps.db.selectFrom('withdrawals as w').innerJoin('sandbox_chain_transactions as t', 't.hash', 'w.txid').innerJoin('sandbox_payments as p', 'p.identifier', 'w.payment_id').select(['t.sequence', 'p.developer_completed']).where('w.id', 'in', ids).orderBy('t.sequence').execute();
    expect(rows.map((r) => r.developer_completed)).toEqual(ids.map(() => true));
    for (let i = 1; i < rows.length; i += 1) expect(rows[i]?.sequence).toBe((rows[i - 1]?.sequence ?? 0n) + 1n);
  });
});
