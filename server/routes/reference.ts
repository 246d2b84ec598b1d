import { Hono } from 'hono';
import { effectiveWordLevel, pageViewInput, wordAddressQuery } from '../../src/domain/schemas/session';
import { SignedHeader } from '../../src/domain/signing';
import type { Deps } from '../deps';
import { ok } from '../http/envelope';
import type { AppEnv } from '../http/env';
import { languageOf } from '../http/i18n';
import { jsonBody, queryOf } from '../http/validate';

export interface RegionNode {
  id: number;
  name: string;
  code: string;
  level: number;
  children: RegionNode[];
}

/** Public reference data: languages, countries and their address word lists, page-view analytics. */
export function referenceRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/api/users/language/getLanguageType', async (c) => {
    const rows = await deps.db.selectFrom('languages').selectAll().orderBy('sort').execute();
    return ok(c, rows.map((r) => ({ code: r.code, name: r.name, nativeName: r.native_name, dir: r.dir })));
  });

  app.get('/api/users/country/getWordAddress', async (c) => {
    const query = queryOf(c, wordAddressQuery);
    const level = effectiveWordLevel(query.level);
    let q = deps.db.selectFrom('regions').select(['id', 'parent_id', 'name', 'code', 'level']).where('level', '=', level);
    if (query.parentId !== undefined) q = q.where('parent_id', '=', query.parentId);
    const rows = await q.orderBy('name').execute();
    return ok(c, { level, list: rows.map((r) => ({ id: r.id, parentId: r.parent_id, name: r.name, code: r.code, level: r.level })) });
  });

  app.get('/api/users/country/getCountryByTreeList', async (c) => {
    const rows = await deps.db.selectFrom('regions').selectAll().orderBy('level').orderBy('name').execute();
    const nodes = new Map<number, RegionNode>();
    const roots: RegionNode[] = [];
    for (const r of rows) nodes.set(r.id, { id: r.id, name: r.name, code: r.code, level: r.level, children: [] });
    for (const r of rows) {
      const node = nodes.get(r.id) as RegionNode;
      const parent = r.parent_id === null ? undefined : nodes.get(r.parent_id);
      if (parent) parent.children.push(node);
      else roots.push(node);
    }
    return ok(c, roots);
  });

  app.get('/api/commodity/category/list', async (c) => {
    const rows = await deps.db.selectFrom('categories').selectAll().orderBy('sort').execute();
    return ok(c, rows.map((r) => ({ id: r.id, parentId: r.parent_id, key: r.key, icon: r.icon })));
  });

  /** Every navigation is reported here. The user is taken from a valid session token if one is sent, never from the body. */
  app.post('/api/analytics/pageView', async (c) => {
    const input = await jsonBody(c, pageViewInput);
    const token = c.req.header(SignedHeader.token);
    const session = token
      ? await deps.db.selectFrom('sessions').select('user_id').where('token', '=', token).where('revoked_at', 'is', null).executeTakeFirst()
      : undefined;
    await deps.db
      .insertInto('page_views')
      .values({ path: input.path, referrer: input.referrer ?? null, user_id: session?.user_id ?? null, language: languageOf(c.req.header(SignedHeader.language)) })
      .execute();
    return ok(c, null);
  });

  return app;
}
