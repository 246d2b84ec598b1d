import crypto from 'node:crypto';
import pg from 'pg';
import { migrate, openDatabase, type Db } from '../db/database';
import { seed } from '../db/seed';
import { balanceMismatches } from '../services/ledger';
import { adminQuery, databaseUrlOf, seededCopy, seededPgliteDump, testAdminUrl } from './templateDatabase';
import { closeChatBus } from '../chat/bus';
import { closeLiveHub } from '../live/live';

export interface TestDatabase {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Connection string of the fresh PostgreSQL database, or null on PGlite. */
  url: string | null;
  drop(): Promise<void>;
}

/** After a test file: every maintained balance equals its ledger sum, or the file fails. */
async function checkBalances(db: Db): Promise<void> {
  const wrong = await balanceMismatches(db);
  if (wrong.length > 0) throw new Error(`maintained balances differ from the ledger: ${wrong.map((w) => `${w.account} ${w.maintained} != ${w.ledger}`).join(', ')}`);
}

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite, or (TEST_DB=postgres)
 * a new database on the PostgreSQL server of TEST_DATABASE_URL, dropped afterwards.
 */
export async function createTestDatabase(options: { poolSize?: number } = {}): Promise<TestDatabase> {
  if (process.env.TEST_DB !== 'postgres') {
    // The run's seeded database (server/testing/templateDatabase.ts), loaded from its dump: no new cluster.
    const loadDataDir = seededPgliteDump();
    const db = await openDatabase({ databaseUrl: null, dataDir: 'memory://', ...(loadDataDir ? { loadDataDir } : {}) });
    await migrate(db);
    await seed(db, { demo: true });
    return {
      db,
      kind: 'pglite',
      url: null,
      async drop() {
        // A live hub or chat bus of this database stops first: the files of a worker share the process (isolate:
        // false), and a hub left behind would go on reading a closed pool when a later file publishes.
        await closeChatBus(db);
        await closeLiveHub(db);
        try {
          await checkBalances(db);
        } finally {
          await db.destroy();
        }
      },
    };
  }
  const admin = testAdminUrl();
  const name = `cm_test_${crypto.randomBytes(6).toString('hex')}`;
  // From the run's seeded database when there is one (server/testing/templateDatabase.ts): a copy, not a new migration and seed.
  const seeded = seededCopy('seededPostgres');
  await adminQuery(seeded ? `create database ${name} template ${seeded}` : `create database ${name}`);
  const url = new URL(databaseUrlOf(name));
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', poolSize: options.poolSize ?? 10 });
  await migrate(db);
  await seed(db, { demo: true });
  return {
    db,
    kind: 'postgres',
    url: url.toString(),
    async drop() {
      // A live hub or chat bus of this database stops first: the files of a worker share the process (isolate:
      // false), and a hub left behind would go on reading a closed pool when a later file publishes.
      await closeChatBus(db);
      await closeLiveHub(db);
      try {
        await checkBalances(db);
      } finally {
        await db.destroy();
      }
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      // The pool's connections finish closing on their own; give them a moment before forcing the rest.
      for (let i = 0; i < 20; i += 1) {
        const open = await c.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = $1', [name]);
        if (open.rows[0]?.n === '0') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
