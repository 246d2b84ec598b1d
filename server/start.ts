import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { answerUnmatched, createApi } from './app';
import type { Config } from './config';
import { migrate, openDatabase } from './db/database';
import { seed } from './db/seed';
import type { Deps } from './deps';
import { purgeSignatures } from './http/session';
import { timerHandlers } from './timers/handlers';
import { runDueTimers, timerPollMs } from './timers/timers';
import { reconcilePayments } from './services/payments';
import { recoverAtStart } from './services/startupRecovery';
import { setCatalogueCacheTtl, shareCatalogueInvalidations } from './services/catalogueCache';
import { resumePayouts, setPayoutDriver, drivePayout } from './services/withdrawals';
import { releaseAmbassadorRewards } from './services/ambassador';
import { createPlatformClient } from './platform/client';
import { securityHeaders } from './http/securityHeaders';
import { previewTiles, webRoutes, type PreviewTile } from './web';
import { closeChatBus } from './chat/bus';

export interface RunningServer {
  url: string;
  deps: Deps;
  close(): Promise<void>;
}

export interface StartOptions {
  now?: () => number;
  /** The database is already migrated and seeded (a cluster worker: the primary did it once). */
  prepared?: boolean;
  /** Called as soon as the port answers (the page is served at once; API calls wait for the database). */
  onListening?: (url: string) => void;
}

/**
 * Listens at once, then opens the database, migrates and seeds. The client is served from the first
 * moment; API and sandbox requests wait until the database is ready. Resolves when everything is.
 */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  let port = config.port;
  const platformUrl = () => (config.sandbox && !process.env.PI_PLATFORM_URL ? `http://127.0.0.1:${port}/sandbox/platform` : config.piPlatformUrl);
  const platform = createPlatformClient({ baseUrl: platformUrl, apiKey: config.piApiKey });

  let stopSharing: (() => Promise<void>) | null = null;
  const ready = (async () => {
    const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
    if (!options.prepared) {
      await migrate(db);
      await seed(db, { demo: true, dataDir: config.dataDir });
    }
    // Across processes, a catalogue write in one clears the public-read cache of the others.
    if (config.catalogueCacheMs !== undefined) setCatalogueCacheTtl(config.catalogueCacheMs);
    if (config.databaseUrl) stopSharing = await shareCatalogueInvalidations(db, config.databaseUrl);
    const deps: Deps = { db, config, platform, now: options.now ?? Date.now };
    const api = new Hono();
    api.route('/', createApi(deps));
    answerUnmatched(api);
    return { deps, api };
  })();
  ready.catch(() => undefined);

  const root = new Hono();
  root.use('*', securityHeaders(config));
  // c.env carries the socket: the API's rate limits count by the client's address.
  root.all('/api/*', async (c) => (await ready).api.fetch(c.req.raw, c.env));
  root.all('/sandbox/*', async (c) => (await ready).api.fetch(c.req.raw, c.env));
  root.all('/media/*', async (c) => (await ready).api.fetch(c.req.raw, c.env));
  // The home feed's first row for the page's first paint; never waits for a database still starting.
  let databaseReady = false;
  void ready.then(() => (databaseReady = true)).catch(() => undefined);
  const preview = async () => {
    if (!databaseReady) return '';
    const res = await (await ready).api.fetch(new Request('http://localhost/api/commodity/product/feed?countryId=0&limit=2'));
    const answer = (await res.json()) as { object?: { list?: PreviewTile[] } };
    return previewTiles(answer.object?.list ?? []);
  };
  root.route('/', webRoutes(config, preview));

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: root.fetch, port: config.port, hostname: config.host }, (info) => {
      port = info.port;
      resolve(s);
    });
  });
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
  options.onListening?.(url);

  let deps: Deps;
  try {
    deps = (await ready).deps;
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw error;
  }
  const maintenance = setInterval(() => void purgeSignatures(deps).catch(() => undefined), 60_000);
  maintenance.unref();
  // Timers that fell due while the server was down fire now; then every few seconds.
  // A backlog drains batch after batch without waiting (runDueTimers loops while batches come back full);
  // one run at a time per process, other processes claim other rows (FOR UPDATE SKIP LOCKED).
  let firing = false;
  const fireTimers = async () => {
    if (firing) return;
    firing = true;
    try {
      await runDueTimers(deps.db, timerHandlers, deps.now());
    } catch (error) {
      console.error('[timers]', error);
    } finally {
      firing = false;
    }
  };
  // Withdrawal payouts: a timer hands its payout on once its transaction is over; payouts left in flight by a stop resume now.
  setPayoutDriver((id) => void drivePayout(deps, id).catch((error: unknown) => console.error('[withdrawals]', error)));
  // Stranded coin payments are settled and orphaned payouts released before any timer fires (issue 25).
  await recoverAtStart(deps);
  void resumePayouts(deps).catch((error: unknown) => console.error('[withdrawals]', error));
  await fireTimers();
  const timerLoop = setInterval(() => void fireTimers(), timerPollMs);
  timerLoop.unref();
  // Coin payments approved and signed but never completed (the page closed mid-payment) are settled with the platform.
  const reconcileLoop = setInterval(() => void reconcilePayments(deps).catch((error: unknown) => console.error('[payments]', error)), 60_000);
  reconcileLoop.unref();
  // Ambassador rewards whose invitee's first order has passed its after-sale window are paid.
  const ambassadorLoop = setInterval(() => void releaseAmbassadorRewards(deps).catch((error: unknown) => console.error('[ambassador]', error)), 60_000);
  ambassadorLoop.unref();

  return {
    url,
    deps,
    async close() {
      clearInterval(maintenance);
      clearInterval(timerLoop);
      clearInterval(reconcileLoop);
      setPayoutDriver(null);
      clearInterval(ambassadorLoop);
      await closeChatBus(deps.db);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await stopSharing?.();
      await deps.db.destroy();
    },
  };
}
