import { sql, type Kysely, type Transaction } from 'kysely';
import { LiveTimings, type LiveAudience, type LiveTopic } from '../../src/domain/live';
import type { Db } from '../db/database';
import { startListener, type Listener } from '../db/listener';
import type { Database } from '../db/schema';
import type { Deps } from '../deps';

/**
 * The live channel's server side (issue 23). A service that changes a record somebody can see calls
 * `publishLive` inside the transaction that changes it: the notice is a row of `live_notices` (its id
 * is a position a reconnecting stream resumes after), so it exists exactly when the change committed.
 * Each process has one hub per database that reads the new rows once per wake-up and hands each to the
 * open streams it is for (by person, staff, everyone). A hub wakes up:
 * - on PostgreSQL, on `NOTIFY coin_mall_live` sent in the same transaction (delivered at commit, to
 *   every process listening, this one included) on one dedicated listening connection;
 * - on PGlite (one process), in-process right after the publishing statement: its read waits for the
 *   single connection, so it runs after the transaction ended and sees the committed rows or none.
 * A lost wake-up loses nothing for good: the next one reads from the hub's position, a listening
 * connection that was lost is made again and then reads from there (issue 34), and a reconnecting
 * stream replays from the table. A notice names a topic and a record id, never the record's data.
 */

type Conn = Kysely<Database> | Transaction<Database>;

export interface LiveChange {
  topic: LiveTopic;
  /** The record, when the change is about one. */
  ref?: bigint | string | null;
  /** The people who can read it (buyer and seller, the requester...). */
  people?: readonly (bigint | null | undefined)[];
  /** Staff can read it at the console (a queue of appeals, withdrawals, work orders). */
  staff?: boolean;
  /** Everyone can read it (a public notice). */
  all?: boolean;
}

export interface LiveRow {
  id: bigint;
  audience: LiveAudience;
  person_id: bigint | null;
  topic: string;
  ref: string | null;
}

const channel = 'coin_mall_live';
/**
 * On PostgreSQL transactions commit in any order, so a notice may become visible after one with a
 * higher id: a hub reads back this many ids behind its position and skips those it dispatched.
 */
export const lookBack = 256n;
const notified = new WeakSet<object>();
const localHubs = new Set<Hub>();

/** Stores the notices of a change (in the caller's transaction) and wakes the hubs at commit. */
export async function publishLive(conn: Conn, changes: readonly LiveChange[]): Promise<void> {
  const rows: { audience: LiveAudience; person_id: bigint | null; topic: string; ref: string | null }[] = [];
  for (const change of changes) {
    const ref = change.ref === undefined || change.ref === null ? null : change.ref.toString();
    const people = new Set<bigint>();
    for (const person of change.people ?? []) if (person !== null && person !== undefined) people.add(person);
    for (const person of people) rows.push({ audience: 'person', person_id: person, topic: change.topic, ref });
    if (change.staff) rows.push({ audience: 'staff', person_id: null, topic: change.topic, ref });
    if (change.all) rows.push({ audience: 'all', person_id: null, topic: change.topic, ref });
  }
  if (rows.length === 0) return;
  await conn.insertInto('live_notices').values(rows).execute();
  // One NOTIFY per transaction is enough (PostgreSQL folds repeats anyway); it is delivered at commit.
  const inTransaction = conn.isTransaction;
  if (!inTransaction || !notified.has(conn)) {
    if (inTransaction) notified.add(conn);
    await sql`select pg_notify(${channel}, '')`.execute(conn);
  }
  for (const hub of localHubs) hub.wake();
}

export type LiveListener = (row: LiveRow) => void;

/** A process's fan-out of one database's notices to its open streams. */
export class Hub {
  private position: bigint | null = null;
  private readonly dispatched = new Set<bigint>();
  /** Notices up to this id were published before the hub started: nobody here waits for them. */
  private startTop = 0n;
  private reading = false;
  private again = false;
  private readonly byPerson = new Map<string, Set<LiveListener>>();
  private readonly staff = new Set<LiveListener>();
  private readonly everyone = new Set<LiveListener>();
  private readonly closers = new Set<() => void>();
  private listener: Listener | null = null;
  private closed = false;
  private readonly pruneTimer: NodeJS.Timeout;
  readonly ready: Promise<void>;

  constructor(
    private readonly db: Db,
    databaseUrl: string | null,
  ) {
    localHubs.add(this);
    this.ready = this.start(databaseUrl);
    this.ready.catch((error: unknown) => console.error('[live] could not start:', error));
    this.pruneTimer = setInterval(() => void this.prune(), LiveTimings.prune);
    this.pruneTimer.unref();
  }

  private async start(databaseUrl: string | null): Promise<void> {
    const top = await this.db.selectFrom('live_notices').select(sql<string>`coalesce(max(id), 0)::text`.as('top')).executeTakeFirstOrThrow();
    this.position = BigInt(top.top);
    this.startTop = this.position;
    if (databaseUrl && !this.closed) {
      // The connection heals (server/db/listener.ts); once it listens again, what was published while
      // nobody listened is read from the hub's position, as on any wake-up.
      this.listener = startListener({
        name: 'live',
        connectionString: databaseUrl,
        channel,
        owner: this.db,
        onNotification: () => this.wake(),
        onReconnect: () => this.wake(),
      });
      await this.listener.ready;
    }
  }

