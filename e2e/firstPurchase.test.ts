import type { Browser, Locator, Page } from 'playwright-core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../server/testing/commerceFixtures';
import { launchBrowser, loginAs, startApp } from './support/app';
import { explainFailures } from './support/app';
import { shot } from './support/shots';
import { tapInWallet } from './support/buy';

/**
 * Issue 33, findings 1 to 4: a new buyer's first purchase from a shared link. Logged out, from the link,
 * Buy now opens one stable login sheet whose first tap logs in; a first address is a detour that comes
 * back to the same checkout with the same goods; toasts sit above the bottom bar, over no control, and
 * stay on their screen; closing the payment review is a way back, with one unpaid order for the goods.
 */
type App = Awaited<ReturnType<typeof startApp>>;
let app: App;
let browser: Browser;
let lamp: { productId: string; skuIds: string[] };
let kettle: { productId: string; skuIds: string[] };
let vase: { productId: string; skuIds: string[] };

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  lamp = await insertProduct(app.deps.db, { seller: 'demo_seller', title: 'Rattan lamp', price: '12.5', shippingFee: '1' });
  kettle = await insertProduct(app.deps.db, { seller: 'demo_seller', title: 'Copper kettle', price: '4' });
  vase = await insertProduct(app.deps.db, { seller: 'demo_seller2', title: 'Clay vase', price: '2', shippingMethod: 'free' });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** The shell keeps screens alive (hidden): only the visible one counts. */
const vis = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

async function phone(language: 'en' | 'ar' = 'en') {
  const context = await browser.newContext({ viewport: { width: 390, height: 780 }, deviceScaleFactor: 1 });
  await context.addInitScript((lang) => localStorage.setItem('coin-mall.language', lang), language);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[page error]', error.message));
  explainFailures(page);
  return { context, page };
}

