import { Hono } from 'hono';
import { productionArrowQuery, productionQuery, productionStateQuery, productionStuckQuery } from '../../src/domain/schemas/chartProduction';
import type { Deps } from '../deps';
import { ok } from '../http/envelope';
import type { AppEnv } from '../http/env';
import { requireRole } from '../http/roles';
import { requireSession } from '../http/session';
import { productionCsv, productionView, recordsInState, recordsOnArrow, stuckRecords } from '../services/chartProduction';
import { accountQuery } from './accountSupport';

/**
 * The gallery's "In production" view (issue 35): each server chart's traffic from the rollups, the records
 * in a state or on an arrow, the stuck records and a CSV of the view. Staff only (arbiter); anyone else is
 * refused 4003. Aggregates and lists carry record numbers and times, no personal data.
 */
export function chartProductionRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const staff = [requireSession(deps), requireRole('arbiter')] as const;
  app.get('/api/statecharts/production', ...staff, async (c) => ok(c, await productionView(deps.db, accountQuery(c, productionQuery), deps.now())));
  app.get('/api/statecharts/production/state', ...staff, async (c) => {
    const q = accountQuery(c, productionStateQuery);
    return ok(c, await recordsInState(deps.db, q, q.state, Number(q.page), deps.now()));
  });
  app.get('/api/statecharts/production/arrow', ...staff, async (c) => {
    const q = accountQuery(c, productionArrowQuery);
    return ok(c, await recordsOnArrow(deps.db, q, { from: q.from_state, event: q.event, to: q.to_state }, Number(q.page), deps.now()));
  });
  app.get('/api/statecharts/production/stuck', ...staff, async (c) => {
    const q = accountQuery(c, productionStuckQuery);
    return ok(c, { list: await stuckRecords(deps.db, q.chart, deps.now()) });
  });
  app.get('/api/statecharts/production/csv', ...staff, async (c) => {
    const view = await productionView(deps.db, accountQuery(c, productionQuery), deps.now());
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', `attachment; filename="coin-mall-${view.chart}-${view.from}-${view.to}.csv"`);
    return c.body(productionCsv(view));
  });
  return app;
}
