import { sql } from 'kysely';
import type { BoardName } from '../../src/domain/points';
import type { Db } from '../db/database';
import { log } from '../observability/log';

/**
 * The order of a leaderboard period, held in memory per process: every unfrozen score row of one
 * (board, period) as two parallel arrays sorted by score descending then user id (the index order of
 * points_scores_rank). A page is a slice of it and a rank is one binary search, so neither costs the
 * database more than a primary-key lookup of the page's nicknames, whatever the period's size or the
 * page's depth. Counting the people above a median score in SQL took 36–53 ms at 100,000 users.
 *
 * Freshness: a standing is read again from the database when this process has written a score of its
 * board (postPoints) or frozen someone since it was read, at most once per `refreshFloorMs`, and in any
 * case when it is older than `maxAgeMs`; requests meanwhile get the standing held. So the leaderboard
 * shows other people's changes about `maxAgeMs` late at most (another process's writes), and this
 * process's own about `refreshFloorMs` late. The
 * viewer's own score is never taken from here: it is read with the page, and its rank is counted in
 * the standing against that fresh score, which stays exact because scores only grow.
 */
export interface Standing {
  readonly userIds: BigInt64Array;
  readonly scores: BigInt64Array;
}

interface Held {
  standing: Standing;
  builtAt: number;
  generation: number;
  usedAt: number;
}

const maxAgeMs = 10_000;
let refreshFloorMs = 1_000;
/** Held standings unused for this long are dropped (old days and months). */
const idleMs = 10 * 60_000;

/** Bumped per board by every score written in this process, and for every board by a freeze. */
const generations = new Map<BoardName | 'all', number>();
const held = new WeakMap<Db, Map<string, Held>>();
const building = new WeakMap<Db, Map<string, Promise<Held>>>();

let waitForFresh = false;

/** The tests read other people's writes at once: no floor, and a stale standing is waited for, not served. */
export function setStandingsRefresh(options: { floorMs: number; waitForFresh: boolean }): void {
  refreshFloorMs = options.floorMs;
  waitForFresh = options.waitForFresh;
}

/** A score of `board` changed in this process (or, without a board, someone was frozen or unfrozen). */
export function standingsChanged(board?: BoardName): void {
  const k = board ?? 'all';
  generations.set(k, (generations.get(k) ?? 0) + 1);
}

const generationOf = (board: BoardName): number => (generations.get(board) ?? 0) + (generations.get('all') ?? 0);

async function build(db: Db, board: BoardName, period: string): Promise<Standing> {
  // The rows come in the index order (points_scores_rank), so nothing is sorted; the frozen are few (users_frozen).
  const result = await sql<{ ids: string | null; scores: string | null }>`
    select string_agg(t.user_id::text, ',') as ids, string_agg(t.score::text, ',') as scores
    from (select s.user_id, s.score from points_scores s
          where s.board = ${board} and s.period = ${period}
            and not exists (select 1 from users f where f.frozen and f.id = s.user_id)
          order by s.score desc, s.user_id) t`.execute(db);
  const row = result.rows[0];
  if (!row?.ids || !row.scores) return { userIds: new BigInt64Array(0), scores: new BigInt64Array(0) };
  const ids = row.ids.split(',');
  const scores = row.scores.split(',');
  let ordered = true;
  const userIds = new BigInt64Array(ids.length);
  const values = new BigInt64Array(scores.length);
  let standing: Standing = { userIds, scores: values };
  for (let i = 0; i < ids.length; i += 1) {
    userIds[i] = BigInt(ids[i] ?? '0');
    values[i] = BigInt(scores[i] ?? '0');
    if (i > 0 && !inOrder(standing, i - 1, i)) ordered = false;
  }
  // An aggregate over an ordered subquery keeps its order in practice, not by promise: put it right if not.
  if (!ordered) standing = sorted(standing);
  return standing;
}

const inOrder = (s: Standing, a: number, b: number): boolean => {
  const x = s.scores[a] ?? 0n;
  const y = s.scores[b] ?? 0n;
  return x > y || (x === y && (s.userIds[a] ?? 0n) < (s.userIds[b] ?? 0n));
};

function sorted(s: Standing): Standing {
  const order = Array.from(s.userIds.keys()).sort((a, b) => (inOrder(s, a, b) ? -1 : inOrder(s, b, a) ? 1 : 0));
  return { userIds: BigInt64Array.from(order, (i) => s.userIds[i] ?? 0n), scores: BigInt64Array.from(order, (i) => s.scores[i] ?? 0n) };
}

/**
 * The standing of one board's period. One read at a time per period; while a stale standing is read
 * again, requests are answered from the one held (unless the tests asked to wait for the fresh one).
 */
export async function standingOf(db: Db, board: BoardName, period: string): Promise<Standing> {
  const now = Date.now();
  let byKey = held.get(db);
  if (!byKey) {
    byKey = new Map();
    held.set(db, byKey);
  }
  const key = `${board}|${period}`;
  const current = byKey.get(key);
  const generation = generationOf(board);
  const age = current ? now - current.builtAt : Infinity;
  if (current) current.usedAt = now;
  if (current && age < maxAgeMs && (current.generation === generation || age < refreshFloorMs)) return current.standing;
  let inFlight = building.get(db);
  if (!inFlight) {
    inFlight = new Map();
    building.set(db, inFlight);
  }
  let pending = inFlight.get(key);
  if (!pending) {
    const table = byKey;
    const flights = inFlight;
    pending = build(db, board, period)
      .then((standing) => {
        const fresh: Held = { standing, builtAt: now, generation, usedAt: Date.now() };
        for (const [k, h] of table) if (fresh.usedAt - h.usedAt > idleMs) table.delete(k);
        table.set(key, fresh);
        return fresh;
      })
      .finally(() => flights.delete(key));
    inFlight.set(key, pending);
    // Served stale meanwhile, a failed read must not go unheard: the next request tries again.
    pending.catch((error: unknown) => log.error({ job: 'standings', err: error }, 'standings refresh failed'));
  }
  if (current && !waitForFresh) return current.standing;
  return (await pending).standing;
}

/** How many people in the standing have a score above `score`: a binary search over the descending scores. */
export function countAbove(standing: Standing, score: bigint): number {
  let lo = 0;
  let hi = standing.scores.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((standing.scores[mid] ?? 0n) > score) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
