import { describe, expect, it } from 'vitest';
import { ambassadorLevel, checkInReward, dayIn, daysOfMonth, formatPoints, nextAmbassadorLevel, parsePoints, periodKey, streakOf } from './points';

describe('points', () => {
  it('keeps 0.314 exact in units of 10^-3', () => {
    expect(parsePoints('0.314')).toBe(314n);
    expect(formatPoints(314n)).toBe('0.314');
    expect(formatPoints(1000n)).toBe('1');
    expect(() => parsePoints('0.0001')).toThrow();
  });
  it('halves the check-in reward once the platform count exceeds the threshold', () => {
    expect(checkInReward(1_000_000n, 1_000_000n)).toBe(1000n);
    expect(checkInReward(1_000_001n, 1_000_000n)).toBe(314n);
  });
  it('decides the day in a time zone, across daylight-saving changes', () => {
    const at = Date.parse('2026-03-08T09:30:00Z'); // Los Angeles moves to UTC-7 at 10:00 UTC that day
    expect(dayIn('America/Los_Angeles', at)).toBe('2026-03-08');
    expect(dayIn('Pacific/Kiritimati', at)).toBe('2026-03-08');
    expect(dayIn('Pacific/Kiritimati', Date.parse('2026-03-08T10:00:00Z'))).toBe('2026-03-09');
    expect(daysOfMonth('2028-02')).toHaveLength(29);
    expect(periodKey('month', '2026-11-23')).toBe('m:2026-11');
  });
  it('counts a streak up to today, or up to yesterday before today is signed', () => {
    const days = new Set(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(streakOf(days, '2026-03-01')).toBe(3);
    expect(streakOf(days, '2026-03-02')).toBe(3);
    expect(streakOf(days, '2026-03-03')).toBe(0);
  });
  it('gives the ambassador level from invitees and qualified invitees', () => {
    expect(ambassadorLevel(0, 0).medal).toBe('none');
    expect(ambassadorLevel(5, 0).level).toBe(1);
    expect(ambassadorLevel(5, 1).medal).toBe('silver');
    expect(nextAmbassadorLevel(5, 1)).toMatchObject({ level: 3, needInvitees: 15, needQualified: 4 });
    expect(nextAmbassadorLevel(1000, 1000)).toBeNull();
  });
});
