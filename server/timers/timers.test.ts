import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { accountBalance, balanceMismatches, post } from '../services/ledger';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { cancelTimer, pendingTimers, runDueTimers, scheduleTimer, type TimerRow, type Trx } from './timers';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe('durable timers', () => {
  it('fires a due timer once, skips cancelled and future ones, and retries a failing handler later', async () => {
    const { db } = database;
    const t0 = Date.parse('2026-01-01T00:00:00Z');
    const fired: TimerRow[] = [];
    let failOnce = true;
    const handlers = {
      probe: async (_trx: unknown, timer: TimerRow) => {
        fired.push(timer);
      },
      flaky: async () => {
        if (failOnce) {
          failOnce = false;
          throw new Error('database hiccup');
        }
      },
    };
    await scheduleTimer(db, { kind: 'probe', entityId: '1', name: 'window', event: 'xstate.after.window.probe.a', dueAt: new Date(t0 + 1000) });
    await scheduleTimer(db, { kind: 'probe', entityId: '2', name: 'window', event: 'xstate.after.window.probe.a', dueAt: new Date(t0 + 1000) });
    await scheduleTimer(db, { kind: 'probe', entityId: '3', name: 'window', event: 'xstate.after.window.probe.a', dueAt: new Date(t0 + 99_000) });
    await scheduleTimer(db, { kind: 'flaky', entityId: '4', name: 'window', event: 'x', dueAt: new Date(t0 + 1000) });
    await cancelTimer(db, { kind: 'probe', entityId: '2' });

    expect(await runDueTimers(db, handlers, t0)).toBe(0);
    expect(await runDueTimers(db, handlers, t0 + 5000)).toBe(1);
    expect(fired.map((t) => t.entity_id)).toEqual(['1']);
    expect(await runDueTimers(db, handlers, t0 + 6000)).toBe(1); // the flaky one, on its second try
    expect(await runDueTimers(db, handlers, t0 + 7000)).toBe(0); // nothing fires twice
    expect((await pendingTimers(db, 'probe', '3')).length).toBe(1);
    const flaky = await db.selectFrom('timers').selectAll().where('kind', '=', 'flaky').executeTakeFirstOrThrow();
    expect(flaky.attempts).toBe(1);
    expect(flaky.fired_at).not.toBeNull();
  });

  it('rescheduling replaces the pending timer of the same key', async () => {
    const { db } = database;
    await scheduleTimer(db, { kind: 'probe', entityId: '9', name: 'w', event: 'e', dueAt: new Date(1000) });
    await scheduleTimer(db, { kind: 'probe', entityId: '9', name: 'w', event: 'e', dueAt: new Date(2000) });
    const pending = await pendingTimers(db, 'probe', '9');
    expect(pending.map((p) => p.due_at.getTime())).toEqual([2000]);
  });
});

