import { sql } from 'kysely';
import {
  Boards,
  checkInReward,
  dayIn,
  daysOfMonth,
  defaultTimeZone,
  formatPoints,
  isTimeZone,
  LeaderboardPeriods,
  periodKey,
  PointRewards,
  rewardedAdsPerDay,
  streakOf,
  type BoardName,
  type PointKind,
} from '../../src/domain/points';
import type { AdRewardAnswer, CheckInSummary, SignAnswer, SignCalendar, SignCheck } from '../../src/domain/types/points';
import type { Db } from '../db/database';
import type { Deps } from '../deps';
import { ApiError } from '../http/envelope';
import type { UserRow } from '../http/env';
import type { Trx } from '../timers/timers';
import { standingsChanged } from './standings';
import { bindAdSession, checkAdSession, grantedInSession } from './adSessions';
import { publishLive } from '../live/live';

/**
 * The points ledger (append-only; a balance is a sum) and what pays into it: the daily check-in, in the
 * user's own time zone, once a day by the primary key of check_ins; rewarded ads the platform granted,
 * once per ad id. Each entry also adds to its board's day, month and total score rows in the same
 * transaction (the leaderboards read those).
 */
const boardOf = (kind: PointKind): BoardName => ((Boards.ambassador as readonly string[]).includes(kind) ? 'ambassador' : 'checkIn');

export async function postPoints(trx: Trx, entry: { userId: bigint; kind: PointKind; amount: bigint; reference: string; day: string }): Promise<boolean> {
  const inserted = await trx
    .insertInto('points_entries')
    .values({ user_id: entry.userId, kind: entry.kind, amount: entry.amount, reference: entry.reference, day: entry.day })
    .onConflict((oc) => oc.columns(['kind', 'reference']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  await publishLive(trx, [{ topic: 'points', people: [entry.userId] }]);
  const board = boardOf(entry.kind);
  await trx
    .insertInto('points_scores')
    .values(LeaderboardPeriods.map((period) => ({ board, period: periodKey(period, entry.day), user_id: entry.userId, score: entry.amount })))
    .onConflict((oc) => oc.columns(['board', 'period', 'user_id']).doUpdateSet({ score: sql<bigint>`points_scores.score + excluded.score` }))
    .execute();
  standingsChanged(board);
  return true;
}

export async function pointsBalance(db: Db | Trx, userId: bigint, kinds?: readonly PointKind[]): Promise<bigint> {
  let q = db.selectFrom('points_entries').select(sql<bigint>`coalesce(sum(amount), 0)::int8`.as('total')).where('user_id', '=', userId);
  if (kinds) q = q.where('kind', 'in', [...kinds]);
  return (await q.executeTakeFirstOrThrow()).total;
}

/** At login: a user without a time zone takes the device's (when it is one the runtime knows). */
export async function withTimeZone(deps: Deps, user: UserRow, deviceZone: string | undefined): Promise<UserRow> {
  if (user.time_zone !== null || !deviceZone || !isTimeZone(deviceZone)) return user;
  await deps.db.updateTable('users').set({ time_zone: deviceZone }).where('id', '=', user.id).where('time_zone', 'is', null).execute();
  return { ...user, time_zone: deviceZone };
}

export const zoneOf = (user: UserRow): string => user.time_zone ?? defaultTimeZone;
export const todayOf = (deps: Deps, user: UserRow): string => dayIn(zoneOf(user), deps.now());

const threshold = (deps: Deps) => BigInt(deps.config.checkInHalvingAt ?? 1_000_000);

/** POST /api/adv/sign: code 0 with the reward, or code 14 when today (in the user's zone) is already signed. */
export async function signIn(deps: Deps, user: UserRow): Promise<SignAnswer | null> {
  const day = todayOf(deps, user);
  const reward = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('check_ins')
      .values({ user_id: user.id, day, time_zone: zoneOf(user), reward: 0n, created_at: new Date(deps.now()) })
      .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!row) return null;
    const counter = await trx.updateTable('platform_counters').set({ value: sql<bigint>`value + 1` }).where('name', '=', 'checkIns').returning('value').executeTakeFirstOrThrow();
    const amount = checkInReward(counter.value, threshold(deps));
    await trx.updateTable('check_ins').set({ reward: amount }).where('user_id', '=', user.id).where('day', '=', day).execute();
    await postPoints(trx, { userId: user.id, kind: 'checkIn', amount, reference: `${user.id.toString()}:${day}`, day });
    return amount;
  });
  if (reward === null) return null;
  const days = await signedDays(deps.db, user.id);
  return { day, reward: formatPoints(reward), points: formatPoints(await pointsBalance(deps.db, user.id)), streak: streakOf(days, day) };
}

async function signedDays(db: Db, userId: bigint): Promise<Set<string>> {
  const rows = await db.selectFrom('check_ins').select(sql<string>`day::text`.as('day')).where('user_id', '=', userId).execute();
  return new Set(rows.map((r) => r.day));
}

export async function signCheck(deps: Deps, user: UserRow): Promise<SignCheck> {
  const day = todayOf(deps, user);
  const row = await deps.db.selectFrom('check_ins').select('user_id').where('user_id', '=', user.id).where('day', '=', day).executeTakeFirst();
  return { day, signed: !!row };
}

