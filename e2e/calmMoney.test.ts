import crypto from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CheckoutAnswer } from '../src/domain/types/commerce';
import { orderTimerKind } from '../server/services/orders';
import { ApiCaller } from '../server/testing/apiClient';
import { insertAddress, insertProduct } from '../server/testing/commerceFixtures';
import { appAndBrowser, loginAs, phone } from './support/app';
import { expectAccessible } from './support/axe';
import { shot } from './support/shots';

/**
 * Issue 37, finding 3: money and deadlines read calmly. An amount with 7 decimals is shown in full as one
 * unbroken piece ("π 38.9275631") at 320 and 390 px in English and Arabic, the sign before the number in both;
 * a deadline a day away is plain text, one 30 minutes away is in the danger colour and weight.
 */
const suite = appAndBrowser();
const price = '38.9275631';

/** A paid order of demo_buyer from demo_seller (priced with every decimal the coin has); answers its id. */
async function paidOrder(title: string): Promise<string> {
  const { app } = suite;
  const buyer = new ApiCaller(app.url, () => Date.now());
  await buyer.loginAs('demo_buyer');
  const p = await insertProduct(app.deps.db, { seller: 'demo_seller', title, price, shippingFee: '0' });
  const addressId = await insertAddress(app.deps.db, 'demo_buyer');
  const placed = await buyer.post<CheckoutAnswer>('/api/commodity/orders/submit', { idempotencyKey: crypto.randomUUID(), items: [{ productId: p.productId, skuId: p.skuIds[0], quantity: 1 }], addressId, paymentMethod: 'balance' });
  const id = placed.object.orders[0]?.id ?? '';
  expect((await buyer.post('/api/pay/balance', { orderIds: [id] })).code).toBe('0000');
  return id;
}

async function as(username: string, width: number, language: 'en' | 'ar'): Promise<Page> {
  const { page } = await phone(suite.browser, { width, height: 844, locale: language === 'ar' ? 'ar' : 'en-US', language });
  await loginAs(page, suite.app.url, username);
  return page;
}

const vis = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

/** How many lines the text of an element takes (distinct line boxes of its text), and whether it fits its box. */
async function lineBoxes(element: Locator): Promise<{ lines: number; text: string; overflows: boolean }> {
  return element.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    const box = el.getBoundingClientRect();
    const text = range.getBoundingClientRect();
    return { lines: tops.size, text: el.textContent ?? '', overflows: text.right > Math.max(box.right, window.innerWidth) + 1 || text.left < Math.min(box.left, 0) - 1 };
  });
}

/** The amount of one element read as the app shows it: the sign, then the number with every decimal. */
async function expectWholeAmount(element: Locator, what: string): Promise<void> {
  const seen = await lineBoxes(element);
  expect(seen.text.replace(/[\u2066-\u2069]/g, ''), what).toMatch(/π[ \u00a0]\d+\.\d{5,7}/);
  expect(seen.lines, `${what}: "${seen.text}" on one line`).toBe(1);
  expect(seen.overflows, `${what}: "${seen.text}" inside its box and the screen`).toBe(false);
}

async function looks(element: Locator): Promise<{ color: string; weight: number }> {
  return element.evaluate((el) => {
    const style = getComputedStyle(el);
    return { color: style.color, weight: Number(style.fontWeight) };
  });
}
/** The danger colour of the theme, #b42318, and #d92d20 (the theme's danger before 2026-11-29). */
const red = ['rgb(180, 35, 24)', 'rgb(217, 45, 32)'];

