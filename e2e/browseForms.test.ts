import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitCheckout } from '../server/services/checkout';
import { insertAddress, insertProduct } from '../server/testing/commerceFixtures';
import { explainFailures, launchBrowser, loginAs, startApp } from './support/app';
import { shot } from './support/shots';

/**
 * Issue 33, findings 8, 9 and 10. Category results carry the shopping layer (sort chips, a Filters chip on
 * screen at 320 px, Clear filters on an empty filtered result); checkboxes and radios are the app's, and the
 * address form shows every problem at once beside its field, clearing each as it is fixed; in Arabic a date
 * and a variant stay whole (read left to right in their own order).
 */
type App = Awaited<ReturnType<typeof startApp>>;
let app: App;
let browser: Browser;
let phoneProduct: { productId: string; skuIds: string[] };

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  phoneProduct = await insertProduct(app.deps.db, { seller: 'demo_seller', title: 'Pocket phone', price: '3', skus: [{ specification: '64 GB', colour: 'Natural', stock: 9 }] });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const vis = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

async function open(width: number, language: 'en' | 'ar' = 'en') {
  const context = await browser.newContext({ viewport: { width, height: 780 }, deviceScaleFactor: 1 });
  await context.addInitScript((lang) => localStorage.setItem('coin-mall.language', lang), language);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[page error]', error.message));
  explainFailures(page);
  return { context, page };
}

/** The x of each character of the element's text as drawn: left to right order of the characters on screen. */
async function drawnOrder(target: Locator): Promise<string> {
  return target.evaluate((element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const chars: { c: string; x: number }[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (let i = 0; i < text.length; i += 1) {
          if (/[\s\u2066-\u2069]/.test(text[i] ?? '')) continue;
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const box = range.getClientRects()[0];
          if (box) chars.push({ c: text[i] ?? '', x: box.left });
        }
      }
      return chars
        .sort((a, b) => a.x - b.x)
        .map((c) => c.c)
        .join('');
    });
}

