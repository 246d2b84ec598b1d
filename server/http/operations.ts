import crypto from 'node:crypto';
import { Hono } from 'hono';
import { metricsRegistry } from '../observability/metrics';

/**
 * What a balancer and an operator ask a server process (issue 28):
 * - `GET /healthz`: the process is alive and answering (200 while it runs, even while draining);
 * - `GET /readyz`: it should be sent traffic: the database answers, every migration this code knows is
 *   applied, the timer runner has run lately, and it is not shutting down (else 503, with each check); beside
 *   that, `payouts` says whether the app wallet passed its start check (server/platform/wallet.ts) and why not
 *   (`{ready: false, reason}`): not a reason to take the process out of a balancer, whose people can still
 *   browse and buy, but what an operator's alert watches;
 * - `GET /metrics`: Prometheus' text format, only with `Authorization: Bearer <METRICS_TOKEN>` (404 when
 *   no token is configured, 401 with a wrong one).
 */
export interface Readiness {
  draining(): boolean;
  /** Null while the database is still being opened. */
  checks(): Promise<Record<string, boolean> | null>;
  /** The app wallet's start check; null while it runs. */
  payouts?(): { ready: boolean; reason: string | null } | null;
}

function sameToken(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

export function operationsRoutes(readiness: Readiness, metricsToken: string | null) {
  const app = new Hono();
  const noStore = { 'Cache-Control': 'no-store' };

  app.get('/healthz', (c) => c.json({ alive: true }, 200, noStore));

  app.get('/readyz', async (c) => {
    if (readiness.draining()) return c.json({ ready: false, checks: { draining: true } }, 503, noStore);
    const checks = await readiness.checks();
    if (!checks) return c.json({ ready: false, checks: { starting: true } }, 503, noStore);
    const ready = Object.values(checks).every(Boolean);
    const wallet = readiness.payouts?.() ?? { ready: false, reason: 'the app wallet is being checked' };
    const payouts = { ready: wallet.ready, reason: wallet.reason };
    return c.json({ ready, checks: { ...checks, draining: false }, payouts }, ready ? 200 : 503, noStore);
  });

  app.get('/metrics', async (c) => {
    if (!metricsToken) return c.text('Not found', 404);
    const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    if (!sameToken(given, metricsToken)) return c.text('Unauthorized', 401, { 'WWW-Authenticate': 'Bearer' });
    return c.body(await metricsRegistry.metrics(), 200, { 'Content-Type': metricsRegistry.contentType, ...noStore });
  });

  return app;
}
