import { sql } from 'kysely';
import {
  ambassadorHolding,
  ambassadorLevel,
  formatPoints,
  leaderboardPageSize,
  nextAmbassadorLevel,
  periodKey,
  PointRewards,
  type BoardName,
  type LeaderboardPeriod,
} from '../../src/domain/points';
import type { AmbassadorInvitee, AmbassadorSummary, LeaderboardPage, LeaderboardRow } from '../../src/domain/types/points';
import type { Db } from '../db/database';
import type { Deps } from '../deps';
import { ApiError } from '../http/envelope';
import type { UserRow } from '../http/env';
import type { Trx } from '../timers/timers';
import { postPoints, todayOf } from './points';
import { countAbove, standingOf } from './standings';

/**
 * The ambassador programme (SPEC 1, 3 Medal/ambassador, 6): a new user names an inviter's code once
 * (never their own, never closing a cycle, and only before their first order); an invitee qualifies
 * when their first received order has passed its after-sale window without a refund, and only then
 * does the inviter's reward enter the points ledger.
 */
/** The unfrozen owner of an invite code, or 4004 "No one has this invite code". */
export async function inviterOfCode(db: Db | Trx, code: string): Promise<{ id: bigint; nickname: string }> {
  const inviter = await db.selectFrom('users').select(['id', 'nickname', 'frozen']).where('invite_code', '=', code.toUpperCase()).executeTakeFirst();
  if (!inviter || inviter.frozen) throw new ApiError('notFound', {}, null, 'ambassador.errors.unknownCode');
  return inviter;
}

export async function bindInviter(deps: Deps, user: UserRow, code: string): Promise<{ invitedBy: string }> {
  return deps.db.transaction().execute(async (trx) => {
    // One binding at a time on the whole platform: two people naming each other at once cannot both pass the cycle check.
    await sql`select pg_advisory_xact_lock(1414)`.execute(trx);
    const me = await trx.selectFrom('users').select(['id', 'invited_by']).where('id', '=', user.id).executeTakeFirstOrThrow();
    if (me.invited_by !== null) throw new ApiError('forbidden', {}, null, 'ambassador.errors.alreadyInvited');
    const inviter = await inviterOfCode(trx, code);
    if (inviter.id === user.id) throw new ApiError('forbidden', {}, null, 'ambassador.errors.ownCode');
    // The inviter's chain of inviters must not contain me.
    const cycle = await sql<{ id: bigint }>`
      with recursive chain(id, invited_by, depth) as (
        select id, invited_by, 0 from users where id = ${inviter.id}
        union all
        select u.id, u.invited_by, c.depth + 1 from users u join chain c on u.id = c.invited_by where c.depth < 1000
      )
      select id from chain where id = ${user.id} limit 1`.execute(trx);
    if (cycle.rows.length > 0) throw new ApiError('forbidden', {}, null, 'ambassador.errors.cycle');
    const ordered = await trx.selectFrom('orders').select('id').where('buyer_id', '=', user.id).limit(1).executeTakeFirst();
    if (ordered) throw new ApiError('forbidden', {}, null, 'ambassador.errors.tooLate');
    await trx.updateTable('users').set({ invited_by: inviter.id, invited_at: new Date(deps.now()) }).where('id', '=', user.id).where('invited_by', 'is', null).execute();
    await syncLevel(trx, inviter.id);
    return { invitedBy: inviter.nickname };
  });
}

/**
 * Pays the rewards that are due: an invitee whose first received order was received at least the
 * after-sale window ago and is settled (not refunded, no after-sale open). Once per invitee (the
 * ledger's unique reference). Run by the server's maintenance loop, and before an ambassador's own figures.
 */
export async function releaseAmbassadorRewards(deps: Deps, inviterId?: bigint): Promise<number> {
  const due = new Date(deps.now() - ambassadorHolding);
  const rows = await sql<{ invitee: bigint; inviter: bigint; received_at: Date }>`
    select u.id as invitee, u.invited_by as inviter, r.received_at
    from users u
    join lateral (
      select o.id, o.status, min(e.created_at) as received_at
      from orders o join order_events e on e.order_id = o.id and e.to_stage = 'unrated'
      where o.buyer_id = u.id
      group by o.id, o.status
      order by received_at, o.id
      limit 1
    ) r on true
    where u.invited_by is not null
      ${inviterId === undefined ? sql`` : sql`and u.invited_by = ${inviterId}`}
      and r.received_at <= ${due}
      and r.status in ('unrated', 'rated', 'completed')
      and not exists (select 1 from points_entries p where p.kind = 'ambassador' and p.reference = u.id::text)
    limit 500`.execute(deps.db);
  let paid = 0;
  for (const row of rows.rows) {
    const inviter = await deps.db.selectFrom('users').selectAll().where('id', '=', row.inviter).executeTakeFirstOrThrow();
    const day = todayOf(deps, inviter);
    const ok = await deps.db.transaction().execute(async (trx) => {
      const posted = await postPoints(trx, { userId: row.inviter, kind: 'ambassador', amount: PointRewards.ambassadorInvitee, reference: row.invitee.toString(), day });
      if (posted) await syncLevel(trx, row.inviter);
      return posted;
    });
    if (ok) paid += 1;
  }
  return paid;
}

