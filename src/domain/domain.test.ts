import { describe, expect, it } from 'vitest';
import { isSuccess, reactionFor, ResponseCode } from './codes';
import { deliversTo, isSoldEverywhere } from './delivery';
import { formatMoney, isMoneyString, isMoneyWithinColumn, parseMoney } from './money';
import { addressInput } from './schemas/commerce';
import { productInput, emptyProductInput } from './schemas/catalogue';
import { controlCharacterPath, hasControlCharacters, LimitMessages } from './schemas/limits';
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

describe('delivery (issue 11, defect 5)', () => {
  it('Global means every country; otherwise the listed countries; native products stay home', () => {
    const global = { visibleRange: 'global', saleCountries: [0], sellerCountryId: 1 } as const;
    expect(isSoldEverywhere(global.saleCountries)).toBe(true);
    expect([4, 1, 77].map((c) => deliversTo(global, c))).toEqual([true, true, true]);
    expect(deliversTo({ ...global, saleCountries: [1, 2] }, 4)).toBe(false);
    expect(deliversTo({ ...global, saleCountries: [1, 4] }, 4)).toBe(true);
    expect(deliversTo({ ...global, visibleRange: 'native' }, 4)).toBe(false);
    expect(deliversTo({ ...global, visibleRange: 'native' }, 1)).toBe(true);
  });
});

describe('input limits (issue 11, defect 1)', () => {
  it('refuses control characters, keeping tab and line breaks in multi-line text', () => {
    expect(hasControlCharacters('a\u0000b')).toBe(true);
    expect(hasControlCharacters('line\nbreak')).toBe(true);
    expect(hasControlCharacters('line\nbreak\ttab', true)).toBe(false);
    expect(hasControlCharacters('del\u007f', true)).toBe(true);
    expect(hasControlCharacters('مرحبا 你好 💥')).toBe(false);
    expect(controlCharacterPath({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe('a.1.c');
    expect(controlCharacterPath({ ['k\u0000']: 1 })).toBe('k?');
    expect(controlCharacterPath({ a: 'fine\n', n: 2 ** 40 })).toBeNull();
  });

  it('keeps ids within int4 and amounts within BIGINT, with the same words for the form and the server', () => {
    const address = { firstName: 'A', lastName: 'B', phone: '+63 912 345 6789', countryId: 4, detail: 'Unit 1' };
    expect(addressInput.safeParse(address).success).toBe(true);
    const tooBig = addressInput.safeParse({ ...address, countryId: 2 ** 31 });
    expect(tooBig.success ? null : tooBig.error.issues[0]?.message).toBe(LimitMessages.outOfRange);
    const nul = addressInput.safeParse({ ...address, detail: 'Unit\u00001' });
    expect(nul.success ? null : nul.error.issues[0]?.message).toBe(LimitMessages.controlCharacters);
    expect(isMoneyWithinColumn('9'.repeat(40))).toBe(false);
    expect(isMoneyWithinColumn('922337203685.4775807')).toBe(true);
    expect(isMoneyWithinColumn('922337203685.4775808')).toBe(false);
    expect(isMoneyWithinColumn('not money')).toBe(true);
    const price = productInput.safeParse({ ...emptyProductInput(), price: '9'.repeat(40) });
    expect(price.success ? null : price.error.issues[0]?.message).toBe(LimitMessages.amountTooLarge);
  });
});
