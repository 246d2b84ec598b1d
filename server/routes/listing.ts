import { Hono } from 'hono';
import * as z from 'zod/mini';
import { categorySuggestQuery, listingDraftInput } from '../../src/domain/schemas/listing';
import type { Deps } from '../deps';
import { ok } from '../http/envelope';
import type { AppEnv } from '../http/env';
import { requireRole } from '../http/roles';
import { requireSession } from '../http/session';
import { jsonBody, queryOf } from '../http/validate';
import { clearDraft, loadDraft, saveDraft, suggestCategories } from '../services/listingDrafts';

/**
 * The listing flow (issue 37, finding 1), for sellers: the categories suggested by a title, and the draft of a new
 * listing kept on the server. Each reads and writes the caller's own row only (the seller is the session's user).
 */
export function listingRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signed = requireSession(deps);
  const seller = requireRole('seller');

  app.get('/api/commodity/product/category/suggest', signed, seller, async (c) => ok(c, await suggestCategories(deps.db, c.var.user, queryOf(c, categorySuggestQuery).title)));
  app.get('/api/commodity/product/draft', signed, seller, async (c) => ok(c, await loadDraft(deps.db, c.var.user)));
  app.post('/api/commodity/product/draft/save', signed, seller, async (c) => {
    const body = await jsonBody(c, listingDraftInput);
    return ok(c, await saveDraft(deps.db, c.var.user, body.product, new Date(deps.now())));
  });
  app.post('/api/commodity/product/draft/clear', signed, seller, async (c) => {
    await jsonBody(c, z.strictObject({}));
    return ok(c, await clearDraft(deps.db, c.var.user));
  });
  return app;
}
