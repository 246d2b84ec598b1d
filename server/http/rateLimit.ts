import type { Context, MiddlewareHandler } from 'hono';
import { CompiledQuery } from 'kysely';
import { RateLimitedPaths, RateLimits, type RateClass, type RateRule, type RateWindow } from '../../src/domain/abuseLimits';
import { SignedHeader } from '../../src/domain/signing';
import type { Deps } from '../deps';
import { ResponseCode } from '../../src/domain/codes';
import { log } from '../observability/log';
import { rateLimitRefusals } from '../observability/metrics';
import { ApiError } from './envelope';
import { languageOf, translate } from './i18n';
import type { AppEnv } from './env';

/**
 * Rate limits shared by every server process (issue 25; the table is `RateLimits` in src/domain).
 * A fixed window per key (`<class>:ip:<address>` or `<class>:user:<id>`): on PostgreSQL one atomic
 * upsert per request counts every key of the request at once in `rate_limit_counts`, so N requests
 * split across processes are counted once; on PGlite (one process) the counts live in memory.
 * A key found over its limit is also remembered by the process until its window ends, so a flood from
 * one address is refused without touching the database at all.
 */

/** Refused: answered HTTP 429 with Retry-After and "Give the server a rest" (server/app.ts). */
export class RateLimited extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super('tooManyRequests', { seconds: String(retryAfterSeconds) }, { retryAfterSeconds }, 'messages.serverRest');
  }
}

/** HTTP 429, Retry-After, and the envelope with the code and its message in the person's language. */
export function rateLimitedAnswer(c: Context, error: RateLimited): Response {
  const language = languageOf(c.req.header(SignedHeader.language));
  return c.json(
    { code: ResponseCode.tooManyRequests, msg: translate(language, error.messageKey ?? 'messages.serverRest'), object: error.object },
    429,
    { 'Retry-After': String(error.retryAfterSeconds) },
  );
}

interface Counted {
  key: string;
  window: RateWindow;
}

interface Store {
  /** Counts one more request for every key; answers each key's count in its current window. */
  hit(keys: { key: string; windowStart: number }[]): Promise<Map<string, number>>;
  /** Drops windows that ended before `before`. */
  purge(before: number): void;
  /** Keys known to be over their limit in this process, until the end of their window. */
  blocked: Map<string, number>;
  lastPurge: number;
}

const stores = new WeakMap<Deps['db'], Store>();

/** One statement: every key counted at once, durable enough (a lost count after a crash only forgives a little). */
const countStatement = `
  with durability as (select set_config('synchronous_commit', 'off', true) as setting)
  insert into rate_limit_counts (key, window_start, count)
  select k, w, 1 from unnest($1::text[], $2::bigint[]) as t(k, w), durability
  on conflict (key, window_start) do update set count = rate_limit_counts.count + 1
  returning key, count`;

function postgresStore(deps: Deps): Store {
  return {
    blocked: new Map(),
    lastPurge: 0,
    async hit(keys) {
      const result = await deps.db.executeQuery<{ key: string; count: number }>(
        CompiledQuery.raw(countStatement, [keys.map((k) => k.key), keys.map((k) => String(k.windowStart))]),
      );
      return new Map(result.rows.map((r) => [r.key, Number(r.count)]));
    },
    purge(before) {
      void deps.db.executeQuery(CompiledQuery.raw('delete from rate_limit_counts where window_start < $1', [String(before)])).catch(() => undefined);
    },
  };
}

/** PGlite is one process's database: its counts live in that process. */
function memoryStore(): Store {
  const counts = new Map<string, { windowStart: number; n: number }>();
  return {
    blocked: new Map(),
    lastPurge: 0,
    hit(keys) {
      const answer = new Map<string, number>();
      for (const { key, windowStart } of keys) {
        const slot = `${key}@${windowStart}`;
        const n = (counts.get(slot)?.n ?? 0) + 1;
        counts.set(slot, { windowStart, n });
        answer.set(key, n);
      }
      return Promise.resolve(answer);
    },
    purge(before) {
      for (const [slot, { windowStart }] of counts) if (windowStart < before) counts.delete(slot);
    },
  };
}

function storeOf(deps: Deps): Store {
  let store = stores.get(deps.db);
  if (!store) {
    store = deps.config.databaseUrl ? postgresStore(deps) : memoryStore();
    stores.set(deps.db, store);
  }
  return store;
}

