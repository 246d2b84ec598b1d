import { describe, expect, it } from 'vitest';
import { changeEmailInput, firstProblem, looksLikeMnemonic, registerInput, userCustomInput, walletAddressInput } from './accounts';
import { gradientCss, parseGradient } from './accountsGradient';

describe('account schemas (shared by the forms and the server)', () => {
  const base = { email: 'A@Example.com ', code: '123456', password: 'long enough', confirmPassword: 'long enough', agreement: true };

  it('normalises the e-mail and reports the first problem as a SPEC message key', () => {
    expect(registerInput.parse(base).email).toBe('a@example.com');
    expect(firstProblem(registerInput, { ...base, agreement: false })?.key).toBe('messages.agreeToAgreement');
    expect(firstProblem(registerInput, { ...base, confirmPassword: 'other' })?.key).toBe('messages.passwordNotMatch');
    expect(firstProblem(registerInput, { ...base, code: '' })?.key).toBe('messages.codeEmpty');
    expect(firstProblem(registerInput, { ...base, code: '12345' })?.key).toBe('messages.codeTooShort');
    expect(firstProblem(registerInput, { ...base, email: 'nope' })?.key).toBe('messages.incorrectEmail');
    expect(firstProblem(changeEmailInput, { email: 'a@b.co', code: '123456', password: 'long enough', confirmPassword: 'x' })?.key).toBe('messages.passwordNotMatch');
  });

  it('refuses seed phrases, empty and mismatched wallet addresses', () => {
    const twelve = 'abandon ability able about above absent absorb abstract absurd abuse access accident';
    expect(looksLikeMnemonic(twelve)).toBe(true);
    expect(looksLikeMnemonic(`${twelve} ${twelve}`)).toBe(true);
    expect(looksLikeMnemonic('G' + 'A'.repeat(55))).toBe(false);
    const address = 'G' + 'A'.repeat(55);
    expect(firstProblem(walletAddressInput, { walletAddress: twelve, confirmWalletAddress: twelve })?.key).toBe('messages.doNotFillMnemonic');
    expect(firstProblem(walletAddressInput, { walletAddress: ' ', confirmWalletAddress: '' })?.key).toBe('messages.walletAddressEmpty');
    expect(firstProblem(walletAddressInput, { walletAddress: address, confirmWalletAddress: address.replace(/A$/, 'B') })?.key).toBe('messages.walletAddressMismatch');
    expect(firstProblem(walletAddressInput, { walletAddress: address, confirmWalletAddress: ` ${address} ` })).toBeNull();
  });

  it('draws gradients in 8 directions, linear or radial, and reads back only valid descriptions', () => {
    const g = { type: 'radial', direction: 'topLeft', colours: ['#112233', '#445566'] } as const;
    expect(gradientCss({ ...g, colours: [...g.colours] })).toBe('radial-gradient(circle at top left, #112233, #445566)');
    expect(gradientCss({ type: 'linear', direction: 'bottomRight', colours: ['#000000', '#ffffff', '#ff0000'] })).toBe('linear-gradient(to bottom right, #000000, #ffffff, #ff0000)');
    expect(parseGradient(JSON.stringify(g))).toEqual(g);
    expect(parseGradient(JSON.stringify({ ...g, colours: ['#112233', 'red;} body{display:none'] }))).toBeNull();
    expect(parseGradient('not json')).toBeNull();
    expect(parseGradient(null)).toBeNull();
    expect(firstProblem(userCustomInput, { customColour: { ...g, colours: ['#112233'] } })?.key).toBe('accounts.errors.colourCount');
  });
});
