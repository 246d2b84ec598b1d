import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appAndBrowser, loginAs, phone } from './support/app';
import { expectAccessible } from './support/axe';
import { holdRequests } from './support/holdRequests';

const suite = appAndBrowser();


/** Reads the newest code for an address from the sandbox's dev mailbox page, as a person would. */
async function codeFromMailbox(context: BrowserContext, email: string): Promise<string> {
  const mailbox = await context.newPage();
  await mailbox.goto(`${suite.app.url}/sandbox/mailbox?to=${encodeURIComponent(email)}`);
  const text = (await mailbox.getByTestId('mail').first().textContent()) ?? '';
  await mailbox.close();
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in the mailbox for ${email}`);
  return code;
}

async function sendCodeAndRead(page: Page, context: BrowserContext, email: string): Promise<string> {
  await visible(page, 'send-code').click();
  await expect.poll(async () => visible(page, 'send-code').textContent()).toMatch(/Again in \d+ s/);
  return codeFromMailbox(context, email);
}

async function logOut(page: Page): Promise<void> {
  await page.goto(`${suite.app.url}/#/my`);
  await visible(page, 'logout').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await page.getByTestId('login-with-pi').filter({ visible: true }).waitFor();
}

/** Kept-alive screens stay in the page, hidden: act on the visible one. */
const visible = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

async function logInWithEmail(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${suite.app.url}/#/new-my`);
  await visible(page, 'open-login-email').click();
  await visible(page, 'field-email').fill(email);
  await visible(page, 'field-password').fill(password);
  await visible(page, 'login-email-submit').click();
  await page.waitForURL(/#\/my$/);
  await page.getByTestId('account-nickname').waitFor();
}

const frameBackground = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('main');
    return main?.parentElement ? getComputedStyle(main.parentElement).backgroundImage : '';
  });

