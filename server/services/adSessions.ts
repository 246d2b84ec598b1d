import crypto from 'node:crypto';
import { sql } from 'kysely';
import { AdSessionRules } from '../../src/domain/abuseLimits';
import type { Deps } from '../deps';
import { ApiError } from '../http/envelope';
import type { UserRow } from '../http/env';
import type { Trx } from '../timers/timers';

/**
 * Rewarded ads belong to the person who asked for them (issue 25, finding 1). The platform's answer
 * about an ad id names no person, so before the host shows an ad the app opens an ad session with a
 * signed call; the ad is claimed with it. Only the session's person can claim, a session takes one ad,
 * an ad one session, and an ad granted before the session was opened (an ad id someone learned) is
 * not the session's.
 */
export interface AdSessionAnswer {
  session: string;
  expiresAt: string;
}

/** The platform's clock and ours may differ a little: an ad granted this long before its session still counts. */
const clockSkewMs = 5_000;

export async function startAdSession(deps: Deps, user: UserRow): Promise<AdSessionAnswer> {
  const now = deps.now();
  const open = await deps.db
    .selectFrom('ad_sessions')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', user.id)
    .where('ad_id', 'is', null)
    .where('expires_at', '>', new Date(now))
    .executeTakeFirstOrThrow();
  if (open.n >= AdSessionRules.openPerPerson) {
    // The oldest open one gives way: one ad plays at a time, and an abandoned session must not block the next.
    await deps.db
      .deleteFrom('ad_sessions')
      .where('id', '=', (eb) =>
        eb.selectFrom('ad_sessions').select('id').where('user_id', '=', user.id).where('ad_id', 'is', null).orderBy('started_at').limit(1),
      )
      .execute();
  }
  await deps.db.deleteFrom('ad_sessions').where('user_id', '=', user.id).where('ad_id', 'is', null).where('expires_at', '<=', new Date(now)).execute();
  const id = crypto.randomBytes(18).toString('base64url');
  const expires = new Date(now + AdSessionRules.lifeMs);
  await deps.db.insertInto('ad_sessions').values({ id, user_id: user.id, started_at: new Date(now), expires_at: expires, ad_id: null, claimed_at: null }).execute();
  return { session: id, expiresAt: expires.toISOString() };
}

/** Refused: not this person's session, expired, used for another ad, or an ad granted before it began. */
const notYours = () => new ApiError('forbidden', { detail: 'the ad was not shown in this session' }, null, 'abuse.adNotYours');

/** Checks the session before the platform is asked (no platform call for a claim that cannot be right). */
export async function checkAdSession(deps: Deps, user: UserRow, sessionId: string, adId: string): Promise<{ startedAt: Date }> {
  const row = await deps.db.selectFrom('ad_sessions').selectAll().where('id', '=', sessionId).executeTakeFirst();
  if (!row || row.user_id !== user.id) throw notYours();
  if (row.ad_id !== null && row.ad_id !== adId) throw notYours();
  if (row.ad_id === null && row.expires_at.getTime() <= deps.now()) throw notYours();
  return { startedAt: row.started_at };
}

/** The platform's grant time must fall after the session began. */
export function grantedInSession(startedAt: Date, grantedAt: string | null): boolean {
  if (grantedAt === null) return true; // not granted: nothing is paid either way
  const at = Date.parse(grantedAt);
  return Number.isFinite(at) && at >= startedAt.getTime() - clockSkewMs;
}

/** In the claim's transaction: the session takes this ad, once (the ad id is unique among sessions too). */
export async function bindAdSession(trx: Trx, user: UserRow, sessionId: string, adId: string, now: number): Promise<void> {
  const elsewhere = await trx.selectFrom('ad_sessions').select('id').where('ad_id', '=', adId).where('id', '<>', sessionId).executeTakeFirst();
  if (elsewhere) throw notYours();
  const bound = await trx
    .updateTable('ad_sessions')
    .set({ ad_id: adId, claimed_at: new Date(now) })
    .where('id', '=', sessionId)
    .where('user_id', '=', user.id)
    .where((eb) => eb.or([eb('ad_id', 'is', null), eb('ad_id', '=', adId)]))
    .returning('id')
    .executeTakeFirst()
    .catch((error: unknown) => {
      // Another session bound the same ad id a moment ago (unique): not this one's.
      if ((error as { code?: string }).code === '23505') throw notYours();
      throw error;
    });
  if (!bound) throw notYours();
}
