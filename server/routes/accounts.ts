import crypto from 'node:crypto';
import { Hono } from 'hono';
import { sql } from 'kysely';
import { formatMoney } from '../../src/domain/money';
import {
  changeAddressInput,
  changeEmailInput,
  changeHeadPortraitInput,
  changeNickNameInput,
  changePasswordInput,
  flagNames,
  LoginRules,
  loginByEmailInput,
  registerInput,
  resetPasswordInput,
  sendCodeInput,
  sendEmailCodeInput,
  updateIsReadeInput,
  userCustomInput,
  walletAddressInput,
  type FlagName,
  type UserFlags,
} from '../../src/domain/schemas/accounts';
import type { Db } from '../db/database';
import { bindInviter, inviterOfCode } from '../services/ambassador';
import type { Deps } from '../deps';
import { ApiError, ok } from '../http/envelope';
import type { AppEnv, UserRow } from '../http/env';
import { requireSession } from '../http/session';
import { issueCode, useCode } from '../services/codes';
import { imageUrls, requireOwnImages } from '../services/images';
import { standingsChanged } from '../services/standings';
import { decoyHash, passwordHashOf, setPassword, verifyPassword } from '../services/passwords';
import { balanceOf, inviteCode, issueLoginTicket, toUserInfo } from '../services/users';
import { accountBody } from './accountSupport';

const flagColumn = {
  riskWarningRead: 'risk_warning_read',
  followPageRead: 'follow_page_read',
  tipsRead: 'tips_read',
  agreementAccepted: 'agreement_accepted',
  walletSetupCancelled: 'wallet_setup_cancelled',
} as const satisfies Record<FlagName, string>;

async function flagsOf(db: Db, userId: bigint): Promise<UserFlags> {
  const row = await db.selectFrom('user_flags').selectAll().where('user_id', '=', userId).executeTakeFirst();
  const flags = {} as UserFlags;
  for (const name of flagNames) flags[name] = row ? row[flagColumn[name]] : false;
  return flags;
}

async function userByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

async function freeUsernameFor(db: Db, email: string): Promise<string> {
  const base = (email.split('@')[0] ?? 'user').toLowerCase().replace(/[^a-z0-9_]/g, '_').slice(0, 20) || 'user';
  for (let i = 0; i < 5; i++) {
    const candidate = i === 0 ? base : `${base}_${crypto.randomBytes(2).toString('hex')}`;
    const taken = await db.selectFrom('users').select('id').where('username', '=', candidate).executeTakeFirst();
    if (!taken) return candidate;
  }
  return `${base}_${crypto.randomBytes(6).toString('hex')}`;
}

/** An e-mail login has no coin access token: the session gets an opaque one of its own. */
const mailAccessToken = () => `mail.${crypto.randomBytes(24).toString('base64url')}`;

/**
 * Accounts (issue 3): e-mail + password beside the coin login, codes, password reset and change,
 * e-mail binding, and the profile calls of SPEC 7 (User). Every profile change answers the updated
 * user info, which the browser hands to its login gate.
 */
