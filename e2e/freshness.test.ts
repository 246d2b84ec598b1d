import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertAddress, insertProduct } from '../server/testing/commerceFixtures';
import { appAndBrowser, loginAs, phone } from './support/app';

/**
 * Issue 11, defect 4: kept-alive screens show the person's own last change when shown again
 * (DESIGN: a change marks the data it touches; a kept-alive screen showing that data refreshes).
 */
const suite = appAndBrowser();
let lamp: { productId: string; skuIds: string[] };
let vase: { productId: string; skuIds: string[] };

beforeAll(async () => {
  lamp = await insertProduct(suite.app.deps.db, { seller: 'demo_seller', title: 'Fresh lamp', price: '2', shippingFee: '1' });
  vase = await insertProduct(suite.app.deps.db, { seller: 'demo_seller', title: 'Fresh vase', price: '3', shippingFee: '1' });
  await insertAddress(suite.app.deps.db, 'demo_buyer');
});

const vis = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

const fastHost = (page: Page) => page.evaluate(() => (window.__sandboxHostTiming = { approvalRetryMs: 400, approvalTimeoutMs: 30_000 }));
const hash = (page: Page, path: string) => page.goto(`${suite.app.url}/#${path}`);

describe('kept-alive screens stay fresh', () => {
  it('after paying, Account → My cart → Check out does not reopen the order just paid', async () => {
    const { context, page } = await phone(suite.browser);
    await loginAs(page, suite.app.url, 'demo_buyer');
    await page.evaluate((items) => localStorage.setItem('coin-mall.cart', JSON.stringify(items)), [{ productId: lamp.productId, skuId: lamp.skuIds[0], quantity: 1, selected: true }]);
    await hash(page, '/product/cart');
    await vis(page, 'cart-checkout').click();
    await page.waitForURL(/#\/product\/submit-order/);
    await expect.poll(() => vis(page, 'order-total').textContent()).toBe('π 3');
    // the coin payment is cancelled in the wallet, then the same order is paid again from the result screen
    await vis(page, 'pay-method-coin').check();
    await fastHost(page);
    await vis(page, 'submit-order').click();
    await vis(page, 'sandbox-wallet-cancel').click({ timeout: 20_000 });
    await page.waitForURL(/#\/result\/fail/);
    await vis(page, 'result-pay-again').click();
    await page.waitForURL(/#\/product\/submit-order/);
    await vis(page, 'pay-method-balance').check();
    await vis(page, 'submit-order').click();
    await vis(page, 'pay-review-confirm').click();
    await page.waitForURL(/#\/result\/success/);
    await expect.poll(() => page.locator('[data-testid^="result-status-"]').filter({ visible: true }).allTextContents()).toEqual(['Paid']);
    // Account → My cart: the paid line is gone, so Check out cannot order it again
    await hash(page, '/my');
    await vis(page, 'open-cart').click();
    await vis(page, 'cart-empty').waitFor();
    expect(await vis(page, 'cart-checkout').count()).toBe(0);
    // and a new line checks out with its own total (the kept-alive submit screen shows the new cart)
    await page.evaluate(() => localStorage.removeItem('coin-mall.cart'));
    await hash(page, `/product/detail?id=${vase.productId}`);
    await vis(page, 'add-to-cart-open').click();
    await vis(page, 'add-to-cart').click();
    await hash(page, '/my');
    await vis(page, 'open-cart').click();
    await vis(page, 'cart-checkout').click();
    await page.waitForURL(/#\/product\/submit-order$/);
    await expect.poll(() => vis(page, 'order-total').textContent()).toBe('π 4');
    await context.close();
  });

  it('favourites show a product just collected and lose one just uncollected, without a reload', async () => {
    const { context, page } = await phone(suite.browser);
    await loginAs(page, suite.app.url, 'demo_buyer');
    await vis(page, 'open-collect').click();
    await vis(page, 'collect-empty').waitFor();
    await hash(page, `/product/detail?id=${lamp.productId}`);
    await vis(page, 'collect').click();
    await expect.poll(() => vis(page, 'collect').getAttribute('aria-pressed')).toBe('true');
    await hash(page, '/mine/collect');
    await expect.poll(() => vis(page, 'collected').count()).toBe(1);
    await vis(page, 'collected').getByText('Fresh lamp').waitFor();
    await hash(page, `/product/detail?id=${lamp.productId}`);
    await vis(page, 'collect').click();
    await expect.poll(() => vis(page, 'collect').getAttribute('aria-pressed')).toBe('false');
    await hash(page, '/mine/collect');
    await vis(page, 'collect-empty').waitFor();
    await context.close();
  });

  it('a notice just read is no longer marked unread in the kept-alive list', async () => {
    const staff = await phone(suite.browser);
    await loginAs(staff.page, suite.app.url, 'demo_arbiter');
    await staff.page.goto(`${suite.app.url}/#/platform/console/notices`);
    await vis(staff.page, 'field-title').fill('Fresh hours');
    await vis(staff.page, 'field-body').fill('Open late on Fridays.');
    await vis(staff.page, 'notice-publish').click();
    await staff.page.getByText('The notice is published').waitFor();

    const { context, page } = await phone(suite.browser);
    await loginAs(page, suite.app.url, 'demo_buyer');
    await vis(page, 'open-notices').click();
    await page.locator('[data-testid^="notice-"][data-read="false"]').filter({ visible: true, hasText: 'Fresh hours' }).click();
    await vis(page, 'notice-detail').getByText('Open late on Fridays.').waitFor();
    await page.getByRole('button', { name: 'Back' }).filter({ visible: true }).click();
    await page.waitForURL(/#\/mine\/notice$/);
    await page.locator('[data-testid^="notice-"][data-read="true"]').filter({ visible: true, hasText: 'Fresh hours' }).waitFor();
    await Promise.all([staff.context.close(), context.close()]);
  });
});
