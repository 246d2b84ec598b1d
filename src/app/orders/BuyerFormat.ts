import { exactTime } from '../../domain/dates';
import type { t as translate } from '../../i18n/i18n';

/**
 * Formatting helpers of the buyer's order screens and balance details: exact times in SPEC's format
 * (src/domain/dates.ts), the running window of an order as a sentence,
 * and signed amounts in the coin.
 */

/** An order's, a payment's or a movement's moment: SPEC's YYYY-MM-DD HH:mm:ss (src/domain/dates.ts), '—' when there is none. */
export function useDateTime(): (iso: string | null | undefined) => string {
  return (iso) => exactTime(iso) || '—';
}

/** "The seller confirms by {at}, …": the order's running window (orders.windows.<name>). */
export function windowSentence(t: typeof translate, name: string, at: string): string {
  // The window messages name their placeholder {at}; rosetta fills {{at}}: fill both spellings.
  return t(`orders.windows.${name}`, { at }).replace('{at}', at);
}

/** A balance movement's amount with its sign: "+12.5 π", "-3 π". */
export function signedCoin(amount: string): string {
  const trimmed = amount.trim();
  if (trimmed.startsWith('-')) return `-${trimmed.slice(1)} π`;
  if (/^0*(\.0*)?$/.test(trimmed)) return `${trimmed} π`;
  return `+${trimmed.replace(/^\+/, '')} π`;
}

export function isOutgoing(amount: string): boolean {
  return amount.trim().startsWith('-');
}