/** The user's stored medal and ambassador level (SPEC 3 User) follow the rule in src/domain/points.ts. */
async function syncLevel(trx: Trx, inviterId: bigint): Promise<void> {
  const invitees = await trx.selectFrom('users').select(sql<number>`count(*)::int`.as('n')).where('invited_by', '=', inviterId).executeTakeFirstOrThrow();
  const qualified = await trx.selectFrom('points_entries').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', inviterId).where('kind', '=', 'ambassador').executeTakeFirstOrThrow();
  const level = ambassadorLevel(invitees.n, qualified.n).level;
  await trx.updateTable('users').set({ ambassador_level: level, medal_level: level }).where('id', '=', inviterId).execute();
}

export async function ambassadorSummary(deps: Deps, user: UserRow): Promise<AmbassadorSummary> {
  await releaseAmbassadorRewards(deps, user.id);
  const month = todayOf(deps, user).slice(0, 7);
  const counts = await deps.db
    .selectFrom('users')
    .select(sql<number>`count(*)::int`.as('invitees'))
    .where('invited_by', '=', user.id)
    .executeTakeFirstOrThrow();
  const profit = await deps.db
    .selectFrom('points_entries')
    .select([
      sql<number>`count(*)::int`.as('qualified'),
      sql<bigint>`coalesce(sum(amount), 0)::int8`.as('total'),
      sql<bigint>`coalesce(sum(amount) filter (where to_char(day, 'YYYY-MM') = ${month}), 0)::int8`.as('month'),
    ])
    .where('user_id', '=', user.id)
    .where('kind', '=', 'ambassador')
    .executeTakeFirstOrThrow();
  const inviter = user.invited_by === null ? null : await deps.db.selectFrom('users').select('nickname').where('id', '=', user.invited_by).executeTakeFirst();
  const level = ambassadorLevel(counts.invitees, profit.qualified);
  const next = nextAmbassadorLevel(counts.invitees, profit.qualified);
  return {
    inviteCode: user.invite_code,
    invitedBy: inviter?.nickname ?? null,
    invitees: counts.invitees,
    qualified: profit.qualified,
    level: level.level,
    medal: level.medal,
    next: next ? { level: next.level, medal: next.medal, needInvitees: next.needInvitees, needQualified: next.needQualified } : null,
    monthProfit: formatPoints(profit.month),
    totalProfit: formatPoints(profit.total),
    held: counts.invitees - profit.qualified,
  };
}

export async function inviteesOf(db: Db, userId: bigint, page: number): Promise<{ list: AmbassadorInvitee[]; hasMore: boolean }> {
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('points_entries as p', (j) => j.on('p.kind', '=', 'ambassador').on(sql`p.reference`, '=', sql`u.id::text`))
    .select(['u.nickname', 'u.invited_at', 'u.created_at', sql<boolean>`p.id is not null`.as('qualified')])
    .where('u.invited_by', '=', userId)
    .orderBy('u.id', 'desc')
    .limit(leaderboardPageSize + 1)
    .offset((page - 1) * leaderboardPageSize)
    .execute();
  return {
    list: rows.slice(0, leaderboardPageSize).map((r) => ({ nickname: r.nickname, joinedAt: (r.invited_at ?? r.created_at).toISOString(), qualified: r.qualified })),
    hasMore: rows.length > leaderboardPageSize,
  };
}

/**
 * A leaderboard page: the period's unfrozen score rows in the order (score desc, user id), taken from the
 * process's standing of that period (server/services/standings.ts); ties share a rank (1, 1, 3), a
 * row's rank being one more than the number of people with a higher score. The database is asked only
 * for the page's nicknames (people frozen since the standing was read drop out) and the viewer's own
 * score, which is always fresh, its rank counted against the standing.
 */
export async function leaderboard(deps: Deps, viewer: UserRow, board: BoardName, period: LeaderboardPeriod, page: number): Promise<LeaderboardPage> {
  const key = periodKey(period, todayOf(deps, viewer));
  const offset = (page - 1) * leaderboardPageSize;
  const standing = await standingOf(deps.db, board, key);
  const end = Math.min(standing.userIds.length, offset + leaderboardPageSize);
  const ids: string[] = [];
  for (let i = offset; i < end; i += 1) ids.push((standing.userIds[i] ?? 0n).toString());
  const found = await sql<{ mine: bigint | null; names: { id: string; nickname: string }[] | null }>`
    select (select score from points_scores where board = ${board} and period = ${key} and user_id = ${viewer.id}) as mine,
           (select json_agg(json_build_object('id', id::text, 'nickname', nickname)) from users
             where id = any(${`{${ids.join(',')}}`}::int8[]) and not frozen) as names`.execute(deps.db);
  const answer = found.rows[0];
  const own = answer?.mine ?? null;
  const names = new Map((answer?.names ?? []).map((n) => [n.id, n.nickname]));
  const rows: LeaderboardRow[] = [];
  for (let i = offset; i < end; i += 1) {
    const userId = standing.userIds[i] ?? 0n;
    const nickname = names.get(userId.toString());
    if (nickname === undefined) continue;
    const me = userId === viewer.id;
    const score = me && own !== null ? own : (standing.scores[i] ?? 0n);
    rows.push({ rank: 1 + countAbove(standing, score), nickname, score: formatPoints(score), me });
  }
  return {
    board,
    period,
    page,
    rows,
    hasMore: standing.userIds.length > offset + leaderboardPageSize,
    mine: own !== null ? { rank: 1 + countAbove(standing, own), score: formatPoints(own) } : null,
  };
}
