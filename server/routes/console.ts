import { Hono } from 'hono';
import { findUserQuery, freezeInput, publishNoticeInput, unfreezeInput } from '../../src/domain/schemas/accounts';
import type { Deps } from '../deps';
import { ApiError, ok } from '../http/envelope';
import type { AppEnv, UserRow } from '../http/env';
import { requireRole } from '../http/roles';
import { requireSession } from '../http/session';
import { consoleQueues } from '../services/consoleQueues';
import { personContext } from '../services/personContext';
import { standingsChanged } from '../services/standings';
import { accountBody, accountQuery } from './accountSupport';
import { publishLive } from '../live/live';

export interface ConsoleUser {
  id: string;
  username: string;
  nickname: string;
  email: string | null;
  roles: string[];
  frozen: boolean;
  frozenReason: string | null;
  coinLinked: boolean;
}

const toConsoleUser = (u: UserRow): ConsoleUser => ({
  id: u.id.toString(),
  username: u.username,
  nickname: u.nickname,
  email: u.email,
  roles: u.roles,
  frozen: u.frozen,
  frozenReason: u.frozen_reason,
  coinLinked: u.pi_uid !== null,
});

/** The platform console's account work (issue 3): find a user, freeze and unfreeze, publish notices. Staff only. */
export function consoleRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use('/api/console/*', requireSession(deps), requireRole('arbiter'));
  const now = () => new Date(deps.now());

  /** The dashboard (issue 24): what waits in each queue and since when. */
  app.get('/api/console/queues', async (c) => ok(c, { list: await consoleQueues(deps.db) }));

  /** A person's context beside a decision about them (issue 24): account age, orders, withdrawals, disputes. */
  app.get('/api/console/users/context', async (c) => {
    const q = accountQuery(c, unfreezeInput);
    const found = await personContext(deps.db, BigInt(q.userId));
    if (!found) throw new ApiError('notFound');
    return ok(c, found);
  });

  /** Finds by id (digits), e-mail (exact) or username / nickname (contains). */
  app.get('/api/console/users/find', async (c) => {
    const { q } = accountQuery(c, findUserQuery);
    const like = `%${q.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    const rows = await deps.db
      .selectFrom('users')
      .selectAll()
      .where((eb) => {
        const ors = [eb(eb.fn('lower', ['username']), 'like', like), eb(eb.fn('lower', ['nickname']), 'like', like), eb('email', '=', q.toLowerCase())];
        if (/^\d{1,18}$/.test(q)) ors.push(eb('id', '=', BigInt(q)));
        return eb.or(ors);
      })
      .orderBy('id')
      .limit(20)
      .execute();
    return ok(c, { list: rows.map(toConsoleUser) });
  });

  app.post('/api/console/users/freeze', async (c) => {
    const input = await accountBody(c, freezeInput);
    const id = BigInt(input.userId);
    if (id === c.var.user.id) throw new ApiError('forbidden');
    const user = await deps.db.transaction().execute(async (trx) => {
      const row = await trx.updateTable('users').set({ frozen: true, frozen_reason: input.reason }).where('id', '=', id).returningAll().executeTakeFirst();
      if (!row) throw new ApiError('notFound');
      await trx.insertInto('freeze_log').values({ user_id: id, staff_id: c.var.user.id, action: 'freeze', reason: input.reason, created_at: now() }).execute();
      return row;
    });
    standingsChanged();
    return ok(c, toConsoleUser(user));
  });

  app.post('/api/console/users/unfreeze', async (c) => {
    const input = await accountBody(c, unfreezeInput);
    const id = BigInt(input.userId);
    const user = await deps.db.transaction().execute(async (trx) => {
      const row = await trx.updateTable('users').set({ frozen: false, frozen_reason: null }).where('id', '=', id).returningAll().executeTakeFirst();
      if (!row) throw new ApiError('notFound');
      await trx.insertInto('freeze_log').values({ user_id: id, staff_id: c.var.user.id, action: 'unfreeze', reason: '', created_at: now() }).execute();
      return row;
    });
    standingsChanged();
    return ok(c, toConsoleUser(user));
  });

  app.post('/api/console/notices/publish', async (c) => {
    const input = await accountBody(c, publishNoticeInput);
    const row = await deps.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('notices')
        .values({ title: input.title, body: input.body, author_id: c.var.user.id, created_at: now() })
        .returning(['id', 'title', 'created_at'])
        .executeTakeFirstOrThrow();
      await publishLive(trx, [{ topic: 'notices', ref: inserted.id, all: true }]);
      return inserted;
    });
    return ok(c, { id: row.id.toString(), title: row.title, createdAt: row.created_at.toISOString() });
  });

  return app;
}
