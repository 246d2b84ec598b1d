import { Hono } from 'hono';
import { getTokenInput } from '../../src/domain/schemas/session';
import type { Deps } from '../deps';
import { ApiError, ok } from '../http/envelope';
import type { AppEnv } from '../http/env';
import { requireSession } from '../http/session';
import { jsonBody } from '../http/validate';
import { PlatformError } from '../platform/client';
import { withTimeZone } from '../services/points';
import { issueLoginTicket, openSession, toUserInfo, userForPlatformIdentity } from '../services/users';

export function usersRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signed = requireSession(deps);

  /** Login. The identity comes from the platform's answer to /v2/me, never from the request body. */
  app.post('/api/users/user/getToken', async (c) => {
    const input = await jsonBody(c, getTokenInput);
    if ('accessToken' in input) {
      const identity = await deps.platform.me(input.accessToken).catch((error: unknown) => {
        const detail = error instanceof PlatformError ? `access token refused (${error.status})` : 'platform unreachable';
        throw new ApiError('platformRefused', { detail });
      });
      const user = await withTimeZone(deps, await userForPlatformIdentity(deps.db, identity), input.timeZone);
      if (user.frozen) throw new ApiError('userUnavailable', {}, user.frozen_reason ?? '');
      const answer = await openSession(deps, user, input.accessToken);
      return ok(c, { ...answer, authResult: { uid: identity.uid, username: identity.username } });
    }
    const now = new Date(deps.now());
    const ticket = await deps.db
      .updateTable('login_tickets')
      .set({ used_at: now })
      .where('ticket', '=', input.ticket)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
    if (!ticket) throw new ApiError('tokenUnavailable');
    const user = await deps.db.selectFrom('users').selectAll().where('id', '=', ticket.user_id).executeTakeFirst();
    if (!user) throw new ApiError('userNotExist');
    if (user.frozen) throw new ApiError('userUnavailable', {}, user.frozen_reason ?? '');
    return ok(c, await openSession(deps, user, ticket.access_token));
  });

  app.get('/api/users/user/getUserInfo', signed, async (c) => ok(c, await toUserInfo(deps.db, c.var.user)));

  app.get('/api/users/user/getUserNameId', signed, (c) => ok(c, { id: c.var.user.id.toString(), username: c.var.user.username, nickname: c.var.user.nickname, inviteCode: c.var.user.invite_code }));

  /** A one-time ticket for opening the app with a token in the address hash (SPEC 1, start-up). */
  app.post('/api/users/user/loginTicket', signed, async (c) => ok(c, { ticket: await issueLoginTicket(deps, c.var.user, c.var.session.access_token) }));

  app.post('/api/users/user/logout', signed, async (c) => {
    await deps.db.updateTable('sessions').set({ revoked_at: new Date(deps.now()) }).where('token', '=', c.var.session.token).execute();
    return ok(c, null);
  });

  return app;
}
