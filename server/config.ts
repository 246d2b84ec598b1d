import path from 'node:path';
import { BodyLimits } from '../src/domain/abuseLimits';
import { checkInHalvingAt } from '../src/domain/points';
import { sandboxWalletSeed, validateWalletSeed } from './platform/chain';
import { defaultOutsideTimeouts, type OutsideTimeouts } from './observability/outside';

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
  /**
   * Demo people, balances and catalogue seeded at start (issue 34): in the sandbox, or with SEED_DEMO=1;
   * never in a production start otherwise (SEED_DEMO=0 keeps them out of a sandbox too).
   */
  seedDemo: boolean;
  piApiKey: string;
  /** Base URL of the coin platform API (…/v2 is appended by the client's paths). */
  piPlatformUrl: string;
  smtpUrl: string | null;
  /** Where the built client lives. */
  distDir: string;
  /** Sandbox: how long a submitted payout waits before the simulated chain verifies it (issue 13). */
  sandboxConfirmMs: number;
  /** The app wallet's secret seed (PI_WALLET_SEED), checked at start, never logged; the sandbox has its own fixed one. Null: payouts wait. */
  piWalletSeed: string | null;
  /** Horizon for both networks (PI_HORIZON_URL); unset: Pi's Horizon of the payment's network (sandbox: this server's /sandbox/horizon). */
  piHorizonUrl: string | null;
  /** The network of the app wallet checked at start (PI_NETWORK: mainnet or testnet; sandbox: the sandbox's). */
  piNetwork?: string;
  /** Connect and request time-outs of every call that leaves the process (issue 34); see `OutsideTimeouts`. */
  outsideTimeouts?: OutsideTimeouts;
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
  /** Where pictures are kept: DATA_DIR/media (default) or an S3-compatible bucket (MEDIA_STORE=s3). */
  media: MediaConfig;
  /**
   * Key of the private pictures' signed URLs (MEDIA_URL_SECRET, at least 32 characters). Unset, the key made
   * once in the database (table media_key) is used, which every process on that database shares already.
   */
  mediaUrlSecret: string | null;
  /**
   * The key before a rotation (MEDIA_URL_SECRET_PREVIOUS): URLs it signed are still honoured, none are signed with
   * it. 'database' names the database's key (when MEDIA_URL_SECRET is first set).
   */
  mediaUrlSecretPrevious: string | null;
  /** Bearer token of GET /metrics (METRICS_TOKEN); without it /metrics answers 404. */
  metricsToken: string | null;
  /** On SIGTERM, how long requests in flight may take to finish before their connections are closed (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /**
   * On SIGTERM, how long /readyz answers 503 while requests are still taken, before the port closes
   * (SHUTDOWN_DELAY_MS, 0): behind a balancer, the time it takes to see the 503 and send traffic elsewhere.
   */
  shutdownDelayMs: number;
}


function readMs(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const ms = Math.floor(Number(raw));
  if (!Number.isFinite(ms) || ms < 1) throw new Error(`${name} must be a number of milliseconds (at least 1), not "${raw}"`);
  return ms;
}

function readOutsideTimeouts(env: NodeJS.ProcessEnv): OutsideTimeouts {
  return {
    connectMs: readMs(env, 'OUTSIDE_CONNECT_TIMEOUT_MS', defaultOutsideTimeouts.connectMs),
    platformMs: readMs(env, 'PI_PLATFORM_TIMEOUT_MS', defaultOutsideTimeouts.platformMs),
    horizonMs: readMs(env, 'HORIZON_TIMEOUT_MS', defaultOutsideTimeouts.horizonMs),
    s3Ms: readMs(env, 'MEDIA_S3_TIMEOUT_MS', defaultOutsideTimeouts.s3Ms),
    smtpMs: readMs(env, 'SMTP_TIMEOUT_MS', defaultOutsideTimeouts.smtpMs),
  };
}

function readNetwork(env: NodeJS.ProcessEnv, sandbox: boolean): string {
  const given = (env.PI_NETWORK ?? '').trim().toLowerCase();
  if (given === '') return sandbox ? 'Pi Testnet' : 'Pi Network';
  if (given === 'mainnet' || given === 'pi network') return 'Pi Network';
  if (given === 'testnet' || given === 'pi testnet') return 'Pi Testnet';
  throw new Error(`PI_NETWORK must be "mainnet" or "testnet", not "${env.PI_NETWORK ?? ''}"`);
}

