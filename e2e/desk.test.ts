import crypto from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parseMoney } from '../src/domain/money';
import type { CheckoutAnswer } from '../src/domain/types/commerce';
import type { ConversationView } from '../src/domain/types/customerService';
import { ApiCaller } from '../server/testing/apiClient';
import { insertAddress, insertProduct, userId } from '../server/testing/commerceFixtures';
import { appAndBrowser, explainFailures, loginAs, phone } from './support/app';
import { expectAccessible } from './support/axe';
import { shot } from './support/shots';

/**
 * Staff at a desk (issue 24, findings 16, 17 and the console's role names), in a real browser at the
 * console's 1280 px and on a phone: the customer-service desk in three panes (queue, conversation, the
 * customer with orders and after-sale cases named by product), one pane at a time on a phone; product
 * review with large pictures that open the zoomable full-screen viewer, the seller's record beside; the
 * console's users with their roles in words. SHOTS_DIR=<dir> saves screenshots of each screen.
 */
const suite = appAndBrowser();


const vis = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

async function desk(language = 'en'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1, locale: 'en-US' });
  const page = await context.newPage();
  explainFailures(page);
  await loginAs(page, suite.app.url, 'demo_arbiter');
  if (language !== 'en') {
    await page.evaluate((c) => localStorage.setItem('coin-mall.language', c), language);
    await page.reload();
  }
  return { context, page };
}


const box = async (page: Page, testId: string) => (await vis(page, testId).boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };

