import type { Browser, Locator, Page } from 'playwright-core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAddress, insertProduct } from '../server/testing/commerceFixtures';
import { launchBrowser, phone as phoneOf, startApp } from './support/app';
import { axeViolations } from './support/axe';
import { shot } from './support/shots';

/**
 * Issue 33's goal, measured: from a shared product link, logged out, in a fresh browser at 390 px, a returning
 * buyer (an address on file) reaches a paid order in at most 5 taps after the login, and a new buyer (no
 * address) in at most 11 taps, with only the address fields filled in. Every tap goes through one counter,
 * which also checks that the control is the element under the tap point at that moment (nothing covers it)
 * and that the tap changed something (no lost tap); every step waits for the next control (no dead end);
 * axe finds nothing serious on any screen the journey passes (finding 11). English and Arabic.
 */
type App = Awaited<ReturnType<typeof startApp>>;
let app: App;
let browser: Browser;
let lamp: { productId: string; skuIds: string[] };

/** The two taps of the platform's own login (the app's "Log in with Pi" and the host's account picker). */
const loginTaps = 2;
const budget = { returningAfterLogin: 5, newBuyer: 11 };

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  lamp = await insertProduct(app.deps.db, { seller: 'demo_seller', title: 'Rattan lamp', price: '3', shippingFee: '1' });
  // Returning buyers: an address on file already.
  await insertAddress(app.deps.db, 'demo_seller2');
  await insertAddress(app.deps.db, 'demo_rejected');
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const vis = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

declare global {
  interface Window {
    __tapChanges?: number;
    __tapObserver?: MutationObserver;
  }
}

/**
 * The one way the journey taps. Before the tap: the control is visible, at rest (no running animation), and
 * the element under its centre is the control or inside it (or its label). The tap itself is a pointer press at
 * that point, so a cover would take it. After the tap: the address or the document changed (a lost tap fails).
 */
function tapper(page: Page) {
  const taps: string[] = [];
  return {
    taps,
    async tap(target: Locator, name: string): Promise<void> {
      await target.waitFor({ state: 'visible', timeout: 20_000 });
      await target.scrollIntoViewIfNeeded();
      await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
      const box = await target.boundingBox();
      if (!box) throw new Error(`tap ${taps.length + 1} (${name}): the control has no box`);
      const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      const hit = await target.evaluate((control, { x, y }) => {
        let at: Element | null = document.elementFromPoint(x, y);
        while (at?.shadowRoot) {
          const inner = at.shadowRoot.elementFromPoint(x, y);
          if (!inner || inner === at) break;
          at = inner;
        }
        const labels = control instanceof HTMLInputElement ? [...(control.labels ?? [])] : [];
        const ok = at !== null && (control === at || control.contains(at) || labels.some((l) => l.contains(at)));
        const name = at === null ? 'nothing' : `${at.tagName.toLowerCase()}${at.getAttribute('data-testid') ? `[data-testid=${at.getAttribute('data-testid')}]` : ''} "${(at.textContent ?? '').trim().slice(0, 40)}"`;
        return { ok, at: name };
      }, point);
      expect(hit.ok, `tap ${taps.length + 1} (${name}) is covered by ${hit.at}`).toBe(true);
      const url = page.url();
      await page.evaluate(() => {
        window.__tapObserver?.disconnect();
        window.__tapChanges = 0;
        window.__tapObserver = new MutationObserver((records) => {
          // A toast appearing by itself is no answer to the tap.
          window.__tapChanges = (window.__tapChanges ?? 0) + records.filter((r) => !(r.target instanceof Element ? r.target : r.target.parentElement)?.closest('[role="status"]')).length;
        });
        window.__tapObserver.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      });
      taps.push(name);
      await page.mouse.click(point.x, point.y);
      await expect
        .poll(async () => page.url() !== url || (await page.evaluate(() => (window.__tapChanges ?? 0) > 0).catch(() => true)), { timeout: 5_000, message: `tap ${taps.length} (${name}) changed nothing` })
        .toBe(true);
    },
  };
}

const phone = (language: 'en' | 'ar') => phoneOf(browser, { width: 390, language });

/** axe on the screen the journey is on; collected, so one run names every serious finding of the path. */
async function check(page: Page, found: string[], step: string, language: string, who: string): Promise<void> {
  found.push(...(await axeViolations(page, `${step} (${language})`)));
  await shot(page, `tap-budget-${who}-${step}-390-${language}`);
}

async function paidOrders(username: string): Promise<number> {
  const rows = await sql<{ n: string }>`
    select count(distinct o.id) as n from orders o join order_items i on i.order_id = o.id join users u on u.id = o.buyer_id
    where i.product_id = ${lamp.productId} and u.username = ${username} and o.buyer_tab <> 'toPay'`.execute(app.deps.db);
  return Number(rows.rows[0]?.n ?? 0);
}

/** Logged out, from the shared link: Buy now, the login sheet, the host's picker; the checkout of those goods. */
async function fromSharedLinkToCheckout(page: Page, tap: ReturnType<typeof tapper>['tap'], username: string, found: string[], language: string, who: string) {
  await page.goto(`${app.url}/#/product/detail?id=${lamp.productId}`);
  await vis(page, 'detail-title').waitFor();
  await check(page, found, '1-product', language, who);
  await tap(vis(page, 'buy-now-open'), 'Buy now (bar)');
  await vis(page, 'buy-now').waitFor();
  await check(page, found, '2-spec-sheet', language, who);
  await tap(vis(page, 'buy-now'), 'Buy now (sheet)');
  await vis(page, 'login-with-pi').waitFor();
  await check(page, found, '3-login-sheet', language, who);
  await tap(vis(page, 'login-with-pi'), 'Log in with Pi');
  await tap(page.getByTestId(`sandbox-user-${username}`).filter({ visible: true }), 'host: pick the account');
  await page.waitForURL((u) => u.hash.startsWith('#/product/submit-order') && u.search.includes('buy='));
  await vis(page, `order-line-${lamp.skuIds[0]}`).waitFor();
}

