import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { answerUnmatched, createApi } from '../app';
import { readConfig, type Config } from '../config';
import type { Deps } from '../deps';
import { createPlatformClient } from '../platform/client';
import { chainOfConfig } from '../platform/chain';
import { createTestDatabase, type TestDatabase } from './testDatabase';
import { closeChatBus } from '../chat/bus';
import { setStandingsRefresh } from '../services/standings';
import { stopPayouts } from '../services/withdrawals';
import { keepConnectionsAlive } from '../http/keepAlive';

/** A clock the tests move by hand: timers and signature windows follow it, nothing waits. */
export interface TestClock {
  now(): number;
  set(ms: number): void;
  advance(ms: number): void;
}

export function testClock(start = Date.now()): TestClock {
  let current = start;
  return {
    now: () => current,
    set: (ms) => (current = ms),
    advance: (ms) => (current += ms),
  };
}

export interface TestServer {
  url: string;
  deps: Deps;
  clock: TestClock;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The real provider API (sandbox mode, so the platform is this server) on port 0 over a fresh database. */
export async function startTestServer(overrides: Partial<Config> = {}, options: { poolSize?: number } = {}): Promise<TestServer> {
  const database = await createTestDatabase({ poolSize: options.poolSize });
  setStandingsRefresh({ floorMs: 0, waitForFresh: true });
  const clock = testClock();
  let port = 0;
  // Rate limits are off unless a test asks for them: a test's frozen clock keeps every request in one window.
  const config: Config = { ...readConfig({}), rateLimits: false, port: 0, sandbox: true, piApiKey: 'sandbox-key', databaseUrl: database.url, ...overrides };
  const platform = createPlatformClient({ baseUrl: () => `http://127.0.0.1:${port}/sandbox/platform`, apiKey: config.piApiKey });
  const chain = chainOfConfig(config, () => `http://127.0.0.1:${port}`);
  const deps: Deps = { db: database.db, config, platform, chain, now: clock.now };
  const root = new Hono();
  root.route('/', createApi(deps));
  answerUnmatched(root);
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: root.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      port = info.port;
      keepConnectionsAlive(s);
      resolve(s);
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    deps,
    clock,
    database,
    async close() {
      // The payout under way (a request or a test started it) finishes against this server's platform first.
      await stopPayouts(database.db);
      await closeChatBus(database.db);
      // Every test of the file is done: a connection still open (a response body a test never read, a keep-alive
      // socket the server does not yet count as idle) is cut rather than waited for. Once, on PGlite, the close
      // waited out the hook's 60 s with all four tests of server/routes/quickReplies.test.ts passed.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      if ('closeAllConnections' in server) server.closeAllConnections();
      await closed;
      await database.drop();
    },
  };
}
