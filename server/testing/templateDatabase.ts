import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { ProvidedContext } from 'vitest';
import type { TestProject } from 'vitest/node';

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

/** The run's seeded embedded database as a dump to load (`loadDataDir`), or nothing outside the runner. */
export function seededPgliteDump(): Blob | undefined {
  const seeded = seededCopy('seededPglite');
  return seeded && fs.existsSync(seeded) ? new Blob([fs.readFileSync(seeded)]) : undefined;
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

/**
 * The server's database and seed modules, imported when a seed is made. Vitest imports a project's global setup
 * anew for each project (six here), and only the first setup makes seeds: importing the server's database code in
 * every setup cost 2–3 s each before the first test.
 */
async function databaseModules(): Promise<typeof import('../db/database') & typeof import('../db/seed')> {
  const [database, seeding] = await Promise.all([import('../db/database'), import('../db/seed')]);
  return { ...database, ...seeding };
}

/** A new database on the PostgreSQL server, migrated and seeded with the demo data (media into `dataDir` when given). */
async function seededPostgresDatabase(prefix: string, dataDir?: string): Promise<string> {
  const { migrate, openDatabase, seed } = await databaseModules();
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

/** One seed of the run: made once, shared by the projects that ask for it, dropped after the last of them. */
type Seed<T> = { key: string; make: () => Promise<T>; drop: (value: T) => Promise<void> };

/** The seed's entry, started now if nothing has started it yet (the value is awaited by whoever takes it). */
function seedEntry<T>(seed: Seed<T>): Shared {
  let entry = sharedSeeds.get(seed.key);
  if (!entry) {
    entry = { value: seed.make(), users: 0, drop: (v) => seed.drop(v as T) };
    // Possibly started ahead of its project's setup (startEverySeed): a failure is that setup's to report.
    entry.value.catch(() => undefined);
    sharedSeeds.set(seed.key, entry);
  }
  return entry;
}

async function takeSeed<T>(seed: Seed<T>): Promise<{ value: T; release: () => Promise<void> }> {
  const entry = seedEntry(seed);
  entry.users += 1;
  const value = (await entry.value) as T;
  return {
    value,
    release: async () => {
      entry.users -= 1;
      if (entry.users === 0) {
        sharedSeeds.delete(seed.key);
        await entry.drop(value);
      }
      // A seed started ahead for a project that ran no file (a run filtered to some files) is dropped with the rest.
      for (const [other, unused] of sharedSeeds) {
        if (unused.users > 0) continue;
        sharedSeeds.delete(other);
        await unused.value.then(unused.drop, () => undefined);
      }
    },
  };
}

/** The seeded PostgreSQL database of the server suites. */
const postgresSeed: Seed<string> = { key: 'postgres', make: () => seededPostgresDatabase('cm_seeded'), drop: (n) => adminQuery(`drop database if exists ${n} with (force)`) };

/** The dump of a seeded in-memory PGlite database, for the server suite on PGlite. */
const pgliteSeed: Seed<string> = {
  key: 'pglite',
  make: async () => {
    const { dumpedDataDir, migrate, openDatabase, seed } = await databaseModules();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coin-mall-seeded-'));
    const db = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    await migrate(db);
    await seed(db, { demo: true });
    const dump = path.join(dir, 'seeded.tar');
    fs.writeFileSync(dump, Buffer.from(await (await dumpedDataDir(db)).arrayBuffer()));
    await db.destroy();
    return dump;
  },
  drop: async (dump) => fs.rmSync(path.dirname(dump), { recursive: true, force: true }),
};

/**
 * The browser journeys' apps run on the PostgreSQL server (native, not the embedded engine in the test's own
 * process: the e2e project's largest cost), each on its own copy of this seeded database. The journeys about the
 * embedded database (e2e/spine.test.ts) start on an empty data directory and seed it, as `npm start` does.
 */
const appSeed: Seed<{ database: string; mediaDir: string }> = {
  key: 'e2e',
  make: async () => {
    const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coin-mall-seeded-pg-'));
    return { database: await seededPostgresDatabase('cm_e2e_seeded', mediaDir), mediaDir };
  },
  drop: async ({ database, mediaDir }) => {
    fs.rmSync(mediaDir, { recursive: true, force: true });
    await adminQuery(`drop database if exists ${database} with (force)`);
  },
};

/**
 * Vitest runs the projects' global setups one after another before any test; the seeds are independent (the
 * PGlite one works in this process, the PostgreSQL ones mostly wait on the server), so the first setup starts
 * every seed the run's projects need and each setup then takes its own, made or being made.
 */
function startEverySeed(project: TestProject): void {
  const g = globalThis as { __coinMallSeedsStarted?: boolean };
  if (g.__coinMallSeedsStarted) return;
  g.__coinMallSeedsStarted = true;
  for (const { name } of project.vitest.projects) {
    if (name.startsWith('server-postgres')) seedEntry(postgresSeed);
    else if (name.startsWith('server-pglite')) seedEntry(pgliteSeed);
    else if (name === 'e2e') seedEntry(appSeed);
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  startEverySeed(project);
  if (project.name.startsWith('server-postgres')) {
    const { value, release } = await takeSeed(postgresSeed);
    project.provide('seededPostgres', value);
    return release;
  }
  if (project.name.startsWith('server-pglite')) {
    const { value, release } = await takeSeed(pgliteSeed);
    project.provide('seededPglite', value);
    return release;
  }
  const { value, release } = await takeSeed(appSeed);
  project.provide('seededAppPostgres', value);
  return release;
}
