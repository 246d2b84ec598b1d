import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { dumpedDataDir, migrate, openDatabase } from '../db/database';
import { seed } from '../db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** e2e: a data directory (the embedded database and its media) migrated and seeded once for this run. */
    seededDataDir: string;
    /** server-pglite: a dump of an in-memory database migrated and seeded once for this run (`dumpDataDir`). */
    seededPglite: string;
    /** server-postgres: a database migrated and seeded once for this run, the template of each file's own. */
    seededPostgres: string;
  }
}

/** The PostgreSQL server the server tests create their databases on. */
export const testAdminUrl = (): string => process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** What the run's global setup provided, or nothing (outside the test runner: the benches start apps too). */
export function seededCopy<K extends 'seededDataDir' | 'seededPglite' | 'seededPostgres'>(key: K): string | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

/**
 * Global setup of the browser and server projects: the database every test file starts from (migrated and
 * seeded with the demo data) is made once per run, and each file starts from a copy of it instead of
 * creating a database, migrating and seeding anew. It is the same fresh database either way; the copy
 * still runs the migrations and the seed at start, which find nothing to do. Measured on this machine
 * under a full run's load: 11 s to create and seed an embedded database against 0.6 s to copy its
 * directory and 1.8 s to open it.
 * - e2e: a data directory copied by each app (e2e/support/app.ts startApp);
 * - server-pglite: a dump loaded by each in-memory database (server/testing/testDatabase.ts);
 * - server-postgres: a database that each file's own is created from (`create database … template`).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.name === 'server-postgres') {
    const admin = testAdminUrl();
    const name = `cm_seeded_${crypto.randomBytes(6).toString('hex')}`;
    const run = async (statement: string) => {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await run(`create database ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const db = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', poolSize: 2 });
    await migrate(db);
    await seed(db, { demo: true });
    await db.destroy();
    project.provide('seededPostgres', name);
    return () => run(`drop database if exists ${name} with (force)`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coin-mall-seeded-'));
  if (project.name === 'server-pglite') {
    const db = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    await migrate(db);
    await seed(db, { demo: true });
    const file = path.join(dir, 'seeded.tar');
    fs.writeFileSync(file, Buffer.from(await (await dumpedDataDir(db)).arrayBuffer()));
    await db.destroy();
    project.provide('seededPglite', file);
  } else {
    const db = await openDatabase({ databaseUrl: null, dataDir: dir });
    await migrate(db);
    await seed(db, { demo: true, dataDir: dir });
    await db.destroy();
    project.provide('seededDataDir', dir);
  }
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}
