import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../server/testing/commerceFixtures';
import { launchBrowser, loginAs, phone, startApp } from './support/app';
import { expectAccessible } from './support/axe';
import { holdRequests } from './support/holdRequests';

/**
 * Issue 5 journeys in a real browser against the real server in sandbox mode: a cart from two sellers
 * paid with the coin through the sandbox wallet sheet; an order paid from the account balance; a coin
 * payment cancelled in the wallet; the wallet-app balance with its password; the buyer's own product refused.
 */
type App = Awaited<ReturnType<typeof startApp>>;
let app: App;
let browser: Browser;
let first: { productId: string; skuIds: string[] };
let second: { productId: string; skuIds: string[] };
let own: { productId: string; skuIds: string[] };

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  first = await insertProduct(app.deps.db, { seller: 'demo_seller', title: 'Rattan lamp', price: '12.5', shippingFee: '1' });
  second = await insertProduct(app.deps.db, { seller: 'demo_seller2', title: 'Jade bracelet', price: '3', shippingMethod: 'free', skus: [{ specification: 'M', colour: 'Green', stock: 20 }] });
  own = await insertProduct(app.deps.db, { seller: 'demo_buyer', title: 'My own mug' });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** The shell keeps screens alive (hidden): only the visible one counts. */
const vis = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

const fastHost = (page: Page) => page.evaluate(() => (window.__sandboxHostTiming = { approvalRetryMs: 400, approvalTimeoutMs: 30_000 }));

async function choose(page: Page, method: 'coin' | 'balance' | 'wallet') {
  await vis(page, `pay-method-${method}`).check();
}

