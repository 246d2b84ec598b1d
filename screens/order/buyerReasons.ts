import { orderCan } from '../../src/app/orders/orderCan';
import { reasonWithNote } from '../../src/domain/orderRules';
import { refundIssue } from '../../src/domain/schemas/orders';
import type { OrderView } from '../../src/domain/types/commerce';

/**
 * Cancelling, asking a refund, rating and applying for after-sales, as the buyer's forms see them: the
 * reasons to pick from, the text the seller reads, which step of the order chart a form sends, and each
 * form's first problem (a locale key, or null).
 */
export const reasonsBeforeShipping = ['changedMind', 'wrongOrder', 'betterPrice', 'tooSlow', 'wrongAddress', 'other'] as const;
export const reasonsAfterShipping = ['notReceived', 'damaged', 'notAsDescribed', 'wrongItem', 'other'] as const;
export type ReasonKey = (typeof reasonsBeforeShipping)[number] | (typeof reasonsAfterShipping)[number];

export interface ReasonDraft {
  reason: ReasonKey | null;
  note: string;
  email: string;
}

export function isReasonKey(value: string | null): value is ReasonKey {
  return value !== null && ([...reasonsBeforeShipping, ...reasonsAfterShipping] as string[]).includes(value);
}

/** The reason as the seller reads it: the chosen reason, then the buyer's own words. */
export function reasonText(t: (key: string) => string, draft: Pick<ReasonDraft, 'reason' | 'note'>): string {
  return draft.reason ? reasonWithNote(t(`buyerOrders.reasons.${draft.reason}`), draft.note) : '';
}

export type CancelStep = 'CANCEL' | 'REQUEST_REFUND';

/**
 * What "cancel before shipping" sends for this order now, asked of the order chart: CANCEL while the
 * seller has not confirmed (a paid order), REQUEST_REFUND once confirmed and not yet shipped. An unpaid
 * order is cancelled from its detail screen, without a reason.
 */
export function cancelStepOf(order: Pick<OrderView, 'chart' | 'viewer' | 'status'>): CancelStep | null {
  const can = orderCan(order);
  if (can.has('CANCEL') && order.status !== 'unpaid') return 'CANCEL';
  if (can.has('REQUEST_REFUND') && order.status === 'notShipped') return 'REQUEST_REFUND';
  return null;
}

/** Whether the buyer may cancel (or, once confirmed, ask the refund) before shipping now. */
export const canCancel = (order: Pick<OrderView, 'chart' | 'viewer' | 'status'>): boolean => cancelStepOf(order) !== null;

/** A reason always; for a refund also a well-formed e-mail (SPEC 5 Refund: reason and e-mail are required). */
export function cancelIssue(step: CancelStep, draft: ReasonDraft, t: (key: string) => string): string | null {
  if (!draft.reason) return 'orders.rules.reasonRequired';
  if (step === 'REQUEST_REFUND') return refundIssue({ reason: reasonText(t, draft), email: draft.email });
  return null;
}

/** The refund of a sent order: a reason and the e-mail. */
export function refundFormIssue(draft: ReasonDraft, t: (key: string) => string): string | null {
  return refundIssue({ reason: reasonText(t, draft), email: draft.email });
}
