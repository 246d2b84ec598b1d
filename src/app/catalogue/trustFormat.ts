/**
 * Trust figures in the reader's language (issue 33, finding 7): counts compact ("1.2k", "1,2 k", "1.2万"), ratings
 * to one decimal, shares as percentages, a reply time in the largest whole unit (a shop's month and year is
 * screens/product/ShopFigures.tsx's). All through Intl, so digits and units follow the language; the text around them is isolated where it is placed.
 */
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(language: string, kind: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}|${kind}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.NumberFormat(language, options)));
  return f;
}

export function compactCount(language: string, n: number): string {
  return numberFormat(language, 'compact', { notation: 'compact', maximumFractionDigits: 1 }).format(n);
}

export function ratingText(language: string, rating: number): string {
  return numberFormat(language, 'rating', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating);
}

export function shareText(language: string, share: number): string {
  return numberFormat(language, 'percent', { style: 'percent', maximumFractionDigits: 0 }).format(share);
}

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** A typical reply time: minutes under an hour (at least 1), hours under a day, else days. */
export function replyTimeText(language: string, ms: number): string {
  const [value, unit] = ms < hour ? [Math.max(1, Math.round(ms / minute)), 'minute'] : ms < day ? [Math.round(ms / hour), 'hour'] : [Math.round(ms / day), 'day'];
  return numberFormat(language, `unit-${unit}`, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
}
