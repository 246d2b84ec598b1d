import * as z from 'zod/mini';
import { Limits } from '../constants';
import { lineText, noControlCharacters, smallId } from './limits';
import { gradientDirections, gradientStopsMax, gradientTypes, hexColour } from './accountsGradient';

/**
 * Accounts (issue 3): the inputs of register, e-mail login, codes, password changes and the profile.
 * One schema per input, used by the form and by the server. An issue's message is a locale key
 * (`messages.*` for SPEC's words, `accounts.*` for ours) so both sides show the same words.
 */

export const passwordMin = 8;
export const passwordMax = 64;
export const nicknameMax = 30;

const email = z.string().check(z.trim(), z.toLowerCase(), z.minLength(1, 'accounts.errors.emailEmpty'), z.maxLength(254, 'messages.incorrectEmail'), z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'messages.incorrectEmail'));
const password = z.string().check(z.minLength(passwordMin, 'accounts.errors.passwordShort'), z.maxLength(passwordMax, 'accounts.errors.passwordLong'));

/** The 6-character e-mail code (SPEC 5: cannot be empty, less than 6 characters). */
export const emailCode = z.string().check(
  z.trim(),
  z.minLength(1, 'messages.codeEmpty'),
  z.minLength(Limits.verificationCodeLength, 'messages.codeTooShort'),
  z.maxLength(Limits.verificationCodeLength, 'messages.verificationFailed'),
);

const passwordsMatch = z.refine<{ password: string; confirmPassword: string }>((v) => v.password === v.confirmPassword, {
  message: 'messages.passwordNotMatch',
  path: ['confirmPassword'],
});

/** Ask for a code: to register an address, or to reset the password of the account that has it. */
export const sendCodeInput = z.strictObject({ email, purpose: z.enum(['register', 'reset']) });
export type SendCodeInput = z.infer<typeof sendCodeInput>;

/** Ask for a code to bind or change the e-mail of the logged-in account. */
export const sendEmailCodeInput = z.strictObject({ email });

/** Register (SPEC 5: the agreement must be accepted). The code proves the address. */
export const registerInput = z
  .strictObject({
    email,
    code: emailCode,
    nickname: z.optional(z.string().check(z.trim(), z.maxLength(nicknameMax, 'accounts.errors.nicknameLong'), noControlCharacters())),
    password,
    confirmPassword: z.string(),
    agreement: z.boolean().check(z.refine((v) => v, { message: 'messages.agreeToAgreement' })),
    /** An inviter's code (issue 14), optional: named once, here or at first login. */
    inviteCode: z.optional(z.string().check(z.trim(), z.regex(/^[A-Za-z0-9]{4,16}$/, 'ambassador.errors.unknownCode'))),
  })
  .check(passwordsMatch);
export type RegisterInput = z.infer<typeof registerInput>;

export const loginByEmailInput = z.strictObject({
  email,
  password: z.string().check(z.minLength(1, 'accounts.errors.passwordEmpty'), z.maxLength(passwordMax, 'accounts.errors.passwordLong')),
});
export type LoginByEmailInput = z.infer<typeof loginByEmailInput>;

export const resetPasswordInput = z.strictObject({ email, code: emailCode, password, confirmPassword: z.string() }).check(passwordsMatch);
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

/** Change the password; the old one is needed when the account has one. */
export const changePasswordInput = z
  .strictObject({ oldPassword: z.optional(z.string().check(z.maxLength(passwordMax))), password, confirmPassword: z.string() })
  .check(passwordsMatch);
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** chageEmail (SPEC 7, change and bind): the code was sent to the new address; a password may be set with it. */
export const changeEmailInput = z
  .strictObject({ email, code: emailCode, password: z.optional(password), confirmPassword: z.optional(z.string()) })
  .check(z.refine((v) => v.password === undefined || v.password === v.confirmPassword, { message: 'messages.passwordNotMatch', path: ['confirmPassword'] }));
export type ChangeEmailInput = z.infer<typeof changeEmailInput>;

export const changeNickNameInput = z.strictObject({
  nickname: z.string().check(z.trim(), z.minLength(1, 'accounts.errors.nicknameEmpty'), z.maxLength(nicknameMax, 'accounts.errors.nicknameLong'), noControlCharacters()),
});

export const changeHeadPortraitInput = z.strictObject({ imageId: z.string().check(z.regex(/^[0-9a-f]{64}$/, 'accounts.errors.imageMissing')) });

