import crypto from 'node:crypto';
import { catalogueCacheTtlMs } from '../config';
import { startListener } from '../db/listener';
import { log } from '../observability/log';

/**
 * A short-lived cache of public catalogue reads (feed pages, searches), one per database. PGlite
 * runs every query on one thread, so the same first page asked by many visitors at once is answered
 * once. Every write to the catalogue in this process clears it; with several server processes on
 * PostgreSQL the write is announced (NOTIFY) and the others clear theirs when they hear it, within
 * milliseconds. A page read while a write is committing can still be kept: no page is older than
 * `ttlMs` in any process.
 */
let ttlMs = catalogueCacheTtlMs;

/** CATALOGUE_CACHE_MS, for the benches: 0 turns the cache off, so every request costs the database (bench/scale.ts). */
export function setCatalogueCacheTtl(ms: number): void {
  ttlMs = ms;
}
const maxEntries = 500;
type Entries = Map<string, { at: number; value: Promise<unknown> }>;
const caches = new WeakMap<object, Entries>();

function entriesOf(db: object): Entries {
  let entries = caches.get(db);
  if (!entries) {
    entries = new Map();
    caches.set(db, entries);
  }
  return entries;
}

export function cached<T>(db: object, key: string, now: number, load: () => Promise<T>): Promise<T> {
  const entries = entriesOf(db);
  const hit = entries.get(key);
  if (hit && now - hit.at >= 0 && now - hit.at < ttlMs) return hit.value as Promise<T>;
  const value = load();
  entries.set(key, { at: now, value });
  value.catch(() => entries.delete(key));
  if (entries.size > maxEntries) {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  return value;
}

const channel = 'coin_mall_catalogue';
const announcers = new WeakMap<object, () => void>();

export function invalidateCatalogue(db: object): void {
  caches.get(db)?.clear();
  announcers.get(db)?.();
}

/**
 * Shares this process's catalogue writes with the other processes on the same PostgreSQL database and
 * hears theirs, on one listening connection per process that heals (server/db/listener.ts): once it
 * listens again after a loss, this process's cache is cleared, since writes announced meanwhile were not
 * heard. A write announced while the connection is down reaches the others only through `ttlMs`.
 * Answers how to stop.
 */
export async function shareCatalogueInvalidations(db: object, databaseUrl: string): Promise<() => Promise<void>> {
  const me = crypto.randomUUID();
  const listener = startListener({
    name: 'catalogue',
    connectionString: databaseUrl,
    channel,
    owner: db,
    onNotification(payload) {
      if (payload !== me) caches.get(db)?.clear();
    },
    onReconnect: () => caches.get(db)?.clear(),
  });
  await listener.ready;
  announcers.set(db, () =>
    void listener.query('select pg_notify($1, $2)', [channel, me]).catch((error: unknown) => log.warn({ err: error, ttlMs }, 'catalogue cache: a write was not announced; other processes keep pages at most ttlMs old')),
  );
  return async () => {
    announcers.delete(db);
    await listener.close();
  };
}
