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

function seedEntry<T>(key: string, make: () => Promise<T>, drop: (value: T) => Promise<void>): Shared {
  let entry = sharedSeeds.get(key);
  if (!entry) {
    entry = { value: make(), users: 0, drop: (v) => drop(v as T) };
    // Started ahead of its project's setup (startEverySeed): a failure is that setup's to report.
    entry.value.catch(() => undefined);
    sharedSeeds.set(key, entry);
  }
  return entry;
}

async function sharedSeed<T>(key: string, make: () => Promise<T>, drop: (value: T) => Promise<void>, options: { ahead?: boolean } = {}): Promise<{ value: T; release: () => Promise<void> }> {
  const entry = seedEntry(key, make, drop);
  if (options.ahead) return { value: undefined as T, release: async () => undefined };
  entry.users += 1;
  const value = (await entry.value) as T;
  const held = entry;
  return {
    value,
    release: async () => {
      held.users -= 1;
      if (held.users === 0) {
        sharedSeeds.delete(key);
        await held.drop(value);
      }
      // A seed started ahead for a project that ran no file (a run filtered to some files) is dropped with the rest.
      for (const [other, entry] of sharedSeeds) {
        if (entry.users > 0) continue;
        sharedSeeds.delete(other);
        await entry.value.then(entry.drop, () => undefined);
      }
    },
  };
}

/** The seeded PostgreSQL database of the server suites. */
const postgresSeed = (ahead = false) => sharedSeed('postgres', () => seededPostgresDatabase('cm_seeded'), (n) => adminQuery(`drop database if exists ${n} with (force)`), { ahead });

/** The dump of a seeded in-memory PGlite database, for the server suite on PGlite. */
const pgliteSeed = (ahead = false) =>
  sharedSeed(
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
    { ahead },
  );

/**
 * The browser journeys' apps run on the PostgreSQL server (native, not the embedded engine in the test's own
 * process: the e2e project's largest cost), each on its own copy of this seeded database. The journeys about the
 * embedded database (e2e/spine.test.ts) start on an empty data directory and seed it, as `npm start` does.
 */
const appSeed = (ahead = false) =>
  sharedSeed(
    'e2e',
    async () => {
      const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coin-mall-seeded-pg-'));
      return { database: await seededPostgresDatabase('cm_e2e_seeded', mediaDir), mediaDir };
    },
    async ({ database, mediaDir }) => {
      fs.rmSync(mediaDir, { recursive: true, force: true });
      await adminQuery(`drop database if exists ${database} with (force)`);
    },
    { ahead },
  );

const seedOf = (name: string) => (name.startsWith('server-postgres') ? postgresSeed : name.startsWith('server-pglite') ? pgliteSeed : name === 'e2e' ? appSeed : null);

/**
 * Vitest runs the projects' global setups one after another before any test; the seeds are independent (the
 * PGlite one works in this process, the PostgreSQL ones mostly wait on the server), so the first setup starts
 * every seed the run's projects need and each setup then takes its own, made or being made.
 */
function startEverySeed(project: TestProject): void {
  const g = globalThis as { __coinMallSeedsStarted?: boolean };
  if (g.__coinMallSeedsStarted) return;
  g.__coinMallSeedsStarted = true;
  for (const other of project.vitest.projects) {
    const start = seedOf(other.name);
    if (!start || other.name === project.name) continue;
    void start(true); // made now, counted (and dropped) by that project's own setup

  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  startEverySeed(project);
  if (project.name.startsWith('server-postgres')) {
    const { value: name, release } = await postgresSeed();
    project.provide('seededPostgres', name);
    return release;
  }
  if (project.name.startsWith('server-pglite')) {
    const { value: file, release } = await pgliteSeed();
    project.provide('seededPglite', file);
    return release;
  }
  const { value, release } = await appSeed();
  project.provide('seededAppPostgres', value);
  return release;
}
