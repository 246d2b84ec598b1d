import { describe, expect, it } from 'vitest';
import { coinText, formatMoney, maxUnits, toUnits } from './money';
import { deadlineLevel } from './deadlines';

/** Issue 37, finding 3: one rule for showing amounts, and deadlines calm until they are close. */
describe('coinText: the one rule for showing an amount', () => {
  const nbsp = '\u00a0';
  it('shows zero as "π 0"', () => {
    expect(coinText(0n)).toBe(`π${nbsp}0`);
    expect(coinText('0')).toBe(`π${nbsp}0`);
    expect(coinText('0.0000000')).toBe(`π${nbsp}0`);
  });
  it('shows one unit with all seven decimals', () => {
    expect(coinText(1n)).toBe(`π${nbsp}0.0000001`);
    expect(coinText('0.0000001')).toBe(`π${nbsp}0.0000001`);
  });
  it('drops trailing zeros and keeps every decimal the value has', () => {
    expect(coinText('38.9275600')).toBe(`π${nbsp}38.92756`);
    expect(coinText(389275600n)).toBe(`π${nbsp}38.92756`);
    expect(coinText('26')).toBe(`π${nbsp}26`);
    expect(coinText('12.5')).toBe(`π${nbsp}12.5`);
  });
  it('shows the largest amount a column holds, digit for digit', () => {
    expect(coinText(maxUnits)).toBe(`π${nbsp}922337203685.4775807`);
    expect(coinText('922337203685.4775807')).toBe(`π${nbsp}922337203685.4775807`);
  });
  it('signs balance movements: "+π 12.5", "-π 3", and zero unsigned', () => {
    expect(coinText('12.5', { signed: true })).toBe(`+π${nbsp}12.5`);
    expect(coinText('-3.0000000', { signed: true })).toBe(`-π${nbsp}3`);
    expect(coinText(-1n)).toBe(`-π${nbsp}0.0000001`);
    expect(coinText('0', { signed: true })).toBe(`π${nbsp}0`);
  });
  it('joins the sign and the number with a no-break space: no ordinary space to break at', () => {
    expect(coinText('38.92756')).not.toMatch(/ /);
  });
  it('stays in BigInt: no float rounding on 15+ significant digits', () => {
    expect(toUnits('9007199254740.9931')).toBe(90071992547409931000n);
    expect(formatMoney(toUnits('9007199254740.9931') ?? 0n)).toBe('9007199254740.9931');
  });
  it('shows text that is not an amount as it came', () => {
    expect(toUnits('abc')).toBeNull();
    expect(coinText('—')).toBe(`π${nbsp}—`);
  });
});

describe('deadlineLevel: calm until close', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  const at = (ms: number) => new Date(now + ms).toISOString();
  const hour = 3_600_000;
  it('a day away is calm', () => expect(deadlineLevel(at(24 * hour), now)).toBe('calm'));
  it('exactly 6 h away is still calm; just under is close', () => {
    expect(deadlineLevel(at(6 * hour), now)).toBe('calm');
    expect(deadlineLevel(at(6 * hour - 1), now)).toBe('close');
  });
  it('2 h away is close', () => expect(deadlineLevel(at(2 * hour), now)).toBe('close'));
  it('30 min away is urgent; exactly 1 h is close', () => {
    expect(deadlineLevel(at(hour / 2), now)).toBe('urgent');
    expect(deadlineLevel(at(hour), now)).toBe('close');
  });
  it('overdue is urgent', () => expect(deadlineLevel(at(-5 * 60_000), now)).toBe('urgent'));
  it('an unreadable date stays calm', () => expect(deadlineLevel('not a date', now)).toBe('calm'));
});
