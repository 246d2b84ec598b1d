import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertAddress, insertProduct } from '../server/testing/commerceFixtures';
import { appAndBrowser, loginAs, phone } from './support/app';
import { expectAccessible } from './support/axe';
import { shot } from './support/shots';

/**
 * Issue 33 finding 5: the payment result closes the purchase. Paid: "Paid π X" with the goods (picture, name,
 * variant × quantity) per shop, what happens next, *View order* first and it leads to the order. Not paid: what
 * was not paid (amount and goods) and *Pay now* first. English and Arabic at 390 px.
 */
const suite = appAndBrowser();
let lamp: { productId: string; skuIds: string[] };
let bracelet: { productId: string; skuIds: string[] };

beforeAll(async () => {
  await insertAddress(suite.app.deps.db, 'demo_buyer');
  lamp = await insertProduct(suite.app.deps.db, { seller: 'demo_seller', title: 'Rattan lamp', price: '12.5', shippingFee: '1' });
  bracelet = await insertProduct(suite.app.deps.db, { seller: 'demo_seller2', title: 'Jade bracelet', price: '3', shippingMethod: 'free', skus: [{ specification: 'M', colour: 'Green', stock: 20 }] });
});

/** The shell keeps screens alive (hidden): only the visible one counts. */
const vis = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });
const firstAction = (page: Page) => vis(page, 'result-actions').locator('button').first();

for (const language of ['en', 'ar'] as const) {
  describe(`the payment result in ${language} at 390 px`, () => {
    it('after paying from the balance, says the amount paid and the goods; View order comes first and leads to the order', async () => {
      const { context, page } = await phone(suite.browser, { width: 390, height: 844, language });
      await loginAs(page, suite.app.url, 'demo_buyer');
      await page.goto(`${suite.app.url}/#/product/submit-order?buy=${lamp.productId}:${lamp.skuIds[0]}:2`);
      await expect.poll(() => vis(page, 'order-total').textContent()).toMatch(/26/);
      await vis(page, 'pay-method-balance').check();
      await vis(page, 'submit-order').click();
      await vis(page, 'pay-review-confirm').click();
      await page.waitForURL(/[?&]orders=\d+#\/result\/success$/);
      const orderId = /orders=(\d+)/.exec(page.url())?.[1];

      await expect.poll(() => vis(page, 'result-amount').textContent()).toBe(language === 'en' ? 'Paid \u2066π\u00a026\u2069' : 'تم دفع \u2066π\u00a026\u2069');
      await vis(page, 'result-actions').waitFor();
      expect(await vis(page, `result-order-${orderId}`).textContent()).toContain('Rattan lamp');
      expect(await vis(page, `result-order-${orderId}`).textContent()).toContain('× 2');
      await vis(page, 'result-next').waitFor();
      expect(await firstAction(page).getAttribute('data-testid')).toBe('result-view-orders');
      if (language === 'en') expect(await firstAction(page).textContent()).toBe('View order');
      // Start-aligned, not centred.
      const align = await vis(page, 'result-title').evaluate((el) => getComputedStyle(el.parentElement?.parentElement?.parentElement ?? el).textAlign);
      expect(align).toBe('start');
      await expectAccessible(page, `payment result paid ${language}`);
      await shot(page, `payment-result-paid-390-${language}`, { fullPage: true });

      await firstAction(page).click();
      await page.waitForURL(new RegExp(`[?&]id=${orderId}#/mine/order/detail$`));
      await vis(page, 'order-detail-status').waitFor();
      await context.close();
    });

    it('after a cancelled coin payment, says what was not paid and offers Pay now first', async () => {
      const { context, page } = await phone(suite.browser, { width: 390, height: 844, language });
      await loginAs(page, suite.app.url, 'demo_buyer');
      await page.goto(`${suite.app.url}/#/product/submit-order?buy=${bracelet.productId}:${bracelet.skuIds[0]}:1`);
      await expect.poll(() => vis(page, 'order-total').textContent()).toMatch(/3/);
      await vis(page, 'pay-method-coin').check();
      await page.evaluate(() => (window.__sandboxHostTiming = { approvalRetryMs: 400, approvalTimeoutMs: 30_000 }));
      await vis(page, 'submit-order').click();
      await vis(page, 'sandbox-wallet-cancel').click({ timeout: 20_000 });
      await page.waitForURL(/#\/result\/fail/);

      await expect.poll(() => vis(page, 'result-amount').textContent()).toBe(language === 'en' ? 'Not paid: \u2066π\u00a03\u2069' : 'لم يُدفع: \u2066π\u00a03\u2069');
      await vis(page, 'result-actions').waitFor();
      const lines = page.locator('[data-testid^="result-line-"]').filter({ visible: true });
      expect(await lines.allTextContents()).toEqual([expect.stringContaining('Jade bracelet')]);
      expect(await firstAction(page).getAttribute('data-testid')).toBe('result-pay-again');
      await expectAccessible(page, `payment result not paid ${language}`);
      await shot(page, `payment-result-unpaid-390-${language}`, { fullPage: true });

      await firstAction(page).click();
      await page.waitForURL(/orders=\d+.*#\/product\/submit-order$/);
      await context.close();
    });
  });
}
