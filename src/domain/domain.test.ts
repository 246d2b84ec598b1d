import { describe, expect, it } from 'vitest';
import { isSuccess, reactionFor, ResponseCode } from './codes';
import { formatMoney, isMoneyString, parseMoney } from './money';
import { effectiveWordLevel } from './schemas/session';
import { canonicalRequest } from './signing';

describe('money', () => {
  it('parses and formats 10^-7 units exactly, never through a float', () => {
    expect(parseMoney('12.5')).toBe(125_000_000n);
    expect(parseMoney('0.0000001')).toBe(1n);
    expect(parseMoney('3.1415926')).toBe(31_415_926n);
    expect(formatMoney(31_415_926n)).toBe('3.1415926');
    expect(formatMoney(10_000_000n)).toBe('1');
    expect(formatMoney(-5n)).toBe('-0.0000005');
    expect(formatMoney(parseMoney('0.1') + parseMoney('0.2'))).toBe('0.3');
    expect(formatMoney(parseMoney('90071992547.4099312'))).toBe('90071992547.4099312');
  });
  it('refuses more than 7 decimals, signs and words', () => {
    expect(() => parseMoney('1.00000001')).toThrow();
    expect(() => parseMoney('-1')).toThrow();
    expect(() => parseMoney('1e3')).toThrow();
    expect(isMoneyString('1.1234567')).toBe(true);
    expect(isMoneyString('abc')).toBe(false);
  });
});

describe('response codes', () => {
  it('counts 0, 0000, 00000, 0001 and 13 with "found list error" as success', () => {
    for (const code of ['0', '0000', '00000', '0001']) expect(isSuccess(code, '')).toBe(true);
    expect(isSuccess('13', 'found list error')).toBe(true);
    expect(isSuccess('13', 'anything else')).toBe(false);
    expect(isSuccess(ResponseCode.alreadySigned, 'Already signed in today')).toBe(false);
  });
  it('reacts as SPEC 8 says', () => {
    for (const code of ['1000', '1001', '1002', '1020']) expect(reactionFor({ httpStatus: 200, code })).toEqual({ kind: 'expel' });
    expect(reactionFor({ httpStatus: 400, code: '0000' })).toEqual({ kind: 'loginRequired' });
    expect(reactionFor({ httpStatus: 200, code: '1016', object: 'spam' })).toEqual({ kind: 'frozen', detail: 'spam' });
    expect(reactionFor({ httpStatus: 200, code: '1006', msg: 'expired' })).toEqual({ kind: 'toast', message: 'expired' });
    expect(reactionFor({ httpStatus: 200, code: '1007', msg: 'again' })).toEqual({ kind: 'toast', message: 'again' });
    expect(reactionFor({ httpStatus: 0 })).toEqual({ kind: 'network' });
  });
});

describe('request signing', () => {
  it('signs method, access token, token, timestamp and URL, in that order', () => {
    expect(canonicalRequest({ method: 'get', accessToken: 'a', token: 't', timestamp: '1', url: '/x?y=1' })).toBe('GET\na\nt\n1\n/x?y=1');
  });
  it('raises word-address levels of 3 and more to 100', () => {
    expect([1, 2, 3, 4, 100].map(effectiveWordLevel)).toEqual([1, 2, 100, 100, 100]);
  });
});
