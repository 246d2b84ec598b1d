import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations';
import { PgliteDialect } from './pgliteDialect';
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

/** Sends the statements registered by `executePrepared` by name, so each connection parses and plans them once. */
function namePreparedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (config: pg.QueryConfig, values?: unknown[]) => Promise<pg.QueryResult>;
  const plain = client.query.bind(client) as (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
  client.query = ((text: string, values?: unknown[]) => {
    const name = typeof text === 'string' ? preparedNames.get(text) : undefined;
    return name === undefined ? plain(text, values) : query({ name, text, values });
  }) as typeof client.query;
}

/**
 * Runs a hot read (a catalogue page, a search) as a named prepared statement on PostgreSQL: each connection
 * parses and plans it once and keeps the plan (PostgreSQL switches to its generic plan after five runs when
 * that plan costs no more than the custom ones). Planning the page statement cost more than running it
 * (0.4 ms against 0.1-0.3 ms). Values stay parameters, so the text, and its one plan, depends only on the
 * statement's shape. On PGlite it is an ordinary query.
 */
export async function executePrepared<R>(db: Db, compiled: CompiledQuery<R>): Promise<R[]> {
  if (onPostgres.has(db) && !preparedNames.has(compiled.sql) && preparedNames.size < maxPrepared) preparedNames.set(compiled.sql, `cm${preparedNames.size.toString(36)}`);
  return (await db.executeQuery(compiled)).rows;
}

/** Opens the database, PGlite or PostgreSQL, with the same int8-to-BigInt parser on both. */
export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // No JIT: the product's statements are short, and the planner's pessimistic estimate of the search
      // statement (its fallback steps) made PostgreSQL spend 32 ms compiling it for a query that runs in 1 ms.
      options: '-c jit=off',
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8 ? parseInt8 : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client can lose its connection (a server restart, a dropped database): the pool must
    // hear of it, or node treats the error as uncaught and the process dies. The next query reconnects.
    pool.on('error', (error) => console.error(`[db] idle connection lost: ${error.message}`));
    pool.on('connect', namePreparedStatements);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    onPostgres.add(db);
    return db;
  }
  const dir = options.dataDir === 'memory://' ? undefined : path.join(options.dataDir, 'pglite');
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const lite = await PGlite.create(dir, { parsers: { [INT8]: parseInt8 } });
  return new Kysely<Database>({ dialect: new PgliteDialect(lite) });
}

export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