describe('accounts in a real browser', () => {
  it('registers with e-mail (code from the dev mailbox), logs in, changes the password (mismatch first), forgets and resets it', async () => {
    const { context, page } = await phone(suite.browser);
    const email = 'walker@example.com';
    await page.goto(`${suite.app.url}/#/new-my`);
    await visible(page, 'open-register').click();
    await visible(page, 'field-email').fill(email);
    const code = await sendCodeAndRead(page, context, email);
    await visible(page, 'field-code').fill(code);
    await visible(page, 'field-nickname').fill('Walker');
    await visible(page, 'field-password').fill('first password');
    await visible(page, 'field-confirmPassword').fill('first password');
    await visible(page, 'register-submit').click();
    expect(await visible(page, 'form-problem').textContent()).toBe('Please agree to the agreement');
    await visible(page, 'field-agreement').check();
    await visible(page, 'register-submit').click();
    await page.waitForURL(/#\/my$/);
    expect(await visible(page, 'account-nickname').textContent()).toBe('Walker');

    await logOut(page);
    await logInWithEmail(page, email, 'first password');
    expect(await visible(page, 'account-nickname').textContent()).toBe('Walker');

    // change the password: a mismatched confirmation first
    await visible(page, 'open-security').click();
    await visible(page, 'security-password').click();
    await visible(page, 'field-oldPassword').fill('first password');
    await visible(page, 'field-password').fill('second password');
    await visible(page, 'field-confirmPassword').fill('second passwort');
    await visible(page, 'password-submit').click();
    expect(await visible(page, 'form-problem').textContent()).toBe('Password not match');
    await visible(page, 'field-confirmPassword').fill('second password');
    await visible(page, 'password-submit').click();
    await page.getByText('Saved', { exact: true }).waitFor();

    // forget it and reset it by code
    await logOut(page);
    await visible(page, 'open-login-email').click();
    await visible(page, 'open-forgot').click();
    await page.waitForURL(/#\/forgot-password$/);
    await visible(page, 'field-email').fill(email);
    const resetCode = await sendCodeAndRead(page, context, email);
    await visible(page, 'field-code').fill(resetCode);
    await visible(page, 'field-password').fill('third password');
    await visible(page, 'field-confirmPassword').fill('third password');
    await visible(page, 'reset-submit').click();
    await page.waitForURL(/#\/login-email$/);
    await logInWithEmail(page, email, 'third password');
    expect(await visible(page, 'account-nickname').textContent()).toBe('Walker');
    await context.close();
  });

  it('binds an e-mail to a coin-browser account, then the same account opens with e-mail and password', async () => {
    const { context, page } = await phone(suite.browser);
    await loginAs(page, suite.app.url, 'demo_seller2');
    await visible(page, 'open-security').click();
    await visible(page, 'security-bind-email').click();
    const email = 'second.shop@example.com';
    await visible(page, 'field-email').fill(email);
    const code = await sendCodeAndRead(page, context, email);
    await visible(page, 'field-code').fill(code);
    await visible(page, 'field-password').fill('shop password');
    await visible(page, 'field-confirmPassword').fill('shop password');
    await visible(page, 'email-submit').click();
    await page.getByText('Your e-mail is bound to this account').waitFor();
    await visible(page, 'security-email').waitFor();
    expect(await visible(page, 'security-email').textContent()).toContain(email);
    await logOut(page);
    await logInWithEmail(page, email, 'shop password');
    expect(await visible(page, 'account-nickname').textContent()).toBe('Second Shop');
    await context.close();
  });

  it('sets a radial gradient and sees it after logging in again on another device', async () => {
    const first = await phone(suite.browser);
    await loginAs(first.page, suite.app.url, 'demo_buyer');
    await visible(first.page, 'open-customcolor').click();
    await visible(first.page, 'colour-type-radial').click();
    await visible(first.page, 'colour-direction-topLeft').click();
    expect(await visible(first.page, 'colour-preview').evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('radial-gradient');
    await visible(first.page, 'colour-save').click();
    await first.page.getByText('Saved', { exact: true }).waitFor();
    await expect.poll(() => frameBackground(first.page)).toContain('radial-gradient');
    await first.context.close();

    const second = await phone(suite.browser);
    await loginAs(second.page, suite.app.url, 'demo_buyer');
    await expect.poll(() => second.page.evaluate(() => document.documentElement.dataset.customBackground)).toBe('radial');
    expect(await frameBackground(second.page)).toContain('radial-gradient');
    await second.context.close();
  });

  it('staff freezes a user from the console and the user is stopped; a buyer cannot reach the console', async () => {
    const user = await phone(suite.browser);
    await loginAs(user.page, suite.app.url, 'demo_seller');
    const staff = await phone(suite.browser);
    await loginAs(staff.page, suite.app.url, 'demo_arbiter');
    await visible(staff.page, 'open-console').click();
    await visible(staff.page, 'console-users').click();
    await visible(staff.page, 'field-q').fill('demo_seller');
    await visible(staff.page, 'console-find').click();
    const card = visible(staff.page, 'console-user-demo_seller');
    // Issue 24 finding 14: no red Freeze button on the row; it sits behind the row's actions menu and a
    // confirmation saying what freezing does.
    expect(await card.getByTestId('console-freeze').count()).toBe(0);
    await card.getByTestId('console-user-menu').click();
    await card.getByTestId('console-freeze').click();
    const sheet = staff.page.getByRole('dialog');
    expect(await sheet.textContent()).toContain('no login, payment, sale or withdrawal until unfrozen');
    await sheet.getByTestId('console-reason').fill('selling fakes');
    await expectAccessible(staff.page, 'freeze confirmation');
    await sheet.getByRole('button', { name: 'Freeze' }).click();
    await card.getByTestId('console-user-frozen').waitFor();

    // the user's next request is refused with the frozen message
    await visible(user.page, 'open-security').click();
    await user.page.getByText('Your account is frozen: selling fakes').waitFor();

    await card.getByTestId('console-user-menu').click();
    await card.getByTestId('console-unfreeze').click();
    await staff.page.getByRole('dialog').getByRole('button', { name: 'Unfreeze' }).click();
    await card.getByTestId('console-user-frozen').waitFor({ state: 'detached' });

    // a buyer sees no console, and the page says so
    const buyer = await phone(suite.browser);
    await loginAs(buyer.page, suite.app.url, 'demo_buyer');
    expect(await visible(buyer.page, 'open-console').count()).toBe(0);
    await buyer.page.goto(`${suite.app.url}/#/platform/console`);
    await buyer.page.getByRole('alert').waitFor();
    await Promise.all([user.context.close(), staff.context.close(), buyer.context.close()]);
  });

  it('staff publishes a notice; a user sees it unread, opens it, and it is read', async () => {
    const staff = await phone(suite.browser);
    await loginAs(staff.page, suite.app.url, 'demo_arbiter');
    await staff.page.goto(`${suite.app.url}/#/platform/console/notices`);
    await visible(staff.page, 'field-title').fill('Holiday hours');
    await visible(staff.page, 'field-body').fill('Shipping slows down over the holidays.');
    await visible(staff.page, 'notice-publish').click();
    await staff.page.getByText('The notice is published').waitFor();

    const reader = await phone(suite.browser);
    await loginAs(reader.page, suite.app.url, 'demo_buyer');
    await visible(reader.page, 'open-notices').click();
    const row = reader.page.locator('[data-testid^="notice-"][data-read="false"]').filter({ hasText: 'Holiday hours' });
    await row.click();
    await visible(reader.page, 'notice-detail').getByText('Shipping slows down over the holidays.').waitFor();
    await reader.page.goto(`${suite.app.url}/#/mine/notice?again=1`);
    await reader.page.locator('[data-testid^="notice-"][data-read="true"]').filter({ hasText: 'Holiday hours' }).waitFor();
    await Promise.all([staff.context.close(), reader.context.close()]);
  });

  it('edits the profile: nickname and picture, wallet address (empty, seed phrase, mismatch), country; then freezes the account', async () => {
    const { context, page } = await phone(suite.browser);
    let nicknameSaves = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/users/user/changeNickName')) nicknameSaves += 1;
    });
    await loginAs(page, suite.app.url, 'demo_buyer');
    await visible(page, 'open-profile').click();
    await visible(page, 'field-nickname').fill('Renamed Buyer');
    await visible(page, 'nickname-submit').click();
    await page.waitForURL(/#\/my$/);
    await expect.poll(() => visible(page, 'account-nickname').textContent()).toBe('Renamed Buyer');
    // A save that answers after the person has left the form: they stay where they went, and the form, shown again,
    // does not send it again. Before, the kept screen's chart started again from its snapshot when shown and sent
    // the save a second time, whose answer took the person back from the form (the login gate's UI walk timed out on
    // it on a slow machine; a checkout left while submitting would have sent a second order).
    const save = await holdRequests(page, '**/api/users/user/changeNickName');
    await visible(page, 'open-profile').click();
    await visible(page, 'field-nickname').fill('Away Buyer');
    await visible(page, 'nickname-submit').click();
    await page.getByRole('button', { name: 'Back' }).filter({ visible: true }).click();
    await page.waitForURL(/#\/my$/);
    save.release();
    await visible(page, 'toast').filter({ hasText: 'Saved' }).waitFor();
    await expect.poll(() => visible(page, 'account-nickname').textContent()).toBe('Away Buyer');
    expect(new URL(page.url()).hash).toBe('#/my');
    await save.stop();

    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#22aa66' } }).png().toBuffer();
    await visible(page, 'open-profile').click();
    await page.getByTestId('portrait-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await visible(page, 'portrait').waitFor();
    expect(await visible(page, 'portrait').getAttribute('src')).toMatch(/^\/media\/[0-9a-f]{64}-card\.webp$/);
    expect(new URL(page.url()).hash).toBe('#/mine/user/nick-name');
    expect(nicknameSaves).toBe(2);

    await page.goto(`${suite.app.url}/#/mine/securitysetting`);
    await visible(page, 'security-wallet').click();
    await visible(page, 'wallet-submit').click();
    expect(await visible(page, 'form-problem').textContent()).toBe('Your wallet address is empty');
    const seed = 'abandon ability able about above absent absorb abstract absurd abuse access accident';
    await visible(page, 'field-walletAddress').fill(seed);
    await visible(page, 'wallet-submit').click();
    expect(await visible(page, 'form-problem').textContent()).toBe('Do not fill a mnemonic');
    const address = 'G' + 'B'.repeat(55);
    await visible(page, 'field-walletAddress').fill(address);
    await visible(page, 'field-confirmWalletAddress').fill(address.slice(0, -1) + 'C');
    await visible(page, 'wallet-submit').click();
    expect(await visible(page, 'form-problem').textContent()).toBe('Wallet address mismatch');
    await visible(page, 'field-confirmWalletAddress').fill(address);
    await visible(page, 'wallet-submit').click();
    await page.waitForURL(/#\/mine\/securitysetting$/);
    await expect.poll(() => visible(page, 'security-wallet').textContent()).toContain(address.slice(0, 10));

    await visible(page, 'security-location').click();
    await page.getByRole('radio', { name: 'Philippines' }).filter({ visible: true }).click();
    await page.waitForURL(/#\/mine\/securitysetting$/);
    await expect.poll(() => visible(page, 'security-location').textContent()).toContain('Philippines');
    await context.close();

    // a user freezes their own account: logged out, and logging in again is refused
    const other = await phone(suite.browser);
    const email = 'freezer@example.com';
    await other.page.goto(`${suite.app.url}/#/register`);
    await visible(other.page, 'field-email').fill(email);
    const code = await sendCodeAndRead(other.page, other.context, email);
    await visible(other.page, 'field-code').fill(code);
    await visible(other.page, 'field-password').fill('freeze password');
    await visible(other.page, 'field-confirmPassword').fill('freeze password');
    await visible(other.page, 'field-agreement').check();
    await visible(other.page, 'register-submit').click();
    await other.page.waitForURL(/#\/my$/);
    await visible(other.page, 'open-security').click();
    await visible(other.page, 'freeze-mine').click();
    await other.page.getByRole('dialog').getByRole('button', { name: 'Freeze my account' }).click();
    await other.page.getByTestId('login-with-pi').filter({ visible: true }).waitFor();
    await other.page.goto(`${suite.app.url}/#/login-email`);
    await visible(other.page, 'field-email').fill(email);
    await visible(other.page, 'field-password').fill('freeze password');
    await visible(other.page, 'login-email-submit').click();
    await other.page.getByText('Your account is frozen').first().waitFor();
    await other.context.close();
  });
});
