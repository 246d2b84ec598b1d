import crypto from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { CompiledQuery } from 'kysely';
import { Durations } from '../../src/domain/constants';
import { canonicalRequest, SignedHeader } from '../../src/domain/signing';
import type { Deps } from '../deps';
import { ApiError } from './envelope';
import type { AppEnv, SessionRow, UserRow } from './env';
import { limitPerson } from './rateLimit';

export function sign(secret: string, text: string): string {
  return crypto.createHmac('sha256', secret).update(text).digest('hex');
}

function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * Sessions this process has seen, by token. What is kept never changes for a token (its secret, access
 * token, user and expiry); whether it has been revoked since is read afresh with every request, in the
 * statement that records the signature. So a remembered session saves a round trip and never admits a
 * revoked one, in this process or another.
 */
const sessionsSeen = new WeakMap<Deps['db'], Map<string, SessionRow>>();
const sessionsKept = 20_000;

function knownSession(deps: Deps, token: string): SessionRow | undefined {
  return sessionsSeen.get(deps.db)?.get(token);
}

function rememberSession(deps: Deps, session: SessionRow): void {
  let seen = sessionsSeen.get(deps.db);
  if (!seen) {
    seen = new Map();
    sessionsSeen.set(deps.db, seen);
  }
  if (seen.size >= sessionsKept) {
    const oldest = seen.keys().next();
    if (!oldest.done) seen.delete(oldest.value);
  }
  seen.set(session.token, session);
}

function forgetSession(deps: Deps, token: string): void {
  sessionsSeen.get(deps.db)?.delete(token);
}

async function revokedSince(deps: Deps, token: string): Promise<void> {
  const row = await deps.db.selectFrom('sessions').select('revoked_at').where('token', '=', token).executeTakeFirst();
  if (!row || row.revoked_at !== null) {
    forgetSession(deps, token);
    throw new ApiError('tokenUnavailable');
  }
}

/**
 * Records the signature ($1, seen at $2) and reads the user of session $3 as it is now: no row if the
 * session has been revoked or deleted since it was remembered. Written out once rather than built per
 * request: every signed request runs it.
 */
const recordAndReadUser = `
  with durability as (select set_config('synchronous_commit', 'off', true) as setting),
  fresh as (insert into request_signatures (signature, seen_at) values ($1, $2) on conflict (signature) do nothing returning signature)
  select users.*, exists (select 1 from fresh) as fresh_signature, (select setting from durability) as commit_setting
  from users
  where users.id = (select sessions.user_id from sessions where sessions.token = $3 and sessions.revoked_at is null)`;

type UserWithSignature = UserRow & { fresh_signature: boolean; commit_setting: string };

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

    const cached = knownSession(deps, token);
    const session = cached ?? (await deps.db.selectFrom('sessions').selectAll().where('token', '=', token).executeTakeFirst());
    if (!session || session.revoked_at !== null || session.access_token !== accessToken) throw new ApiError('tokenUnavailable');
    const now = deps.now();
    if (session.expires_at.getTime() <= now) throw new ApiError('tokenExpired');
    if (!cached) rememberSession(deps, session);

    const sentAt = Number(timestamp);
    const url = new URL(c.req.url);
    const expected = sign(session.secret, canonicalRequest({ method: c.req.method, accessToken, token, timestamp, url: url.pathname + url.search }));
    if (!Number.isFinite(sentAt) || Math.abs(now - sentAt) > Durations.signatureWindow || !sameSignature(expected, auth.toLowerCase())) {
      // A remembered session may have been revoked since: that is told first (1002), as the order says.
      if (cached) await revokedSince(deps, token);
      throw new ApiError('authExpired');
    }

    // One round trip records the signature (replay protection: a second use finds it) and reads the user.
    // Its commit does not wait for the WAL flush (4.5 ms on this machine's disk, the whole cost of a read):
    // the WAL is one sequence, so the flush of any later durable commit (every write a request makes)
    // makes the signature durable too; a crash can lose only the signatures of the reads of its last
    // moment, and replaying a read changes nothing.
    const found = (await deps.db.executeQuery<UserWithSignature>(CompiledQuery.raw(recordAndReadUser, [expected, new Date(now), token]))).rows[0];
    if (!found) {
      await revokedSince(deps, token);
      throw new ApiError('userNotExist');
    }
    const { fresh_signature: fresh, commit_setting: _setting, ...user } = found;
    if (!fresh) throw new ApiError('repeatedRequest');
    if (user.frozen) throw new ApiError('userUnavailable', {}, user.frozen_reason ?? '');

    c.set('session', session);
    c.set('user', user);
    await limitPerson(deps, c, user.id);
    await next();
  };
}

/** Signatures older than the window can never be replayed successfully (1006 comes first), so they go. */
export async function purgeSignatures(deps: Deps): Promise<void> {
  await deps.db.deleteFrom('request_signatures').where('seen_at', '<', new Date(deps.now() - 2 * Durations.signatureWindow)).execute();
}