export async function signCalendar(deps: Deps, user: UserRow, month?: string): Promise<SignCalendar> {
  const today = todayOf(deps, user);
  const wanted = month ?? today.slice(0, 7);
  const days = daysOfMonth(wanted);
  const rows = await deps.db
    .selectFrom('check_ins')
    .select([sql<string>`day::text`.as('day'), 'reward'])
    .where('user_id', '=', user.id)
    .where('day', '>=', days[0] ?? today)
    .where('day', '<=', days[days.length - 1] ?? today)
    .execute();
  const byDay = new Map(rows.map((r) => [r.day, r.reward]));
  return { month: wanted, today, days: days.map((day) => ({ day, signed: byDay.has(day), reward: byDay.has(day) ? formatPoints(byDay.get(day) ?? 0n) : null })) };
}

export async function checkInSummary(deps: Deps, user: UserRow): Promise<CheckInSummary> {
  const today = todayOf(deps, user);
  const days = await signedDays(deps.db, user.id);
  const counter = await deps.db.selectFrom('platform_counters').select('value').where('name', '=', 'checkIns').executeTakeFirstOrThrow();
  const ads = await deps.db
    .selectFrom('rewarded_ads')
    .select([
      sql<number>`count(*) filter (where day = ${today} and status = 'granted')::int`.as('today'),
      sql<number>`coalesce(sum(seconds) filter (where day = ${today} and status = 'granted'), 0)::int`.as('secondsToday'),
      sql<number>`coalesce(sum(seconds) filter (where status = 'granted'), 0)::int`.as('secondsTotal'),
    ])
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  return {
    today,
    timeZone: zoneOf(user),
    signedToday: days.has(today),
    streak: streakOf(days, today),
    totalDays: days.size,
    points: formatPoints(await pointsBalance(deps.db, user.id)),
    nextReward: formatPoints(checkInReward(counter.value + 1n, threshold(deps))),
    adsToday: ads.today,
    adsPerDay: rewardedAdsPerDay,
    adSecondsToday: ads.secondsToday,
    adSecondsTotal: ads.secondsTotal,
  };
}

/**
 * A rewarded ad the host reported: the platform is asked about the ad id, and only "granted" pays.
 * The ad id is the primary key of rewarded_ads, so it pays once however often it is claimed; a
 * revoked or failed ad is recorded and never pays. Another person's ad id is refused.
 */
export async function claimRewardedAd(deps: Deps, user: UserRow, adId: string, seconds: number, sessionId: string): Promise<AdRewardAnswer> {
  const answerOf = async (row: { status: string | null; reward: bigint }): Promise<AdRewardAnswer> => ({
    adId,
    status: row.status as AdRewardAnswer['status'],
    rewarded: row.status === 'granted' && row.reward > 0n,
    reward: formatPoints(row.reward),
    points: formatPoints(await pointsBalance(deps.db, user.id)),
  });
  const seen = await deps.db.selectFrom('rewarded_ads').select(['user_id', 'status', 'reward']).where('ad_id', '=', adId).executeTakeFirst();
  if (seen) {
    if (seen.user_id !== user.id) throw new ApiError('forbidden');
    return answerOf(seen);
  }
  const session = await checkAdSession(deps, user, sessionId, adId);
  const status = await deps.platform.adStatus(adId).catch(() => {
    throw new ApiError('platformRefused', { detail: 'the ad network could not confirm the ad' });
  });
  const ack = status.mediator_ack_status;
  // Not acknowledged yet: nothing is recorded, the person may claim again.
  if (ack !== 'granted' && ack !== 'revoked' && ack !== 'failed') return { adId, status: null, rewarded: false, reward: '0', points: formatPoints(await pointsBalance(deps.db, user.id)) };
  // An ad granted before this person's session began was not shown in it (an ad id someone learned).
  if (!grantedInSession(session.startedAt, status.mediator_granted_at)) throw new ApiError('forbidden', { detail: 'the ad was not shown in this session' }, null, 'abuse.adNotYours');
  const day = todayOf(deps, user);
  const row = await deps.db.transaction().execute(async (trx) => {
    // One claim at a time per person: the count of today's paid ads and the insert below must not
    // interleave with another claim of the same person (READ COMMITTED on PostgreSQL paid 17 of 20).
    await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().executeTakeFirst();
    const existing = await trx.selectFrom('rewarded_ads').select('user_id').where('ad_id', '=', adId).executeTakeFirst();
    if (existing) return null;
    await bindAdSession(trx, user, sessionId, adId, deps.now());
    const paidToday = await trx
      .selectFrom('rewarded_ads')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', user.id)
      .where('day', '=', day)
      .where('status', '=', 'granted')
      .where('reward', '>', 0n)
      .executeTakeFirstOrThrow();
    const reward = ack === 'granted' && paidToday.n < rewardedAdsPerDay ? PointRewards.rewardedAd : 0n;
    const inserted = await trx
      .insertInto('rewarded_ads')
      .values({ ad_id: adId, user_id: user.id, day, status: ack, seconds, reward, created_at: new Date(deps.now()) })
      .onConflict((oc) => oc.column('ad_id').doNothing())
      .returning(['user_id', 'status', 'reward'])
      .executeTakeFirst();
    if (!inserted) return null;
    if (reward > 0n) await postPoints(trx, { userId: user.id, kind: 'rewardedAd', amount: reward, reference: adId, day });
    return inserted;
  });
  if (row) return answerOf(row);
  const again = await deps.db.selectFrom('rewarded_ads').select(['user_id', 'status', 'reward']).where('ad_id', '=', adId).executeTakeFirstOrThrow();
  if (again.user_id !== user.id) throw new ApiError('forbidden');
  return answerOf(again);
}
