import { Durations } from './constants';
import type { Units } from './money';

/**
 * Checkout rules shared by the server (which computes every amount) and the screens (which only show
 * the server's figures). Money in BigInt units of 10^-7.
 */
export const CheckoutRules = {
  /** An order left unpaid this long expires and its stock returns (the order chart's `unpaidWindow`). */
  unpaidWindow: 30 * Durations.minute,
  /** The platform's handling fee, in basis points of the order total; the seller's income is the total less this fee. */
  handlingFeeBasisPoints: 200n,
  /** At most this many lines in one checkout, and this many units of one line. */
  maxLines: 50,
  maxQuantity: 999,
} as const;

export const paymentMethods = ['coin', 'balance', 'wallet'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export interface PricedLine {
  unitPrice: Units;
  quantity: number;
  /** The product's shipping fee, charged once per line; 0 when shipping is free. */
  shippingFee: Units;
}

export interface OrderAmounts {
  goods: Units;
  shipping: Units;
  total: Units;
  handlingFee: Units;
}

/** The amounts of one order (one seller's lines): goods, shipping, total and the handling fee (rounded down). */
export function orderAmounts(lines: readonly PricedLine[]): OrderAmounts {
  let goods = 0n;
  let shipping = 0n;
  for (const line of lines) {
    goods += line.unitPrice * BigInt(line.quantity);
    shipping += line.shippingFee;
  }
  const total = goods + shipping;
  return { goods, shipping, total, handlingFee: (total * CheckoutRules.handlingFeeBasisPoints) / 10_000n };
}
