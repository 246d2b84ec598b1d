import { useMemo } from 'react';
import { useLanguage } from '../../i18n/react';
import type { t as translate } from '../../i18n/i18n';

/**
 * Formatting helpers of the buyer's order screens and balance details: times in the user's language
 * (SPEC: datetimes shown to people follow their locale), the running window of an order as a sentence,
 * and signed amounts in the coin.
 */

export function useDateTime(): (iso: string | null | undefined) => string {
  const language = useLanguage();
  const format = useMemo(() => {
    try {
      return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    } catch {
      return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    }
  }, [language]);
  return (iso) => {
    if (!iso) return '—';
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? '—' : format.format(date);
  };
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
