import { Durations, Limits } from './constants';
import type { Units } from './money';

/**
 * After-sale rules shared by the chart, the forms and the server (SPEC 3 After-sale, 4 after-sale flow,
 * 5 After-sale). The windows are the chart's named delays (machines/afterSale.machine.ts); the README
 * lists the same figures.
 */
export const AfterSaleWindows = {
  /** The seller answers an application within this, or it is deemed agreed (SPEC 4 refund rule: 24 h). */
  sellerAnswerWindow: Durations.refundResponseWindow,
  /** After the seller agreed to a return, the buyer ships the goods back within this, or the case closes. */
  returnShipWindow: 7 * Durations.day,
  /** The seller confirms the returned goods within this after the buyer shipped them, or the refund is paid. */
  returnConfirmWindow: 7 * Durations.day,
  /** After the seller rejected, the buyer may appeal to the platform within this. */
  appealWindow: 7 * Durations.day,
  /** An appeal the arbiter has not decided within this is flagged overdue in the console. */
  arbiterDecisionWindow: 72 * Durations.hour,
} as const;

export const AfterSaleLimits = {
  evidenceMin: 1,
  evidenceMax: Limits.afterSaleEvidenceMax,
  description: 500,
  reason: 300,
  statement: 500,
} as const;

/**
 * How a refund of `refund` units of an order that was paid `paid` with a handling fee `fee` splits
 * between the seller's income and the platform's fee: each gives back its proportional share (the
 * platform's share rounded down), so the two parts always sum to the refund exactly.
 */
export function refundSplit(refund: Units, paid: Units, fee: Units): { fromSeller: Units; fromFees: Units } {
  if (refund <= 0n || paid <= 0n) return { fromSeller: 0n, fromFees: 0n };
  const cappedFee = fee < paid ? fee : paid;
  const fromFees = (refund * cappedFee) / paid;
  return { fromSeller: refund - fromFees, fromFees };
}

/** A partial refund is more than nothing and less than what the buyer asked for (the chart's guard and the arbiter's form). */
export function isPartialRefund(refund: Units, asked: Units): boolean {
  return refund > 0n && refund < asked;
}