  /** The position of the newest notice this hub has handed out. */
  async top(): Promise<bigint> {
    await this.ready;
    return this.position ?? 0n;
  }

  wake(): void {
    if (this.closed) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = true;
    setImmediate(() => void this.read());
  }

  private async read(): Promise<void> {
    try {
      await this.ready;
      do {
        this.again = false;
        const rows = await this.db
          .selectFrom('live_notices')
          .select(['id', 'audience', 'person_id', 'topic', 'ref'])
          .where('id', '>', (this.position ?? 0n) - lookBack)
          .orderBy('id')
          .limit(1000)
          .execute();
        let fresh = 0;
        for (const row of rows) {
          if (this.dispatched.has(row.id) || row.id <= this.startTop || row.id <= (this.position ?? 0n) - lookBack) continue;
          fresh += 1;
          this.dispatched.add(row.id);
          this.dispatch(row as LiveRow);
          if (row.id > (this.position ?? 0n)) this.position = row.id;
        }
        const floor = (this.position ?? 0n) - lookBack;
        for (const id of this.dispatched) if (id <= floor) this.dispatched.delete(id);
        if (fresh > 0 && rows.length === 1000) this.again = true;
      } while (this.again && !this.closed);
    } catch (error) {
      console.error('[live] read failed:', error);
    } finally {
      this.reading = false;
    }
  }

  private dispatch(row: LiveRow): void {
    const targets = row.audience === 'person' ? this.byPerson.get(String(row.person_id)) : row.audience === 'staff' ? this.staff : this.everyone;
    for (const listener of targets ?? []) listener(row);
  }

  /** A stream's subscription: the notices for this person (and staff's, for staff). */
  subscribe(personId: bigint, isStaff: boolean, listener: LiveListener): () => void {
    const key = personId.toString();
    let own = this.byPerson.get(key);
    if (!own) this.byPerson.set(key, (own = new Set()));
    own.add(listener);
    if (isStaff) this.staff.add(listener);
    this.everyone.add(listener);
    return () => {
      own.delete(listener);
      if (own.size === 0) this.byPerson.delete(key);
      this.staff.delete(listener);
      this.everyone.delete(listener);
    };
  }

  onClose(listener: () => void): () => void {
    this.closers.add(listener);
    return () => void this.closers.delete(listener);
  }

  /** How many streams are open on this hub (for the bench). */
  get streams(): number {
    return this.everyone.size;
  }

  private async prune(): Promise<void> {
    await this.db
      .deleteFrom('live_notices')
      .where('created_at', '<', new Date(Date.now() - LiveTimings.keep))
      .execute()
      .catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    localHubs.delete(this);
    clearInterval(this.pruneTimer);
    for (const close of [...this.closers]) close();
    await this.listener?.close();
    await this.ready.catch(() => undefined);
  }
}

/**
 * The notices a reconnecting stream missed (after `after`, for this person), or null when the gap is
 * older than what is kept (rows after the position were deleted) or too long to replay: the client then
 * reads again what it shows. `top` is the hub's position (an empty table says nothing by itself).
 */
export async function liveReplay(db: Db, personId: bigint, isStaff: boolean, after: bigint, top: bigint, limit = 200): Promise<LiveRow[] | null> {
  const oldest = await db.selectFrom('live_notices').select(sql<string | null>`min(id)::text`.as('oldest')).executeTakeFirstOrThrow();
  if (oldest.oldest === null ? after < top : BigInt(oldest.oldest) > after + 1n) return null;
  const rows = await db
    .selectFrom('live_notices')
    .select(['id', 'audience', 'person_id', 'topic', 'ref'])
    .where('id', '>', after)
    .where((eb) => eb.or([eb('person_id', '=', personId), eb('audience', '=', 'all'), ...(isStaff ? [eb('audience', '=', 'staff')] : [])]))
    .orderBy('id')
    .limit(limit + 1)
    .execute();
  return rows.length > limit ? null : (rows as LiveRow[]);
}

const hubs = new WeakMap<Db, Hub>();

/** The hub of this database: one per process and database, made on first use. */
export function liveHub(deps: Pick<Deps, 'db' | 'config'>): Hub {
  let hub = hubs.get(deps.db);
  if (!hub) {
    const made = new Hub(deps.db, deps.config.databaseUrl);
    hubs.set(deps.db, made);
    // A hub that could not start (the database was down at that moment) is not kept: the next stream makes another.
    made.ready.catch(() => {
      if (hubs.get(deps.db) === made) hubs.delete(deps.db);
      void made.close();
    });
    hub = made;
  }
  return hub;
}

/** At shutdown, before the HTTP server closes (open streams would keep it waiting). */
export async function closeLiveHub(db: Db): Promise<void> {
  const hub = hubs.get(db);
  hubs.delete(db);
  await hub?.close();
}