describe('a backlog of due timers', () => {
  it('drains a backlog of due timers (10,000 on PostgreSQL, at 200 or more a second), each fired once, with two processes on PostgreSQL', async () => {
    const { db } = database;
    // 10,000 on PostgreSQL (the budget's size); fewer on PGlite, one process's in-memory database.
    const total = database.kind === 'postgres' ? 10_000 : 2_000;
    const t0 = Date.parse('2026-02-01T00:00:00Z');
    await sql`insert into timers (kind, entity_id, name, event, due_at)
      select 'backlog', g::text, 'window', 'xstate.after.window', ${new Date(t0)}::timestamptz - (g || ' ms')::interval from generate_series(1, ${total}) g`.execute(db);
    const fires = new Map<string, number>();
    // Each firing writes a row in the runner's transaction, like a real handler persisting a record.
    const handlers = {
      backlog: async (trx: Trx, timer: TimerRow) => {
        fires.set(timer.entity_id, (fires.get(timer.entity_id) ?? 0) + 1);
        await trx.insertInto('page_views').values({ path: `timer:${timer.entity_id}`, referrer: null, user_id: null, language: 'en' }).execute();
      },
    };
    // The second "process": its own connection pool on the same database (PostgreSQL only; PGlite is one process).
    const other = database.url ? await openDatabase({ databaseUrl: database.url, dataDir: 'memory://', poolSize: 2 }) : null;
    const started = performance.now();
    const counts = await Promise.all([runDueTimers(db, handlers, t0 + 1000), ...(other ? [runDueTimers(other, handlers, t0 + 1000)] : [])]);
    const seconds = (performance.now() - started) / 1000;
    await other?.destroy();
    const rate = total / seconds;
    console.log(`[timers] ${total} due timers drained in ${seconds.toFixed(2)} s (${Math.round(rate)}/s) by ${counts.length} runner(s): ${counts.join(' + ')}`);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(total);
    expect(fires.size).toBe(total);
    expect([...fires.values()].every((n) => n === 1)).toBe(true);
    const written = await db.selectFrom('page_views').select((eb) => eb.fn.countAll<string>().as('n')).where('path', 'like', 'timer:%').executeTakeFirstOrThrow();
    expect(Number(written.n)).toBe(total);
    if (database.kind === 'postgres') {
      expect(counts.every((n) => n > 0)).toBe(true);
      expect(rate).toBeGreaterThanOrEqual(200);
    }
  }, 120_000);
});

describe('timers that move money', () => {
  it('two runners whose handlers credit the same accounts neither deadlock nor lose a move; a failing handler\'s moves roll back with it', async () => {
    const { db } = database;
    const total = database.kind === 'postgres' ? 2_000 : 400;
    const t0 = Date.parse('2026-03-01T00:00:00Z');
    await sql`insert into timers (kind, entity_id, name, event, due_at)
      select 'payout', g::text, 'window', 'release', ${new Date(t0)}::timestamptz - (g || ' ms')::interval from generate_series(1, ${total}) g`.execute(db);
    // Like an order payout: every firing empties its own escrow into one of a few sellers' accounts and the
    // shared fee account (read back in the same transaction). Moved posting by posting, a batch would hold a
    // seller's row while it waits for the fee row the other batch holds, and that one wait for the seller's.
    const handlers = {
      payout: async (trx: Trx, timer: TimerRow) => {
        const n = Number(timer.entity_id);
        const seller = `test:seller:${n % 7}`;
        const before = await accountBalance(trx, seller);
        await post(trx, { kind: 'testPayout', reference: `timer:${n}`, postings: [{ account: `test:escrow:${n}`, amount: -3n }, { account: seller, amount: 2n }, { account: 'test:~fees', amount: 1n }] });
        // In the transaction its held move shows (alone: with a second runner, its commits show too).
        if (!database.url) expect(await accountBalance(trx, seller)).toBe(before + 2n);
        if (n % 100 === 0) throw new Error('this one fails after posting');
      },
    };
    const other = database.url ? await openDatabase({ databaseUrl: database.url, dataDir: 'memory://', poolSize: 2 }) : null;
    const counts = await Promise.all([runDueTimers(db, handlers, t0 + 1000), ...(other ? [runDueTimers(other, handlers, t0 + 1000)] : [])]);
    await other?.destroy();
    const failing = Math.floor(total / 100);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(total - failing);
    const failed = await db.selectFrom('timers').select(['entity_id', 'attempts', 'last_error']).where('kind', '=', 'payout').where('fired_at', 'is', null).execute();
    expect(failed.length).toBe(failing);
    // (With two runners, the other may have tried a failing one again in its own run.)
    expect(failed.filter((f) => Number(f.entity_id) % 100 !== 0 || f.attempts < 1 || f.last_error !== 'this one fails after posting')).toEqual([]);
    expect(await accountBalance(db, 'test:~fees')).toBe(BigInt(total - failing));
    expect(await accountBalance(db, 'test:escrow:100')).toBe(0n);
    expect(await accountBalance(db, 'test:escrow:101')).toBe(-3n);
    expect(await balanceMismatches(db)).toEqual([]);
  }, 120_000);
});