describe('the customer-service desk (finding 16)', () => {
  it('shows the queue, the conversation and the customer side by side at 1280 px, the customer with orders and cases named by product; one pane at a time on a phone', async () => {
    // The customer: an order of a named product with an after-sale case on it, and a question to the platform.
    const db = suite.app.deps.db;
    const buyerApi = new ApiCaller(suite.app.url, () => Date.now());
    await buyerApi.loginAs('demo_buyer');
    const product = await insertProduct(db, { seller: 'demo_seller', title: 'Rattan lamp shade', price: '6', shippingFee: '1' });
    const addressId = await insertAddress(db, 'demo_buyer');
    const placed = await buyerApi.post<CheckoutAnswer>('/api/commodity/orders/submit', { idempotencyKey: crypto.randomUUID(), items: [{ productId: product.productId, skuId: product.skuIds[0], quantity: 1 }], addressId, paymentMethod: 'balance' });
    expect(placed.code, placed.msg).toBe('0000');
    const buyerId = await userId(db, 'demo_buyer');
    const sellerId = await userId(db, 'demo_seller');
    await db
      .insertInto('after_sales')
      .values({ order_id: BigInt(placed.object.orders[0]?.id ?? '0'), buyer_id: buyerId, seller_id: sellerId, kind: 'refundOnly', status: 'applied', chart: JSON.stringify({ value: 'applied', context: {} }), amount: parseMoney('7') })
      .execute();
    const opened = await buyerApi.post<ConversationView>('/api/chat/conversation/open', { kind: 'platform' });
    expect(opened.code, opened.msg).toBe('0000');
    expect((await buyerApi.post('/api/chat/message/send', { conversationId: opened.object.id, clientId: crypto.randomUUID(), body: 'Where is my lamp shade?' })).code).toBe('0000');

    for (const language of ['en', 'ar']) {
      const staff = await desk(language);
      await staff.page.goto(`${suite.app.url}/#/platform/console/service`);
      await vis(staff.page, 'desk-panes').waitFor();
      await vis(staff.page, 'conversation').first().click();
      // Three panes side by side, in reading order (mirrored in Arabic).
      await vis(staff.page, 'chat-message').first().waitFor();
      const [queue, chat, customer] = [await box(staff.page, 'desk-queue-pane'), await box(staff.page, 'desk-chat-pane'), await box(staff.page, 'desk-customer-pane')];
      if (language === 'en') {
        expect(chat.x).toBeGreaterThanOrEqual(queue.x + queue.width - 1);
        expect(customer.x).toBeGreaterThanOrEqual(chat.x + chat.width - 1);
      } else {
        expect(chat.x + chat.width).toBeLessThanOrEqual(queue.x + 1);
        expect(customer.x + customer.width).toBeLessThanOrEqual(chat.x + 1);
      }
      expect(Math.abs(queue.y - customer.y)).toBeLessThan(60); // beside, not above
      // An English message reads left to right on an Arabic desk too ("?Where is my lamp shade" before), in the room and in the queue.
      const direction = (where: Locator) => where.locator('[dir=auto]').first().evaluate((e) => getComputedStyle(e).direction);
      expect(await direction(vis(staff.page, 'chat-message').first())).toBe('ltr');
      expect(await direction(vis(staff.page, 'conversation').first())).toBe('ltr');
      // The customer: products named in their orders and after-sale cases.
      await expect.poll(() => vis(staff.page, 'person-recent-orders').textContent()).toContain('Rattan lamp shade');
      expect(await vis(staff.page, 'person-recent-cases').textContent()).toContain('Rattan lamp shade');
      await vis(staff.page, 'person-recent-withdrawals').waitFor();
      // The phone's pane buttons are not shown at a desk.
      expect(await vis(staff.page, 'desk-show-customer').count()).toBe(0);
      await expectAccessible(staff.page, `customer-service desk at 1280 px (${language})`);
      await shot(staff.page, `desk-service-1280-${language}`);
      await staff.context.close();
    }

    // A phone: one pane at a time, with a way to each of the others.
    for (const language of ['en', 'ar']) {
      const { context, page } = await phone(suite.browser, { height: 844 });
      await page.setViewportSize({ width: 390, height: 844 });
      await loginAs(page, suite.app.url, 'demo_arbiter');
      if (language !== 'en') await page.evaluate((c) => localStorage.setItem('coin-mall.language', c), language);
      await page.goto(`${suite.app.url}/#/platform/console/service`);
      await page.reload();
      await vis(page, 'conversation').first().waitFor();
      expect(await vis(page, 'desk-chat-pane').count()).toBe(0);
      expect(await vis(page, 'desk-customer-pane').count()).toBe(0);
      await expectAccessible(page, `customer-service desk queue on a phone (${language})`);
      await shot(page, `desk-service-390-queue-${language}`);
      // The last message lines up with the customer's name, at the start of the row as the screen reads.
      const edges = await vis(page, 'conversation')
        .first()
        .locator('[dir=auto]')
        .evaluate((e) => {
          const range = document.createRange();
          range.selectNodeContents(e);
          const [text, row] = [range.getBoundingClientRect(), e.getBoundingClientRect()];
          return { start: document.documentElement.dir === 'rtl' ? row.right - text.right : text.left - row.left };
        });
      expect(Math.abs(edges.start)).toBeLessThan(2);
      await vis(page, 'conversation').first().click();
      await vis(page, 'chat-message').first().waitFor();
      expect(await vis(page, 'desk-queue-pane').count()).toBe(0);
      expect(await vis(page, 'desk-customer-pane').count()).toBe(0);
      // The bar over the conversation fits the phone: its buttons inside the screen, room left for the customer's name.
      const [back, toCustomer, title] = [await box(page, 'desk-back-queue'), await box(page, 'desk-show-customer'), (await vis(page, 'desk-chat-pane').locator('h2').boundingBox()) ?? { x: 0, width: 0 }];
      for (const b of [back, toCustomer]) expect(b.x >= 0 && b.x + b.width <= 390, `${JSON.stringify(b)} inside 390 px`).toBe(true);
      expect(title.width).toBeGreaterThanOrEqual(120);
      await expectAccessible(page, `customer-service desk conversation on a phone (${language})`);
      await shot(page, `desk-service-390-chat-${language}`);
      await vis(page, 'desk-show-customer').click();
      await expect.poll(() => vis(page, 'person-recent-orders').textContent()).toContain('Rattan lamp shade');
      expect(await vis(page, 'desk-chat-pane').count()).toBe(0);
      expect((await box(page, 'desk-customer-pane')).width).toBeLessThanOrEqual(390);
      await expectAccessible(page, `customer-service desk customer on a phone (${language})`);
      await shot(page, `desk-service-390-customer-${language}`);
      await vis(page, 'desk-back-chat').click();
      await vis(page, 'desk-back-queue').click();
      await vis(page, 'conversation').first().waitFor();
      await context.close();
    }
  }, 180_000);
});

