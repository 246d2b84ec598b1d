import { exactTime } from '../../domain/dates';

/** A date and time of an order (deadlines, history, shipping): SPEC's YYYY-MM-DD HH:mm:ss (src/domain/dates.ts). */
export function sellerDateTime(iso: string, _language?: string): string {
  return exactTime(iso) || iso;
}
