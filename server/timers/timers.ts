import { sql, type Transaction } from 'kysely';
import { getNextTransitions, type AnyMachineSnapshot } from 'xstate';
import { isPostgres, type Db } from '../db/database';
import { applyHeldMoves, heldMovesCheckpoint, holdMoves } from '../db/heldMoves';
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

/**
 * Thrown by a handler whose record is locked by someone else (issue 34): the runner already holds the
 * timer's row, and everyone else locks a record before its timers, so the runner never waits for a
 * record (that would be the opposite order, a deadlock): it leaves the timer pending for its next run,
 * not counted as a failure.
 */
export class TimerRecordBusy extends Error {
  constructor(kind: string, entityId: string) {
    super(`${kind} ${entityId} is locked by another transaction: fired at the next run`);
  }
}

/**
 * A timer handler's record, locked FOR UPDATE SKIP LOCKED (the query `locked`): the row if free, nothing if the
 * record is gone, and `TimerRecordBusy` if someone else holds it. A handler that waited for the record instead
 * (plain FOR UPDATE) deadlocked with a request holding it that then cancels this timer (stop 39's CI: a seller's
 * cancel as the confirmation window ended, 1 run in 80 on PostgreSQL).
 */
export async function lockForTimer<R>(timer: TimerRow, locked: { executeTakeFirst(): Promise<R | undefined> }, exists: () => Promise<unknown>): Promise<R | undefined> {
  const row = await locked.executeTakeFirst();
  if (row !== undefined) return row;
  if (await exists()) throw new TimerRecordBusy(timer.kind, timer.entity_id);
  return undefined;
}

/** Fires one timer inside the runner's transaction; throwing leaves it pending for the next run. */
export type TimerHandler = (trx: Trx, timer: TimerRow, now: number) => Promise<void>;

export interface TimerKey {
  kind: string;
  entityId: string;
  name: string;
}

/**
 * Schedules (or moves) the pending timer of this key. `fresh`: the caller knows none of this key is
 * pending (the record was created, or its timers cancelled, in this transaction), so no cancel is sent.
 */
export async function scheduleTimer(trx: Trx | Db, key: TimerKey & { event: string; dueAt: Date }, fresh = false): Promise<void> {
  if (!fresh) await cancelTimer(trx, key);
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

/** How often each server process looks for due timers. */
export const timerPollMs = 2_000;

/** How many due timers one transaction claims at a time (FOR UPDATE SKIP LOCKED). */
export const timerBatchSize = 200;

/**
 * Fires the timers due at `now`; answers how many fired. Due rows are claimed a batch at a time in one
 * transaction with FOR UPDATE SKIP LOCKED, so two processes each take different rows and none fires
 * twice; each timer runs inside its own savepoint, so a failing handler rolls back only its own work
 * and leaves its timer pending (retried at the next run) with the error noted. While a batch comes back
 * full there is a backlog, and the next batch is claimed at once. `limit` bounds one call.
 *
 * A backlog's cost is round trips: on PostgreSQL one timer's release and the next one's savepoint go
 * in one, and the batch's increments of shared rows (ledger balances, returned stock) are held back
 * to one statement each before the commit (server/db/heldMoves.ts: also what keeps two processes'
 * batches, which credit the same fee and seller accounts, from deadlocking).
 */
export async function runDueTimers(db: Db, handlers: Record<string, TimerHandler>, now: number, limit = Number.POSITIVE_INFINITY, batch = timerBatchSize): Promise<number> {
  let fired = 0;
  const skipped: bigint[] = [];
  const chained = isPostgres(db);
  for (;;) {
    const take = Math.min(batch, limit - fired);
    if (take <= 0) break;
    const failures: { id: bigint; message: string }[] = [];
    const busy: bigint[] = [];
    const outcome = await db.transaction().execute(async (trx) => {
      let q = trx
        .selectFrom('timers')
        .select(['id', 'kind', 'entity_id', 'name', 'event', 'due_at'])
        .where('fired_at', 'is', null)
        .where('cancelled_at', 'is', null)
        .where('due_at', '<=', new Date(now));
      if (skipped.length > 0) q = q.where('id', 'not in', skipped);
      const rows: TimerRow[] = await q.orderBy('due_at').orderBy('id').limit(take).forUpdate().skipLocked().execute();
      const done: bigint[] = [];
      holdMoves(trx);
      let open = false; // a released savepoint's RELEASE not sent yet (PostgreSQL: it goes with the next SAVEPOINT)
      for (const timer of rows) {
        await sql.raw(open ? 'release savepoint timer; savepoint timer' : 'savepoint timer').execute(trx);
        open = false;
        const restoreMoves = heldMovesCheckpoint(trx);
        try {
          const handler = handlers[timer.kind];
          if (!handler) throw new Error(`no timer handler for ${timer.kind}`);
          await handler(trx, timer, now);
          if (chained) open = true;
          else await sql`release savepoint timer`.execute(trx);
          done.push(timer.id);
        } catch (error) {
          await sql`rollback to savepoint timer`.execute(trx);
          await sql`release savepoint timer`.execute(trx);
          restoreMoves();
          if (error instanceof TimerRecordBusy) {
            busy.push(timer.id);
            continue;
          }
          failures.push({ id: timer.id, message: String(error instanceof Error ? error.message : error).slice(0, 500) });
        }
      }
      if (open) await sql`release savepoint timer`.execute(trx);
      await applyHeldMoves(trx);
      if (done.length > 0) await trx.updateTable('timers').set({ fired_at: new Date(now) }).where('id', 'in', done).execute();
      for (const f of failures) {
        await trx
          .updateTable('timers')
          .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: f.message }))
          .where('id', '=', f.id)
          .execute();
      }
      return { claimed: rows.length, fired: done.length };
    });
    fired += outcome.fired;
    skipped.push(...failures.map((f) => f.id), ...busy);
    if (outcome.claimed < take) break;
  }
  return fired;
}

/** The window name of a timer event ('xstate.after.sellerConfirmWindow.order.paid' → 'sellerConfirmWindow'). */
export function windowOf(eventType: string): string | null {
  return /^xstate\.after\.([^.]+)\./.exec(eventType)?.[1] ?? null;
}

/**
 * Brings a chart record's durable timers in line with the state it is now in: cancels the pending ones
 * and schedules one per delayed transition (named delay) of the new state. `created`: the record was
 * inserted in this transaction, so it has no timer to cancel (no statement is sent for them: the
 * checkout's transaction stays short).
 */
export async function syncChartTimers(trx: Trx, kind: string, entityId: string, snapshot: AnyMachineSnapshot, windows: Readonly<Record<string, number>>, now: number, created = false): Promise<void> {
  if (!created) await cancelTimer(trx, { kind, entityId }, new Date(now));
  const due = new Map<string, { event: string; dueAt: Date }>();
  for (const t of getNextTransitions(snapshot)) {
    const name = windowOf(t.eventType);
    if (!name) continue;
    const ms = name in windows ? windows[name] : Number(name);
    if (ms === undefined || !Number.isFinite(ms)) continue;
    due.set(name, { event: t.eventType, dueAt: new Date(now + ms) });
  }
  // Every pending timer of the record was just cancelled (or it has none yet): the new ones go in with one insert.
  if (due.size === 0) return;
  await trx
    .insertInto('timers')
    .values([...due].map(([name, t]) => ({ kind, entity_id: entityId, name, event: t.event, due_at: t.dueAt, fired_at: null, cancelled_at: null, last_error: null })))
    .execute();
}
