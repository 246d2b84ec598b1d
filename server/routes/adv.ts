import { Hono } from 'hono';
import * as z from 'zod/mini';
import { ResponseCode } from '../../src/domain/codes';
import { adRewardInput, inviterInput, leaderboardQuery, signListInput } from '../../src/domain/schemas/points';
import type { Deps } from '../deps';
import { ApiError, ok } from '../http/envelope';
import type { AppEnv } from '../http/env';
import { translate } from '../http/i18n';
import { requireSession } from '../http/session';
import { jsonBody, queryOf } from '../http/validate';
import { ambassadorSummary, bindInviter, inviteesOf, leaderboard } from '../services/ambassador';
import { checkInSummary, claimRewardedAd, signCalendar, signCheck, signIn } from '../services/points';
import { startAdSession } from '../services/adSessions';

const emptyBody = z.strictObject({});
const pageQuery = z.strictObject({ page: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000))) });

/** Check-in and rewarded video (SPEC 7 Check-in), the ambassador programme and the leaderboards. */
export function advRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signed = requireSession(deps);

  /** Code 0 with the reward, or code 14 "Already signed in today": one check-in a day in the user's time zone. */
  app.post('/api/adv/sign', signed, async (c) => {
    await jsonBody(c, emptyBody);
    const answer = await signIn(deps, c.var.user);
    if (!answer) throw new ApiError('alreadySigned', {}, null, 'messages.alreadySignedToday');
    return ok(c, answer, ResponseCode.signSuccess, translate(c.var.language, 'checkIn.signed', { reward: answer.reward }));
  });

  app.post('/api/adv/sign/check', signed, async (c) => {
    await jsonBody(c, emptyBody);
    return ok(c, await signCheck(deps, c.var.user));
  });

  app.post('/api/adv/sign/list', signed, async (c) => {
    const input = await jsonBody(c, signListInput);
    return ok(c, await signCalendar(deps, c.var.user, input.month));
  });

  app.get('/api/adv/summary', signed, async (c) => ok(c, await checkInSummary(deps, c.var.user)));

  /** Before the host shows a rewarded ad: a short-lived ad session, so the ad that follows is this person's (issue 25). */
  app.post('/api/adv/ad/start', signed, async (c) => {
    await jsonBody(c, emptyBody);
    return ok(c, await startAdSession(deps, c.var.user));
  });

  /** The host said AD_REWARDED with this ad id: the server asks the platform, and pays only "granted", once, to the session's person. */
  app.post('/api/adv/ad/reward', signed, async (c) => {
    const input = await jsonBody(c, adRewardInput);
    return ok(c, await claimRewardedAd(deps, c.var.user, input.adId, input.seconds ?? 0, input.session));
  });

  app.get('/api/ambassador/summary', signed, async (c) => ok(c, await ambassadorSummary(deps, c.var.user)));

  app.get('/api/ambassador/invitees', signed, async (c) => ok(c, await inviteesOf(deps.db, c.var.user.id, queryOf(c, pageQuery).page ?? 1)));

  /** A new user names their inviter's code: once, never their own, never a cycle, before their first order. */
  app.post('/api/ambassador/inviter', signed, async (c) => {
    const input = await jsonBody(c, inviterInput);
    return ok(c, await bindInviter(deps, c.var.user, input.inviteCode));
  });

  app.get('/api/ambassador/leaderboard', signed, async (c) => {
    const q = queryOf(c, leaderboardQuery);
    return ok(c, await leaderboard(deps, c.var.user, q.board, q.period, q.page ?? 1));
  });

  return app;
}
