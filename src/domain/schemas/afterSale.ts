import * as z from 'zod/mini';
import { AfterSaleLimits } from '../afterSaleRules';
import { isMoneyString, parseMoney } from '../money';
import { afterSaleKinds } from '../orderRules';
import { idString } from './commerce';
import { expressCompany, expressNumber } from './orders';

/**
 * What the buyer, the seller and the arbiter may ask of an after-sale case (SPEC 5 After-sale). One
 * schema per step, used by the forms and by the server; the server adds who is asking (never the client)
 * and checks the amount against what was paid and the evidence against its uploader.
 */
const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const imageId = z.string().check(z.regex(/^[0-9a-f]{64}$/));
/** An amount of the coin: more than nothing, at most 7 decimals. */
export const refundAmount = z.string().check(
  z.trim(),
  z.refine((v) => isMoneyString(v) && parseMoney(v) > 0n),
);
const evidence = (min: number) => z.array(imageId).check(z.minLength(min), z.maxLength(AfterSaleLimits.evidenceMax));

export const returnAddressInput = z.strictObject({
  name: text(120),
  phone: z.string().check(z.trim(), z.regex(/^\+?[0-9 ()-]{5,24}$/)),
  region: text(200),
  detail: text(300),
});

export const afterSaleApplyInput = z.strictObject({
  orderId: idString,
  kind: z.enum(afterSaleKinds),
  amount: refundAmount,
  description: text(AfterSaleLimits.description),
  evidence: evidence(AfterSaleLimits.evidenceMin),
});
export type AfterSaleApplyInput = z.infer<typeof afterSaleApplyInput>;

export const afterSaleAction = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('CANCEL') }),
  z.strictObject({ type: z.literal('AGREE'), returnAddress: z.nullable(returnAddressInput) }),
  z.strictObject({ type: z.literal('REJECT'), reason: text(AfterSaleLimits.reason) }),
  z.strictObject({ type: z.literal('SHIP_RETURN'), company: expressCompany, number: expressNumber }),
  z.strictObject({ type: z.literal('CONFIRM_RETURN') }),
  z.strictObject({ type: z.literal('APPEAL'), statement: text(AfterSaleLimits.statement), evidence: evidence(0) }),
  z.strictObject({ type: z.literal('DECIDE_FULL'), reason: text(AfterSaleLimits.reason) }),
  z.strictObject({ type: z.literal('DECIDE_PARTIAL'), amount: refundAmount, reason: text(AfterSaleLimits.reason) }),
  z.strictObject({ type: z.literal('DECIDE_REJECT'), reason: text(AfterSaleLimits.reason) }),
]);
export type AfterSaleAction = z.infer<typeof afterSaleAction>;

export const afterSaleActInput = z.strictObject({ id: idString, action: afterSaleAction });

/** The seller's tabs of the after-sale list, as sets of case states. */
export const sellerAfterSaleTabs = {
  all: null,
  toAnswer: ['applied'],
  toConfirm: ['returnShipped'],
  inProgress: ['agreed', 'sellerRejected', 'underAppeal'],
  done: ['refunded', 'rejected', 'cancelled'],
} as const satisfies Record<string, readonly string[] | null>;
export type SellerAfterSaleTab = keyof typeof sellerAfterSaleTabs;

/** The locale key of the first problem of an application form (SPEC 5: description and evidence required, at most 4). */
export function afterSaleApplyIssue(input: { kind: string | null; amount: string; description: string; evidence: readonly string[] }, paid: string): string | null {
  if (!afterSaleKinds.some((k) => k === input.kind)) return 'afterSale.rules.kindRequired';
  if (!isMoneyString(input.amount) || parseMoney(input.amount) <= 0n) return 'afterSale.rules.amountInvalid';
  if (isMoneyString(paid) && parseMoney(input.amount) > parseMoney(paid)) return 'afterSale.rules.amountTooHigh';
  if (!input.description.trim()) return 'afterSale.rules.descriptionRequired';
  if (input.evidence.length < AfterSaleLimits.evidenceMin) return 'afterSale.rules.evidenceRequired';
  if (input.evidence.length > AfterSaleLimits.evidenceMax) return 'afterSale.rules.evidenceTooMany';
  return null;
}
