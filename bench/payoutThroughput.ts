import type { PayoutChain } from '../server/platform/chain';
import type { PlatformClient } from '../server/platform/client';
import { observePayoutSteps, type PayoutStep } from '../server/services/withdrawals';
import { approvedPayouts, drivePayoutsOnTheClock } from '../server/testing/payoutThroughput';
import { startTestServer } from '../server/testing/testServer';

/**
 * Payouts a minute per app wallet, and where a payout's time goes (issue 34, finding 9; docs/decisions/053,
 * docs/benchmarks.md): BENCH_PAYOUTS approved withdrawals (12) paid by the server's own loop on a test clock,
 * against the sandbox platform and the sandbox Horizon (both this server, over HTTP), the sandbox platform
 * verifying each transaction BENCH_CONFIRM_MS (5000, a ledger close) after it reached the chain. Asserts
 * nothing (server/payoutThroughput.test.ts does).
 *
 * Two clocks. The waits are on the server's clock, which the loop moves by the timer runner's tick: the wait
 * for the app wallet (the platform keeps one app-to-user payment open per app), the platform's verification
 * (a ledger close) and the confirmation poll (from the verification to the completion that frees the wallet).
 * The calls are on this machine's clock: each platform and Horizon call of the payouts timed where the
 * payout service makes it, the rest (database, chart steps) what is left of the loop's own work.
 *
 *   npx tsx bench/payoutThroughput.ts
 *   BENCH_PAYOUTS=30 BENCH_CONFIRM_MS=3000 npx tsx bench/payoutThroughput.ts
 *   BENCH_JSON=1 npx tsx bench/payoutThroughput.ts     (one JSON line instead of the table)
 */
const count = Number(process.env.BENCH_PAYOUTS ?? 12);
const confirmMs = Number(process.env.BENCH_CONFIRM_MS ?? 5_000);

/** Wall time of the calls that leave the payout service, by kind. */
class CallTimes {
  readonly total = new Map<string, { calls: number; ms: number }>();
  async time<T>(kind: string, call: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await call();
    } finally {
      const entry = this.total.get(kind) ?? { calls: 0, ms: 0 };
      entry.calls += 1;
      entry.ms += performance.now() - started;
      this.total.set(kind, entry);
    }
  }
}

function timedPlatform(platform: PlatformClient, times: CallTimes): PlatformClient {
  return {
    me: (token) => times.time('platform me', () => platform.me(token)),
    getPayment: (id) => times.time('platform get payment', () => platform.getPayment(id)),
    approvePayment: (id) => times.time('platform approve', () => platform.approvePayment(id)),
    completePayment: (id, txid) => times.time('platform complete', () => platform.completePayment(id, txid)),
    cancelPayment: (id) => times.time('platform cancel', () => platform.cancelPayment(id)),
    incompleteServerPayments: () => times.time('platform incomplete payments', () => platform.incompleteServerPayments()),
    createAppToUserPayment: (payment) => times.time('platform create', () => platform.createAppToUserPayment(payment)),
    adStatus: (id) => times.time('platform ad status', () => platform.adStatus(id)),
  };
}

