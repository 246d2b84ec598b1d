import crypto from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../http/env';
import { log } from './log';
import { httpDuration, httpRequests } from './metrics';

/** A request id the caller (a balancer) gave, if it is a plain token; else a new one. */
function requestIdOf(given: string | undefined): string {
  return given && /^[A-Za-z0-9._:-]{1,64}$/.test(given) ? given : crypto.randomUUID();
}

/**
 * One JSON log line and one metric sample per request: request id (echoed as X-Request-Id), method,
 * route pattern (bounded: '/media/:file', never the path's values), path (without its query), status,
 * time to the response headers, and the user when the request was signed.
 */
export function observeRequests(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const id = requestIdOf(c.req.header('x-request-id'));
    c.set('requestId', id);
    try {
      await next();
    } finally {
      c.header('X-Request-Id', id);
      // The route that answered (a refusing middleware of a route has the route's path too).
      const answered = matchedRoutes(c)[c.req.routeIndex];
      const route = answered && answered.path !== '*' && answered.path !== '/*' ? answered.path : 'unmatched';
      const status = c.res.status;
      const seconds = (performance.now() - started) / 1000;
      const labels = { method: c.req.method, route, code: String(status) };
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
      const user = c.get('user') as { id: bigint } | undefined;
      const line = { reqId: id, method: c.req.method, route, path: c.req.path, status, ms: Math.round(seconds * 10_000) / 10, userId: user ? String(user.id) : null };
      if (status >= 500) log.error(line, 'request');
      // A flood's refusals would be most of the log: each is counted in the metrics, and the rate limiter
      // writes one line when it starts refusing a key (server/http/rateLimit.ts).
      else if (status === 429) log.debug(line, 'request');
      else log.info(line, 'request');
    }
  };
}