describe('product review (finding 17)', () => {
  it('shows each picture large, opening the zoomable full-screen viewer, with the seller beside: shop, account age, products reviewed, open disputes', async () => {
    const db = suite.app.deps.db;
    const sellerId = await userId(db, 'demo_seller');
    await db.insertInto('seller_applications').values({ user_id: sellerId, store_name: 'Demo Seller Goods', real_name: 'Demo Seller', email: 'shop@example.com', status: 'approved' }).execute();
    for (const language of ['en', 'ar']) {
      const staff = await desk(language);
      await staff.page.goto(`${suite.app.url}/#/platform/console/products`);
      const item = vis(staff.page, 'review-item').filter({ has: staff.page.getByTestId('review-picture') }).first();
      await item.waitFor();
      const picture = item.getByTestId('review-picture').first();
      expect((await picture.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(200);
      // The seller beside the product, not under it.
      const seller = item.getByTestId('review-seller');
      await seller.getByTestId('person-products').waitFor();
      const [pictureBox, sellerBox] = [await picture.boundingBox(), await seller.boundingBox()];
      if (language === 'en') {
        expect(sellerBox?.x ?? 0).toBeGreaterThan((pictureBox?.x ?? 0) + (pictureBox?.width ?? 0));
        expect(await seller.getByTestId('person-products').textContent()).toMatch(/^Published \d+ · Approved \d+ · Rejected \d+$/);
        expect(await seller.getByTestId('person-since').textContent()).toMatch(/\d+ days?$/);
        expect(await seller.getByTestId('person-open-disputes').textContent()).toMatch(/^\d+$/);
      } else {
        expect((sellerBox?.x ?? 0) + (sellerBox?.width ?? 0)).toBeLessThan(pictureBox?.x ?? 0);
      }
      await expectAccessible(staff.page, `product review at 1280 px (${language})`);
      await shot(staff.page, `desk-review-1280-${language}`);
      // A picture opens the full-screen viewer; zoom; Escape gives the focus back to the picture.
      await picture.click();
      const viewer = staff.page.getByTestId('photo-viewer');
      await viewer.waitFor();
      expect(await staff.page.getByTestId('viewer-counter').textContent()).toMatch(/^1\/\d+$/);
      // Large once the picture is in (its box is empty until it has loaded, which takes a moment on a busy machine).
      await expect.poll(async () => (await staff.page.getByTestId('viewer-image').first().boundingBox())?.height ?? 0).toBeGreaterThan(500);
      await staff.page.getByTestId('viewer-zoom').click();
      expect(await staff.page.getByTestId('viewer-zoom').getAttribute('aria-pressed')).toBe('true');
      await expectAccessible(staff.page, `product review picture viewer (${language})`);
      await shot(staff.page, `desk-review-viewer-${language}`);
      await staff.page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });
      await expect.poll(() => staff.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('review-picture');
      await staff.context.close();
    }
    // A phone: pictures still large, the seller under the product.
    const { context, page } = await phone(suite.browser, { height: 844 });
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, suite.app.url, 'demo_arbiter');
    await page.goto(`${suite.app.url}/#/platform/console/products`);
    const item = vis(page, 'review-item').filter({ has: page.getByTestId('review-picture') }).first();
    await item.getByTestId('review-seller').getByTestId('person-products').waitFor();
    expect((await item.getByTestId('review-picture').first().boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(200);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'product review on a phone');
    await shot(page, 'desk-review-390-en');
    await context.close();
  }, 180_000);
});

describe('console users (role names)', () => {
  it('says each role in words, never its id, in English and Arabic', async () => {
    for (const [language, words] of [
      ['en', 'Buyer · Seller'],
      ['ar', 'مشترٍ · بائع'],
    ] as const) {
      const staff = await desk(language);
      await staff.page.goto(`${suite.app.url}/#/platform/console/users`);
      await vis(staff.page, 'field-q').fill('demo_seller');
      await vis(staff.page, 'console-find').click();
      const roles = vis(staff.page, 'console-user-demo_seller').getByTestId('console-user-roles');
      await expect.poll(() => roles.textContent()).toBe(words);
      expect(await vis(staff.page, 'console-user-demo_seller').textContent()).not.toMatch(/\b(buyer|seller|arbiter)\b/);
      await expectAccessible(staff.page, `console users (${language})`);
      await shot(staff.page, `desk-users-1280-${language}`);
      await staff.context.close();
    }
  }, 120_000);
});