/** Every tap of the journey goes through here, so the journey can say how many it took. */
function tapper() {
  let taps = 0;
  return {
    tap: async (target: Locator) => {
      taps += 1;
      await target.click();
    },
    get count() {
      return taps;
    },
  };
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of the toasts on screen (whatever element shows them: the live region's children). */
async function toastBoxes(page: Page, text: string): Promise<Box[]> {
  const toasts = page.getByRole('status').getByText(text, { exact: false }).filter({ visible: true });
  const boxes: Box[] = [];
  for (const toast of await toasts.all()) {
    const box = await toast.boundingBox();
    if (box) boxes.push(box);
  }
  return boxes;
}

/** Fails when a toast showing `text` covers any visible button of the page (its own action excepted). */
async function expectToastCoversNoButton(page: Page, text: string): Promise<void> {
  const boxes = await toastBoxes(page, text);
  expect(boxes.length, `a toast "${text}" shows`).toBeGreaterThan(0);
  // A control counts when a person could tap it but for the toast: with the toasts hidden (layout kept), the
  // control is what is on top at one of its points. Content scrolled under the fixed bottom bars is not.
  const buttons = await page.evaluate(() => {
    const toasts = [...document.querySelectorAll<HTMLElement>('[role="status"] > *')];
    const kept = toasts.map((el) => el.style.visibility);
    for (const el of toasts) el.style.visibility = 'hidden';
    const onTop = (el: Element, r: DOMRect) =>
      [[0.5, 0.5], [0.1, 0.1], [0.9, 0.1], [0.1, 0.9], [0.9, 0.9]].some(([fx, fy]) => {
        const hit = document.elementFromPoint(r.x + r.width * (fx ?? 0.5), r.y + r.height * (fy ?? 0.5));
        return hit !== null && (hit === el || el.contains(hit));
      });
    const found = [...document.querySelectorAll('button, [role="button"], a[href], input, select, label')]
      .filter((el) => !el.closest('[role="status"]'))
      .map((el) => {
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        const hidden = r.width === 0 || r.height === 0 || style.visibility === 'hidden' || el.closest('[hidden], [inert]') !== null || !onTop(el, r);
        return { hidden, box: { x: r.x, y: r.y, width: r.width, height: r.height }, name: `${el.tagName} ${el.getAttribute('data-testid') ?? el.textContent?.trim().slice(0, 30) ?? ''}` };
      })
      .filter((b) => !b.hidden && b.box.y < window.innerHeight && b.box.y + b.box.height > 0);
    toasts.forEach((el, i) => (el.style.visibility = kept[i] ?? ''));
    return found;
  });
  const covered = buttons.filter((b) => boxes.some((t) => overlaps(t, b.box))).map((b) => b.name);
  expect(covered, `controls under the toast "${text}"`).toEqual([]);
}

async function addAddress(page: Page, tap: (l: Locator) => Promise<void>) {
  await vis(page, 'address-firstName').fill('Ana');
  await vis(page, 'address-lastName').fill('Cruz');
  await vis(page, 'address-phone').fill('+63 912 345 6789');
  await vis(page, 'address-country').selectOption({ label: 'Philippines' });
  await vis(page, 'address-province').selectOption({ label: 'Metro Manila' });
  await vis(page, 'address-city').selectOption({ label: 'Manila' });
  await vis(page, 'address-detail').fill('12 Rizal Street, blue gate');
  await tap(vis(page, 'address-save'));
}

async function ordersOf(productId: string): Promise<{ all: number; toPay: number }> {
  const rows = await sql<{ all: string; to_pay: string }>`
    select count(distinct o.id) as all, count(distinct o.id) filter (where o.buyer_tab = 'toPay') as to_pay
    from orders o join order_items i on i.order_id = o.id where i.product_id = ${productId}`.execute(app.deps.db);
  return { all: Number(rows.rows[0]?.all ?? 0), toPay: Number(rows.rows[0]?.to_pay ?? 0) };
}

describe('issue 33: a new buyer’s first purchase from a shared link', () => {
  it('findings 1 and 2: logged out from a shared link, Buy now opens the login sheet, the first tap logs in, a first address comes back to the same goods, and the order is paid (taps counted)', async () => {
    const { context, page } = await phone();
    const counter = tapper();
    const tap = counter.tap;
    await page.goto(`${app.url}/#/product/detail?id=${lamp.productId}`);
    await vis(page, 'detail-title').waitFor();
    await tap(vis(page, 'buy-now-open'));
    await tap(vis(page, 'buy-now'));
    // Finding 2: one login sheet over the page; the first tap, at once, starts the login.
    const login = vis(page, 'login-with-pi');
    await login.waitFor();
    const loginBox = await login.boundingBox();
    const toastOverLogin = await page.evaluate(
      ({ box }) =>
        [...document.querySelectorAll('[role="status"] > *')].some((el) => {
          const r = el.getBoundingClientRect();
          return box !== null && r.width > 0 && r.x < box.x + box.width && box.x < r.x + r.width && r.y < box.y + box.height && box.y < r.y + r.height;
        }),
      { box: loginBox },
    );
    expect(toastOverLogin, 'a toast covers Log in with Pi').toBe(false);
    await shot(page, 'first-purchase-login-sheet-390-en');
    await tap(login);
    // The host's account picker answers the first tap (the login started), and the sheet is still the same one.
    await tap(page.getByTestId('sandbox-user-demo_buyer').filter({ visible: true }));
    // Logged in: the checkout of the goods chosen on the product (nothing else in the way).
    await page.waitForURL((u) => u.hash.startsWith('#/product/submit-order') && u.search.includes('buy='));
    await vis(page, `order-line-${lamp.skuIds[0]}`).waitFor();
    expect(await vis(page, 'login-sheet').count()).toBe(0);

    // Finding 1: no address yet: the address form is a detour back to the same checkout with the same goods.
    await tap(vis(page, 'order-add-address'));
    await page.waitForURL(/#\/mine\/address\/add/);
    await addAddress(page, tap);
    await page.waitForURL((u) => u.hash.startsWith('#/product/submit-order') && u.search.includes('buy='));
    await page.getByText('12 Rizal Street, blue gate').filter({ visible: true }).waitFor();
    await vis(page, `order-line-${lamp.skuIds[0]}`).waitFor();
    expect(await vis(page, `order-line-qty-${lamp.skuIds[0]}`).textContent()).toContain('1');
    await expect.poll(() => vis(page, 'order-total').textContent()).toBe('π 13.5');
    await shot(page, 'first-purchase-checkout-after-address-390-en');

    // Place order with the account balance, review, pay.
    await vis(page, 'pay-method-balance').check();
    await tap(vis(page, 'submit-order'));
    await vis(page, 'pay-review').waitFor();
    await tap(vis(page, 'pay-review-confirm'));
    await page.waitForURL(/#\/result\/success/);
    await expect.poll(() => page.locator('[data-testid^="result-status-"]').filter({ visible: true }).allTextContents()).toEqual(['Paid']);
    // Back from the result never lands on a checkout that lost its goods.
    console.log(`[issue 33] shared link, logged out, no address → paid order: ${counter.count} taps (the balance method picked: 1 more), 7 typed fields/dropdowns`);
    // Budget of the issue for a new buyer: at most 11 taps.
    expect(counter.count + 1).toBeLessThanOrEqual(11);
    await context.close();
  });

  it('finding 1: Back from the checkout after the address detour is the product, not a checkout without totals', async () => {
    const { context, page } = await phone();
    await loginAs(page, app.url, 'demo_seller2');
    await page.goto(`${app.url}/#/product/detail?id=${kettle.productId}`);
    await vis(page, 'buy-now-open').click();
    await vis(page, 'buy-now').click();
    await page.waitForURL((u) => u.hash.startsWith('#/product/submit-order') && u.search.includes('buy='));
    await vis(page, 'order-add-address').click();
    await addAddress(page, (l) => l.click());
    await page.waitForURL((u) => u.hash.startsWith('#/product/submit-order') && u.search.includes('buy='));
    await vis(page, 'order-total').filter({ hasText: /π \d/ }).waitFor();
    await page.goBack();
    await page.waitForURL(/#\/product\/detail/);
    await vis(page, 'detail-title').waitFor();
    await context.close();
  });

  it('finding 2: the cart as a visitor shows the login sheet over the page, and its first tap logs in', async () => {
    const { context, page } = await phone();
    await page.goto(`${app.url}/#/product/detail?id=${vase.productId}`);
    await vis(page, 'detail-title').waitFor();
    await vis(page, 'bar-cart').click();
    await vis(page, 'login-with-pi').click();
    await page.getByTestId('sandbox-user-demo_buyer').filter({ visible: true }).waitFor({ timeout: 5000 });
    // Still the login sheet: nothing replaced it after 1.5 s.
    await page.waitForTimeout(1800);
    expect(page.url()).toMatch(/#\/product\/cart/);
    await page.getByTestId('sandbox-user-demo_buyer').filter({ visible: true }).click();
    await vis(page, 'login-sheet').waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/#\/product\/cart/);
    await context.close();
  });

  it('finding 3: the add-to-cart toast covers no control and stays on the product; after a cancelled payment no toast covers Pay again', async () => {
    const { context, page } = await phone();
    await loginAs(page, app.url, 'demo_buyer');
    await page.goto(`${app.url}/#/product/detail?id=${vase.productId}`);
    await vis(page, 'detail-title').waitFor();
    await vis(page, 'add-to-cart-open').click();
    await vis(page, 'add-to-cart').click();
    const added = 'Added to the cart';
    await page.getByRole('status').getByText(added).filter({ visible: true }).waitFor();
    await page.waitForTimeout(400); // the sheet has closed
    await expectToastCoversNoButton(page, added);
    await shot(page, 'first-purchase-toast-390-en');
    await vis(page, 'bar-cart').click();
    await page.waitForURL(/#\/product\/cart/);
    await page.getByText('Clay vase').filter({ visible: true }).waitFor();
    expect(await toastBoxes(page, added)).toEqual([]);

    // A coin payment cancelled in the wallet: the result offers Pay again, and no toast covers anything.
    await page.goto(`${app.url}/#/product/submit-order?buy=${vase.productId}:${vase.skuIds[0]}:1`);
    await expect.poll(() => vis(page, 'order-total').textContent()).toBe('π 2');
    await vis(page, 'pay-method-coin').check();
    await page.evaluate(() => (window.__sandboxHostTiming = { approvalRetryMs: 400, approvalTimeoutMs: 30_000 }));
    await vis(page, 'submit-order').click();
    await tapInWallet(page, 'sandbox-wallet-cancel');
    await page.waitForURL(/#\/result\/fail/, { timeout: 20_000 });
    await vis(page, 'result-pay-again').waitFor();
    const covered = await page.evaluate(() => {
      const toasts = [...document.querySelectorAll('[role="status"] > *')].map((el) => el.getBoundingClientRect()).filter((r) => r.width > 0);
      return [...document.querySelectorAll('button')]
        .map((el) => ({ r: el.getBoundingClientRect(), id: el.getAttribute('data-testid') ?? el.textContent ?? '' }))
        .filter(({ r }) => r.width > 0 && toasts.some((t) => t.x < r.x + r.width && r.x < t.x + t.width && t.y < r.y + r.height && r.y < t.y + t.height))
        .map(({ id }) => id);
    });
    expect(covered).toEqual([]);
    await context.close();
  });

  it('finding 4: closing the payment review goes back to the checkout with the goods; three closes and a payment leave one order', async () => {
    const { context, page } = await phone();
    await loginAs(page, app.url, 'demo_buyer');
    await page.evaluate((items) => localStorage.setItem('coin-mall.cart', JSON.stringify(items)), [{ productId: kettle.productId, skuId: kettle.skuIds[0], quantity: 2, selected: true }]);
    await page.goto(`${app.url}/#/product/cart`);
    await page.getByText('Copper kettle').filter({ visible: true }).waitFor();
    await vis(page, 'cart-checkout').click();
    await page.waitForURL(/#\/product\/submit-order/);
    await expect.poll(() => vis(page, 'order-total').textContent()).toMatch(/^π \d/);
    const total = (await vis(page, 'order-total').textContent()) ?? '';
    await vis(page, 'pay-method-balance').check();
    for (let round = 1; round <= 3; round += 1) {
      await vis(page, 'submit-order').click();
      await vis(page, 'pay-review').waitFor();
      await expect.poll(() => vis(page, 'pay-review-amount').textContent()).toBe(total);
      await vis(page, 'pay-review-cancel').click();
      await vis(page, 'pay-review').waitFor({ state: 'detached' });
      // Back on the same checkout: goods, total and the chosen method kept, nothing paid, the cart intact.
      expect(page.url()).toMatch(/#\/product\/submit-order/);
      await vis(page, `order-line-${kettle.skuIds[0]}`).waitFor();
      expect(await vis(page, 'order-total').textContent()).toBe(total);
      expect(await vis(page, 'pay-method-balance').isChecked()).toBe(true);
      await vis(page, 'order-unpaid-kept').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('coin-mall.cart') ?? '')).toContain(kettle.skuIds[0] ?? '-');
      expect(await ordersOf(kettle.productId)).toEqual({ all: 1, toPay: 1 });
    }
    await vis(page, 'submit-order').click();
    await vis(page, 'pay-review-confirm').click();
    await page.waitForURL(/#\/result\/success/);
    // (the buyer's cart also holds the vase of an earlier journey: both are paid, each once)
    await expect.poll(() => page.locator('[data-testid^="result-status-"]').filter({ visible: true }).allTextContents()).toContain('Paid');
    expect(new Set(await page.locator('[data-testid^="result-status-"]').filter({ visible: true }).allTextContents())).toEqual(new Set(['Paid']));
    expect(await ordersOf(kettle.productId)).toEqual({ all: 1, toPay: 0 });
    await context.close();
  });

  it('pictures the login sheet, the checkout after the address detour and a toast in Arabic at 390 px', async () => {
    const { context, page } = await phone('ar');
    await page.goto(`${app.url}/#/product/detail?id=${vase.productId}`);
    await vis(page, 'detail-title').waitFor();
    await vis(page, 'buy-now-open').click();
    await vis(page, 'buy-now').click();
    await vis(page, 'login-with-pi').waitFor();
    await page.waitForTimeout(400); // the sheet's entrance
    await shot(page, 'first-purchase-login-sheet-390-ar');
    await vis(page, 'login-with-pi').click();
    await page.getByTestId('sandbox-user-demo_arbiter').filter({ visible: true }).click();
    await vis(page, 'order-add-address').click();
    await addAddress(page, (l) => l.click());
    await page.waitForURL((u) => u.hash.startsWith('#/product/submit-order') && u.search.includes('buy='));
    await vis(page, 'order-total').filter({ hasText: /π \d/ }).waitFor();
    await shot(page, 'first-purchase-checkout-after-address-390-ar');
    await page.goto(`${app.url}/#/product/detail?id=${vase.productId}`);
    await vis(page, 'add-to-cart-open').click();
    await vis(page, 'add-to-cart').click();
    await page.getByTestId('toast-action').filter({ visible: true }).waitFor();
    await page.waitForTimeout(400);
    await shot(page, 'first-purchase-toast-390-ar');
    await context.close();
  });
});
