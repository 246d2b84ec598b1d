import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations';
import { PgliteDialect, preparedRead } from './pgliteDialect';
import { log } from '../observability/log';
import type { Database } from './schema';

export type Db = Kysely<Database>;

const INT8 = 20;
const parseInt8 = (value: string): bigint => BigInt(value);

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it PGlite is used. */
  databaseUrl: string | null;
  /** PGlite data directory; `memory://` keeps nothing. */
  dataDir: string;
  poolSize?: number;
  /** PGlite: start from this dump of a data directory (`dumpDataDir`) instead of an empty cluster (tests' seeded copy). */
  loadDataDir?: Blob;
}

const onPostgres = new WeakSet<Db>();

/** Whether this database is a PostgreSQL server (which takes several statements in one round trip), not PGlite. */
export function isPostgres(db: Db): boolean {
  return onPostgres.has(db);
}

/** Statement texts run as named prepared statements on PostgreSQL, and their names (see `executePrepared`). */
const preparedNames = new Map<string, string>();
/** Distinct texts a process prepares at most (a text's shape varies with its optional parts, not its values). */
const maxPrepared = 1000;
/** Each PostgreSQL database's pool of connections for prepared hot reads (see `executePrepared`). */
const readPools = new WeakMap<Db, pg.Pool>();

/** Each PostgreSQL database's main pool (queries and transactions). */
const mainPools = new WeakMap<Db, pg.Pool>();

/** The pools of a database and their use, for the metrics (none on PGlite). */
export function poolUse(db: Db): { name: string; total: number; idle: number; waiting: number }[] {
  const use = (name: string, p: pg.Pool | undefined) => (p ? [{ name, total: p.totalCount, idle: p.idleCount, waiting: p.waitingCount }] : []);
  return [...use('main', mainPools.get(db)), ...use('reads', readPools.get(db))];
}

/** Benches: the pool a database's prepared hot reads run on (bench/scale.ts explains them as they run). */
export function setReadPool(db: Db, pool: pg.Pool): void {
  readPools.set(db, pool);
}

/**
 * Runs a hot read (a catalogue page, a search) outside any transaction as a named prepared statement with its
 * generic plan, on PostgreSQL: each connection parses and plans it once. Planning the page statement cost more
 * than running it (0.4 ms against 0.1-0.3 ms), and left to choose, PostgreSQL kept planning these statements anew
 * for every call (a custom plan's estimate for one word pair always looks cheaper than the generic plan's).
 * So these run on their own small pool whose connections force generic plans (`plan_cache_mode`): every other
 * query keeps plans made for its values. A statement given to it must have a plan good for any value (no
 * parameter where a partial index's condition must be proven: use a literal there), and the text, hence the plan,
 * depends only on the statement's shape. On PGlite it is marked as a read for the dialect, which prepares reads
 * outside a transaction (`preparedRead`), whatever the statement's form.
 */
export async function executePrepared<R>(db: Db, compiled: CompiledQuery<R>): Promise<R[]> {
  const reads = readPools.get(db);
  if (!reads) return (await db.executeQuery(preparedRead(compiled))).rows;
  let name = preparedNames.get(compiled.sql);
  if (name === undefined && preparedNames.size < maxPrepared) {
    name = `cm${preparedNames.size.toString(36)}`;
    preparedNames.set(compiled.sql, name);
  }
  if (name === undefined) return (await db.executeQuery(compiled)).rows;
  const result = await reads.query<R & pg.QueryResultRow>({ name, text: compiled.sql, values: [...compiled.parameters] });
  return result.rows;
}

/** Distinct statement texts a pool prepares at most (each connection keeps a plan of each it has run). */
const maxStatementNames = 500;

/**
 * One pool's statement names: how many times each text with parameters has been seen, and the names of those
 * prepared. Per pool, not per process: a test process opens many databases, and one's texts must not use up
 * another's names (a production process has one pool, so the same).
 */
function statementNaming(): { nameOf: (text: string) => string | undefined; renamed: (text: string) => string } {
  const seenTimes = new Map<string, number>();
  const names = new Map<string, string>();
  let namesGiven = 0;
  /** A new name for a statement text: prepared afresh on every connection under it. */
  const renamed = (text: string): string => {
    const name = `k${(namesGiven++).toString(36)}`;
    names.set(text, name);
    return name;
  };
  /** The name a statement text is prepared under once it has been seen twice, while names last; else none. */
  const nameOf = (text: string): string | undefined => {
    const named = names.get(text);
    if (named !== undefined || names.size >= maxStatementNames) return named;
    const seen = (seenTimes.get(text) ?? 0) + 1;
    if (seen < 2) {
      if (seenTimes.size >= 10 * maxStatementNames) seenTimes.clear();
      seenTimes.set(text, seen);
      return undefined;
    }
    seenTimes.delete(text);
    return renamed(text);
  };
  return { nameOf, renamed };
}

