import crypto from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { stellarAddressOf } from '../src/domain/stellarAddress';
import { insertAddress, insertProduct } from '../server/testing/commerceFixtures';
import { appAndBrowser, loginAs, phone } from './support/app';
import { expectAccessible } from './support/axe';
import { shot } from './support/shots';
import { piWalletOfUser } from '../server/testing/piWallet';
import { expectNoRawWords } from './support/words';

/**
 * Issue 13 journeys in a real browser against the real server in sandbox mode: a KYC-passed user with
 * a bound e-mail withdraws (the code from the dev mailbox), staff approve in the console, the record
 * goes to success; a user without KYC sees the warning; a user merges with the wallet app and then
 * pays by the wallet-app balance.
 */
const suite = appAndBrowser({ sandboxConfirmMs: 0 });

beforeAll(async () => {
  await suite.app.deps.db.updateTable('users').set({ email: 'buyer@example.com' }).where('username', '=', 'demo_buyer').execute();
});

const vis = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

async function codeFromMailbox(context: BrowserContext, email: string): Promise<string> {
  const mailbox = await context.newPage();
  await mailbox.goto(`${suite.app.url}/sandbox/mailbox?to=${encodeURIComponent(email)}`);
  const text = (await mailbox.getByTestId('mail').first().textContent()) ?? '';
  await mailbox.close();
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in the mailbox for ${email}`);
  return code;
}

describe('withdrawal and the wallet app in a real browser', () => {
  it('withdraws with the e-mail code; staff approve in the console; the record goes to success', async () => {
    const { context, page } = await phone(suite.browser);
    await loginAs(page, suite.app.url, 'demo_buyer');

    // From the account tab, through the checks before a withdrawal.
    await page.goto(`${suite.app.url}/#/my`);
    await vis(page, 'open-withdrawal').click();
    await page.waitForURL(/#\/mine\/authbeforewithdraw/);
    await expect.poll(() => vis(page, 'check-kycNotPassed').locator('[role="img"]').getAttribute('aria-label')).toBe('Done');
    await vis(page, 'checks-continue').click();
    await page.waitForURL(/#\/mine\/user\/withdrawal/);
    await expect.poll(() => vis(page, 'withdraw-available').textContent()).toBe('Withdrawable: \u2066π\u00a0499.99\u2069');
    // Issue 34: the form shows the Pi wallet the platform pays; another address is refused on the form.
    const to = await piWalletOfUser(suite.app.deps.db, 'demo_buyer');
    await expect.poll(() => vis(page, 'withdraw-pi-wallet-address').textContent()).toBe(to);
    await shot(page, 'withdrawal-pi-wallet-en');
    const other = stellarAddressOf(crypto.randomBytes(32));
    await vis(page, 'withdraw-address').fill(other);
    await vis(page, 'withdraw-confirmAddress').fill(other);
    await vis(page, 'withdraw-amount').fill('25');
    await vis(page, 'withdraw-code').fill('123456');
    await vis(page, 'withdraw-key-saved').check();
    await vis(page, 'withdraw-submit').click();
    await expect.poll(() => vis(page, 'withdraw-problem').textContent()).toBe('This is not your Pi wallet address: the coins can only go to your Pi wallet');
    await vis(page, 'withdraw-use-wallet').click();
    expect(await vis(page, 'withdraw-address').inputValue()).toBe(to);
    await vis(page, 'withdraw-confirmAddress').fill(to.slice(0, -1) + (to.endsWith('A') ? 'B' : 'A'));
    await vis(page, 'withdraw-submit').click();
    await expect.poll(() => vis(page, 'withdraw-problem').textContent()).toBe('Wallet address mismatch');
    await vis(page, 'withdraw-confirmAddress').fill(to);
    await vis(page, 'withdraw-send-code').click();
    await page.getByText('Code sent to buyer@example.com').first().waitFor();
    await vis(page, 'withdraw-code').fill(await codeFromMailbox(context, 'buyer@example.com'));
    // Issue 24 finding 2: the form said on opening that a new address needs a fresh authentication.
    await vis(page, 'withdraw-fresh-needed').waitFor();
    await vis(page, 'withdraw-submit').click();
    // A review sheet before anything moves: amount, fee, what is taken, network, address, what arrives.
    await vis(page, 'withdraw-review').waitFor();
    expect(await vis(page, 'withdraw-review-amount').textContent()).toBe('π 25');
    expect(await vis(page, 'withdraw-review-fee').textContent()).toBe('π 0.01');
    expect(await vis(page, 'withdraw-review-debited').textContent()).toBe('π 25.01');
    expect(await vis(page, 'withdraw-review-network').textContent()).toBe('Pi sandbox (test coins)');
    expect(await vis(page, 'withdraw-review-address').textContent()).toBe(to);
    expect(await vis(page, 'withdraw-review-arrives').textContent()).toBe('π 25');
    await expectAccessible(page, 'withdrawal review');
    // The new address needs the fresh authentication: run inline, in the sheet, then the button wakes.
    expect(await vis(page, 'withdraw-review-confirm').isDisabled()).toBe(true);
    await vis(page, 'withdraw-review').getByTestId('withdraw-fresh-auth').click();
    await page.getByTestId('sandbox-user-demo_buyer').click();
    await vis(page, 'withdraw-review').getByTestId('withdraw-fresh-until').waitFor();
    expect(page.url()).toMatch(/#\/mine\/user\/withdrawal/);
    await vis(page, 'withdraw-review-confirm').click();
    await page.waitForURL(/#\/mine\/withdrawalconfirm/);
    await vis(page, 'withdraw-submitted').waitFor();
    await vis(page, 'withdraw-view-record').click();
    await expect.poll(() => vis(page, 'withdraw-detail-status').getAttribute('data-status')).toBe('toBeConfirmed');
    expect(await vis(page, 'withdraw-step-submitted').getAttribute('data-state')).toBe('done');
    expect(await vis(page, 'withdraw-step-review').getAttribute('aria-current')).toBe('step');

    const staff = await phone(suite.browser);
    await loginAs(staff.page, suite.app.url, 'demo_arbiter');
    await staff.page.goto(`${suite.app.url}/#/platform/console`);
    // Issue 24 finding 13: the console's dashboard counts what waits in each queue.
    await expect.poll(() => vis(staff.page, 'console-count-withdrawals').textContent()).toBe('1 waiting');
    await expectAccessible(staff.page, 'console dashboard');
    await staff.page.getByText('Withdrawals').first().click();
    await staff.page.waitForURL(/#\/platform\/console\/withdrawals/);
    const item = vis(staff.page, 'withdrawal-review-item').first();
    await expect.poll(() => item.textContent()).toContain('π 25 · demo_buyer');
    expect(await item.getByTestId('withdrawal-review-kyc').textContent()).toContain('KYC: Passed');
    // Issue 24 finding 15: the person beside the decision: orders, earlier withdrawals, disputes.
    await expect.poll(() => item.getByTestId('person-withdrawals').textContent()).toBe('Arrived 0 (\u2066π\u00a00\u2069) · Failed or rejected 0');
    expect(await item.getByTestId('person-orders').textContent()).toMatch(/^Bought \d+ · Sold \d+$/);
    // Issue 24 finding 3: approval opens a confirmation with the amount, the address and the consequence.
    await item.getByTestId('withdrawal-approve').click();
    const approve = vis(staff.page, 'withdrawal-approve-sheet');
    await approve.waitFor();
    expect(await approve.textContent()).toContain('Once sent they cannot be recovered.');
    expect(await approve.textContent()).toContain(to);
    expect(await vis(staff.page, 'withdrawal-approve-sheet-confirm').textContent()).toBe('Approve and send \u2066π\u00a025\u2069');
    expect(await vis(staff.page, 'withdrawal-review-item').count()).toBe(1); // nothing decided yet
    await expectAccessible(staff.page, 'withdrawal approval');
    await vis(staff.page, 'withdrawal-approve-sheet-confirm').click();
    await vis(staff.page, 'withdrawal-review-item').first().waitFor({ state: 'detached' });
    await staff.context.close();

    await expect
      .poll(
        async () => {
          await vis(page, 'withdraw-detail-refresh').click();
          return vis(page, 'withdraw-detail-status').getAttribute('data-status');
        },
        { timeout: 20_000 },
      )
      .toBe('success');
    // Issue 24 finding 4: a stepper with the transaction, the address once, a labelled refresh.
    for (const step of ['submitted', 'review', 'onChain', 'done']) expect(await vis(page, `withdraw-step-${step}`).getAttribute('data-state')).toBe('done');
    expect(await vis(page, 'withdraw-detail-txid').textContent()).toMatch(/^[0-9a-f]{64}$/);
    expect(await page.getByText(to, { exact: true }).filter({ visible: true }).count()).toBe(1);
    expect(await vis(page, 'withdraw-detail-refresh').textContent()).toContain('Refresh status');
    await expectAccessible(page, 'withdrawal record');
    // Issue 24 finding 5: balance details name the withdrawal in words, never "withdrawalReserve".
    await page.goto(`${suite.app.url}/#/mine/user/balancedetails`);
    const row = page.locator('[data-kind="withdrawalReserve"]').filter({ visible: true }).first();
    await expect.poll(() => row.textContent()).toContain('Withdrawal');
    await expectNoRawWords(page, 'balance details');
    // The records: the status of each, and the total withdrawn.
    await page.goto(`${suite.app.url}/#/mine/withdrawalproduct`);
    await expect.poll(() => vis(page, 'withdraw-total').textContent()).toBe('Total withdrawn: \u2066π\u00a025\u2069');
    expect(await vis(page, 'withdraw-record').first().textContent()).toContain('Success');
    await context.close();
  });

  it('a user without KYC sees the warning and the way to complete it', async () => {
    const { context, page } = await phone(suite.browser);
    await loginAs(page, suite.app.url, 'demo_seller2');
    await page.goto(`${suite.app.url}/#/mine/user/withdrawal`);
    await expect.poll(() => vis(page, 'withdraw-blocker-kycNotPassed').textContent()).toContain('KYC not passed');
    expect(await vis(page, 'withdraw-submit').isDisabled()).toBe(true);
    await expectAccessible(page, 'withdrawal');
    await vis(page, 'withdraw-blocker-kycNotPassed').getByRole('button').click();
    await page.waitForURL(/#\/mine\/authentication/);
    await expect.poll(() => vis(page, 'kyc-status').getAttribute('data-kyc')).toBe('pending');
    await context.close();

    // In Arabic, right to left: the same warning in its words.
    const ar = await phone(suite.browser);
    await ar.page.goto(`${suite.app.url}/#/new-my`);
    await ar.page.getByTestId('language-button').click();
    await ar.page.getByRole('radio', { name: 'العربية' }).click();
    await ar.page.keyboard.press('Escape');
    await loginAs(ar.page, suite.app.url, 'demo_seller2');
    await ar.page.goto(`${suite.app.url}/#/mine/user/withdrawal`);
    await expect.poll(() => vis(ar.page, 'withdraw-blocker-kycNotPassed').textContent()).toContain('لم يتم اجتياز KYC');
    expect(await ar.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // Issue 34: the Pi wallet card in Arabic.
    await vis(ar.page, 'withdraw-pi-wallet').waitFor();
    await shot(ar.page, 'withdrawal-pi-wallet-ar');
    await ar.context.close();
  });

  it('merges with the wallet suite.app, then pays by the wallet-app balance', async () => {
    const product = await insertProduct(suite.app.deps.db, { seller: 'demo_seller', title: 'Clay teapot', price: '2', shippingFee: '1' });
    await insertAddress(suite.app.deps.db, 'demo_seller2');
    const { context, page } = await phone(suite.browser);
    await loginAs(page, suite.app.url, 'demo_seller2');
    await page.goto(`${suite.app.url}/#/product/submit-order?buy=${product.productId}:${product.skuIds[0]}:1`);
    await expect.poll(() => vis(page, 'order-total').textContent()).toBe('π 3');
    await vis(page, 'pay-method-wallet').check();
    await vis(page, 'submit-order').click();
    await vis(page, 'wallet-sheet').waitFor();
    await page.getByText('Your account is not merged with the wallet app: pay with another method').filter({ visible: true }).waitFor();
    await vis(page, 'wallet-merge').click();
    await page.waitForURL(/#\/mine\/mergewallet/);
    await vis(page, 'merge-username').fill('demo_seller2');
    await vis(page, 'merge-password').fill('123456');
    await vis(page, 'merge-submit').click();
    await vis(page, 'merge-email-prompt').waitFor();

    // A new order (another quantity: a new screen, not the kept-alive one).
    await page.goto(`${suite.app.url}/#/product/submit-order?buy=${product.productId}:${product.skuIds[0]}:2`);
    await expect.poll(() => vis(page, 'order-total').textContent()).toBe('π 5');
    await vis(page, 'pay-method-wallet').check();
    await vis(page, 'submit-order').click();
    await vis(page, 'wallet-sheet').waitFor();
    await expect.poll(() => vis(page, 'wallet-balance').textContent()).toBe('π 10');
    await expect.poll(() => vis(page, 'wallet-remains').textContent()).toBe('π 5');
    await vis(page, 'wallet-password').fill('123456');
    await vis(page, 'wallet-sheet-confirm').click();
    await page.waitForURL(/#\/result\/success/);
    await context.close();
  });
});
