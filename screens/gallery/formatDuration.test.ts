// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { english } from './englishForTests';
import { formatDuration } from './formatDuration';

describe('formatDuration', () => {
  it('reads the product windows at a glance', () => {
    expect(formatDuration(1000, english)).toBe('1 s');
    expect(formatDuration(1500, english)).toBe('1.5 s');
    expect(formatDuration(24 * 3600_000, english)).toBe('24 h');
    expect(formatDuration(3 * 86_400_000, english)).toBe('3 d');
  });

  it('uses the smaller units below a second or an hour', () => {
    expect(formatDuration(250, english)).toBe('250 ms');
    expect(formatDuration(90_000, english)).toBe('1.5 min');
    expect(formatDuration(10 * 60_000, english)).toBe('10 min');
  });

  it('writes the number the way the language does', () => {
    expect(formatDuration(1500, english, 'de')).toBe('1,5 s');
  });
});
