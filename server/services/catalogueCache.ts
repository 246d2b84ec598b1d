/**
 * A short-lived cache of public catalogue reads (feed pages, searches), one per database. PGlite
 * runs every query on one thread, so the same first page asked by many visitors at once is answered
 * once. Every write to the catalogue in this process clears it; across several processes
 * (PostgreSQL) a page is at most `ttlMs` old.
 */
const ttlMs = 3000;
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

export function invalidateCatalogue(db: object): void {
  caches.get(db)?.clear();
}
