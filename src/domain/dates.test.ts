import { describe, expect, it } from 'vitest';
import { exactTime, shortDate } from './dates';

describe('the one date format', () => {
  it("writes an exact moment as SPEC's YYYY-MM-DD HH:mm:ss in the viewer's time zone", () => {
    expect(exactTime(new Date(2026, 10, 25, 15, 3, 9).toISOString())).toBe('2026-11-25 15:03:09');
    expect(exactTime('not a date')).toBe('');
    expect(exactTime(null)).toBe('');
  });
  it("writes a day as a short date in the viewer's language", () => {
    const iso = new Date(2026, 10, 25, 12).toISOString();
    expect(shortDate(iso, 'en')).toBe('Nov 25, 2026');
    expect(shortDate(iso, 'fr')).toBe('25 nov. 2026');
    expect(shortDate(iso, 'xx-not-a-language-!')).toBe('Nov 25, 2026');
    expect(shortDate('', 'en')).toBe('');
  });
});
