import fs from 'node:fs';
import path from 'node:path';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { sql } from 'kysely';
import type { Config } from './config';
import type { Db } from './db/database';
import { s3Client } from './media/store';
import { log } from './observability/log';

/**
 * What a start needs from outside the process (issue 34, finding 6), checked once before anything is
 * migrated or seeded: the database, the bucket (or the local media directory), and any other check that
 * joins the list (the app wallet's account on Horizon). What is missing is said in ONE log line.
 * A required dependency missing stops the start (exit 1, no stack trace); one that is not required lets the
 * server serve without it (the line says so, and /readyz reports it).
 */
export interface Dependency {
  /** The name in the log line: `database`, `bucket`, `media`, `wallet`. */
  name: string;
  /** Without it the server cannot serve at all. */
  required: boolean;
  /** Null when the dependency is there; else what is wrong, in words an operator acts on (never a secret). */
  check(): Promise<string | null>;
}

export interface MissingDependency {
  name: string;
  required: boolean;
  problem: string;
}

/** How long one dependency check may take before it counts as missing. */
export const dependencyCheckMs = 10_000;

/** Raised when a required dependency is missing: its one log line is written already. */
export class MissingDependencies extends Error {
  constructor(readonly missing: MissingDependency[]) {
    super(describeMissing(missing));
    this.name = 'MissingDependencies';
  }
}

function messageOf(error: unknown): string {
  if (error instanceof Error) {
    const named = error.name && error.name !== 'Error' ? `${error.name}: ` : '';
    return `${named}${error.message || String((error as { code?: unknown }).code ?? 'failed')}`;
  }
  return String(error);
}

function describeMissing(missing: MissingDependency[]): string {
  return missing.map((m) => `${m.name} (${m.problem})`).join('; ');
}

/** Runs every check at once, each bounded by `timeoutMs`; answers what is missing (empty: all there). */
export async function checkDependencies(dependencies: Dependency[], timeoutMs = dependencyCheckMs): Promise<MissingDependency[]> {
  const results = await Promise.all(
    dependencies.map(async (d): Promise<MissingDependency | null> => {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve(`no answer within ${timeoutMs} ms`), timeoutMs);
        timer.unref();
      });
      const problem = await Promise.race([d.check().catch(messageOf), timedOut]).finally(() => clearTimeout(timer));
      return problem === null ? null : { name: d.name, required: d.required, problem };
    }),
  );
  return results.filter((r): r is MissingDependency => r !== null);
}

/**
 * The one log line of a start's dependencies: error and a thrown MissingDependencies when a required one is
 * missing, a warning when only optional ones are, nothing when all are there.
 */
export function reportDependencies(missing: MissingDependency[]): void {
  if (missing.length === 0) return;
  const fields = { missing: missing.map((m) => m.name), problems: Object.fromEntries(missing.map((m) => [m.name, m.problem])) };
  if (missing.some((m) => m.required)) {
    log.error(fields, `Cannot start, missing: ${describeMissing(missing)}`);
    throw new MissingDependencies(missing);
  }
  log.warn(fields, `Started without: ${describeMissing(missing)}`);
}

/** The database answers a query (PostgreSQL reachable and the credentials right; PGlite's directory opened). */
export function databaseDependency(db: Db): Dependency {
  return {
    name: 'database',
    required: true,
    async check() {
      await sql`select 1`.execute(db);
      return null;
    },
  };
}

/** Where pictures are kept: the bucket exists and these credentials may use it, or the local directory is writable. */
export function mediaDependency(config: Config): Dependency {
  const media = config.media;
  if (media.store === 's3') {
    return {
      name: 'bucket',
      required: true,
      async check() {
        const client = s3Client(media);
        try {
          await client.send(new HeadBucketCommand({ Bucket: media.bucket }), { abortSignal: AbortSignal.timeout(dependencyCheckMs) });
          return null;
        } catch (error) {
          const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
          const where = `${media.endpoint ?? 'aws'}/${media.bucket}`;
          if (status === 404) return `no bucket ${where}: create it, or correct MEDIA_S3_BUCKET`;
          if (status === 403) return `bucket ${where} refuses these credentials (403)`;
          return `bucket ${where} unreachable: ${messageOf(error)}`;
        } finally {
          client.destroy();
        }
      },
    };
  }
  return {
    name: 'media',
    required: true,
    async check() {
      const dir = path.join(config.dataDir, 'media');
      await fs.promises.mkdir(dir, { recursive: true });
      await fs.promises.access(dir, fs.constants.W_OK);
      return null;
    },
  };
}