export type MediaConfig =
  | { store: 'local' }
  | {
      store: 's3';
      bucket: string;
      /** A non-AWS store's address (MinIO, R2, …); unset for AWS itself. */
      endpoint: string | null;
      region: string;
      /** Unset: the SDK's own chain (AWS_ACCESS_KEY_ID…, an instance role). */
      accessKeyId: string | null;
      secretAccessKey: string | null;
      /** Path-style URLs (bucket in the path): what most non-AWS stores need; on by default with an endpoint. */
      forcePathStyle: boolean;
      /** Key prefix of the objects ("media/"). */
      prefix: string;
      /** Bytes of this machine's disk cache of bucket pictures (DATA_DIR/media-cache; MEDIA_CACHE_MB, 1024; 0: none). */
      cacheBytes: number;
    };

function readMediaConfig(env: NodeJS.ProcessEnv): MediaConfig {
  const store = env.MEDIA_STORE ?? 'local';
  if (store === 'local' || store === '') return { store: 'local' };
  if (store !== 's3') throw new Error(`MEDIA_STORE must be "local" or "s3", not "${store}"`);
  const bucket = env.MEDIA_S3_BUCKET ?? '';
  if (!bucket) throw new Error('MEDIA_STORE=s3 needs MEDIA_S3_BUCKET');
  const endpoint = env.MEDIA_S3_ENDPOINT || null;
  const pathStyle = env.MEDIA_S3_FORCE_PATH_STYLE;
  return {
    store: 's3',
    bucket,
    endpoint,
    region: env.MEDIA_S3_REGION || env.AWS_REGION || 'us-east-1',
    accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID || null,
    secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY || null,
    forcePathStyle: pathStyle === undefined || pathStyle === '' ? endpoint !== null : pathStyle === '1' || pathStyle === 'true',
    prefix: env.MEDIA_S3_PREFIX ?? 'media/',
    cacheBytes: Math.max(0, Math.floor(Number(env.MEDIA_CACHE_MB ?? 1024)) || 0) * 1024 * 1024,
  };
}

function readSecret(env: NodeJS.ProcessEnv, name: string): string | null {
  const value = env[name] || null;
  if (value !== null && value.length < 32) throw new Error(`${name} must be at least 32 characters (e.g. openssl rand -hex 32)`);
  return value;
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
    seedDemo: env.SEED_DEMO === undefined || env.SEED_DEMO === '' ? sandbox : env.SEED_DEMO === '1' || env.SEED_DEMO === 'true',
    piApiKey: sandbox && piApiKey === '' ? sandboxApiKey : piApiKey,
    piPlatformUrl: env.PI_PLATFORM_URL ?? (sandbox ? `http://127.0.0.1:${port}/sandbox/platform` : 'https://api.minepi.com'),
    smtpUrl: env.SMTP_URL || null,
    distDir: path.resolve(env.DIST_DIR ?? './dist'),
    sandboxConfirmMs: Math.max(0, Number(env.SANDBOX_CONFIRM_MS ?? 5000) || 0),
    piWalletSeed: sandbox ? sandboxWalletSeed : validateWalletSeed(env.PI_WALLET_SEED),
    piHorizonUrl: env.PI_HORIZON_URL || null,
    piNetwork: readNetwork(env, sandbox),
    outsideTimeouts: readOutsideTimeouts(env),
    catalogueCacheMs: env.CATALOGUE_CACHE_MS === undefined ? undefined : Math.max(0, Math.floor(Number(env.CATALOGUE_CACHE_MS)) || 0),
    checkInHalvingAt: Number(env.CHECK_IN_HALVING_AT ?? checkInHalvingAt),
    rateLimits: env.RATE_LIMITS !== 'off' && env.RATE_LIMITS !== '0',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    publicUrl: env.PUBLIC_URL || null,
    bodyLimitBytes: env.BODY_LIMIT_BYTES ? Math.max(1024, Math.floor(Number(env.BODY_LIMIT_BYTES)) || BodyLimits.defaultBytes) : BodyLimits.defaultBytes,
    media: readMediaConfig(env),
    mediaUrlSecret: readSecret(env, 'MEDIA_URL_SECRET'),
    mediaUrlSecretPrevious: env.MEDIA_URL_SECRET_PREVIOUS === 'database' ? 'database' : readSecret(env, 'MEDIA_URL_SECRET_PREVIOUS'),
    metricsToken: env.METRICS_TOKEN || null,
    shutdownGraceMs: Math.max(0, Math.floor(Number(env.SHUTDOWN_GRACE_MS ?? 10_000)) || 0),
    shutdownDelayMs: Math.max(0, Math.floor(Number(env.SHUTDOWN_DELAY_MS ?? 0)) || 0),
  };
}
