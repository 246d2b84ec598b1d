import { measurePayoutThroughput } from '../server/testing/payoutThroughput';
import { startTestServer } from '../server/testing/testServer';

/**
 * Payouts a minute per app wallet (issue 34, finding 9; docs/decisions/053, docs/benchmarks.md): BENCH_PAYOUTS
 * approved withdrawals (12) paid by the server's own loop on a test clock, the sandbox platform verifying each
 * transaction BENCH_CONFIRM_MS (5000, a ledger close) after it reached the chain. Prints one JSON line of
 * figures; it asserts nothing (server/payoutThroughput.test.ts does).
 *
 *   npx tsx bench/payoutThroughput.ts
 *   BENCH_PAYOUTS=30 BENCH_CONFIRM_MS=3000 npx tsx bench/payoutThroughput.ts
 */
const count = Number(process.env.BENCH_PAYOUTS ?? 12);
const confirmMs = Number(process.env.BENCH_CONFIRM_MS ?? 5_000);

const server = await startTestServer({ sandboxConfirmMs: confirmMs });
try {
  const { ids, ...figures } = await measurePayoutThroughput(server, count, confirmMs);
  console.log(JSON.stringify({ bench: 'payoutThroughput', ...figures, firstWithdrawal: String(ids[0] ?? '') }));
} finally {
  await server.close();
}
process.exit(0);
