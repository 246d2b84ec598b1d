import crypto from 'node:crypto';
import { sql } from 'kysely';
import { Limits } from '../../src/domain/constants';
import type { LanguageCode } from '../../src/domain/languages';
import { CodeRules } from '../../src/domain/schemas/accounts';
import type { Deps } from '../deps';
import { ApiError } from '../http/envelope';
import { translate } from '../http/i18n';
import { sendMail } from './mail';

export type CodePurpose = 'register' | 'reset' | 'email' | 'withdraw';

/** The subject line of each purpose's mail (a withdrawal's lives in its own namespace). */
const subjectKey: Record<CodePurpose, string> = {
  register: 'accounts.mail.subject.register',
  reset: 'accounts.mail.subject.reset',
  email: 'accounts.mail.subject.email',
  withdraw: 'withdrawal.mailSubject',
};

/** Six random digits, from the system's cryptographic generator. */
export function newCode(): string {
  return Array.from({ length: Limits.verificationCodeLength }, () => crypto.randomInt(0, 10)).join('');
}

/** Codes are stored hashed with their own salt; the row never holds the code. */
function hashCode(code: string, salt: string): string {
  return `${salt}$${crypto.createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

function sameCode(code: string, stored: string): boolean {
  const [salt] = stored.split('$');
  if (!salt) return false;
  const a = Buffer.from(hashCode(code, salt));
  const b = Buffer.from(stored);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * Refuses a send when the address (or the account) had five in the last hour, or one for the same
 * purpose in the last minute (the resend window of one flow).
 */
async function checkRate(deps: Deps, column: 'email' | 'user_id', value: string | bigint, purpose: CodePurpose): Promise<void> {
  const now = deps.now();
  const row = await deps.db
    .selectFrom('email_codes')
    .select([
      sql<number>`count(*)::int`.as('hour'),
      sql<number>`count(*) filter (where created_at > ${new Date(now - CodeRules.resendAfterMs)} and purpose = ${purpose})::int`.as('minute'),
      sql<Date | null>`max(created_at) filter (where purpose = ${purpose})`.as('last'),
    ])
    .where(column, '=', value)
    .where('created_at', '>', new Date(now - 60 * 60 * 1000))
    .executeTakeFirstOrThrow();
  if (row.minute > 0 && row.last) {
    const wait = Math.max(1, Math.ceil((new Date(row.last).getTime() + CodeRules.resendAfterMs - now) / 1000));
    throw new ApiError('tooManyRequests', { seconds: String(wait) }, { retryAfterSeconds: wait });
  }
  if (row.hour >= CodeRules.perHour) throw new ApiError('tooManyRequests', { seconds: '3600' }, { retryAfterSeconds: 3600 });
}

/**
 * Sends a code. When `deliver` is false (a reset asked for an address with no account) the rate is
 * still counted and the answer is the same, so the caller learns nothing about which addresses exist.
 */
export async function issueCode(
  deps: Deps,
  args: { purpose: CodePurpose; email: string; userId: bigint | null; language: LanguageCode; deliver?: boolean },
): Promise<void> {
  await checkRate(deps, 'email', args.email, args.purpose);
  if (args.userId !== null) await checkRate(deps, 'user_id', args.userId, args.purpose);
  const now = new Date(deps.now());
  const code = newCode();
  const salt = crypto.randomBytes(8).toString('hex');
  await deps.db.transaction().execute(async (trx) => {
    // One live code per address and purpose: a new one kills the ones before it.
    await trx.updateTable('email_codes').set({ dead: true }).where('email', '=', args.email).where('purpose', '=', args.purpose).where('used_at', 'is', null).execute();
    await trx
      .insertInto('email_codes')
      .values({ purpose: args.purpose, email: args.email, user_id: args.userId, code_hash: hashCode(code, salt), created_at: now, expires_at: new Date(deps.now() + CodeRules.lifetimeMs), used_at: null })
      .execute();
  });
  if (args.deliver === false) return;
  const minutes = String(CodeRules.lifetimeMs / 60000);
  await sendMail(deps, {
    to: args.email,
    subject: translate(args.language, subjectKey[args.purpose]),
    text: translate(args.language, 'accounts.mail.body', { code, minutes }),
  });
}

/**
 * Uses a code: the latest live one for this address and purpose (and account, for a change of
 * e-mail). Every try is counted before it is judged, in one atomic statement that takes a try only
 * while fewer than five were taken (issue 34): of any number of concurrent guesses at most five are
 * ever compared with the code; a wrong one at the fifth kills it. Expired, used and dead codes, and a
 * code whose tries are all taken, fail alike with "Verification failed". Returns only when the code
 * was right, and marks it used.
 */
export async function useCode(deps: Deps, args: { purpose: CodePurpose; email: string; userId: bigint | null; code: string }): Promise<void> {
  const now = new Date(deps.now());
  let q = deps.db
    .selectFrom('email_codes')
    .select(['id', 'code_hash'])
    .where('purpose', '=', args.purpose)
    .where('email', '=', args.email)
    .where('used_at', 'is', null)
    .where('dead', '=', false)
    .where('expires_at', '>', now);
  q = args.userId === null ? q.where('user_id', 'is', null) : q.where('user_id', '=', args.userId);
  const row = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
  if (!row) throw new ApiError('verificationFailed');
  // The try is taken under the row's lock (an UPDATE's), so concurrent tries are counted one after another.
  const taken = await deps.db
    .updateTable('email_codes')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('id', '=', row.id)
    .where('attempts', '<', CodeRules.maxTries)
    .where('used_at', 'is', null)
    .where('dead', '=', false)
    .returning('attempts')
    .executeTakeFirst();
  if (!taken) throw new ApiError('verificationFailed');
  if (!sameCode(args.code.trim(), row.code_hash)) {
    if (taken.attempts >= CodeRules.maxTries) await deps.db.updateTable('email_codes').set({ dead: true }).where('id', '=', row.id).where('used_at', 'is', null).execute();
    throw new ApiError('verificationFailed');
  }
  const used = await deps.db.updateTable('email_codes').set({ used_at: now }).where('id', '=', row.id).where('used_at', 'is', null).where('dead', '=', false).returning('id').executeTakeFirst();
  if (!used) throw new ApiError('verificationFailed');
}
