import crypto from 'node:crypto';
import { formatMoney } from '../../src/domain/money';
import type { MergeAnswer } from '../../src/domain/types/withdrawal';
import type { Db } from '../db/database';
import type { Deps } from '../deps';
import { tryPassword, walletAppLockKey } from './passwordLock';
import { ApiError } from '../http/envelope';
import type { UserRow } from '../http/env';
import { walletPasswordHash } from './payments';

/**
 * The small wallet calls of SPEC 7 (issue 13), each kept per person in wallet_flags: the wallet and
 * withdrawal ad popups (shown once), the "make the token happy" counter, the QR tip flag, and the
 * two-factor key acknowledgement that fa/removeKey clears. And merging with the wallet app.
 */
async function ensureFlags(db: Db, userId: bigint): Promise<void> {
  await db
    .insertInto('wallet_flags')
    .values({ user_id: userId, wallet_ad_shown_at: null, withdraw_ad_shown_at: null, fa_key_saved_at: null })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** True the first time only: the popup is marked shown in the same statement that reads it. */
export async function popupOnce(deps: Deps, userId: bigint, which: 'wallet' | 'withdraw'): Promise<boolean> {
  await ensureFlags(deps.db, userId);
  const column = which === 'wallet' ? 'wallet_ad_shown_at' : 'withdraw_ad_shown_at';
  const row = await deps.db.updateTable('wallet_flags').set({ [column]: new Date(deps.now()) }).where('user_id', '=', userId).where(column, 'is', null).returning('user_id').executeTakeFirst();
  return row !== undefined;
}

export async function makeTkHappy(deps: Deps, userId: bigint): Promise<number> {
  await ensureFlags(deps.db, userId);
  const row = await deps.db
    .updateTable('wallet_flags')
    .set((eb) => ({ tk_happy_count: eb('tk_happy_count', '+', 1) }))
    .where('user_id', '=', userId)
    .returning('tk_happy_count')
    .executeTakeFirstOrThrow();
  return row.tk_happy_count;
}

export async function qrTipStatus(db: Db, userId: bigint): Promise<boolean> {
  const row = await db.selectFrom('wallet_flags').select('qr_tip_status').where('user_id', '=', userId).executeTakeFirst();
  return row?.qr_tip_status ?? false;
}

export async function setQrTipStatus(db: Db, userId: bigint, status: boolean): Promise<boolean> {
  await ensureFlags(db, userId);
  await db.updateTable('wallet_flags').set({ qr_tip_status: status }).where('user_id', '=', userId).execute();
  return status;
}

/** Clears the acknowledged two-factor key; false when there was none (SPEC 8's 0001, "no key found"). */
export async function removeFaKey(db: Db, userId: bigint): Promise<boolean> {
  const row = await db.updateTable('wallet_flags').set({ fa_key_saved_at: null }).where('user_id', '=', userId).where('fa_key_saved_at', 'is not', null).returning('user_id').executeTakeFirst();
  return row !== undefined;
}

/**
 * The account-merge prompt: binds the wallet app's account (in sandbox mode, the sandbox wallet
 * app's accounts) to this person, proven by its user name and payment password. One wallet-app
 * account merges with one account only; a wrong password is "Verification failed".
 */
export async function mergeWalletApp(deps: Deps, user: UserRow, input: { username: string; password: string }): Promise<MergeAnswer> {
  const account = await deps.db.selectFrom('sandbox_wallet_app_accounts').selectAll().where('username', '=', input.username).executeTakeFirst();
  const given = Buffer.from(walletPasswordHash(input.password));
  const kept = Buffer.from(account?.pay_password_hash ?? walletPasswordHash(crypto.randomBytes(8).toString('hex')));
  // Five wrong tries lock the password for 15 minutes, counted with the payment's (issue 25); an unknown name counts too.
  await tryPassword(deps, walletAppLockKey(input.username, user.id), () => !!account && given.length === kept.length && crypto.timingSafeEqual(given, kept));
  if (!account) throw new ApiError('invalidField', { field: 'password', detail: 'wrong' }, { field: 'password' }, 'messages.verificationFailed');
  const ownerByName = account.merged_user_id === null && account.merged && account.username !== user.username;
  if ((account.merged_user_id !== null && account.merged_user_id !== user.id) || ownerByName) throw new ApiError('forbidden', { detail: 'merged' }, null, 'merge.errors.taken');
  const already = await deps.db.selectFrom('sandbox_wallet_app_accounts').select('username').where('merged_user_id', '=', user.id).where('username', '<>', account.username).executeTakeFirst();
  if (already) throw new ApiError('forbidden', { detail: 'merged' }, null, 'merge.errors.already');
  const row = await deps.db
    .updateTable('sandbox_wallet_app_accounts')
    .set({ merged: true, merged_user_id: user.id })
    .where('username', '=', account.username)
    .where((eb) => eb.or([eb('merged_user_id', 'is', null), eb('merged_user_id', '=', user.id)]))
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new ApiError('forbidden', { detail: 'merged' }, null, 'merge.errors.taken');
  return { merged: true, username: row.username, balance: formatMoney(row.balance), needsEmail: !user.email };
}
