import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { answerUnmatched, createApi } from './app';
import type { Config } from './config';
import { migrate, openDatabase } from './db/database';
import { seed } from './db/seed';
import type { Deps } from './deps';
import { purgeSignatures } from './http/session';
import { createPlatformClient } from './platform/client';
import { webRoutes } from './web';

export interface RunningServer {
  url: string;
  deps: Deps;
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds, and serves the API and the client from one port. */
export async function startServer(config: Config, options: { now?: () => number } = {}): Promise<RunningServer> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(db);
  await seed(db, { demo: true });

  let port = config.port;
  const platformUrl = () => (config.sandbox && !process.env.PI_PLATFORM_URL ? `http://127.0.0.1:${port}/sandbox/platform` : config.piPlatformUrl);
  const platform = createPlatformClient({ baseUrl: platformUrl, apiKey: config.piApiKey });
  const deps: Deps = { db, config, platform, now: options.now ?? Date.now };

  const root = new Hono();
  root.route('/', createApi(deps));
  root.route('/', webRoutes(config));
  answerUnmatched(root);

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: root.fetch, port: config.port, hostname: config.host }, (info) => {
      port = info.port;
      resolve(s);
    });
  });
  const maintenance = setInterval(() => void purgeSignatures(deps).catch(() => undefined), 60_000);
  maintenance.unref();

  return {
    url: `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`,
    deps,
    async close() {
      clearInterval(maintenance);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
    },
  };
}
