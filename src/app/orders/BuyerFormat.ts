import { ltrText } from '../Isolate';
import { exactTime } from '../../domain/dates';
import type { t as translate } from '../../i18n/i18n';

/**
 * Formatting helpers of the buyer's order screens and balance details: exact times in SPEC's format
 * (src/domain/dates.ts), the running window of an order as a sentence,
 * and whether a movement goes out (its amount reads through src/app/Money.tsx).
 */

/** An order's, a payment's or a movement's moment: SPEC's YYYY-MM-DD HH:mm:ss (src/domain/dates.ts), '—' when there is none. */
export function useDateTime(): (iso: string | null | undefined) => string {
  // Isolated: the moment often stands inside a sentence (issue 33, finding 10).
  return (iso) => ltrText(exactTime(iso)) || '—';
}

/** "The seller confirms by {at}, …": the order's running window (orders.windows.<name>). */
export function windowSentence(t: typeof translate, name: string, at: string): string {
  // The window messages name their placeholder {at}; rosetta fills {{at}}: fill both spellings.
  return t(`orders.windows.${name}`, { at }).replace('{at}', at);
}

export function isOutgoing(amount: string): boolean {
  return amount.trim().startsWith('-');
}
