import * as z from 'zod/mini';
import { isMoneyString, maxUnits, parseMoney } from '../../src/domain/money';

/** Inputs of the sandbox: the simulated platform API and the host API. Amounts are decimal strings here. */

function isPositiveAmount(text: string): boolean {
  if (!isMoneyString(text)) return false;
  const units = parseMoney(text);
  return units > 0n && units <= maxUnits;
}

export const amountText = z.string().check(z.refine(isPositiveAmount, 'must be a positive amount of the coin with at most 7 decimals'));
export const memoText = z.string().check(z.maxLength(1000, 'must be at most 1000 characters'));
export const metadataObject = z.record(z.string(), z.unknown());
const idText = z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(256, 'must be at most 256 characters'));

export const usernamePattern = /^[a-z0-9_]{3,32}$/;

/** POST /sandbox/api/wallets */
export const newWalletInput = z.strictObject({
  username: z.string().check(z.regex(usernamePattern, 'must be 3 to 32 characters: lower-case letters a-z, digits 0-9 or _')),
});

/** POST /sandbox/api/auth */
/** `scopes` as the host asked for them: with `wallet_address` the person grants the app their wallet address (issue 27). */
export const authInput = z.strictObject({ uid: idText, scopes: z.optional(z.array(z.string().check(z.maxLength(40))).check(z.maxLength(10))) });

/** POST /sandbox/api/payments: a user-to-app payment, as the Pi SDK's createPayment would open it. */
export const userPaymentInput = z.strictObject({
  accessToken: z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(4096, 'must be at most 4096 characters')),
  amount: amountText,
  memo: memoText,
  metadata: metadataObject,
});

/** POST /sandbox/api/payments/:id/cancel: the person cancelled, or the host gave up waiting for approval. */
export const userCancelInput = z.strictObject({
  reason: z.optional(z.enum(['user', 'approval_timeout'])),
});
export type UserCancelReason = NonNullable<z.infer<typeof userCancelInput>['reason']>;

/** POST /sandbox/platform/v2/payments/:id/complete */
export const completeInput = z.object({ txid: idText });

/** POST /sandbox/platform/v2/payments: an app-to-user payment. */
export const appToUserInput = z.object({
  payment: z.object({
    amount: amountText,
    memo: memoText,
    metadata: metadataObject,
    uid: idText,
  }),
});
