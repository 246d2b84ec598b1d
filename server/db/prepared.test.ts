import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';

/**
 * The main pool runs repeated statements as named prepared statements (database.ts). A migration that changes a
 * table's columns under a prepared `select *` (a newer process migrating while this one serves) must not break this
 * process's next use of it. PostgreSQL only: PGlite's dialect does not use the pool.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase({ poolSize: 1 });
});
afterAll(async () => {
  await t?.drop();
});

describe.runIf(onPostgres)('prepared statements of the main pool', () => {
  it('are prepared once a text repeats, and survive a column added under them', async () => {
    const read = () => t.db.selectFrom('regions').selectAll().where('id', '=', 4).executeTakeFirstOrThrow();
    const before = await read();
    await read();
    await read();
    const prepared = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements where statement like '%from "regions"%'`.execute(t.db);
    expect(prepared.rows[0]?.n).toBe(1);
    await sql`alter table regions add column prepared_test_note text`.execute(t.db);
    const after = await read();
    expect(after).toEqual({ ...before, prepared_test_note: null });
    await sql`alter table regions drop column prepared_test_note`.execute(t.db);
    expect(await read()).toEqual(before);
  });
});