/** The coin (preselected in a fresh browser): Place order, then the host's wallet, which may first ask who pays. */
async function placeAndPay(page: Page, tap: ReturnType<typeof tapper>['tap'], username: string) {
  await page.evaluate(() => (window.__sandboxHostTiming = { approvalRetryMs: 400, approvalTimeoutMs: 30_000 }));
  await vis(page, 'pay-method-coin').and(page.locator(':checked')).waitFor();
  await tap(vis(page, 'submit-order'), 'Place order');
  const approve = vis(page, 'sandbox-wallet-approve');
  const signIn = page.getByTestId(`sandbox-user-${username}`).filter({ visible: true });
  await approve.or(signIn).first().waitFor({ timeout: 20_000 });
  if (!(await approve.isVisible())) await tap(signIn, 'host: who pays');
  await tap(approve, 'host: Pay');
  await page.waitForURL(/#\/result\/success/, { timeout: 30_000 });
}

/** From the checkout with an address: axe on it, pay, axe on the result, and exactly one paid order. */
async function payFromCheckout(page: Page, tap: ReturnType<typeof tapper>['tap'], username: string, found: string[], steps: [string, string], language: string, who: string) {
  await vis(page, 'order-total').filter({ hasText: /π \d/ }).waitFor();
  await check(page, found, steps[0], language, who);
  await placeAndPay(page, tap, username);
  await vis(page, 'result-title').waitFor();
  await check(page, found, steps[1], language, who);
  expect(await paidOrders(username)).toBe(1);
}

describe('issue 33: the tap budget from a shared link, logged out, fresh browser, 390 px', () => {
  const cases = [
    { language: 'en', returning: 'demo_seller2', fresh: 'demo_buyer' },
    { language: 'ar', returning: 'demo_rejected', fresh: 'demo_arbiter' },
  ] as const;
  for (const { language, returning, fresh } of cases) {
    it(`a returning buyer (an address on file) pays in at most ${budget.returningAfterLogin} taps after the login, nothing covered or lost, axe clean (${language})`, async () => {
      const { context, page } = await phone(language);
      const counter = tapper(page);
      const found: string[] = [];
      await fromSharedLinkToCheckout(page, counter.tap, returning, found, language, 'returning');
      await page.getByText('12 Rizal Street').filter({ visible: true }).first().waitFor();
      await payFromCheckout(page, counter.tap, returning, found, ['4-checkout', '5-paid'], language, 'returning');
      console.log(`[issue 33 taps] returning buyer (${language}): ${counter.taps.length} taps, ${counter.taps.length - loginTaps} after the login: ${counter.taps.join(' → ')}`);
      expect(found).toEqual([]);
      expect(counter.taps.length - loginTaps).toBeLessThanOrEqual(budget.returningAfterLogin);
      await context.close();
    });

    it(`a new buyer (no address) pays in at most ${budget.newBuyer} taps with only the address typed, nothing covered or lost, axe clean (${language})`, async () => {
      const { context, page } = await phone(language);
      const counter = tapper(page);
      const found: string[] = [];
      await fromSharedLinkToCheckout(page, counter.tap, fresh, found, language, 'new');
      await vis(page, 'order-add-address').waitFor();
      await check(page, found, '4-checkout-no-address', language, 'new');
      await counter.tap(vis(page, 'order-add-address'), 'Add an address');
      await page.waitForURL(/#\/mine\/address\/add/);
      await vis(page, 'address-firstName').waitFor();
      await check(page, found, '5-address-form', language, 'new');
      // Only the address is typed or chosen (dropdowns counted apart from taps, as the issue measured them).
      const typed = { fields: 0, dropdowns: 0 };
      const fill = async (id: string, value: string) => {
        typed.fields += 1;
        await vis(page, id).fill(value);
      };
      const choose = async (id: string, label: string) => {
        typed.dropdowns += 1;
        await vis(page, id).selectOption({ label });
      };
      await fill('address-firstName', 'Ana');
      await fill('address-lastName', 'Cruz');
      await fill('address-phone', '+63 912 345 6789');
      await choose('address-country', 'Philippines');
      await choose('address-province', 'Metro Manila');
      await choose('address-city', 'Manila');
      await fill('address-detail', '12 Rizal Street, blue gate');
      await counter.tap(vis(page, 'address-save'), 'Save the address');
      await page.waitForURL((u) => u.hash.startsWith('#/product/submit-order') && u.search.includes('buy='));
      await page.getByText('12 Rizal Street, blue gate').filter({ visible: true }).waitFor();
      await payFromCheckout(page, counter.tap, fresh, found, ['6-checkout', '7-paid'], language, 'new');
      console.log(`[issue 33 taps] new buyer (${language}): ${counter.taps.length} taps, ${typed.fields} typed fields, ${typed.dropdowns} dropdowns: ${counter.taps.join(' → ')}`);
      expect(found).toEqual([]);
      expect(counter.taps.length).toBeLessThanOrEqual(budget.newBuyer);
      await context.close();
    });
  }
});
