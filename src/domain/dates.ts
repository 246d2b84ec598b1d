/**
 * The app's one way of writing dates (issue 22). Where the exact moment matters (orders, payments,
 * deadlines, money movements, messages, withdrawals) SPEC's `YYYY-MM-DD HH:mm:ss` in the viewer's time
 * zone; elsewhere (notices, comments, lists by day) a short date in the viewer's language ("25 Nov 2026").
 * An unreadable date is an empty string. Nothing else on screen formats a date.
 */
export function exactTime(iso: string | null | undefined): string {
  const d = new Date(iso ?? '');
  if (!iso || Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

const shortFormats = new Map<string, Intl.DateTimeFormat>();

export function shortDate(iso: string | null | undefined, language: string): string {
  const d = new Date(iso ?? '');
  if (!iso || Number.isNaN(d.getTime())) return '';
  let format = shortFormats.get(language);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    } catch {
      format = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
    }
    shortFormats.set(language, format);
  }
  return format.format(d);
}

/** A moment later today ("fresh until 15:03"): the time of SPEC's format, HH:mm. */
export function timeOfDay(iso: string | null | undefined): string {
  return exactTime(iso).slice(11, 16);
}