/** PostgreSQL's refusal to run a prepared statement whose result columns a migration has changed since. */
const changedResultType = (error: unknown) => error instanceof Error && 'code' in error && error.code === '0A000' && /cached plan must not change result type/.test(error.message);

/**
 * Every statement with parameters that a process runs again (the same text: a checkout's dozen inserts and
 * updates, a signed request's signature, an order list) is a named prepared statement on each connection of
 * the main pool: PostgreSQL parses it once a connection, and keeps its plan when a generic one is as good
 * (plan_cache_mode auto: values that deserve their own plan still get one). Before, every statement was parsed
 * and planned on every call: most of PostgreSQL's CPU for a checkout went to statements that cost microseconds
 * to run. A text seen once (a literal list, a one-off) stays unnamed, and at most `maxStatementNames` are named.
 */
function prepareRepeatedStatements(naming: ReturnType<typeof statementNaming>, client: pg.PoolClient): void {
  const { nameOf, renamed } = naming;
  const query = client.query.bind(client) as (config: pg.QueryConfig) => Promise<pg.QueryResult>;
  const plain = client.query.bind(client);
  client.query = ((...args: unknown[]) => {
    const [config, values] = args;
    if (args.length === 2 && typeof config === 'string' && Array.isArray(values) && values.length > 0) {
      const name = nameOf(config);
      // A table's columns changed under a prepared `select *` (a migration by a newer process in a rolling upgrade):
      // the text gets a new name, prepared afresh, and is run again (outside a transaction that succeeds; inside
      // one, the transaction has failed and its caller sees the error, and the next use prepares afresh).
      if (name !== undefined) return query({ name, text: config, values }).catch((error: unknown) => (changedResultType(error) ? query({ name: renamed(config), text: config, values }) : Promise.reject(error)));
    }
    return (plain as (...a: unknown[]) => unknown)(...args);
  }) as typeof client.query;
}

const embedded = new WeakMap<Db, PGlite>();

/** The embedded database's data directory as a tar archive (for tests: one seeded database copied per file). */
export async function dumpedDataDir(db: Db): Promise<Blob> {
  const lite = embedded.get(db);
  if (!lite) throw new Error('not an embedded database');
  return lite.dumpDataDir('none');
}

/** Opens the database, PGlite or PostgreSQL, with the same int8-to-BigInt parser on both. */
export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  if (options.databaseUrl) {
    const size = options.poolSize ?? 10;
    const poolOf = (max: number, settings: string) => {
      const pool = new pg.Pool({
        connectionString: options.databaseUrl ?? undefined,
        max,
        options: settings,
        types: {
          getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
            oid === INT8 ? parseInt8 : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
        },
      });
      // An idle client can lose its connection (a server restart, a dropped database): the pool must
      // hear of it, or node treats the error as uncaught and the process dies. The next query reconnects.
      pool.on('error', (error) => log.warn({ err: error }, 'database: idle connection lost'));
      return pool;
    };
    // No JIT: the product's statements are short, and the planner's pessimistic estimate of the search
    // statement (its fallback steps) made PostgreSQL spend 32 ms compiling it for a query that runs in 1 ms.
    const pool = poolOf(size, '-c jit=off');
    const naming = statementNaming();
    pool.on('connect', (client) => prepareRepeatedStatements(naming, client));
    const reads = poolOf(size, '-c jit=off -c plan_cache_mode=force_generic_plan');
    const end = pool.end.bind(pool) as () => Promise<void>;
    pool.end = (async () => {
      await reads.end();
      await end();
    }) as typeof pool.end;
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    onPostgres.add(db);
    readPools.set(db, reads);
    mainPools.set(db, pool);
    return db;
  }
  const dir = options.dataDir === 'memory://' ? undefined : path.join(options.dataDir, 'pglite');
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const lite = await PGlite.create(dir, { parsers: { [INT8]: parseInt8 }, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  // A wait of seconds for the one connection is a stall: logged with where the holder took it.
  const db = new Kysely<Database>({ dialect: new PgliteDialect(lite, (stall) => log.error(stall, 'database: a statement waited seconds for the embedded database’s one connection')) });
  embedded.set(db, lite);
  return db;
}

export async function migrate(db: Db): Promise<void> {
  // Unordered: a number reserved for a slice may land after a later one (0028 after 0029); each migration stands alone.
  const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** Whether every migration this code knows has been applied (readiness: a newer process may have applied more). */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const known = await new Migrator({ db, provider: migrationProvider }).getMigrations();
  return known.every((m) => m.executedAt !== undefined);
}
