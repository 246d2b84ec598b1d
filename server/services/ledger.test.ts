import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { accountBalance, balanceMismatches, post } from './ledger';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe('maintained balances', () => {
  it('post() moves each account’s balance row in its own transaction, and a rolled-back post moves nothing', async () => {
    const { db } = database;
    await post(db, { kind: 'probe', reference: null, postings: [{ account: 'probe:a', amount: -70n }, { account: 'probe:b', amount: 50n }, { account: 'probe:b', amount: 20n }] });
    await post(db, { kind: 'probe', reference: null, postings: [{ account: 'probe:b', amount: -5n }, { account: 'probe:a', amount: 5n }] });
    await expect(
      db.transaction().execute(async (trx) => {
        await post(trx, { kind: 'probe', reference: null, postings: [{ account: 'probe:a', amount: -1n }, { account: 'probe:b', amount: 1n }] });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await accountBalance(db, 'probe:a')).toBe(-65n);
    expect(await accountBalance(db, 'probe:b')).toBe(65n);
    expect(await accountBalance(db, 'probe:never')).toBe(0n);
    expect(await balanceMismatches(db)).toEqual([]);
  });

  it('concurrent posts to the same accounts add up', async () => {
    const { db } = database;
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        db.transaction().execute((trx) => post(trx, { kind: 'probe', reference: null, postings: [{ account: i % 2 ? 'probe:c' : 'probe:d', amount: -3n }, { account: 'probe:e', amount: 3n }] })),
      ),
    );
    expect(await accountBalance(db, 'probe:e')).toBe(120n);
    expect(await balanceMismatches(db)).toEqual([]);
  });

  it('the check finds a ledger row written behind post()’s back', async () => {
    const { db } = database;
    await sql`insert into ledger_entries (txn_id, account, amount, kind, reference) values ('t-raw', 'probe:raw', 9, 'probe', null), ('t-raw', 'probe:a', -9, 'probe', null)`.execute(db);
    const wrong = await balanceMismatches(db);
    expect(wrong.map((w) => w.account).sort()).toEqual(['probe:a', 'probe:raw']);
    // Put it right so the file's closing check passes.
    await sql`insert into account_balances (account, balance) values ('probe:raw', 9) on conflict (account) do update set balance = account_balances.balance + 9`.execute(db);
    await sql`update account_balances set balance = balance - 9 where account = 'probe:a'`.execute(db);
    expect(await balanceMismatches(db)).toEqual([]);
  });
});
