import { Durations } from './constants';

/**
 * Trust figures (issue 33, finding 7): what a buyer sees of a product and a shop, all from the product's own
 * orders, ratings and chats (server/services/trust.ts keeps them; decision 055 says where each comes from).
 */
export const TrustRules = {
  /**
   * An order is shipped on time when the seller ships it (or marks it as needing no shipping) within this long
   * of its payment. SPEC gives no window and the order chart has no shipping deadline (only the 24 h to
   * confirm), so: 3 days from payment (decision 055).
   */
  onTimeShipping: 3 * Durations.day,
  /** How many of a product's latest order ratings its page shows. */
  latestRatings: 3,
} as const;

/**
 * The order statuses in which the buyer has the goods: an order counts as sold while it is in one of them
 * (receipt confirmed or the check window passed); a refund after receipt takes it out again.
 */
export const receivedOrderStatuses = ['unrated', 'rated', 'completed', 'afterSales'] as const;

export function isReceivedStatus(status: string): boolean {
  return (receivedOrderStatuses as readonly string[]).includes(status);
}

/** An average of whole-star scores to one decimal, or null without ratings (a product without ratings shows no stars). */
export function averageRating(sum: bigint | number, count: bigint | number): number | null {
  const n = Number(count);
  if (n <= 0) return null;
  return Math.round((Number(sum) / n) * 10) / 10;
}

/** A shop's figures as the store header and the product page show them. */
export interface ShopTrust {
  /** Average of the buyers' order ratings (1–5, one decimal), null without any. */
  rating: number | null;
  ratings: number;
  /** Orders shipped, and the share of them shipped on time (0–1), null before the first shipment. */
  shipped: number;
  onTimeShare: number | null;
  /** The seller's average time to answer a buyer's message, in milliseconds; null before the first answer. */
  responseMs: number | null;
  /** When the seller joined Coin Mall (ISO). */
  since: string;
}

/** One of a product's latest order ratings, with its words. */
export interface ProductRating {
  id: string;
  score: number;
  words: string;
  /** Null when the buyer rated anonymously. */
  authorName: string | null;
  at: string;
}
