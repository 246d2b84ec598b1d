import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { cancelTimer, pendingTimers, runDueTimers, scheduleTimer, type TimerRow } from './timers';

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
