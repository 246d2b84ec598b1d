import { Hono } from 'hono';
import { chartHistoryQuery } from '../../src/domain/schemas/chartHistory';
import type { Deps } from '../deps';
import { ApiError, ok } from '../http/envelope';
import type { AppEnv } from '../http/env';
import { requireRole } from '../http/roles';
import { requireSession } from '../http/session';
import { chartHistory } from '../services/chartHistory';
import { accountQuery } from './accountSupport';

/**
 * The gallery's replay (issue 26): a real order's, after-sale case's or withdrawal's recorded history,
 * for staff reviewing the charts. Staff only (arbiter); anyone else is refused 4003, whoever's record it is.
 */
export function chartHistoryRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/api/statecharts/history', requireSession(deps), requireRole('arbiter'), async (c) => {
    const q = accountQuery(c, chartHistoryQuery);
    const found = await chartHistory(deps.db, q.chart, BigInt(q.id));
    if (!found) throw new ApiError('notFound');
    return ok(c, found);
  });
  return app;
}
