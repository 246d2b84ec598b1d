import { describe, expect, it } from 'vitest';
import { averageRating } from '../../domain/trust';
import { compactCount, ratingText, replyTimeText, shareText } from './trustFormat';

describe('trust figures as text', () => {
  it('averages to one decimal, and no ratings is no average (never 0.0)', () => {
    expect(averageRating(9n, 2)).toBe(4.5);
    expect(averageRating(14, 3)).toBe(4.7);
    expect(averageRating(0n, 0)).toBeNull();
    expect(ratingText('en', 5)).toBe('5.0');
    expect(ratingText('fr', 4.5)).toBe('4,5');
  });

  it('counts compact in the reader language, shares as percentages', () => {
    expect(compactCount('en', 3)).toBe('3');
    expect(compactCount('en', 1234)).toBe('1.2K');
    expect(shareText('en', 2 / 3)).toBe('67%');
    expect(shareText('en', 1)).toBe('100%');
  });

  it('gives a reply time in the largest whole unit, at least a minute', () => {
    expect(replyTimeText('en', 5_000)).toBe('1 min');
    expect(replyTimeText('en', 10 * 60_000)).toBe('10 min');
    expect(replyTimeText('en', 3 * 3_600_000)).toBe('3 hr');
    expect(replyTimeText('en', 2 * 86_400_000)).toBe('2 days');
  });
});
