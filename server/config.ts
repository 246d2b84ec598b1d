import path from 'node:path';
import { BodyLimits } from '../src/domain/abuseLimits';
import { checkInHalvingAt } from '../src/domain/points';

/** Every configuration variable of the server, read once at start. The README lists them. */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL server connection string; when absent the embedded PGlite under dataDir is used. */
  databaseUrl: string | null;
  /** PostgreSQL connections a server process may open (DATABASE_POOL_SIZE, 10); `WORKERS=N` gives each process its share of it. */
  databasePoolSize: number;
  dataDir: string;
  /** Sandbox mode: the server plays the coin platform and the host. On when no PI_API_KEY is set. */
  sandbox: boolean;
  piApiKey: string;
  /** Base URL of the coin platform API (…/v2 is appended by the client's paths). */
  piPlatformUrl: string;
  smtpUrl: string | null;
  /** Where the built client lives. */
  distDir: string;
  /** Sandbox: how long a submitted payout waits before the simulated chain verifies it (issue 13). */
  sandboxConfirmMs: number;
  /** How long a public catalogue read (feed page, search) is kept in a process (CATALOGUE_CACHE_MS; `catalogueCacheTtlMs` when unset); 0 keeps none (benches). */
  catalogueCacheMs?: number;
  /** Check-ins on the platform after which a check-in pays 0.314 instead of 1 point (SPEC 9: 1,000,000). */
  checkInHalvingAt?: number;
  /** Abuse limits (issue 25): rate limits on unless RATE_LIMITS=off; TRUST_PROXY=1 reads the client's address from X-Forwarded-For; JSON and form bodies up to BODY_LIMIT_BYTES. */
  rateLimits?: boolean;
  trustProxy?: boolean;
  bodyLimitBytes?: number;
  /** The address people reach the app at (PUBLIC_URL); https turns on HSTS. */
  publicUrl?: string | null;
}

export const sandboxApiKey = 'sandbox-key';

/** How long a public catalogue read is kept by default (server/services/catalogueCache.ts). */
export const catalogueCacheTtlMs = 3000;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  const host = env.HOST ?? '127.0.0.1';
  const piApiKey = env.PI_API_KEY ?? '';
  const sandbox = env.SANDBOX !== undefined ? env.SANDBOX !== '0' && env.SANDBOX !== 'false' : piApiKey === '';
  return {
    port,
    host,
    databaseUrl: env.DATABASE_URL || null,
    databasePoolSize: Math.max(1, Math.floor(Number(env.DATABASE_POOL_SIZE ?? 10)) || 10),
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    sandbox,
    piApiKey: sandbox && piApiKey === '' ? sandboxApiKey : piApiKey,
    piPlatformUrl: env.PI_PLATFORM_URL ?? (sandbox ? `http://127.0.0.1:${port}/sandbox/platform` : 'https://api.minepi.com'),
    smtpUrl: env.SMTP_URL || null,
    distDir: path.resolve(env.DIST_DIR ?? './dist'),
    sandboxConfirmMs: Math.max(0, Number(env.SANDBOX_CONFIRM_MS ?? 5000) || 0),
    catalogueCacheMs: env.CATALOGUE_CACHE_MS === undefined ? undefined : Math.max(0, Math.floor(Number(env.CATALOGUE_CACHE_MS)) || 0),
    checkInHalvingAt: Number(env.CHECK_IN_HALVING_AT ?? checkInHalvingAt),
    rateLimits: env.RATE_LIMITS !== 'off' && env.RATE_LIMITS !== '0',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    publicUrl: env.PUBLIC_URL || null,
    bodyLimitBytes: env.BODY_LIMIT_BYTES ? Math.max(1024, Math.floor(Number(env.BODY_LIMIT_BYTES)) || BodyLimits.defaultBytes) : BodyLimits.defaultBytes,
  };
}
