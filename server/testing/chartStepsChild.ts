import { openDatabase } from '../db/database';
import { recordChartStep } from '../charts/steps';

/**
 * A burst of chart steps from its own process, for server/charts/rollups.test.ts: it writes steps of
 * work orders CHILD_FIRST… on DATABASE_URL in a loop, each in its transaction, over two connections at once,
 * until it is killed (with SIGKILL, in the middle of a burst).
 */
const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? '', dataDir: 'memory://', poolSize: 2 });
const first = BigInt(process.env.CHILD_FIRST ?? '8000000');
const states = ['open', 'answered', 'closed'];
console.log('stepping');
// Each lane steps its own 25 records, each from the state its last step left it in, as a chart does: the
// per-state counters assume a step leaves the state its record is in (a shared counter once gave a lane two
// steps of one record from states it was not in, and the recount disagreed by chance).
async function lane(lane: number): Promise<never> {
  const at = new Map<bigint, number>();
  for (let k = 0; ; k++) {
    const record = first + BigInt(lane * 25 + (k % 25));
    const i = at.get(record) ?? 0;
    at.set(record, i + 1);
    const from = states[i % 3] ?? 'open';
    const to = states[(i + 1) % 3] ?? 'open';
    await db.transaction().execute(async (trx) => {
      await recordChartStep(trx, 'workOrder', record, { event: `E${i % 3}`, party: k % 2 ? 'staff' : 'user', from, to, at: Date.now() });
    });
  }
}
await Promise.all([lane(0), lane(1)]);
