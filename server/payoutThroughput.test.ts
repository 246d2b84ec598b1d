import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measurePayoutThroughput } from './testing/payoutThroughput';
import { startTestServer, type TestServer } from './testing/testServer';

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
    const figures = await measurePayoutThroughput(server, count, confirmMs);
    const { ids, ...printed } = figures;
    console.log(JSON.stringify({ bench: 'payoutThroughput', ...printed }));
    expect(figures.succeeded).toBe(count);
    // One source account: at most one transaction per ledger close (confirmMs here); the payouts come within 75 % of it.
    expect(figures.perMinute).toBeGreaterThan(figures.ceilingPerMinute * 0.75);
    // Each on the chain once, in sequence order, each payment completed once.
    const rows = await server.deps.db.selectFrom('withdrawals as w').innerJoin('sandbox_chain_transactions as t', 't.hash', 'w.txid').innerJoin('sandbox_payments as p', 'p.identifier', 'w.payment_id').select(['t.sequence', 'p.developer_completed']).where('w.id', 'in', ids).orderBy('t.sequence').execute();
    expect(rows.map((r) => r.developer_completed)).toEqual(ids.map(() => true));
    for (let i = 1; i < rows.length; i += 1) expect(rows[i]?.sequence).toBe((rows[i - 1]?.sequence ?? 0n) + 1n);
  });
});