describe('issue 37, finding 3: amounts whole, deadlines calm until close', () => {
  it('an amount with 7 decimals is shown in full on one line at 320 and 390 px, English and Arabic; π before the number in both', async () => {
    const id = await paidOrder('Seven-decimal teapot');
    for (const language of ['en', 'ar'] as const) {
      for (const width of [320, 390]) {
        const seller = await as('demo_seller', width, language);
        await seller.goto(`${suite.app.url}/#/seller/order/list`);
        await vis(seller, 'seller-money').waitFor();
        // The seller's money: this order's income (its price less the fee) is pending, with all its decimals.
        for (const figure of ['seller-money-not-yet', 'seller-money-available', 'seller-money-withdrawn']) {
          const seen = await lineBoxes(vis(seller, figure));
          expect(seen.lines, `${figure} at ${width} px ${language}: "${seen.text}"`).toBe(1);
          expect(seen.overflows, `${figure} at ${width} px ${language}`).toBe(false);
        }
        await expectWholeAmount(vis(seller, 'seller-money-not-yet'), `pending income at ${width} px ${language}`);
        // The order's card in the list to confirm: its total sentence keeps the amount whole.
        const card = vis(seller, `seller-order-${id}`);
        await card.waitFor();
        expect((await card.innerText()).replace(/[\u2066-\u2069]/g, '')).toContain(`π\u00a0${price}`);
        await seller.goto(`${suite.app.url}/#/mine/seller/order-detail?id=${id}`);
        await expectWholeAmount(vis(seller, 'seller-detail-total'), `order total at ${width} px ${language}`);
        // The sign reads before the number in Arabic too: the amount's own box starts with π, left to right.
        const order = await vis(seller, 'seller-detail-total').locator('[data-amount]').evaluate((el) => ({ dir: getComputedStyle(el).direction, text: el.textContent }));
        expect(order).toEqual({ dir: 'ltr', text: `π ${price}` });
        if (width === 390) {
          await seller.goto(`${suite.app.url}/#/seller/order/list`);
          await vis(seller, 'seller-money').waitFor();
          await expectAccessible(seller, `seller centre ${language} ${width}`);
          await shot(seller, `p37-money-seller-centre-${width}-${language}`, { fullPage: true });
        }
        await seller.context().close();
      }
    }
    // The buyer's side of the same order: the product's price and the order's total, at 320 px.
    const buyer = await as('demo_buyer', 320, 'ar');
    await buyer.goto(`${suite.app.url}/#/mine/order/detail?id=${id}`);
    await vis(buyer, 'order-detail-status').waitFor();
    await shot(buyer, 'p37-money-order-320-ar', { fullPage: true });
    await buyer.context().close();
  });

  it('a deadline a day away is plain text; 30 minutes away it is in the danger colour and weight (English and Arabic, the time isolated)', async () => {
    const calmId = await paidOrder('Calm deadline bowl');
    const closeId = await paidOrder('Urgent deadline bowl');
    // The confirm window of the second order ends in 30 minutes (its durable timer, as the chart would have it after 23.5 h).
    const moved = await suite.app.deps.db
      .updateTable('timers')
      .set({ due_at: new Date(Date.now() + 30 * 60_000) })
      .where('kind', '=', orderTimerKind)
      .where('entity_id', '=', closeId)
      .where('fired_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst();
    expect(Number(moved.numUpdatedRows)).toBe(1);
    for (const language of ['en', 'ar'] as const) {
      const seller = await as('demo_seller', 390, language);
      await seller.goto(`${suite.app.url}/#/seller/order/list`);
      const calm = vis(seller, `seller-order-${calmId}`).getByTestId('seller-deadline');
      const urgent = vis(seller, `seller-order-${closeId}`).getByTestId('seller-deadline');
      await calm.waitFor();
      await urgent.waitFor();
      const calmLooks = await looks(calm);
      expect(red, `a day away, ${language}: ${calmLooks.color}`).not.toContain(calmLooks.color);
      expect(calmLooks.weight, `a day away, ${language}`).toBeLessThan(600);
      const urgentLooks = await looks(urgent);
      expect(red, `30 min away, ${language}: ${urgentLooks.color}`).toContain(urgentLooks.color);
      expect(urgentLooks.weight, `30 min away, ${language}`).toBeGreaterThanOrEqual(700);
      // The moment is its own left-to-right piece, whole on one line, inside the sentence.
      for (const line of [calm, urgent]) {
        const time = line.locator('time');
        expect(await time.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
        expect(await time.innerText()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
        expect((await lineBoxes(time)).lines).toBe(1);
      }
      // The to-do line of orders to confirm: its time left follows the nearest (urgent), its count said once.
      const todo = vis(seller, 'seller-today-toConfirm');
      expect(await vis(seller, 'seller-today-toConfirm-due').getAttribute('data-level')).toBe('urgent');
      const count = await todo.getAttribute('data-count');
      const said = ((await todo.innerText()).match(/\d+/g) ?? []).filter((d) => d === count).length;
      expect(said, `"${await todo.innerText()}" says ${count} at most once`).toBeLessThanOrEqual(1);
      if (language === 'en') expect(said).toBe(1);
      await expectAccessible(seller, `seller centre deadlines ${language}`);
      await shot(seller, `p37-deadlines-todo-390-${language}`);
      await calm.scrollIntoViewIfNeeded();
      await shot(seller, `p37-deadlines-cards-390-${language}`);
      if (language === 'en') {
        const desk = await as('demo_seller', 1280, 'en');
        await desk.goto(`${suite.app.url}/#/seller/order/list`);
        await vis(desk, `seller-order-${closeId}`).waitFor();
        await shot(desk, 'p37-deadlines-seller-centre-1280-en');
        await vis(desk, `seller-order-${calmId}`).scrollIntoViewIfNeeded();
        await shot(desk, 'p37-deadlines-cards-1280-en');
        await desk.context().close();
      }
      await seller.context().close();
    }
  });
});