function timedChain(chain: PayoutChain, times: CallTimes): PayoutChain {
  return {
    get appAddress() {
      return chain.appAddress;
    },
    sign: (order, now) => times.time('sign (sequence from Horizon)', () => chain.sign(order, now)),
    submit: (network, envelope) => times.time('Horizon submit', () => chain.submit(network, envelope)),
    transaction: (network, hash) => times.time('Horizon transaction lookup', () => chain.transaction(network, hash)),
    memoTransactions: (network, memo, since) => times.time('Horizon memo search', () => chain.memoTransactions(network, memo, since)),
    balance: (network) => times.time('Horizon balance', () => chain.balance(network)),
    accountExists: (network) => times.time('Horizon account', () => chain.accountExists(network)),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? 0 : sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const mean = (values: number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);
const round = (ms: number) => Math.round(ms);

const server = await startTestServer({ sandboxConfirmMs: confirmMs });
try {
  const ids = await approvedPayouts(server, count);
  // From here on, only the payouts' own calls are timed, and each step's moment on the server's clock kept.
  const times = new CallTimes();
  const { platform, chain } = server.deps;
  server.deps.platform = timedPlatform(platform, times);
  server.deps.chain = timedChain(chain, times);
  const steps = new Map<string, Partial<Record<PayoutStep, number>>>();
  observePayoutSteps((step, id) => {
    const at = steps.get(id.toString()) ?? {};
    at[step] ??= server.clock.now();
    steps.set(id.toString(), at);
  });
  const started = server.clock.now();
  const wallStarted = performance.now();
  const figures = await drivePayoutsOnTheClock(server, ids, confirmMs).finally(() => {
    observePayoutSteps(null);
    server.deps.platform = platform;
    server.deps.chain = chain;
  });
  const wallMs = performance.now() - wallStarted;

  // When the sandbox platform had each transaction verified (its ledger close), on the same clock.
  const verified = await server.deps.db
    .selectFrom('withdrawals as w')
    .innerJoin('sandbox_payments as p', 'p.identifier', 'w.payment_id')
    .select(['w.id', 'p.verified_at'])
    .where('w.id', 'in', ids)
    .execute();
  const verifiedAt = new Map(verified.map((r) => [r.id.toString(), r.verified_at?.getTime() ?? null]));
  const timeline = ids
    .map((id) => ({ id: id.toString(), ...steps.get(id.toString()), verified: verifiedAt.get(id.toString()) ?? undefined }))
    .sort((a, b) => (a.created ?? 0) - (b.created ?? 0));
  // Each stage on the server's clock; the wait for the wallet is from the previous payout's completion (the first: the start).
  const stages = {
    waitForWallet: timeline.map((t, i) => (t.created ?? 0) - (i === 0 ? started : (timeline[i - 1]?.completed ?? started))),
    createToSubmit: timeline.map((t) => (t.submitted ?? 0) - (t.created ?? 0)),
    verification: timeline.map((t) => (t.verified ?? 0) - (t.submitted ?? 0)),
    confirmationPoll: timeline.map((t) => (t.completed ?? 0) - (t.verified ?? 0)),
    createToComplete: timeline.map((t) => (t.completed ?? 0) - (t.created ?? 0)),
  };
  const calls = [...times.total].map(([kind, { calls: n, ms }]) => ({ kind, calls: n, msPerPayout: Number((ms / count).toFixed(1)), msPerCall: Number((ms / n).toFixed(1)) }));
  const callsMs = [...times.total.values()].reduce((sum, { ms }) => sum + ms, 0);
  const { ids: driven, ...throughput } = figures;
  const result = {
    bench: 'payoutThroughput',
    ...throughput,
    firstWithdrawal: String(driven[0] ?? ''),
    serverClockPerPayoutMs: Object.fromEntries(Object.entries(stages).map(([stage, values]) => [stage, { median: round(median(values)), mean: round(mean(values)), max: round(Math.max(...values)) }])),
    wallPerPayoutMs: { total: round(wallMs / count), outsideCalls: round(callsMs / count), rest: round((wallMs - callsMs) / count) },
    calls,
  };
  if (process.env.BENCH_JSON === '1') console.log(JSON.stringify(result));
  else {
    console.log(`payout throughput, one app wallet, sandbox platform and sandbox Horizon (this server over HTTP), ${count} payouts`);
    console.log(`  ${figures.succeeded} of ${count} succeeded in ${(figures.simulatedMs / 1000).toFixed(0)} s on the server's clock: ${figures.perMinute} a minute (ceiling ${figures.ceilingPerMinute}: one transaction per ${confirmMs} ms verification)`);
    console.log(`  timer runner every ${figures.timerPollMs} ms, confirmation poll every ${figures.confirmationPollMs} ms`);
    console.log(`where a payout's time goes, on the server's clock (median / mean / max ms):`);
    for (const [stage, values] of Object.entries(stages)) console.log(`  ${stage.padEnd(18)} ${String(round(median(values))).padStart(6)} ${String(round(mean(values))).padStart(6)} ${String(round(Math.max(...values))).padStart(6)}`);
    console.log(`on this machine's clock, per payout: ${round(wallMs / count)} ms of work, ${round(callsMs / count)} ms of it in platform and Horizon calls:`);
    for (const c of calls) console.log(`  ${c.kind.padEnd(28)} ${String(c.msPerPayout).padStart(7)} ms a payout  (${c.calls} calls, ${c.msPerCall} ms each)`);
  }
} finally {
  await server.close();
}
process.exit(0);