describe('issue 33: browsing, forms and Arabic', () => {
  it('category results sort and filter like search, the Filters chip stays on screen at 320 px, and an empty filtered result offers Clear filters', async () => {
    for (const width of [320, 390, 1280]) {
      const { context, page } = await open(width);
      await page.goto(`${app.url}/#/product/classifysearch?category=1`);
      const filters = vis(page, 'search-filters');
      await filters.waitFor();
      await vis(page, 'search-sort-priceAsc').waitFor();
      const box = await filters.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      // Category names stay on one line (they wrapped onto three).
      const heights = await page.getByRole('tab').filter({ visible: true }).evaluateAll((tabs) => tabs.map((t) => t.getBoundingClientRect().height));
      expect(Math.max(...heights)).toBeLessThan(44);
      if (width === 320) {
        // Sorted by price, low to high: the server's refined statement for a category.
        await vis(page, 'search-sort-priceAsc').click();
        await vis(page, 'search-count').waitFor();
        const prices = await page.locator('main a[href*="product/detail"], main [data-testid="product-tile"]').filter({ visible: true }).allTextContents();
        const numbers = prices.map((p) => Number(/π\s*([\d.]+)/.exec(p)?.[1] ?? 'NaN')).filter((n) => !Number.isNaN(n));
        expect(numbers.length).toBeGreaterThan(1);
        expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
        // A filter nothing passes: Clear filters, not "Check the spelling".
        await filters.click();
        await vis(page, 'search-min-price').fill('999999');
        await vis(page, 'search-filters-apply').click();
        await vis(page, 'filtered-nothing').waitFor();
        expect(await page.getByText('Check the spelling').filter({ visible: true }).count()).toBe(0);
        await vis(page, 'clear-filters').click();
        await vis(page, 'search-count').waitFor();
        expect(await vis(page, 'filtered-nothing').count()).toBe(0);
        expect(await vis(page, 'search-filters').textContent()).toBe('Filters');
      }
      await shot(page, `category-results-${width}-en`);
      await context.close();
    }
    const ar = await open(390, 'ar');
    await ar.page.goto(`${app.url}/#/product/classifysearch?category=1`);
    await vis(ar.page, 'search-filters').waitFor();
    await shot(ar.page, 'category-results-390-ar');
    await ar.context.close();
  });

  it("checkboxes and radios are the app's, and the address form shows every problem beside its field, clearing each as it is fixed", async () => {
    for (const [width, language] of [
      [390, 'en'],
      [1280, 'en'],
      [390, 'ar'],
      [1280, 'ar'],
    ] as const) {
      const { context, page } = await open(width, language);
      await loginAs(page, app.url, 'demo_buyer');
      await page.goto(`${app.url}/#/mine/address/add`);
      await vis(page, 'address-save').waitFor();
      const appearances = await page.locator('input[type="checkbox"], input[type="radio"]').filter({ visible: true }).evaluateAll((inputs) => inputs.map((i) => getComputedStyle(i).appearance));
      expect(appearances.length).toBeGreaterThan(0);
      expect(appearances.every((a) => a === 'none')).toBe(true);
      // The detailed address has more than one line.
      expect(await vis(page, 'address-detail').evaluate((e) => e.tagName)).toBe('TEXTAREA');
      await vis(page, 'address-save').click();
      for (const field of ['firstName', 'lastName', 'phone', 'countryId', 'detail']) await vis(page, `address-${field}-problem`).waitFor();
      await shot(page, `address-form-problems-${width}-${language}`);
      if (width === 390 && language === 'en') {
        await vis(page, 'address-firstName').fill('Amina');
        await vis(page, 'address-firstName-problem').waitFor({ state: 'detached' });
        expect(await vis(page, 'address-lastName-problem').count()).toBe(1);
        await vis(page, 'address-detail').fill('Flat 4, second floor');
        await vis(page, 'address-detail-problem').waitFor({ state: 'detached' });
        expect(await vis(page, 'address-phone-problem').count()).toBe(1);
        // The search filters' radios and checkbox are the app's too.
        await page.goto(`${app.url}/#/product/classifysearch?category=1`);
        await vis(page, 'search-filters').click();
        await vis(page, 'search-condition-any').waitFor();
        const sheet = await page.locator('[data-testid="search-filters-sheet"] input[type="radio"], [data-testid="search-filters-sheet"] input[type="checkbox"]').evaluateAll((inputs) => inputs.map((i) => getComputedStyle(i).appearance));
        expect(sheet.length).toBeGreaterThan(2);
        expect(sheet.every((a) => a === 'none')).toBe(true);
      }
      await context.close();
    }
  });

  it('in Arabic, an order detail keeps its date and its variant whole', async () => {
    const db = app.deps.db;
    const addressId = await insertAddress(db, 'demo_buyer');
    const buyer = await db.selectFrom('users').selectAll().where('username', '=', 'demo_buyer').executeTakeFirstOrThrow();
    const answer = await submitCheckout(app.deps, buyer, {
      idempotencyKey: 'browse-arabic-order-1',
      items: [{ productId: phoneProduct.productId, skuId: phoneProduct.skuIds[0] ?? '', quantity: 1 }],
      addressId,
      paymentMethod: 'coin',
    });
    const orderId = answer.orders[0]?.id ?? '';
    for (const width of [390, 1280]) {
      const { context, page } = await open(width, 'ar');
      await loginAs(page, app.url, 'demo_buyer');
      await page.goto(`${app.url}/#/mine/order/detail?id=${orderId}`);
      const variant = page.getByText('64 GB · Natural').filter({ visible: true }).first();
      await variant.waitFor();
      expect(await drawnOrder(variant)).toBe('64GB·Natural');
      // Every exact moment on the order reads as written: 2026-11-28 02:51:30, not 02:51:30 28-11-2026.
      const times = page.locator('main').getByText(/^\W?\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\W?$/).filter({ visible: true });
      await times.first().waitFor();
      expect(await times.count()).toBeGreaterThan(0);
      for (const time of await times.all()) {
        const text = ((await time.textContent()) ?? '').replace(/[\s\u2066-\u2069]/g, '');
        expect(await drawnOrder(time)).toBe(text);
      }
      await shot(page, `order-detail-${width}-ar`, { fullPage: true });
      await context.close();
    }
  });
});