export function accountsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signed = requireSession(deps);
  const now = () => new Date(deps.now());

  // ---- public: codes, register, e-mail login, reset ----

  app.post('/api/users/code/send', async (c) => {
    const input = await accountBody(c, sendCodeInput);
    const owner = await userByEmail(deps.db, input.email);
    if (input.purpose === 'register' && owner) throw new ApiError('emailTaken');
    await issueCode(deps, { purpose: input.purpose, email: input.email, userId: null, language: c.var.language, deliver: input.purpose === 'register' || owner !== undefined });
    return ok(c, null);
  });

  app.post('/api/users/user/register', async (c) => {
    const input = await accountBody(c, registerInput);
    if (await userByEmail(deps.db, input.email)) throw new ApiError('emailTaken');
    if (input.inviteCode) await inviterOfCode(deps.db, input.inviteCode);
    await useCode(deps, { purpose: 'register', email: input.email, userId: null, code: input.code });
    const username = await freeUsernameFor(deps.db, input.email);
    const user = await deps.db
      .insertInto('users')
      .values({ pi_uid: null, username, nickname: input.nickname || username, email: input.email, invite_code: inviteCode(), roles: JSON.stringify(['buyer']), language: c.var.language })
      .onConflict((oc) => oc.column('email').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!user) throw new ApiError('emailTaken');
    await setPassword(deps.db, user.id, input.password, now());
    await deps.db.insertInto('user_flags').values({ user_id: user.id, agreement_accepted: true }).execute();
    if (input.inviteCode) await bindInviter(deps, user, input.inviteCode);
    return ok(c, { ticket: await issueLoginTicket(deps, user, mailAccessToken()) });
  });

  /** Log in with e-mail and password: answers a one-time ticket that getToken exchanges for a session. */
  app.post('/api/users/user/loginByEmail', async (c) => {
    const input = await accountBody(c, loginByEmailInput);
    const since = new Date(deps.now() - LoginRules.windowMs);
    const failures = await deps.db
      .selectFrom('login_failures')
      .select([sql<number>`count(*)::int`.as('n'), sql<Date | null>`min(at)`.as('first')])
      .where('email', '=', input.email)
      .where('at', '>', since)
      .executeTakeFirstOrThrow();
    if (failures.n >= LoginRules.maxFailures && failures.first) {
      const wait = Math.max(1, Math.ceil((new Date(failures.first).getTime() + LoginRules.windowMs - deps.now()) / 1000));
      throw new ApiError('tooManyRequests', { seconds: String(wait) }, { retryAfterSeconds: wait });
    }
    const user = await userByEmail(deps.db, input.email);
    const stored = user ? await passwordHashOf(deps.db, user.id) : null;
    const right = await verifyPassword(input.password, stored ?? (await decoyHash()));
    if (!user || !stored || !right) {
      await deps.db.insertInto('login_failures').values({ email: input.email, at: now() }).execute();
      throw new ApiError('loginRefused');
    }
    await deps.db.deleteFrom('login_failures').where('email', '=', input.email).execute();
    if (user.frozen) throw new ApiError('userUnavailable', {}, user.frozen_reason ?? '');
    return ok(c, { ticket: await issueLoginTicket(deps, user, mailAccessToken()) });
  });

  /** Forgot password: the code sent to the address resets it, and every session of the account ends. */
  app.post('/api/users/user/resetPassword', async (c) => {
    const input = await accountBody(c, resetPasswordInput);
    await useCode(deps, { purpose: 'reset', email: input.email, userId: null, code: input.code });
    const user = await userByEmail(deps.db, input.email);
    if (!user) throw new ApiError('verificationFailed');
    await setPassword(deps.db, user.id, input.password, now());
    await deps.db.updateTable('sessions').set({ revoked_at: now() }).where('user_id', '=', user.id).where('revoked_at', 'is', null).execute();
    return ok(c, null);
  });

  // ---- signed: security ----

  app.get('/api/users/user/security', signed, async (c) => {
    const user = c.var.user;
    return ok(c, { email: user.email, hasPassword: (await passwordHashOf(deps.db, user.id)) !== null, coinLinked: user.pi_uid !== null });
  });

  app.post('/api/users/user/sendEmailCode', signed, async (c) => {
    const input = await accountBody(c, sendEmailCodeInput);
    const owner = await userByEmail(deps.db, input.email);
    if (owner && owner.id !== c.var.user.id) throw new ApiError('emailTaken');
    await issueCode(deps, { purpose: 'email', email: input.email, userId: c.var.user.id, language: c.var.language });
    return ok(c, null);
  });

  /** chageEmail (SPEC 7): change or bind the e-mail with a code sent to it; a password may be set at the same time. */
  app.post('/api/users/user/chageEmail', signed, async (c) => {
    const input = await accountBody(c, changeEmailInput);
    const user = c.var.user;
    const owner = await userByEmail(deps.db, input.email);
    if (owner && owner.id !== user.id) throw new ApiError('emailTaken');
    await useCode(deps, { purpose: 'email', email: input.email, userId: user.id, code: input.code });
    const updated = await deps.db.updateTable('users').set({ email: input.email }).where('id', '=', user.id).returningAll().executeTakeFirstOrThrow();
    if (input.password !== undefined) await setPassword(deps.db, user.id, input.password, now());
    return ok(c, await toUserInfo(deps.db, updated));
  });

  app.post('/api/users/user/changePassword', signed, async (c) => {
    const input = await accountBody(c, changePasswordInput);
    const user = c.var.user;
    const stored = await passwordHashOf(deps.db, user.id);
    if (stored !== null && !(await verifyPassword(input.oldPassword ?? '', stored))) {
      throw new ApiError('invalidField', { field: 'oldPassword', detail: 'wrong' }, { field: 'oldPassword' }, 'accounts.errors.oldPasswordWrong');
    }
    await setPassword(deps.db, user.id, input.password, now());
    // Every other session of the account ends; this one stays.
    await deps.db.updateTable('sessions').set({ revoked_at: now() }).where('user_id', '=', user.id).where('token', '!=', c.var.session.token).where('revoked_at', 'is', null).execute();
    return ok(c, await toUserInfo(deps.db, user));
  });

  // ---- signed: profile (SPEC 7, User) ----

  const update = async (user: UserRow, values: Partial<Pick<UserRow, 'nickname' | 'head_portrait' | 'country_id' | 'address' | 'wallet_address' | 'custom_colour'>>) =>
    toUserInfo(deps.db, await deps.db.updateTable('users').set(values).where('id', '=', user.id).returningAll().executeTakeFirstOrThrow());

  app.post('/api/users/user/changeNickName', signed, async (c) => {
    const input = await accountBody(c, changeNickNameInput);
    return ok(c, await update(c.var.user, { nickname: input.nickname }));
  });

  /** The picture was uploaded first (POST /api/upload/image); it must exist and be the caller's. */
  app.post('/api/users/user/changeHeadPortrait', signed, async (c) => {
    const input = await accountBody(c, changeHeadPortraitInput);
    await requireOwnImages(deps.db, c.var.user.id, [input.imageId], { field: 'imageId', message: 'accounts.errors.imageMissing', code: 'notFound' });
    return ok(c, await update(c.var.user, { head_portrait: imageUrls(input.imageId).card }));
  });

  app.post('/api/users/user/changeAddress', signed, async (c) => {
    const input = await accountBody(c, changeAddressInput);
    if (input.countryId !== 0) {
      const country = await deps.db.selectFrom('regions').select('id').where('id', '=', input.countryId).where('level', '=', 1).executeTakeFirst();
      if (!country) throw new ApiError('invalidField', { field: 'countryId', detail: 'no such country' });
    }
    return ok(c, await update(c.var.user, { country_id: input.countryId, ...(input.address !== undefined ? { address: input.address || null } : {}) }));
  });

  app.post('/api/users/user/walletAddress', signed, async (c) => {
    const input = await accountBody(c, walletAddressInput);
    return ok(c, await update(c.var.user, { wallet_address: input.walletAddress }));
  });

  app.get('/api/users/user/getFlags', signed, async (c) => ok(c, await flagsOf(deps.db, c.var.user.id)));

  app.post('/api/users/user/updateIsReade', signed, async (c) => {
    const input = await accountBody(c, updateIsReadeInput);
    const column = flagColumn[input.flag];
    const value = input.value ?? true;
    await deps.db
      .insertInto('user_flags')
      .values({ user_id: c.var.user.id, [column]: value })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ [column]: value }))
      .execute();
    return ok(c, await flagsOf(deps.db, c.var.user.id));
  });

  /** userCustom: the custom background, validated strictly, kept as its JSON description. */
  app.post('/api/users/user/userCustom', signed, async (c) => {
    const input = await accountBody(c, userCustomInput);
    return ok(c, await update(c.var.user, { custom_colour: input.customColour ? JSON.stringify(input.customColour) : null }));
  });

  /** freezeAccount (SPEC 7): the user freezes their own account; every session ends. Only staff unfreeze it. */
  app.get('/api/users/user/freezeAccount', signed, async (c) => {
    const user = c.var.user;
    await deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ frozen: true, frozen_reason: 'frozen by the account holder' }).where('id', '=', user.id).execute();
      await trx.insertInto('freeze_log').values({ user_id: user.id, staff_id: null, action: 'freeze', reason: 'frozen by the account holder', created_at: now() }).execute();
      await trx.updateTable('sessions').set({ revoked_at: now() }).where('user_id', '=', user.id).where('revoked_at', 'is', null).execute();
    });
    standingsChanged();
    return ok(c, null);
  });

  app.get('/api/users/user/getUserBalance', signed, async (c) => ok(c, { balance: formatMoney(await balanceOf(deps.db, c.var.user.id)) }));

  return app;
}
