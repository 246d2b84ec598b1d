import { seedDemoOrders } from './db/seedTrust';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { answerUnmatched, createApi } from './app';
import type { Config } from './config';
import { sql } from 'kysely';
import { migrate, migrationsApplied, openDatabase, poolUse, type Db } from './db/database';
import { listenersDown } from './db/listener';
import { seed } from './db/seed';
import { checkDependencies, databaseDependency, mediaDependency, reportDependencies, type Dependency } from './startChecks';
import type { Deps } from './deps';
import { purgeSignatures } from './http/session';
import { timerHandlers } from './timers/handlers';
import { runDueTimers, timerBatchSize, timerPollMs } from './timers/timers';
import { reconcilePayments } from './services/payments';
import { recoverAtStart } from './services/startupRecovery';
import { setCatalogueCacheTtl, shareCatalogueInvalidations } from './services/catalogueCache';
import { resumePayouts, setPayoutDriver, drivePayout, stopPayouts } from './services/withdrawals';
import { releaseAmbassadorRewards } from './services/ambassador';
import { createPlatformClient } from './platform/client';
import { securityHeaders } from './http/securityHeaders';
import { chainOfConfig } from './platform/chain';
import { checkAppWallet, type WalletCheck } from './platform/wallet';
import { previewTiles, webRoutes, type PreviewTile } from './web';
import { closeChatBus } from './chat/bus';
import { closeLiveHub } from './live/live';
import { keepConnectionsAlive } from './http/keepAlive';
import { closeLiveStreams, openLiveStreams } from './http/liveStreams';
import { operationsRoutes } from './http/operations';
import { closeMediaStore } from './media/store';
import { log, logJob } from './observability/log';
import { addMetricsSource, backgroundJobs, timersFired } from './observability/metrics';
import { chartStateGauge, chartStuckGauge } from './services/chartProduction';

/** How long a shutdown waits, after the connections closed or were cut, for handlers still running (issue 36). */
const handlerDrainMs = 5_000;

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
  /**
   * A stop asked for while starting (SIGTERM): the start stops at its next step (no timers fired, no payouts
   * resumed), /readyz says draining, and the server it resolves to is closed by the caller (it drains).
   */
  signal?: AbortSignal;
  /** The sandbox's own start (server/main.ts): demo orders that give the demo shops trust figures (server/db/seedTrust.ts). */
  demoOrders?: boolean;
}

/**
 * Opens the database and checks every dependency of a start (one log line says what is missing; a required
 * one missing throws MissingDependencies), then migrates and seeds unless `prepared`. Demo data only with
 * config.seedDemo (the sandbox, or SEED_DEMO=1); a production start on an empty database says so.
 */
