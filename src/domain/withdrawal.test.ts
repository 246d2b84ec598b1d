import { describe, expect, it } from 'vitest';
import { parseMoney } from './money';
import { firstProblem } from './schemas/accounts';
import { startWithdrawalInput } from './schemas/withdrawal';
import { isStellarAddress, stellarAddressOf } from './stellarAddress';
import { maxWithdrawal, withdrawalAmountProblem, WithdrawalRules } from './withdrawal';

describe('the coin’s public addresses', () => {
  it('accepts real Stellar account ids and refuses a changed character, a wrong length, a seed', () => {
    expect(isStellarAddress('GAAZI4TCR3TY5OJHCTJC2A4QSY6CJWJH5IAJTGKIN2ER7LBNVKOCCWN7')).toBe(true);
    expect(isStellarAddress('GBRPYHIL2CI3FNQ4BXLFMNDLFJUNPU2HY3ZMFSHONUCEOASW7QC7OX2H')).toBe(true);
    expect(isStellarAddress('GBRPYHIL2CI3FNQ4BXLFMNDLFJUNPU2HY3ZMFSHONUCEOASW7QC7OX2G')).toBe(false);
    expect(isStellarAddress('G' + 'A'.repeat(55))).toBe(false);
    expect(isStellarAddress('SBRPYHIL2CI3FNQ4BXLFMNDLFJUNPU2HY3ZMFSHONUCEOASW7QC7OX2H')).toBe(false);
    expect(isStellarAddress('GAAZI4TCR3TY5OJHCTJC2A4QSY6CJWJH5IAJTGKIN2ER7LBNVKOCCWN')).toBe(false);
  });

  it('encodes a public key into an address that checks', () => {
    const key = Uint8Array.from({ length: 32 }, (_, i) => i * 7);
    const address = stellarAddressOf(key);
    expect(address).toMatch(/^G[A-Z2-7]{55}$/);
    expect(isStellarAddress(address)).toBe(true);
  });
});

describe('the withdrawal form and amount', () => {
  const address = stellarAddressOf(new Uint8Array(32).fill(9));
  const valid = { address, confirmAddress: address, amount: '1', code: '123456', keySaved: 'true' };

  it('names the first problem with SPEC’s words', () => {
    expect(firstProblem(startWithdrawalInput, valid)).toBeNull();
    expect(firstProblem(startWithdrawalInput, { ...valid, confirmAddress: stellarAddressOf(new Uint8Array(32)) })?.key).toBe('messages.walletAddressMismatch');
    const seed = Array(24).fill('word').join(' ');
    expect(firstProblem(startWithdrawalInput, { ...valid, address: seed, confirmAddress: seed })?.key).toBe('messages.doNotFillMnemonic');
    expect(firstProblem(startWithdrawalInput, { ...valid, code: '' })?.key).toBe('messages.codeEmpty');
  });

  it('keeps the fee on top of the amount and the balance above the fee', () => {
    expect(WithdrawalRules.fee).toBe(parseMoney('0.01'));
    expect(withdrawalAmountProblem(parseMoney('1'), parseMoney('0.01'))).toBe('withdrawal.errors.noBalance');
    expect(withdrawalAmountProblem(parseMoney('0'), parseMoney('5'))).toBe('withdrawal.errors.amountEmpty');
    expect(withdrawalAmountProblem(parseMoney('5'), parseMoney('5'))).toBe('messages.insufficientBalance');
    expect(withdrawalAmountProblem(parseMoney('4.99'), parseMoney('5'))).toBeNull();
    expect(maxWithdrawal(parseMoney('5'))).toBe(parseMoney('4.99'));
  });
});

describe('why a payout failed, in words', () => {
  it('never puts the chain’s or the platform’s code on the screen: known codes and unknown ones read as sentences', async () => {
    const { payoutFailureLabelKey } = await import('./withdrawal');
    const fs = await import('node:fs');
    const locales = fs.readdirSync('locales').filter((f) => f.endsWith('.json'));
    expect(locales).toHaveLength(12);
    const keys = ['op_no_destination', 'user_not_found', 'missing_scope', 'platform 400', 'unreachable', 'tx_failed'].map(payoutFailureLabelKey);
    expect(keys).toEqual(['payouts.failed.noDestination', 'payouts.failed.notAuthenticated', 'payouts.failed.notAuthenticated', 'payouts.failed.general', 'payouts.failed.general', 'payouts.failed.general']);
    for (const file of locales) {
      const messages = JSON.parse(fs.readFileSync(`locales/${file}`, 'utf8')) as Record<string, Record<string, Record<string, string>>>;
      for (const key of keys) {
        const leaf = key.split('.')[2] ?? '';
        expect(messages.payouts?.failed?.[leaf], `${file} ${key}`).toMatch(/\S{3}/);
      }
    }
  });
});
