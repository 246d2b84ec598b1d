import type { ServerType } from '@hono/node-server';

/**
 * How long an idle connection stays open for its next request: longer than the idle timeout of the
 * balancers in front (60 s on the common ones), so the balancer, not the app, closes an idle connection.
 * Closing first, the app races a client reusing it (its request meets a reset: ECONNRESET), which at
 * Node's default of 5 s showed up even in the tests' own HTTP client on a loaded machine.
 */
export const keepAliveMs = 65_000;

export function keepConnectionsAlive(server: ServerType): void {
  if (!('keepAliveTimeout' in server)) return; // an HTTP/2 server has no such timeout
  server.keepAliveTimeout = keepAliveMs;
  server.headersTimeout = keepAliveMs + 1_000; // must exceed the keep-alive timeout
}
