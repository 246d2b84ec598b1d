import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { hasControlCharacters } from '../../src/domain/schemas/limits';
import type { Deps } from '../deps';
import type { AppEnv } from '../http/env';
import { adHostRoutes, adPlatformRoutes } from './ads';
import { answerError, SandboxError } from './errors';
import { faultRoutes, SandboxFaults } from './faults';
import { hostRoutes } from './hostRoutes';
import { ensureAppWallet } from './ledger';
import { platformRoutes } from './platformRoutes';
import { horizonRoutes } from './horizon';
import { log } from '../observability/log';

const maxBodyBytes = 64 * 1024;

/** An id in the path (`/payments/:id`) is text too: a NUL in it must not reach the database. */
function pathHasControlCharacters(path: string): boolean {
  try {
    return hasControlCharacters(decodeURIComponent(path));
  } catch {
    return true;
  }
}

/**
 * Sandbox mode: the server plays the coin platform (/sandbox/platform, the real platform API's shape)
 * and the backend of the simulated Pi browser and wallet (/sandbox/api, used by src/bridge/sandboxHost.ts).
 * Errors are answered as the platform answers them: a 4xx status and `{error, error_message}`.
 */
export function sandboxRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use('/sandbox/*', async (c, next) => {
    if (pathHasControlCharacters(new URL(c.req.url).pathname)) {
      throw new SandboxError(400, 'invalid_request', 'the path must not contain control characters');
    }
    await ensureAppWallet(deps.db);
    await next();
  });
  app.use(
    '/sandbox/*',
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: (c) => answerError(c, new SandboxError(413, 'payload_too_large', `the body may be at most ${maxBodyBytes} bytes`)),
    }),
  );

  app.route('/sandbox/platform', platformRoutes(deps));
  app.route('/sandbox/horizon', horizonRoutes(deps));
  // The switch a test uses to make the platform fail on demand: exists only here, in sandbox mode.
  const faults = new SandboxFaults();
  app.route('/sandbox/api', faultRoutes(faults));
  app.route('/sandbox/api', hostRoutes(deps, faults));
  app.route('/sandbox/platform', adPlatformRoutes(deps));
  app.route('/sandbox/api', adHostRoutes(deps, faults));

  const unknown = (c: Context<AppEnv>) =>
    answerError(c, new SandboxError(404, 'not_found', `no sandbox endpoint ${c.req.method} ${c.req.path}`));
  app.all('/sandbox/platform/*', unknown);
  app.all('/sandbox/api/*', unknown);

  app.onError((error, c) => {
    if (error instanceof SandboxError) return answerError(c, error);
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ error: 'invalid_request', error_message: error.message || 'bad request' }, error.status);
    }
    log.error({ method: c.req.method, path: c.req.path, err: error }, 'sandbox request failed');
    return c.json({ error: 'internal_error', error_message: 'the sandbox platform failed; see the server log' }, 500);
  });

  return app;
}
