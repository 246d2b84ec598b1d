import * as z from 'zod/mini';
import { expressCompanies, isExpressCompany, OrderTextLimits } from '../orderRules';
import { idString } from './commerce';
import { multiLineText, noControlCharacters } from './limits';

/**
 * What a buyer or a seller may ask of an order (SPEC 5 Order, Other: rating, ship; Refund). One schema
 * per action, used by the forms and by the server; the server adds who is asking (never the client).
 */
const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max), noControlCharacters(true));
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const score = z.number().check(z.int(), z.gte(1), z.lte(5));
export const expressCompany = z.enum(expressCompanies);
export const expressNumber = z.string().check(z.trim(), z.regex(/^[A-Za-z0-9-]{4,40}$/));

export const orderAction = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('CANCEL'), reason: text(OrderTextLimits.reason) }),
  z.strictObject({ type: z.literal('CONFIRM') }),
  z.strictObject({ type: z.literal('SHIP'), company: expressCompany, number: expressNumber }),
  z.strictObject({ type: z.literal('MARK_NO_SHIPPING') }),
  z.strictObject({ type: z.literal('EDIT_TRACKING'), company: expressCompany, number: expressNumber }),
  z.strictObject({ type: z.literal('REQUEST_REFUND'), reason: text(OrderTextLimits.reason), email: z.string().check(z.trim(), z.maxLength(120), z.regex(emailPattern)) }),
  z.strictObject({ type: z.literal('AGREE_REFUND') }),
  z.strictObject({ type: z.literal('REJECT_REFUND'), reason: text(OrderTextLimits.reason) }),
  z.strictObject({ type: z.literal('CONFIRM_RECEIPT') }),
  z.strictObject({ type: z.literal('RATE'), score, comment: multiLineText(OrderTextLimits.comment), anonymous: z.boolean() }),
  z.strictObject({ type: z.literal('RATE_BUYER'), score, comment: multiLineText(OrderTextLimits.comment) }),
]);
export type OrderAction = z.infer<typeof orderAction>;
export type OrderActionType = OrderAction['type'];

export const orderActInput = z.strictObject({ id: idString, action: orderAction });

export const shipLine = z.strictObject({ id: idString, company: expressCompany, number: expressNumber });
/** SPEC 5, Ship: at least one order chosen, express info complete. */
export const shipManyInput = z.strictObject({ items: z.array(shipLine).check(z.minLength(1), z.maxLength(50)) });
export type ShipLine = z.infer<typeof shipLine>;

export const orderListQuery = z.strictObject({
  tab: z.optional(z.string().check(z.maxLength(32))),
  page: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000))),
  size: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(50))),
  /** Keyset paging (issue 16): the orders after this one (the last of the previous page), instead of `page`. */
  after: z.optional(idString),
});

/** The locale key of the first problem of a rating form (SPEC 5: a rating needs a score). */
export function ratingIssue(input: { score: number | null }): string | null {
  return input.score === null ? 'orders.rules.scoreRequired' : null;
}

/**
 * The locale key of the first problem of a ship form (SPEC 5 Ship): at least one order chosen, express
 * company and number complete for each, and when editing tracking, something must change (a different
 * courier company or number).
 */
export function shipIssue(lines: { company: string; number: string }[], current?: { company: string; number: string } | null): string | null {
  if (lines.length === 0) return 'orders.rules.chooseOrders';
  for (const line of lines) {
    if (!isExpressCompany(line.company) || !expressNumber.safeParse(line.number).success) return 'orders.rules.expressIncomplete';
    if (current && current.company === line.company && current.number === line.number.trim()) return 'orders.rules.differentCompany';
  }
  return null;
}

/** SPEC 5 Refund: reason and e-mail are required. */
export function refundIssue(input: { reason: string; email: string }): string | null {
  if (!input.reason.trim()) return 'orders.rules.reasonRequired';
  if (!emailPattern.test(input.email.trim())) return 'messages.incorrectEmail';
  return null;
}
