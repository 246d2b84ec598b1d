import * as z from 'zod/mini';
import { isMoneyString } from '../money';
import { isStellarAddress } from '../stellarAddress';
import { emailCode, looksLikeMnemonic } from './accounts';

/**
 * The withdrawal form (SPEC 5 Withdrawal), one schema for the screen and for startWithdrawalPcm (a
 * form-encoded call: every field is text). The amount against the balance is checked by
 * withdrawalAmountProblem (src/domain/withdrawal.ts) on both sides, since it needs the balance.
 */
const address = z.string().check(
  z.trim(),
  z.minLength(1, 'messages.walletAddressEmpty'),
  z.refine((v) => !looksLikeMnemonic(v), { message: 'messages.doNotFillMnemonic' }),
  z.refine((v) => isStellarAddress(v), { message: 'withdrawal.errors.addressInvalid' }),
);

export const withdrawalAmount = z.string().check(
  z.trim(),
  z.minLength(1, 'withdrawal.errors.amountEmpty'),
  z.refine((v) => isMoneyString(v), { message: 'withdrawal.errors.amountFormat' }),
);

export const startWithdrawalInput = z
  .strictObject({
    address,
    confirmAddress: z.string().check(z.trim()),
    amount: withdrawalAmount,
    code: emailCode,
    /** The person acknowledges that the two-factor key is saved ("true" from the form). */
    keySaved: z.string().check(z.refine((v) => v === 'true', { message: 'withdrawal.errors.keyNotSaved' })),
    /**
     * The fee the review sheet showed. The server creates the withdrawal only when it is the fee it
     * charges now (reviewChanged otherwise); absent from a client older than the review sheet.
     */
    fee: z.optional(z.string().check(z.refine((v) => isMoneyString(v), { message: 'review.amountFormat' }))),
  })
  .check(z.refine((v) => v.address === v.confirmAddress, { message: 'messages.walletAddressMismatch', path: ['confirmAddress'] }));
export type StartWithdrawalInput = z.infer<typeof startWithdrawalInput>;

const id = z.string().check(z.regex(/^[1-9]\d{0,17}$/, 'withdrawal.errors.invalid'));

export const withdrawalDetailQuery = z.strictObject({ orderId: id });
export const withdrawalListQuery = z.strictObject({
  page: z.optional(z.string().check(z.regex(/^[1-9]\d{0,4}$/))),
  size: z.optional(z.string().check(z.regex(/^[1-9]\d?$/))),
});

export const reviewWithdrawalInput = z.union([
  z.strictObject({ id, decision: z.literal('approve') }),
  z.strictObject({ id, decision: z.literal('reject'), reason: z.string().check(z.trim(), z.minLength(1, 'withdrawal.errors.reasonEmpty'), z.maxLength(200, 'withdrawal.errors.reasonLong')) }),
]);
export type ReviewWithdrawalInput = z.infer<typeof reviewWithdrawalInput>;

/** A fresh platform authentication before a sensitive step (/mine/repeatauthentication). */
export const reauthenticateInput = z.strictObject({ accessToken: z.string().check(z.minLength(1), z.maxLength(512)) });

/** Binding the wallet app's account (the account-merge prompt): its user name and payment password. */
export const mergeWalletInput = z.strictObject({
  username: z.string().check(z.trim(), z.minLength(1, 'merge.errors.usernameEmpty'), z.maxLength(64)),
  password: z.string().check(z.minLength(1, 'merge.errors.passwordEmpty'), z.maxLength(64)),
});

/** The QR tip flag (SPEC 7 QR tip). */
export const qrTipInput = z.strictObject({ status: z.boolean() });
