import { PasswordLock } from '../../src/domain/abuseLimits';
import type { Deps } from '../deps';
import { ApiError } from '../http/envelope';

/**
 * The wallet-app payment password locks (issue 25, finding 6): after PasswordLock.tries wrong tries
 * within PasswordLock.lockMs it refuses even the right one for PasswordLock.lockMs; a right one clears
 * the count; the lock ends by itself (no staff). Counted per person trying and wallet-app account
 * (issue 34): merging (/api/wallet/merge) and paying (/api/pay/wallet) count against the same lock
 * of the account's owner, and a stranger who names someone else's account with wrong passwords locks
 * only their own tries at that account, never the owner (docs/abuse.md). Each try is checked under the
 * row's lock, so concurrent guesses are counted one after another, never past the limit.
 */
export interface PasswordLockState {
  /** Wrong tries left before the lock; 0 while locked. */
  triesLeft: number;
  /** ISO time the lock ends, or null when not locked. */
  lockedUntil: string | null;
}

/** The lock of one person's tries at one wallet-app account (the person is who is signed in, never the account named). */
export const walletAppLockKey = (walletAppUsername: string, tryingUserId: bigint) => `walletApp:${walletAppUsername}:by:${tryingUserId.toString()}`;

function stateOf(row: { failures: number; locked_until: Date | null; updated_at: Date } | undefined, now: number): PasswordLockState {
  if (!row) return { triesLeft: PasswordLock.tries, lockedUntil: null };
  if (row.locked_until && row.locked_until.getTime() > now) return { triesLeft: 0, lockedUntil: row.locked_until.toISOString() };
  // A lock that ended, or wrong tries older than the window, are forgotten.
  if (row.locked_until || row.updated_at.getTime() <= now - PasswordLock.lockMs) return { triesLeft: PasswordLock.tries, lockedUntil: null };
  return { triesLeft: Math.max(0, PasswordLock.tries - row.failures), lockedUntil: null };
}

export async function passwordLockState(deps: Deps, key: string): Promise<PasswordLockState> {
  const row = await deps.db.selectFrom('password_locks').selectAll().where('key', '=', key).executeTakeFirst();
  return stateOf(row, deps.now());
}

/** Minutes from the server's clock (tests move it). */
function lockedError(state: PasswordLockState, now: number): ApiError {
  const minutes = state.lockedUntil ? Math.max(1, Math.ceil((Date.parse(state.lockedUntil) - now) / 60_000)) : Math.ceil(PasswordLock.lockMs / 60_000);
  return new ApiError('tooManyRequests', { minutes: String(minutes), seconds: String(minutes * 60) }, { field: 'password', ...state }, 'abuse.passwordLocked');
}

/**
 * One try of the password: refused while locked (whatever the password), else `right()` decides; a
 * wrong one is counted (and may lock), a right one clears the count. Throws the refusal, which says
 * how many tries remain or when the lock ends.
 */
export async function tryPassword(deps: Deps, key: string, right: () => boolean): Promise<void> {
  const now = deps.now();
  const outcome = await deps.db.transaction().execute(async (trx) => {
    await trx.insertInto('password_locks').values({ key, failures: 0, locked_until: null, updated_at: new Date(now) }).onConflict((oc) => oc.column('key').doNothing()).execute();
    const row = await trx.selectFrom('password_locks').selectAll().where('key', '=', key).forUpdate().executeTakeFirstOrThrow();
    const before = stateOf(row, now);
    if (before.lockedUntil) return { ok: false as const, state: before };
    if (right()) {
      await trx.updateTable('password_locks').set({ failures: 0, locked_until: null, updated_at: new Date(now) }).where('key', '=', key).execute();
      return { ok: true as const, state: { triesLeft: PasswordLock.tries, lockedUntil: null } };
    }
    const failures = PasswordLock.tries - before.triesLeft + 1;
    const lockedUntil = failures >= PasswordLock.tries ? new Date(now + PasswordLock.lockMs) : null;
    await trx.updateTable('password_locks').set({ failures, locked_until: lockedUntil, updated_at: new Date(now) }).where('key', '=', key).execute();
    return { ok: false as const, state: lockedUntil ? { triesLeft: 0, lockedUntil: lockedUntil.toISOString() } : { triesLeft: PasswordLock.tries - failures, lockedUntil: null }, wrong: true };
  });
  if (outcome.ok) return;
  if (outcome.state.lockedUntil) throw lockedError(outcome.state, now);
  throw new ApiError('invalidField', { field: 'password', detail: 'wrong', tries: String(outcome.state.triesLeft) }, { field: 'password', ...outcome.state }, 'abuse.passwordWrong');
}
