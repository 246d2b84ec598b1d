import crypto from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { sql } from 'kysely';
import { Durations } from '../../src/domain/constants';
import { canonicalRequest, SignedHeader } from '../../src/domain/signing';
import type { Deps } from '../deps';
import { ApiError } from './envelope';
import type { AppEnv } from './env';

export function sign(secret: string, text: string): string {
  return crypto.createHmac('sha256', secret).update(text).digest('hex');
}

function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * Verifies a signed request (DESIGN: Requests; SPEC 8): the codes are checked in this order, so a
 * request missing several things is told about the first.
 */
export function requireSession(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = c.req.header(SignedHeader.token) ?? '';
    const accessToken = c.req.header(SignedHeader.accessToken) ?? '';
    const timestamp = c.req.header(SignedHeader.timestamp) ?? '';
    const auth = c.req.header(SignedHeader.auth) ?? '';
    if (!token) throw new ApiError('tokenEmpty');
    if (!accessToken) throw new ApiError('accessTokenEmpty');
    if (!timestamp) throw new ApiError('timestampEmpty');
    if (!auth) throw new ApiError('authEmpty');

    const session = await deps.db.selectFrom('sessions').selectAll().where('token', '=', token).executeTakeFirst();
    if (!session || session.revoked_at !== null || session.access_token !== accessToken) throw new ApiError('tokenUnavailable');
    const now = deps.now();
    if (session.expires_at.getTime() <= now) throw new ApiError('tokenExpired');

    const sentAt = Number(timestamp);
    if (!Number.isFinite(sentAt) || Math.abs(now - sentAt) > Durations.signatureWindow) throw new ApiError('authExpired');
    const url = new URL(c.req.url);
    const expected = sign(session.secret, canonicalRequest({ method: c.req.method, accessToken, token, timestamp, url: url.pathname + url.search }));
    if (!sameSignature(expected, auth.toLowerCase())) throw new ApiError('authExpired');

    // One round trip records the signature (replay protection: a second use finds it) and reads the user.
    // Its commit does not wait for the WAL flush (4.5 ms on this machine's disk, the whole cost of a read):
    // the WAL is one sequence, so the flush of any later durable commit (every write a request makes)
    // makes the signature durable too; a crash can lose only the signatures of the reads of its last
    // moment, and replaying a read changes nothing.
    const found = await deps.db
      .with('durability', (db) => db.selectNoFrom(sql<string>`set_config('synchronous_commit', 'off', true)`.as('setting')))
      .with('fresh', (db) =>
        db
          .insertInto('request_signatures')
          .values({ signature: expected, seen_at: new Date(now) })
          .onConflict((oc) => oc.column('signature').doNothing())
          .returning('signature'),
      )
      .selectFrom('users')
      .selectAll('users')
      .select((eb) => eb.exists(eb.selectFrom('fresh').select('fresh.signature')).as('fresh_signature'))
      .select((eb) => eb.selectFrom('durability').select('durability.setting').as('commit_setting'))
      .where('users.id', '=', session.user_id)
      .executeTakeFirst();
    if (!found) throw new ApiError('userNotExist');
    const { fresh_signature: fresh, commit_setting: _setting, ...user } = found;
    if (!fresh) throw new ApiError('repeatedRequest');
    if (user.frozen) throw new ApiError('userUnavailable', {}, user.frozen_reason ?? '');

    c.set('session', session);
    c.set('user', user);
    await next();
  };
}

/** Signatures older than the window can never be replayed successfully (1006 comes first), so they go. */
export async function purgeSignatures(deps: Deps): Promise<void> {
  await deps.db.deleteFrom('request_signatures').where('seen_at', '<', new Date(deps.now() - 2 * Durations.signatureWindow)).execute();
}
