import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { ProvidedContext } from 'vitest';
import type { TestProject } from 'vitest/node';
import { dumpedDataDir, migrate, openDatabase } from '../db/database';
import { seed } from '../db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** server-pglite: a dump of an in-memory database migrated and seeded once for this run (`dumpDataDir`). */
    seededPglite: string;
    /** server-postgres: a database migrated and seeded once for this run, the template of each file's own. */
    seededPostgres: string;
    /** e2e: the same seeded data on the PostgreSQL server (the template of each app's own database) and its media directory. */
    seededAppPostgres: { database: string; mediaDir: string };
  }
}

/** The PostgreSQL server the server tests create their databases on. */
export const testAdminUrl = (): string => process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** What the run's global setup provided, or nothing (outside the test runner: the benches start apps too). */
export function seededCopy<K extends 'seededPglite' | 'seededPostgres' | 'seededAppPostgres'>(key: K): ProvidedContext[K] | undefined {
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
/** One statement on the PostgreSQL server as its administrator. */
export async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: testAdminUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A URL of the test PostgreSQL server naming database `name`. */
export function databaseUrlOf(name: string): string {
  const url = new URL(testAdminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** A new database on the PostgreSQL server, migrated and seeded with the demo data (media into `dataDir` when given). */
async function seededPostgresDatabase(prefix: string, dataDir?: string): Promise<string> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const db = await openDatabase({ databaseUrl: databaseUrlOf(name), dataDir: dataDir ?? 'memory://', poolSize: 2 });
  await migrate(db);
  await seed(db, dataDir ? { demo: true, dataDir } : { demo: true });
  await db.destroy();
  return name;
}

/**
 * What the run's projects share: each seeded database is made once per run, in the runner's process, however many
 * projects ask for it (the server suites and their isolated twins), and dropped when the last of them is done.
 */
type Shared = { value: Promise<unknown>; users: number; drop: (value: unknown) => Promise<void> };
const sharedSeeds: Map<string, Shared> = ((globalThis as { __coinMallSeeds?: Map<string, Shared> }).__coinMallSeeds ??= new Map());

async function sharedSeed<T>(key: string, make: () => Promise<T>, drop: (value: T) => Promise<void>): Promise<{ value: T; release: () => Promise<void> }> {
  let entry = sharedSeeds.get(key);
  if (!entry) {
    entry = { value: make(), users: 0, drop: (v) => drop(v as T) };
    sharedSeeds.set(key, entry);
  }
  entry.users += 1;
  const value = (await entry.value) as T;
  const held = entry;
  return {
    value,
    release: async () => {
      held.users -= 1;
      if (held.users > 0) return;
      sharedSeeds.delete(key);
      await held.drop(value);
    },
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.name.startsWith('server-postgres')) {
    const { value: name, release } = await sharedSeed('postgres', () => seededPostgresDatabase('cm_seeded'), (n) => adminQuery(`drop database if exists ${n} with (force)`));
    project.provide('seededPostgres', name);
    return release;
  }
  if (project.name.startsWith('server-pglite')) {
    const { value: file, release } = await sharedSeed(
      'pglite',
      async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coin-mall-seeded-'));
        const db = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
        await migrate(db);
        await seed(db, { demo: true });
        const dump = path.join(dir, 'seeded.tar');
        fs.writeFileSync(dump, Buffer.from(await (await dumpedDataDir(db)).arrayBuffer()));
        await db.destroy();
        return dump;
      },
      async (dump) => fs.rmSync(path.dirname(dump), { recursive: true, force: true }),
    );
    project.provide('seededPglite', file);
    return release;
  }
  // The browser journeys' apps run on the PostgreSQL server (native, not the embedded engine in the test's own
  // process: the e2e project's largest cost), each on its own copy of this seeded database. The journeys about the
  // embedded database (e2e/spine.test.ts) start on an empty data directory and seed it, as `npm start` does.
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coin-mall-seeded-pg-'));
  const database = await seededPostgresDatabase('cm_e2e_seeded', mediaDir);
  project.provide('seededAppPostgres', { database, mediaDir });
  return async () => {
    fs.rmSync(mediaDir, { recursive: true, force: true });
    await adminQuery(`drop database if exists ${database} with (force)`);
  };
}
