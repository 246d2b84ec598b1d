import type { Transaction } from 'kysely';
import { getNextTransitions, type AnyMachineSnapshot } from 'xstate';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';

/**
 * Durable timers. A chart's named delay (`sellerConfirmWindow: 24h`) becomes a row with its due
 * time when the record enters the state, and is cancelled when the record leaves it first. The runner
 * picks due rows with FOR UPDATE SKIP LOCKED, so each fires once even with several server processes,
 * and a timer that fell due while the server was down fires at the next start.
 */
export type Trx = Transaction<Database>;

export interface TimerRow {
  id: bigint;
  kind: string;
  entity_id: string;
  name: string;
  event: string;
  due_at: Date;
}

/** Fires one timer inside the runner's transaction; throwing leaves it pending for the next run. */
export type TimerHandler = (trx: Trx, timer: TimerRow, now: number) => Promise<void>;

export interface TimerKey {
  kind: string;
  entityId: string;
  name: string;
}

/** Schedules (or moves) the pending timer of this key. */
export async function scheduleTimer(trx: Trx | Db, key: TimerKey & { event: string; dueAt: Date }): Promise<void> {
  await cancelTimer(trx, key);
  await trx
    .insertInto('timers')
    .values({ kind: key.kind, entity_id: key.entityId, name: key.name, event: key.event, due_at: key.dueAt, fired_at: null, cancelled_at: null, last_error: null })
    .execute();
}

/** Cancels the pending timers of a record: one by name, or all of them. */
export async function cancelTimer(trx: Trx | Db, key: { kind: string; entityId: string; name?: string }, at = new Date()): Promise<void> {
  let q = trx
    .updateTable('timers')
    .set({ cancelled_at: at })
    .where('kind', '=', key.kind)
    .where('entity_id', '=', key.entityId)
    .where('fired_at', 'is', null)
    .where('cancelled_at', 'is', null);
  if (key.name) q = q.where('name', '=', key.name);
  await q.execute();
}

export async function pendingTimers(db: Db, kind: string, entityId: string) {
  return db.selectFrom('timers').selectAll().where('kind', '=', kind).where('entity_id', '=', entityId).where('fired_at', 'is', null).where('cancelled_at', 'is', null).execute();
}

/** Fires every timer due at `now`, each in its own transaction; answers how many fired. A failing handler leaves its timer pending (retried at the next run) with the error noted. */
export async function runDueTimers(db: Db, handlers: Record<string, TimerHandler>, now: number, batch = 100): Promise<number> {
  let fired = 0;
  const skipped: bigint[] = [];
  while (fired < batch) {
    let current: TimerRow | undefined;
    try {
      const done = await db.transaction().execute(async (trx) => {
        let q = trx
          .selectFrom('timers')
          .select(['id', 'kind', 'entity_id', 'name', 'event', 'due_at'])
          .where('fired_at', 'is', null)
          .where('cancelled_at', 'is', null)
          .where('due_at', '<=', new Date(now));
        if (skipped.length > 0) q = q.where('id', 'not in', skipped);
        current = await q.orderBy('due_at').orderBy('id').limit(1).forUpdate().skipLocked().executeTakeFirst();
        if (!current) return false;
        const handler = handlers[current.kind];
        if (!handler) throw new Error(`no timer handler for ${current.kind}`);
        await handler(trx, current, now);
        await trx.updateTable('timers').set({ fired_at: new Date(now) }).where('id', '=', current.id).execute();
        return true;
      });
      if (!done) break;
      fired += 1;
    } catch (error) {
      if (!current) throw error;
      skipped.push(current.id);
      await db
        .updateTable('timers')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: String(error instanceof Error ? error.message : error).slice(0, 500) }))
        .where('id', '=', current.id)
        .execute();
    }
  }
  return fired;
}

/** The window name of a timer event ('xstate.after.sellerConfirmWindow.order.paid' → 'sellerConfirmWindow'). */
export function windowOf(eventType: string): string | null {
  return /^xstate\.after\.([^.]+)\./.exec(eventType)?.[1] ?? null;
}

/**
 * Brings a chart record's durable timers in line with the state it is now in: cancels the pending ones
 * and schedules one per delayed transition (named delay) of the new state.
 */
export async function syncChartTimers(trx: Trx, kind: string, entityId: string, snapshot: AnyMachineSnapshot, windows: Readonly<Record<string, number>>, now: number): Promise<void> {
  await cancelTimer(trx, { kind, entityId }, new Date(now));
  for (const t of getNextTransitions(snapshot)) {
    const name = windowOf(t.eventType);
    if (!name) continue;
    const ms = name in windows ? windows[name] : Number(name);
    if (ms === undefined || !Number.isFinite(ms)) continue;
    await scheduleTimer(trx, { kind, entityId, name, event: t.eventType, dueAt: new Date(now + ms) });
  }
}