describe('checkout and payment in a real browser', () => {
  it('fills a cart from two sellers, adds an address, pays with the coin in the wallet sheet, and sees two paid orders', async () => {
    const { context, page } = await phone(browser);
    await loginAs(page, app.url, 'demo_buyer');
    await page.evaluate(
      (items) => localStorage.setItem('coin-mall.cart', JSON.stringify(items)),
      [
        { productId: first.productId, skuId: first.skuIds[0], quantity: 1, selected: true },
        { productId: second.productId, skuId: second.skuIds[0], quantity: 2, selected: true },
      ],
    );
    await page.goto(`${app.url}/#/product/cart`);
    await page.getByText('Rattan lamp').waitFor();
    await page.getByText('Jade bracelet').waitFor();
    await expectAccessible(page, 'cart');
    // Quantity within stock, and the edit mode.
    await vis(page, 'cart-edit').click();
    await vis(page, 'cart-remove').waitFor();
    await vis(page, 'cart-edit').click();
    await vis(page, 'cart-checkout').click();
    await page.waitForURL(/#\/product\/submit-order/);

    await vis(page, 'order-add-address').click();
    await page.waitForURL(/#\/mine\/address\/add/);
    await vis(page, 'address-firstName').fill('Ana');
    await vis(page, 'address-lastName').fill('Cruz');
    await vis(page, 'address-phone').fill('+63 912 345 6789');
    await vis(page, 'address-country').selectOption({ label: 'Philippines' });
    await vis(page, 'address-province').selectOption({ label: 'Metro Manila' });
    await vis(page, 'address-city').selectOption({ label: 'Manila' });
    await vis(page, 'address-detail').fill('12 Rizal Street, blue gate');
    await vis(page, 'address-save').click();
    await page.waitForURL(/#\/product\/submit-order/);
    await page.getByText('12 Rizal Street, blue gate').filter({ visible: true }).waitFor();
    await expect.poll(() => vis(page, 'order-total').textContent()).toBe('π 19.5');
    await expectAccessible(page, 'submit order');

    await choose(page, 'coin');
    await fastHost(page);
    await vis(page, 'submit-order').click();
    await vis(page, 'sandbox-wallet-approve').click({ timeout: 20_000 });
    await page.waitForURL(/#\/result\/success/, { timeout: 20_000 });
    expect(await vis(page, 'result-title').textContent()).toBe('Payment successful');
    const statuses = page.locator('[data-testid^="result-status-"]').filter({ visible: true });
    await expect.poll(() => statuses.count()).toBe(2);
    expect(await statuses.allTextContents()).toEqual(['Paid', 'Paid']);

    // The paid lines left the cart.
    await page.goto(`${app.url}/#/product/cart`);
    await vis(page, 'cart-empty').waitFor();
    await context.close();
  });

  it('pays another order from the account balance', async () => {
    const { context, page } = await phone(browser);
    await loginAs(page, app.url, 'demo_buyer');
    expect(await vis(page, 'account-balance').textContent()).toBe('π 500');
    await page.goto(`${app.url}/#/product/submit-order?buy=${first.productId}:${first.skuIds[0]}:2`);
    await expect.poll(() => vis(page, 'order-total').textContent()).toBe('π 26');
    await choose(page, 'balance');
    await vis(page, 'submit-order').click();
    // Issue 24 finding 1: a review sheet before the balance moves: the amount, the balance, what remains.
    await vis(page, 'pay-review').waitFor();
    await expect.poll(() => vis(page, 'pay-review-amount').textContent()).toBe('π 26');
    await expect.poll(() => vis(page, 'pay-review-balance').textContent()).toBe('π 500');
    await expect.poll(() => vis(page, 'pay-review-remains').textContent()).toBe('π 474');
    expect(await vis(page, 'pay-review-confirm').textContent()).toBe('Pay \u2066π\u00a026\u2069');
    await expectAccessible(page, 'balance payment review');
    expect(page.url()).toMatch(/submit-order/); // nothing paid yet
    await vis(page, 'pay-review-confirm').click();
    await page.waitForURL(/#\/result\/success/);
    await expect.poll(() => page.locator('[data-testid^="result-status-"]').filter({ visible: true }).allTextContents()).toEqual(['Paid']);
    await page.goto(`${app.url}/#/my`);
    await expect.poll(() => vis(page, 'account-balance').textContent()).toBe('π 474');
    await context.close();
  });

  it('cancels a coin payment in the wallet and says "Payment canceled"; then pays it from the wallet-app balance', async () => {
    const { context, page } = await phone(browser);
    await loginAs(page, app.url, 'demo_buyer');
    await page.goto(`${app.url}/#/product/submit-order?buy=${second.productId}:${second.skuIds[0]}:1`);
    await expect.poll(() => vis(page, 'order-total').textContent()).toBe('π 3');
    await choose(page, 'coin');
    await fastHost(page);
    await vis(page, 'submit-order').click();
    await vis(page, 'sandbox-wallet-cancel').click({ timeout: 20_000 });
    await page.waitForURL(/#\/result\/fail/);
    expect(await vis(page, 'result-title').textContent()).toBe('Payment canceled');

    // The same order, paid again from the wallet app's balance behind its payment password.
    await vis(page, 'result-pay-again').click();
    await page.waitForURL(/orders=\d+.*#\/product\/submit-order$/);
    await choose(page, 'wallet');
    await vis(page, 'submit-order').click();
    await vis(page, 'wallet-sheet').waitFor();
    // The wallet-app sheet reviews too: the amount, the wallet-app balance and what remains.
    await expect.poll(() => vis(page, 'wallet-amount').textContent()).toBe('π 3');
    await expect.poll(() => vis(page, 'wallet-balance').textContent()).toBe('π 500');
    await expect.poll(() => vis(page, 'wallet-remains').textContent()).toBe('π 497');
    await expectAccessible(page, 'wallet-app payment review');
    await vis(page, 'wallet-password').fill('123456');
    await vis(page, 'wallet-sheet-confirm').click();
    await page.waitForURL(/#\/result\/success/);
    await expect.poll(() => page.locator('[data-testid^="result-status-"]').filter({ visible: true }).allTextContents()).toEqual(['Paid']);
    await context.close();
  });

  it('refuses to sell the buyer their own product', async () => {
    const { context, page } = await phone(browser);
    await loginAs(page, app.url, 'demo_buyer');
    await page.goto(`${app.url}/#/product/submit-order?buy=${own.productId}:${own.skuIds[0]}:1`);
    await page.getByText('Buying your own product is forbidden').first().waitFor();
    await choose(page, 'coin');
    await vis(page, 'submit-order').click();
    await page.getByText('Buying your own product is forbidden').first().waitFor();
    expect(page.url()).toMatch(/#\/product\/submit-order/);
    await context.close();
  });

  it('leaves the order form while the order is being submitted and comes back: one order, not two', async () => {
    const { context, page } = await phone(browser);
    await loginAs(page, app.url, 'demo_buyer');
    let submits = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/commodity/orders/submit')) submits += 1;
    });
    const order = await holdRequests(page, '**/api/commodity/orders/submit');
    await page.goto(`${app.url}/#/product/detail?id=${first.productId}`);
    await page.goto(`${app.url}/#/product/submit-order?buy=${first.productId}:${first.skuIds[0]}:1`);
    await expect.poll(() => vis(page, 'order-total').textContent()).toBe('π 13.5');
    await choose(page, 'balance');
    const sent = page.waitForRequest('**/api/commodity/orders/submit');
    await vis(page, 'submit-order').click();
    await sent;
    // The buyer taps Back while the order is on its way, then comes forward to the form again.
    await page.goBack();
    await page.waitForURL(/#\/product\/detail/);
    const submitted = page.waitForResponse('**/api/commodity/orders/submit');
    order.release();
    await submitted;
    await order.stop();
    await page.goForward();
    await page.waitForURL(/#\/product\/submit-order/);
    // The form goes on from the order it submitted: the review of the balance payment, for that one order.
    await vis(page, 'pay-review').waitFor();
    await expect.poll(() => vis(page, 'pay-review-amount').textContent()).toBe('π 13.5');
    expect(submits).toBe(1);
    await context.close();
  });
});
