import * as z from 'zod/mini';
import { LeaderboardPeriods } from '../points';

/** sign/list: a month's calendar, "YYYY-MM" (default: the caller's current month). */
export const signListInput = z.strictObject({
  month: z.optional(z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/))),
});

/** A rewarded ad the host said was rewarded: the server asks the platform about this id. */
export const adRewardInput = z.strictObject({
  adId: z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[A-Za-z0-9_-]+$/)),
  /** Seconds the person watched, as the host reported them (shown on /mine/adDuration). */
  seconds: z.optional(z.number().check(z.int(), z.gte(0), z.lte(600))),
  /** The ad session the person opened before the host showed the ad (POST /api/adv/ad/start): the ad is theirs only with it. */
  session: z.string().check(z.minLength(16), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/)),
});

/** Entering an inviter's code, once. */
export const inviterInput = z.strictObject({
  inviteCode: z.string().check(z.minLength(4), z.maxLength(16), z.regex(/^[A-Za-z0-9]+$/)),
});

export const leaderboardQuery = z.strictObject({
  board: z.enum(['checkIn', 'ambassador']),
  period: z.enum(LeaderboardPeriods),
  page: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000))),
});

