import crypto from 'node:crypto';
import { parseMoney } from '../../src/domain/money';
import { WithdrawalRules } from '../../src/domain/withdrawal';
import { walletAddress } from '../sandbox/ledger';
import { demoTopUp } from '../services/ledger';
import { createWithdrawal, drivePayout, pumpPayouts, reviewWithdrawal, setPayoutDriver } from '../services/withdrawals';
import { timerHandlers } from '../timers/handlers';
import { runDueTimers, timerPollMs } from '../timers/timers';
import { ApiCaller } from './apiClient';
import type { TestServer } from './testServer';

/** What one run of {@link measurePayoutThroughput} found. */
export interface PayoutThroughput {
  payouts: number;
  /** How many of them reached `success`. */
  succeeded: number;
  platformVerifiesAfterMs: number;
  timerPollMs: number;
  confirmationPollMs: number;
  /** Time on the server's clock from the first payout to the last success. */
  simulatedMs: number;
  perMinute: number;
  /** One source account's ceiling: one transaction per ledger close (the platform's verification). */
  ceilingPerMinute: number;
  /** Wall time of the product's own work per payout (create, sign, submit, complete), on this machine. */
  workMsPerPayout: number;
  ids: bigint[];
}

/**
 * Payout throughput per app wallet (issue 34, finding 9; docs/decisions/053): `count` people each withdraw,
 * staff approves each, and the server's own loop drives the payouts on the test clock: the timer runner
 * every timerPollMs fires what is due (the confirmation polls hand their payout to the driver), and the
 * payouts are pumped. The server must run with `sandboxConfirmMs: confirmMs` (the sandbox platform
 * verifies a transaction that long after it reached the chain, a ledger close). Used by
 * server/payoutThroughput.test.ts (which asserts) and bench/payoutThroughput.ts (which prints).
 */
export async function measurePayoutThroughput(server: TestServer, count: number, confirmMs: number): Promise<PayoutThroughput> {
  return drivePayoutsOnTheClock(server, await approvedPayouts(server, count), confirmMs);
}

/** `count` new people (sandbox wallets, logged in, topped up) each withdraw 2 and staff approves each: their ids. */
export async function approvedPayouts(server: TestServer, count: number): Promise<bigint[]> {
  const { deps } = server;
  const staff = await deps.db.selectFrom('users').selectAll().where('username', '=', 'demo_arbiter').executeTakeFirstOrThrow();
  const ids: bigint[] = [];
  for (let i = 0; i < count; i += 1) {
    const username = `tp${i}_${crypto.randomBytes(3).toString('hex')}`;
    await fetch(`${server.url}/sandbox/api/wallets`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username }) });
    await new ApiCaller(server.url, server.clock.now).loginAs(username);
    const user = await deps.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
    await demoTopUp(deps.db, user.id, parseMoney('5'));
    const id = await createWithdrawal(deps, user, { address: walletAddress(user.pi_uid ?? ''), amount: parseMoney('2') });
    await reviewWithdrawal(deps, staff, id, { decision: 'approve' });
    ids.push(id);
  }
  return ids;
}

/**
 * The approved payouts `ids` driven to the end by the server's own loop on the test clock (see
 * {@link measurePayoutThroughput}); the figures of the run.
 */
export async function drivePayoutsOnTheClock(server: TestServer, ids: bigint[], confirmMs: number): Promise<PayoutThroughput> {
  const { deps } = server;
  const count = ids.length;
  const wall = performance.now();
  const from = server.clock.now();
  const done = async () => (await deps.db.selectFrom('withdrawals').select('id').where('id', 'in', ids).where('stage', '=', 'success').execute()).length;
  const driven: Promise<string>[] = [];
  setPayoutDriver((id) => driven.push(drivePayout(deps, id))); // as server/start.ts sets it
  try {
    await pumpPayouts(deps); // what the approvals started
    while ((await done()) < count && server.clock.now() - from < 30 * 60_000) {
      server.clock.advance(timerPollMs);
      await runDueTimers(deps.db, timerHandlers, server.clock.now());
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.all(driven.splice(0));
    }
  } finally {
    setPayoutDriver(null);
  }
  const simulatedMs = server.clock.now() - from;
  const wallMs = performance.now() - wall;
  return {
    payouts: count,
    succeeded: await done(),
    platformVerifiesAfterMs: confirmMs,
    timerPollMs,
    confirmationPollMs: WithdrawalRules.confirmationPoll,
    simulatedMs,
    perMinute: Number(((count * 60_000) / simulatedMs).toFixed(1)),
    ceilingPerMinute: Number((60_000 / confirmMs).toFixed(1)),
    workMsPerPayout: Math.round(wallMs / count),
    ids,
  };
}
