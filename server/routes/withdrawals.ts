import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import { formatMoney, parseMoney } from '../../src/domain/money';
import { firstProblem } from '../../src/domain/schemas/accounts';
import { reauthenticateInput, reviewWithdrawalInput, startWithdrawalInput, withdrawalDetailQuery, withdrawalListQuery } from '../../src/domain/schemas/withdrawal';
import type { StartWithdrawalAnswer } from '../../src/domain/types/withdrawal';
import { WithdrawalRules, withdrawalAmountProblem } from '../../src/domain/withdrawal';
import type { Deps } from '../deps';
import { ApiError, ok } from '../http/envelope';
import type { AppEnv } from '../http/env';
import { requireRole } from '../http/roles';
import { requireSession } from '../http/session';
import { formBody, parseWith } from '../http/validate';
import { issueCode, useCode } from '../services/codes';
import {
  amountError,
  createWithdrawal,
  payoutDesk,
  piWalletOf,
  pumpPayouts,
  reauthenticate,
  requireFreshAuthFor,
  requirePiWallet,
  requireWithdrawable,
  reviewQueue,
  reviewWithdrawal,
  withdrawable,
  withdrawableBalance,
  withdrawalDetail,
  withdrawalList,
} from '../services/withdrawals';
import { log } from '../observability/log';
import { accountBody, accountQuery } from './accountSupport';

/** A form-encoded body against a schema whose messages are locale keys (like accountBody for JSON). */
async function formInput<S extends z.ZodMiniType>(c: Context, schema: S): Promise<z.infer<S>> {
  const value = await formBody(c, z.unknown());
  const problem = firstProblem(schema, value);
  if (problem && problem.key !== 'accounts.errors.invalid') throw new ApiError('invalidField', { field: problem.field, detail: problem.key }, { field: problem.field }, problem.key);
  return parseWith(schema, value);
}

/** Moves the payouts on in the background: a failure is logged, never thrown at a request. */
function startPayouts(deps: Deps): void {
  setImmediate(() => void pumpPayouts(deps).catch((error: unknown) => log.error({ job: 'payouts', err: error }, 'payout failed')));
}

/**
 * Withdrawal to a wallet address (issue 13; SPEC 6 Withdrawals, 7 isUserWithdrawable and the Wallet
 * pcm calls): may I withdraw, the e-mail code, the re-authentication, the form-encoded start, the
 * records, and the console's review queue.
 */
export function withdrawalRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signed = requireSession(deps);

  app.get('/api/commodity/userPermission/isUserWithdrawable', signed, async (c) => ok(c, await withdrawable(deps, c.var.user, c.var.session.access_token)));

  /** The withdrawal's e-mail code, to the bound address (single use, rate-limited like the account codes). */
  app.post('/api/wallet/withdraw/sendCode', signed, async (c) => {
    const user = c.var.user;
    if (!user.email) throw new ApiError('forbidden', { detail: 'email' }, { blocker: 'noEmail' }, 'withdrawal.errors.noEmail');
    await issueCode(deps, { purpose: 'withdraw', email: user.email, userId: user.id, language: c.var.language });
    return ok(c, { sent: true });
  });

  /** /mine/repeatauthentication: a fresh platform authentication of the same person. */
  app.post('/api/wallet/withdraw/reauthenticate', signed, async (c) => {
    const input = await accountBody(c, reauthenticateInput);
    return ok(c, { reauthenticatedAt: await reauthenticate(deps, c.var.user, input.accessToken) });
  });

  app.post('/api/wallet/wallet/pcm/startWithdrawalPcm', signed, async (c) => {
    const input = await formInput(c, startWithdrawalInput);
    const user = c.var.user;
    await requireWithdrawable(deps, user);
    const amount = parseMoney(input.amount);
    const problem = withdrawalAmountProblem(amount, await withdrawableBalance(deps.db, user.id));
    if (problem) throw amountError(problem);
    // The review sheet showed this fee (and amount + fee taken from the balance): another fee now moves nothing.
    if (input.fee !== undefined && parseMoney(input.fee) !== WithdrawalRules.fee) {
      throw new ApiError('reviewChanged', { field: 'fee' }, { field: 'fee', amount: input.amount, fee: formatMoney(WithdrawalRules.fee) });
    }
    // Only the person's Pi wallet can receive an app-to-user payment: another address is refused here, before the code is used or anything reserved.
    requirePiWallet(await piWalletOf(deps, user, c.var.session.access_token), input.address);
    await requireFreshAuthFor(deps, user, input.address);
    if (!user.email) throw new ApiError('forbidden', {}, null, 'withdrawal.errors.noEmail');
    await useCode(deps, { purpose: 'withdraw', email: user.email, userId: user.id, code: input.code });
    const id = await createWithdrawal(deps, user, { address: input.address, amount });
    const answer: StartWithdrawalAnswer = { id: id.toString(), status: 'toBeConfirmed', stage: 'manualReview' };
    return ok(c, answer);
  });

  app.get('/api/wallet/wallet/pcm/getPcmWithdrawList', signed, async (c) => {
    const q = accountQuery(c, withdrawalListQuery);
    return ok(c, await withdrawalList(deps.db, c.var.user.id, Number(q.page ?? 1), Number(q.size ?? 20)));
  });

  app.get('/api/wallet/wallet/pcm/getPcmWithdrawDetailByOrder', signed, async (c) => {
    const q = accountQuery(c, withdrawalDetailQuery);
    return ok(c, await withdrawalDetail(deps.db, c.var.user.id, BigInt(q.orderId)));
  });

  // The platform console: the review queue (staff only).
  const staff = [signed, requireRole('arbiter')] as const;
  app.get('/api/platform/withdrawal/list', ...staff, async (c) => ok(c, { list: await reviewQueue(deps) }));
  /** The app wallet and its payout queue: what waits and why (an alert when staff must act). */
  app.get('/api/platform/withdrawal/payouts', ...staff, async (c) => ok(c, await payoutDesk(deps)));
  app.post('/api/platform/withdrawal/review', ...staff, async (c) => {
    const input = await accountBody(c, reviewWithdrawalInput);
    const id = BigInt(input.id);
    await reviewWithdrawal(deps, c.var.user, id, input.decision === 'approve' ? { decision: 'approve' } : { decision: 'reject', reason: input.reason });
    // The decision is recorded and answered at once (issue 34): the payout goes on in the background,
    // never holding staff on the platform or the chain; the screens follow it live. If it cannot finish
    // now, the chart's durable timers resume it.
    if (input.decision === 'approve') startPayouts(deps);
    return ok(c, { id: input.id, stage: input.decision === 'approve' ? 'payingOut' : 'failure' });
  });

  return app;
}