/** changeAddress: the selected country (0 is Global) and an optional free-text address. */
export const changeAddressInput = z.strictObject({
  countryId: smallId(0),
  address: z.optional(lineText(200)),
});

/** A seed phrase is 12 or 24 words (SPEC 5: Do not fill a mnemonic). */
export function looksLikeMnemonic(text: string): boolean {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return (words.length === 12 || words.length === 24) && words.every((w) => /^[a-z]+$/.test(w));
}

/** The coin's wallet addresses: G followed by 55 base-32 characters. */
export const walletAddressPattern = /^G[A-Z2-7]{55}$/;

/** walletAddress (SPEC 5): entered twice, both must match; empty and seed phrases refused. */
export const walletAddressInput = z
  .strictObject({
    walletAddress: z.string().check(
      z.trim(),
      z.minLength(1, 'messages.walletAddressEmpty'),
      z.refine((v) => !looksLikeMnemonic(v), { message: 'messages.doNotFillMnemonic' }),
      z.regex(walletAddressPattern, 'accounts.errors.walletAddressFormat'),
    ),
    confirmWalletAddress: z.string().check(z.trim()),
  })
  .check(z.refine((v) => v.walletAddress === v.confirmWalletAddress, { message: 'messages.walletAddressMismatch', path: ['confirmWalletAddress'] }));
export type WalletAddressInput = z.infer<typeof walletAddressInput>;

/** The global flags of SPEC 3, kept per user. */
export const flagNames = ['riskWarningRead', 'followPageRead', 'tipsRead', 'agreementAccepted', 'walletSetupCancelled'] as const;
export type FlagName = (typeof flagNames)[number];
export type UserFlags = Record<FlagName, boolean>;
export const updateIsReadeInput = z.strictObject({ flag: z.enum(flagNames), value: z.optional(z.boolean()) });

/** The custom background (SPEC 9): the zod schema of the rules in ./accountsGradient (2–5 hex colours, linear|radial, 8 directions). */
export const gradientInput = z.strictObject({
  type: z.enum(gradientTypes),
  direction: z.enum(gradientDirections),
  colours: z.array(z.string().check(z.regex(hexColour, 'accounts.errors.colourFormat'))).check(
    z.minLength(Limits.gradientColoursMin, 'accounts.errors.colourCount'),
    z.maxLength(gradientStopsMax, 'accounts.errors.colourCount'),
  ),
});
export const userCustomInput = z.strictObject({ customColour: z.nullable(gradientInput) });

/** Console: find a user, freeze with a reason, unfreeze. */
export const findUserQuery = z.strictObject({ q: z.string().check(z.trim(), z.minLength(1), z.maxLength(254), noControlCharacters()) });
export const freezeInput = z.strictObject({ userId: z.string().check(z.regex(/^\d{1,18}$/)), reason: z.string().check(z.trim(), z.minLength(1, 'accounts.errors.reasonEmpty'), z.maxLength(500), noControlCharacters(true)) });
export const unfreezeInput = z.strictObject({ userId: z.string().check(z.regex(/^\d{1,18}$/)) });

/** Notices. */
export const publishNoticeInput = z.strictObject({
  title: z.string().check(z.trim(), z.minLength(1, 'accounts.errors.titleEmpty'), z.maxLength(120), noControlCharacters()),
  body: z.string().check(z.trim(), z.minLength(1, 'accounts.errors.bodyEmpty'), z.maxLength(5000), noControlCharacters(true)),
});
export const noticeListQuery = z.strictObject({ page: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(10000))) });
export const noticeIdQuery = z.strictObject({ id: z.string().check(z.regex(/^\d{1,18}$/)) });

/** The first problem of a form, as a locale key (the schemas' messages are keys), or null when valid. */
export function firstProblem<S extends z.ZodMiniType>(schema: S, value: unknown): { field: string; key: string } | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (!issue) return null;
  const key = /^[a-zA-Z][\w-]*\.[\w.]+$/.test(issue.message) ? issue.message : 'accounts.errors.invalid';
  return { field: issue.path.map(String).join('.'), key };
}

/** E-mail codes: they live 10 minutes, are used once, die after 5 wrong tries; an address or an account gets one a minute and 5 an hour. */
export const CodeRules = {
  lifetimeMs: 10 * 60 * 1000,
  resendAfterMs: 60 * 1000,
  perHour: 5,
  maxTries: 5,
} as const;

/** E-mail logins: after 10 wrong passwords in 15 minutes the address is refused until the window has passed. */
export const LoginRules = {
  windowMs: 15 * 60 * 1000,
  maxFailures: 10,
} as const;
