import type { Translate } from './translate';

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

/**
 * A delay in words a product owner reads at a glance: "1 s", "1.5 s", "24 h", "3 d".
 * Whole days are used from two days on, so the 24-hour windows read as "24 h".
 */
export function formatDuration(ms: number, t: Translate, locale = 'en'): string {
  const [unit, size] =
    ms >= 2 * day ? (['d', day] as const)
    : ms >= hour ? (['h', hour] as const)
    : ms >= minute ? (['min', minute] as const)
    : ms >= second ? (['s', second] as const)
    : (['ms', 1] as const);
  const n = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(ms / size);
  return t(`gallery.units.${unit}`, { n });
}
