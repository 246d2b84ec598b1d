import type { LanguageCode } from '../../domain/languages';

/** A date and time of an order in the viewer's language (deadlines, history, shipping). */
export function sellerDateTime(iso: string, language: LanguageCode): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  } catch {
    return date.toLocaleString();
  }
}
