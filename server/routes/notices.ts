import { Hono } from 'hono';
import { sql } from 'kysely';
import { noticeIdQuery, noticeListQuery } from '../../src/domain/schemas/accounts';
import type { Deps } from '../deps';
import { ApiError, ok } from '../http/envelope';
import type { AppEnv } from '../http/env';
import { requireSession } from '../http/session';
import { accountQuery } from './accountSupport';

const pageSize = 20;

/**
 * Notices (SPEC 2: /mine/notice, /mine/noticedetail; public routes). A visitor reads them without
 * marks; a logged-in user gets unread marks from the signed calls, and opening one marks it read.
 */
export function noticesRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signed = requireSession(deps);

  const list = async (page: number, userId: bigint | null) => {
    const rows = await deps.db
      .selectFrom('notices')
      .leftJoin('notice_reads', (j) => j.onRef('notice_reads.notice_id', '=', 'notices.id').on('notice_reads.user_id', '=', userId ?? -1n))
      .select(['notices.id', 'notices.title', 'notices.created_at', 'notice_reads.read_at'])
      .orderBy('notices.created_at', 'desc')
      .orderBy('notices.id', 'desc')
      .limit(pageSize + 1)
      .offset((page - 1) * pageSize)
      .execute();
    let unread = 0;
    if (userId !== null) {
      const row = await deps.db
        .selectFrom('notices')
        .select(sql<number>`count(*)::int`.as('n'))
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('notice_reads').select('notice_id').whereRef('notice_reads.notice_id', '=', 'notices.id').where('notice_reads.user_id', '=', userId))))
        .executeTakeFirstOrThrow();
      unread = row.n;
    }
    return {
      list: rows.slice(0, pageSize).map((r) => ({ id: r.id.toString(), title: r.title, createdAt: r.created_at.toISOString(), read: userId === null ? true : r.read_at !== null })),
      hasMore: rows.length > pageSize,
      unread,
    };
  };

  const detail = async (id: bigint) => {
    const row = await deps.db.selectFrom('notices').select(['id', 'title', 'body', 'created_at']).where('id', '=', id).executeTakeFirst();
    if (!row) throw new ApiError('notFound');
    return { id: row.id.toString(), title: row.title, body: row.body, createdAt: row.created_at.toISOString() };
  };

  app.get('/api/notices/list', async (c) => ok(c, await list(accountQuery(c, noticeListQuery).page ?? 1, null)));
  app.get('/api/notices/detail', async (c) => ok(c, await detail(BigInt(accountQuery(c, noticeIdQuery).id))));

  app.get('/api/users/notice/list', signed, async (c) => ok(c, await list(accountQuery(c, noticeListQuery).page ?? 1, c.var.user.id)));
  /** Opening a notice marks it read for the caller. */
  app.get('/api/users/notice/detail', signed, async (c) => {
    const id = BigInt(accountQuery(c, noticeIdQuery).id);
    const notice = await detail(id);
    await deps.db
      .insertInto('notice_reads')
      .values({ notice_id: id, user_id: c.var.user.id, read_at: new Date(deps.now()) })
      .onConflict((oc) => oc.columns(['notice_id', 'user_id']).doNothing())
      .execute();
    return ok(c, notice);
  });

  return app;
}
