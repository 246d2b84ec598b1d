import cluster from 'node:cluster';
import { readConfig, type Config } from './config';
import { openAndPrepare, startServer, type RunningServer } from './start';
import { MissingDependencies } from './startChecks';
import { log } from './observability/log';

/**
 * Every line this process writes is JSON (issue 34): Node's own warnings, an error nothing caught and a
 * failed start go through the logger too, never to stderr as plain text or a raw stack trace.
 */
process.removeAllListeners('warning');
process.on('warning', (warning) => log.warn({ warning: warning.name, err: warning }, warning.message));
function fatal(error: unknown, message: string): never {
  // A missing dependency has said so in its own line (server/startChecks.ts).
  if (!(error instanceof MissingDependencies)) log.fatal({ err: error }, `${message}: ${error instanceof Error ? error.message : String(error)}`);
  log.flush();
  process.exit(1);
}
process.on('uncaughtException', (error) => fatal(error, 'uncaught error'));
process.on('unhandledRejection', (error) => fatal(error, 'unhandled rejection'));

let config: Config;
try {
  config = readConfig();
} catch (error) {
  fatal(error, 'configuration');
}
const started = Date.now();
const workers = Math.max(1, Math.floor(Number(process.env.WORKERS ?? 1)) || 1);

/**
 * `WORKERS=N npm start` on PostgreSQL: N server processes share one port (Node's cluster). The
 * primary migrates and seeds once, then forks; each worker serves the app and the API, runs the
 * timer runner (FOR UPDATE SKIP LOCKED: each timer fires once) and hears the others' catalogue
 * writes (LISTEN/NOTIFY). PGlite is one process's database, so without DATABASE_URL it stays one.
 */
if (cluster.isPrimary && workers > 1 && config.databaseUrl) {
  // A SIGTERM while the primary migrates and seeds: the work in hand commits, no process is forked, exit 0.
  let stopping = false;
  const stopBeforeFork = (signal: NodeJS.Signals) => {
    stopping = true;
    log.info({ signal }, 'draining (before the server processes start)');
  };
  process.on('SIGINT', stopBeforeFork);
  process.on('SIGTERM', stopBeforeFork);
  try {
    const db = await openAndPrepare(config, { demoOrders: true });
    await db.destroy();
  } catch (error) {
    fatal(error, 'start failed');
  }
  process.off('SIGINT', stopBeforeFork);
  process.off('SIGTERM', stopBeforeFork);
  if (stopping) {
    log.info({ ms: Date.now() - started }, 'shut down');
    log.flush();
    process.exit(0);
  }
  let listening = 0;
  let ready = 0;
  // The processes share DATABASE_POOL_SIZE: as many transactions in PostgreSQL at once as one process
  // would run (more only queue on the same cores and the same hot rows, and cost each order more CPU).
  const workerEnv = { COIN_MALL_PREPARED: '1', DATABASE_POOL_SIZE: String(Math.max(2, Math.ceil(config.databasePoolSize / workers))) };
  for (let i = 0; i < workers; i += 1) cluster.fork(workerEnv);
  cluster.on('message', (_worker, message: unknown) => {
    if (typeof message !== 'object' || message === null) return;
    if ('listening' in message && ++listening === workers) {
      log.info({ url: String(message.listening), workers, sandbox: config.sandbox, ms: Date.now() - started }, `Coin Mall is running at ${String(message.listening)}/  with ${workers} server processes on PostgreSQL (${config.sandbox ? 'sandbox mode' : 'Pi platform mode'})`);
    }
    // Each process has opened its database and fired the timers that fell due while it was down.
    if ('ready' in message && ++ready === workers) log.info({ workers, ms: Date.now() - started }, `Database ready in all ${workers} server processes.`);
  });
  cluster.on('exit', (worker, code) => {
    if (stopping) return;
    log.error({ workerPid: worker.process.pid, code }, 'server process exited; starting another');
    cluster.fork(workerEnv);
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // Each process drains (server/start.ts, close); past its grace and a margin, the primary stops anyway.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(0), config.shutdownGraceMs + 10_000).unref();
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} else {
  if (workers > 1 && !config.databaseUrl) log.warn("WORKERS needs DATABASE_URL (PGlite is one process's database): running one server process.");
  // Signals are heard from the first moment: a SIGTERM while starting stops the start at its next step and drains.
  const stopAsked = new AbortController();
  let stopping = false;
  let server: RunningServer | null = null;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, starting: server === null }, 'draining');
    stopAsked.abort();
    if (server === null) return; // the start ends, then drains below
    await drain(server);
  };
  const drain = async (running: RunningServer) => {
    try {
      await running.close();
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
    }
    log.flush();
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));

  let running: RunningServer;
  try {
    running = await startServer(config, {
      prepared: process.env.COIN_MALL_PREPARED === '1',
      demoOrders: true,
      signal: stopAsked.signal,
      onListening: (url) => {
        if (cluster.isWorker) process.send?.({ listening: url });
        else log.info({ url, sandbox: config.sandbox, ms: Date.now() - started }, `Coin Mall is running at ${url}/  (${config.sandbox ? 'sandbox mode: the server plays the Pi platform and host' : 'Pi platform mode'})`);
      },
    });
  } catch (error) {
    fatal(error, 'start failed');
  }
  server = running;
  if (stopping) await drain(running);
  else if (cluster.isWorker) process.send?.({ ready: true });
  else log.info({ database: config.databaseUrl ? 'postgresql' : 'pglite', media: config.media.store, ms: Date.now() - started }, `Database ready (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}).`);
}
