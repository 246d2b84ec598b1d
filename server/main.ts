import cluster from 'node:cluster';
import { readConfig } from './config';
import { migrate, openDatabase } from './db/database';
import { seed } from './db/seed';
import { startServer } from './start';
import { log } from './observability/log';

const config = readConfig();
const started = Date.now();
const workers = Math.max(1, Math.floor(Number(process.env.WORKERS ?? 1)) || 1);

/**
 * `WORKERS=N npm start` on PostgreSQL: N server processes share one port (Node's cluster). The
 * primary migrates and seeds once, then forks; each worker serves the app and the API, runs the
 * timer runner (FOR UPDATE SKIP LOCKED: each timer fires once) and hears the others' catalogue
 * writes (LISTEN/NOTIFY). PGlite is one process's database, so without DATABASE_URL it stays one.
 */
if (cluster.isPrimary && workers > 1 && config.databaseUrl) {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(db);
  await seed(db, { demo: true, dataDir: config.dataDir });
  await db.destroy();
  let stopping = false;
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
  const server = await startServer(config, {
    prepared: process.env.COIN_MALL_PREPARED === '1',
    onListening: (url) => {
      if (cluster.isWorker) process.send?.({ listening: url });
      else log.info({ url, sandbox: config.sandbox, ms: Date.now() - started }, `Coin Mall is running at ${url}/  (${config.sandbox ? 'sandbox mode: the server plays the Pi platform and host' : 'Pi platform mode'})`);
    },
  });
  if (cluster.isWorker) process.send?.({ ready: true });
  else log.info({ database: config.databaseUrl ? 'postgresql' : 'pglite', media: config.media.store, ms: Date.now() - started }, `Database ready (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}).`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    log.info({ signal: true }, 'draining');
    try {
      await server.close();
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
    }
    log.flush();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}