/** Windows that ended long ago are dropped, once a minute per process, off the request's path. */
function purge(store: Store, now: number): void {
  if (now - store.lastPurge < 60_000) return;
  store.lastPurge = now;
  for (const [key, until] of store.blocked) if (until <= now) store.blocked.delete(key);
  store.purge(now - longestWindow - 60_000);
}

const longestWindow = Math.max(...Object.values(RateLimits).flatMap((r: RateRule) => [r.perAddress.windowMs, r.perPerson?.windowMs ?? 0]));

/** The refusal, counted in the metrics by the class of the first limit that refused (coin_mall_rate_limit_refusals_total). */
function refused(counted: Counted[], blocked: Map<string, number>, now: number, wait: number): RateLimited {
  const first = counted.find(({ key }) => (blocked.get(key) ?? 0) > now);
  rateLimitRefusals.inc({ limit: first ? first.key.slice(0, first.key.indexOf(':')) : 'unknown' });
  return new RateLimited(Math.max(1, Math.ceil(wait / 1000)));
}

/** Counts the request against each key; throws RateLimited (the longest wait) if any is over its limit. */
async function count(deps: Deps, counted: Counted[]): Promise<void> {
  if (counted.length === 0) return;
  const store = storeOf(deps);
  const now = deps.now();
  purge(store, now);
  let wait = 0;
  for (const { key } of counted) {
    const until = store.blocked.get(key);
    if (until !== undefined && until > now) wait = Math.max(wait, until - now);
  }
  if (wait > 0) throw refused(counted, store.blocked, now, wait);
  const keys = counted.map(({ key, window }) => ({ key, windowStart: Math.floor(now / window.windowMs) * window.windowMs, window }));
  const counts = await store.hit(keys);
  for (const { key, windowStart, window } of keys) {
    if ((counts.get(key) ?? 0) <= window.limit) continue;
    const until = windowStart + window.windowMs;
    // One line when a key starts being refused; the refusals themselves are counted, not logged one by one.
    if ((store.blocked.get(key) ?? 0) <= now) log.warn({ limit: key.slice(0, key.indexOf(':')), key, until: new Date(until).toISOString() }, 'rate limit: refusing until the window ends');
    store.blocked.set(key, until);
    wait = Math.max(wait, until - now);
  }
  if (wait > 0) throw refused(counted, store.blocked, now, wait);
}

/**
 * The client's address: the socket's, or with TRUST_PROXY=1 (behind one reverse proxy) the last
 * address of X-Forwarded-For, the one the proxy itself added.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded?.split(',').pop()?.trim();
    if (last) return last;
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'local';
}

function classesOf(path: string, signed: boolean): RateClass[] {
  const own = RateLimitedPaths[path];
  return own ? [signed ? 'signed' : 'unsigned', own] : [signed ? 'signed' : 'unsigned'];
}

const enabled = (deps: Deps) => deps.config.rateLimits !== false;

/**
 * Per address, before anything else runs: a request without a session token counts as unsigned, one
 * with a token against the address's share of signed requests (the person's own limits are counted
 * once the signature is verified: `limitPerson`).
 */
export function limitByAddress(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // The sandbox platform stands in for the Pi platform (this server calls it): it is not the product's API.
    if (enabled(deps) && !c.req.path.startsWith('/sandbox/platform/')) {
      const address = clientAddress(c, deps.config.trustProxy === true);
      const signed = (c.req.header(SignedHeader.token) ?? '') !== '';
      await count(
        deps,
        classesOf(c.req.path, signed).map((name) => ({ key: `${name}:ip:${address}`, window: RateLimits[name].perAddress })),
      );
    }
    await next();
  };
}

/** Per person, right after the signature is verified (server/http/session.ts). */
export async function limitPerson(deps: Deps, c: Context, userId: bigint): Promise<void> {
  if (!enabled(deps)) return;
  const counted: Counted[] = [];
  for (const name of classesOf(c.req.path, true)) {
    const rule: RateRule = RateLimits[name];
    if (rule.perPerson) counted.push({ key: `${name}:user:${userId.toString()}`, window: rule.perPerson });
  }
  await count(deps, counted);
}
