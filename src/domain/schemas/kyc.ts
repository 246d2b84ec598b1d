import * as z from 'zod/mini';
import { KycRules, kycDocumentTypes } from '../kyc';

/**
 * KYC kept by the product (issue 27): the identity details a person submits, and the staff decision.
 * One schema each for the screen and the server; messages are locale keys.
 */
export const submitKycInput = z.strictObject({
  fullName: z.string().check(z.trim(), z.minLength(2, 'kyc.errors.nameEmpty'), z.maxLength(KycRules.nameMax, 'kyc.errors.nameLong')),
  birthDate: z.string().check(
    z.trim(),
    z.regex(/^\d{4}-\d{2}-\d{2}$/, 'kyc.errors.birthDate'),
    z.refine((v) => {
      const at = Date.parse(`${v}T00:00:00Z`);
      return Number.isFinite(at) && new Date(at).toISOString().startsWith(v) && at < Date.UTC(2011, 0, 1) && at > Date.UTC(1900, 0, 1);
    }, { message: 'kyc.errors.birthDate' }),
  ),
  country: z.string().check(z.trim(), z.minLength(2, 'kyc.errors.countryEmpty'), z.maxLength(60, 'kyc.errors.countryEmpty')),
  documentType: z.enum(kycDocumentTypes, { message: 'kyc.errors.documentType' }),
  documentNumber: z.string().check(z.trim(), z.regex(/^[A-Za-z0-9-]{4,40}$/, 'kyc.errors.documentNumber'), z.maxLength(KycRules.documentNumberMax, 'kyc.errors.documentNumber')),
});
export type SubmitKycInput = z.infer<typeof submitKycInput>;

const userId = z.string().check(z.regex(/^[1-9]\d{0,17}$/, 'kyc.errors.invalid'));

export const reviewKycInput = z.union([
  z.strictObject({ userId, decision: z.literal('verify') }),
  z.strictObject({ userId, decision: z.literal('reject'), reason: z.string().check(z.trim(), z.minLength(1, 'kyc.errors.reasonEmpty'), z.maxLength(KycRules.reasonMax, 'kyc.errors.reasonLong')) }),
]);
export type ReviewKycInput = z.infer<typeof reviewKycInput>;
