import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { retriedOnDeadlock } from './retry';

/**
 * A real deadlock on PostgreSQL (two transactions taking two rows in opposite orders): without the retry one of
 * them fails with 40P01 (a checkout answered 5000 so in stop 40's full run); with it, the victim runs again and
 * both end. PGlite has one connection, so no deadlock there.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase({ poolSize: 4 });
  if (onPostgres) await sql`create table retry_test (id int primary key, n int not null); insert into retry_test values (1, 0), (2, 0)`.execute(t.db);
});
afterAll(async () => {
  await t?.drop();
});

/** Two transactions, each adding one to row `first` then to the other, meeting after their first update (once). */
function crossing(): { run: (first: 1 | 2) => () => Promise<void>; attempts: () => number } {
  let waiting: (() => void) | null = null;
  let met = false;
  let attempts = 0;
  const meet = () =>
    new Promise<void>((resolve) => {
      if (met) return resolve();
      if (waiting) {
        met = true;
        waiting();
        return resolve();
      }
      waiting = resolve;
    });
  const run = (first: 1 | 2) => () =>
    t.db.transaction().execute(async (trx) => {
      attempts += 1;
      await sql`update retry_test set n = n + 1 where id = ${first}`.execute(trx);
      await meet();
      await sql`update retry_test set n = n + 1 where id = ${3 - first}`.execute(trx);
    });
  return { run, attempts: () => attempts };
}

describe.runIf(onPostgres)('a transaction rolled back by a deadlock', () => {
  it('fails one of two crossing transactions without the retry (40P01)', async () => {
    const c = crossing();
    const results = await Promise.allSettled([c.run(1)(), c.run(2)()]);
    const failed = results.filter((r) => r.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect((failed[0] as PromiseRejectedResult).reason).toMatchObject({ code: '40P01' });
  });

  it('runs the victim again with it: both end, each row moved by both, three attempts in all', async () => {
    const before = await sql<{ n: number }>`select n from retry_test order by id`.execute(t.db);
    const c = crossing();
    await Promise.all([retriedOnDeadlock('test', c.run(1)), retriedOnDeadlock('test', c.run(2))]);
    expect(c.attempts()).toBe(3);
    const after = await sql<{ n: number }>`select n from retry_test order by id`.execute(t.db);
    expect(after.rows.map((r, i) => r.n - (before.rows[i]?.n ?? 0))).toEqual([2, 2]);
  });
});
