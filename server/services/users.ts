import crypto from 'node:crypto';
import { sql } from 'kysely';
import { Defaults, Durations } from '../../src/domain/constants';
import { formatMoney } from '../../src/domain/money';
import type { LoginAnswer, RoleName, UserInfo } from '../../src/domain/types/user';
import type { Db } from '../db/database';
import type { Deps } from '../deps';
import type { UserRow } from '../http/env';
import type { PlatformUser } from '../platform/client';

/** A new account's invite code: 8 upper-case letters and digits. */
export function inviteCode(): string {
  return crypto.randomBytes(5).toString('base64url').toUpperCase().replace(/[^A-Z0-9]/g, 'X').slice(0, 8);
}

export const userAccount = (userId: bigint) => `user:${userId.toString()}`;

/** The person's account balance: the maintained balance of `user:<id>` (the sum of its ledger rows). */
export async function balanceOf(db: Db, userId: bigint): Promise<bigint> {
  const row = await db.selectFrom('account_balances').select('balance').where('account', '=', userAccount(userId)).executeTakeFirst();
  return row?.balance ?? 0n;
}

export async function toUserInfo(db: Db, user: UserRow): Promise<UserInfo> {
  const country = user.country_id
    ? await db.selectFrom('regions').select('name').where('id', '=', user.country_id).executeTakeFirst()
    : undefined;
  return {
    id: user.id.toString(),
    username: user.username,
    nickname: user.nickname,
    email: user.email,
    headPortrait: user.head_portrait,
    walletAddress: user.wallet_address,
    address: user.address,
    countryId: user.country_id,
    countryName: country?.name ?? Defaults.countryName,
    customColour: user.custom_colour,
    balance: formatMoney(await balanceOf(db, user.id)),
    inviteCode: user.invite_code,
    medalLevel: user.medal_level,
    ambassadorLevel: user.ambassador_level,
    language: user.language,
    roles: user.roles as RoleName[],
    frozen: user.frozen,
  };
}

/** The platform's answer is the only source of identity: find the account of that uid, or open one. */
export async function userForPlatformIdentity(db: Db, identity: PlatformUser): Promise<UserRow> {
  const existing = await db.selectFrom('users').selectAll().where('pi_uid', '=', identity.uid).executeTakeFirst();
  if (existing) return existing;
  const inserted = await db
    .insertInto('users')
    .values({
      pi_uid: identity.uid,
      username: await freeUsername(db, identity.username),
      nickname: identity.username,
      invite_code: inviteCode(),
      roles: JSON.stringify(['buyer']),
    })
    .onConflict((oc) => oc.column('pi_uid').doNothing())
    .returningAll()
    .executeTakeFirst();
  return inserted ?? (await db.selectFrom('users').selectAll().where('pi_uid', '=', identity.uid).executeTakeFirstOrThrow());
}

async function freeUsername(db: Db, wanted: string): Promise<string> {
  const taken = await db.selectFrom('users').select('id').where('username', '=', wanted).executeTakeFirst();
  return taken ? `${wanted}_${crypto.randomBytes(3).toString('hex')}` : wanted;
}

/** Opens a session: a token and a signing secret, each 256 random bits. The secret is sent this once. */
export async function openSession(deps: Deps, user: UserRow, accessToken: string): Promise<LoginAnswer> {
  const token = crypto.randomBytes(32).toString('base64url');
  const secret = crypto.randomBytes(32).toString('hex');
  await deps.db
    .insertInto('sessions')
    .values({ token, secret, user_id: user.id, access_token: accessToken, expires_at: new Date(deps.now() + Durations.sessionLifetime), revoked_at: null })
    .execute();
  return { token, secret, accessToken, userInfo: await toUserInfo(deps.db, user), authResult: null };
}

/** A one-time ticket that logs its holder in once, within ten minutes (the token in the address hash). */
export async function issueLoginTicket(deps: Deps, user: UserRow, accessToken: string): Promise<string> {
  const ticket = crypto.randomBytes(24).toString('base64url');
  await deps.db
    .insertInto('login_tickets')
    .values({ ticket, user_id: user.id, access_token: accessToken, expires_at: new Date(deps.now() + 10 * Durations.minute), used_at: null })
    .execute();
  return ticket;
}