export async function openAndPrepare(config: Config, options: { prepared?: boolean; extraDependencies?: Dependency[]; demoOrders?: boolean } = {}): Promise<Db> {
  let db: Db;
  try {
    db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
  } catch (error) {
    reportDependencies([{ name: 'database', required: true, problem: error instanceof Error ? error.message : String(error) }]);
    throw error;
  }
  try {
    // The app wallet's account (PI_WALLET_SEED on Horizon) joins this list as a dependency that is not required.
    reportDependencies(await checkDependencies([databaseDependency(db), mediaDependency(config), ...(options.extraDependencies ?? [])]));
    if (!options.prepared) {
      await migrate(db);
      const added = await seed(db, { demo: config.seedDemo, dataDir: config.dataDir });
      if (added.people > 0 || added.products > 0) log.info({ demoPeople: added.people, demoProducts: added.products }, `Demo data seeded: ${added.people} people, ${added.products} products.`);
      if (config.seedDemo && options.demoOrders) {
        const orders = await seedDemoOrders(db, Date.now());
        if (orders > 0) log.info({ demoOrders: orders }, `Demo orders seeded: ${orders} rated orders (trust figures).`);
      }
      if (!config.seedDemo) {
        const count = async (table: 'users' | 'products') => Number((await db.selectFrom(table).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
        const [people, products] = await Promise.all([count('users'), count('products')]);
        if (people === 0 && products === 0) log.info({ people, products, seedDemo: false }, 'Empty database: no people and no products yet; no demo data is seeded outside the sandbox (SEED_DEMO=1 would add it).');
      }
    }
    return db;
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw error;
  }
}

/**
 * Listens at once, then opens the database, migrates and seeds. The client is served from the first
 * moment; API and sandbox requests wait until the database is ready. Resolves when everything is.
 */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  let port = config.port;
  const platformUrl = () => (config.sandbox && !process.env.PI_PLATFORM_URL ? `http://127.0.0.1:${port}/sandbox/platform` : config.piPlatformUrl);
  const platform = createPlatformClient({ baseUrl: platformUrl, apiKey: config.piApiKey, timeoutMs: config.outsideTimeouts?.platformMs });
  const chain = chainOfConfig(config, () => `http://127.0.0.1:${port}`);

  let stopSharing: (() => Promise<void>) | null = null;
  const ready = (async () => {
    const db = await openAndPrepare(config, { prepared: options.prepared, demoOrders: options.demoOrders });
    // Across processes, a catalogue write in one clears the public-read cache of the others.
    if (config.catalogueCacheMs !== undefined) setCatalogueCacheTtl(config.catalogueCacheMs);
    if (config.databaseUrl) stopSharing = await shareCatalogueInvalidations(db, config.databaseUrl);
    const deps: Deps = { db, config, platform, chain, now: options.now ?? Date.now };
    const api = new Hono();
    api.route('/', createApi(deps));
    answerUnmatched(api);
    return { deps, api };
  })();
  ready.catch(() => undefined);

  // Shutdown (issue 28): draining turns /readyz to 503 and asks every answer to close its connection.
  let draining = false;
  // A SIGTERM while starting: /readyz says draining at once, and the start stops at its next step.
  const stopAsked = () => options.signal?.aborted === true;
  if (stopAsked()) draining = true;
  options.signal?.addEventListener('abort', () => (draining = true), { once: true });
  let depsReady: Deps | null = null;
  let migrated = false;
  let timerRunStarted = 0;
  let timerRunEnded = Date.now();
  // The app wallet checked at start (issue 34): /readyz says whether payouts can go, and why not.
  let walletCheck: WalletCheck | null = null;
  const root = new Hono();
  root.use('*', securityHeaders(config));
  // Handlers still running (their answer not made yet): the shutdown waits for them before the pools close,
  // also after their connections were cut (a handler goes on without its socket, and would then touch a closed
  // pool: "driver has already been destroyed", issue 36). A streamed answer counts until its headers are made.
  let handlersRunning = 0;
  let handlersIdle: (() => void) | null = null;
  root.use('*', async (c, next) => {
    handlersRunning += 1;
    try {
      await next();
    } finally {
      handlersRunning -= 1;
      if (handlersRunning === 0) handlersIdle?.();
    }
    if (draining) c.header('Connection', 'close');
  });
  root.route(
    '/',
    operationsRoutes(
      {
        draining: () => draining,
        async checks() {
          const db = depsReady?.db;
          if (!db) return null;
          const database = await Promise.race([
            sql`select 1`.execute(db).then(() => true, () => false),
            new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000).unref()),
          ]);
          migrated ||= database && (await migrationsApplied(db).catch(() => false));
          // The runner is alive when its last run ended lately, or the run under way started lately.
          const now = Date.now();
          const timers = timerRunStarted > timerRunEnded ? now - timerRunStarted < 300_000 : now - timerRunEnded < Math.max(60_000, 10 * timerPollMs);
          // Every LISTEN connection of this process is in place (issue 34): while one is being made again, live changes may not reach its streams.
          const listeners = listenersDown(db).length === 0;
          return { database, migrations: migrated, timers, listeners };
        },
        payouts: () => walletCheck,
      },
      config.metricsToken,
    ),
  );
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
      keepConnectionsAlive(s);
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
  depsReady = deps;
  const removeMetricsSource = addMetricsSource({
    pools: () => poolUse(deps.db),
    async timerBacklog() {
      const row = await deps.db
        .selectFrom('timers')
        .select([sql<bigint>`count(*)`.as('due'), sql<Date | null>`min(due_at)`.as('oldest')])
        .where('fired_at', 'is', null)
        .where('cancelled_at', 'is', null)
        .where('due_at', '<=', new Date(deps.now()))
        .executeTakeFirstOrThrow();
      return { due: Number(row.due), lagSeconds: row.oldest ? Math.max(0, (deps.now() - new Date(row.oldest).getTime()) / 1000) : 0 };
    },
    async payouts() {
      const rows = await deps.db
        .selectFrom('withdrawals')
        .select(['stage', sql<boolean>`payment_id is null`.as('unsent'), sql<bigint>`count(*)`.as('n')])
        .where('stage', 'in', ['payingOut', 'awaitingConfirmation'])
        .groupBy(['stage', sql`payment_id is null`])
        .execute();
      let queued = 0;
      let inFlight = 0;
      for (const r of rows) {
        if (r.stage === 'payingOut' && r.unsent) queued += Number(r.n);
        else inFlight += Number(r.n);
      }
      return { queued, inFlight };
    },
    liveStreams: openLiveStreams,
    chartStates: () => chartStateGauge(deps.db),
    chartStuck: () => chartStuckGauge(deps.db, deps.now()),
  });
  const job = (name: string) => (error: unknown) => {
    backgroundJobs.inc({ job: name, outcome: 'error' });
    logJob(name, { ms: 0 }, error);
  };
  const maintenance = setInterval(() => void purgeSignatures(deps).catch(() => undefined), 60_000);
  maintenance.unref();
  // Timers that fell due while the server was down fire now; then every few seconds.
  // A backlog drains batch after batch without waiting (runDueTimers loops while batches come back full);
  // one run at a time per process, other processes claim other rows (FOR UPDATE SKIP LOCKED).
  // A backlog is taken a batch at a time, so that a shutdown waits for the batch in hand to commit, no more.
  let firing: Promise<void> | null = null;
  const fireTimers = async () => {
    if (firing || draining) return;
    timerRunStarted = Date.now();
    firing = (async () => {
      let fired = 0;
      try {
        for (;;) {
          const batch = await runDueTimers(deps.db, timerHandlers, deps.now(), timerBatchSize);
          fired += batch;
          timersFired.inc(batch);
          if (batch < timerBatchSize || draining) break;
        }
        backgroundJobs.inc({ job: 'timers', outcome: 'ok' });
        logJob('timers', { ms: Date.now() - timerRunStarted, count: fired });
      } catch (error) {
        backgroundJobs.inc({ job: 'timers', outcome: 'error' });
        logJob('timers', { ms: Date.now() - timerRunStarted, count: fired }, error);
      } finally {
        timerRunEnded = Date.now();
        firing = null;
      }
    })();
    await firing;
  };
  // Withdrawal payouts: a timer hands its payout on once its transaction is over; payouts left in flight by a stop resume now.
  // Each payout job is kept until it ends: the shutdown waits for them before the pools close (issue 36).
  const payoutJobs = new Set<Promise<unknown>>();
  const payoutJob = (work: Promise<unknown>) => {
    const kept = work.catch(job('payouts')).finally(() => payoutJobs.delete(kept));
    payoutJobs.add(kept);
  };
  const removePayoutDriver = setPayoutDriver((id) => payoutJob(drivePayout(deps, id)));
  // Stranded coin payments are settled and orphaned payouts released before any timer fires (issue 25).
  if (!stopAsked()) await recoverAtStart(deps);
  if (!stopAsked()) payoutJob(resumePayouts(deps));
  const walletChecked = stopAsked() ? null : checkAppWallet({ chain, platform, network: config.piNetwork ?? 'Pi Network' }).then((check) => (walletCheck = check));
  await fireTimers(); // nothing when a stop was asked for (draining)
  const timerLoop = setInterval(() => void fireTimers(), timerPollMs);
  timerLoop.unref();
  // Coin payments approved and signed but never completed (the page closed mid-payment) are settled with the platform.
  const reconcileLoop = setInterval(() => void reconcilePayments(deps).catch(job('reconcilePayments')), 60_000);
  reconcileLoop.unref();
  // Ambassador rewards whose invitee's first order has passed its after-sale window are paid.
  const ambassadorLoop = setInterval(() => void releaseAmbassadorRewards(deps).catch(job('ambassadorRewards')), 60_000);
  ambassadorLoop.unref();

  return {
    url,
    deps,
    /**
     * Graceful shutdown (SIGTERM): /readyz turns 503 (for SHUTDOWN_DELAY_MS requests are still taken, while a
     * balancer notices), then the port stops accepting; live streams end with a
     * retry hint; requests in flight finish (their connections then close), for at most SHUTDOWN_GRACE_MS,
     * after which the connections left are cut; the timer batch in hand commits; then the pools close.
     */
    async close() {
      const started = Date.now();
      draining = true;
      if (config.shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
      clearInterval(maintenance);
      clearInterval(timerLoop);
      clearInterval(reconcileLoop);
      removePayoutDriver();
      clearInterval(ambassadorLoop);
      // No payout starts any more; the one in hand finishes its step, and the start's wallet check its answer,
      // while the port still answers (the sandbox is the platform and the chain): nothing touches the pools once
      // they close, and nothing fails for the port having closed under it (issue 36).
      // The wallet check only waits on the outside: a slow one (Horizon at its timeout) is not waited for past 2 s.
      await stopPayouts(deps.db);
      await Promise.all([...payoutJobs, Promise.race([walletChecked, new Promise((resolve) => setTimeout(resolve, 2000).unref())])]);
      let closedAll = false;
      const closed = new Promise<void>((resolve) => server.close(() => resolve())).then(() => (closedAll = true));
      const streams = await closeLiveStreams();
      // A live stream's connection was kept alive (its headers went out before the drain asked for
      // Connection: close): once the stream has ended it sits idle and would hold the port open for the whole
      // grace. Idle connections are closed as they appear; only requests still in flight are waited for.
      const sweep = setInterval(() => 'closeIdleConnections' in server && server.closeIdleConnections(), 25);
      if ('closeIdleConnections' in server) server.closeIdleConnections();
      await closeChatBus(deps.db);
      await closeLiveHub(deps.db);
      let graceTimer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => (graceTimer = setTimeout(resolve, config.shutdownGraceMs)));
      await Promise.race([closed, grace]);
      clearTimeout(graceTimer);
      clearInterval(sweep);
      // Past the grace: the connections still open had a request in flight; they are cut, and counted.
      let cut = 0;
      if (!closedAll) {
        if ('closeIdleConnections' in server) server.closeIdleConnections();
        cut = await new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
        if ('closeAllConnections' in server) server.closeAllConnections();
      }
      // Handlers whose connection was cut still run to their end (each outside call they wait on is bounded);
      // the pools close after them, for at most handlerDrainMs more.
      let handlersLeft = handlersRunning;
      if (handlersRunning > 0) {
        let drainTimer: NodeJS.Timeout | undefined;
        await Promise.race([
          new Promise<void>((resolve) => (handlersIdle = resolve)),
          new Promise<void>((resolve) => (drainTimer = setTimeout(resolve, handlerDrainMs))),
        ]);
        clearTimeout(drainTimer);
        handlersLeft = handlersRunning;
        if (handlersLeft > 0) log.warn({ handlersLeft }, 'shutdown: handlers still running when the pools closed');
      }
      await firing;
      removeMetricsSource();
      await stopSharing?.();
      closeMediaStore(config);
      await deps.db.destroy();
      log.info({ ms: Date.now() - started, streamsClosed: streams, connectionsCut: cut > 0, connectionsCutCount: cut }, 'shut down');
    },
  };
}
