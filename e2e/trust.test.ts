import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderAction } from '../src/domain/schemas/orders';
import type { CheckoutAnswer } from '../src/domain/types/commerce';
import type { ConversationView } from '../src/domain/types/customerService';
import { ApiCaller } from '../server/testing/apiClient';
import { insertAddress, insertProduct, userId } from '../server/testing/commerceFixtures';
import { appAndBrowser, phone } from './support/app';
import { expectAccessible } from './support/axe';
import { shot } from './support/shots';

/**
 * Issue 33 finding 7: trust on every tile, product and store, from the product's own data. A buyer receives and
 * rates two orders of a new product (through the API, as the order screens do) and asks the seller a question
 * the seller answers; then a visitor sees, at 390 px in English and Arabic and at 1280 px:
 * - the product's tile on home and in the store: "★ 4.5 · 3 sold" (no stars on a product nobody rated);
 * - the product's page: its rating, how many rated and sold, the latest ratings with their words, the shop's figures;
 * - the store header: shop rating, share shipped on time, typical reply time, on Coin Mall since; a shop with no
 *   figures says "New shop".
 */
const suite = appAndBrowser();
let teapot: { productId: string; skuIds: string[] };
let plain: { productId: string; skuIds: string[] };
let sellerId: string;
let secondShopId: string;

beforeAll(async () => {
  const { db } = suite.app.deps;
  plain = await insertProduct(db, { seller: 'demo_seller', title: 'Unrated linen napkins', price: '3', shippingFee: '0.5' });
  teapot = await insertProduct(db, { seller: 'demo_seller', title: 'Glazed trust teapot', price: '4', shippingFee: '0.5', skus: [{ specification: 'One size', colour: 'Blue', stock: 50 }] });
  sellerId = (await userId(db, 'demo_seller')).toString();
  secondShopId = (await userId(db, 'demo_seller2')).toString();
  const addressId = await insertAddress(db, 'demo_buyer');
  const buyer = new ApiCaller(suite.app.url, () => Date.now());
  const seller = new ApiCaller(suite.app.url, () => Date.now());
  await buyer.loginAs('demo_buyer');
  await seller.loginAs('demo_seller');
  const step = async (caller: ApiCaller, id: string, action: OrderAction) => {
    const answer = await caller.post('/api/commodity/orders/act', { id, action });
    if (answer.code !== '0000') throw new Error(`${action.type}: ${answer.code} ${answer.msg}`);
  };
  const ratings: [number, number, string][] = [
    [2, 5, 'Pours without a drip, lovely glaze.'],
    [1, 4, 'Good teapot, the lid is a little loose.'],
  ];
  for (const [quantity, score, words] of ratings) {
    const placed = await buyer.post<CheckoutAnswer>('/api/commodity/orders/submit', {
      idempotencyKey: crypto.randomBytes(12).toString('hex'),
      items: [{ productId: teapot.productId, skuId: teapot.skuIds[0], quantity }],
      addressId,
      paymentMethod: 'balance',
    });
    if (placed.code !== '0000') throw new Error(`checkout: ${placed.code} ${placed.msg}`);
    const id = placed.object.orders[0]?.id ?? '';
    const paid = await buyer.post('/api/pay/balance', { orderIds: [id] });
    if (paid.code !== '0000') throw new Error(`pay: ${paid.code} ${paid.msg}`);
    await step(seller, id, { type: 'CONFIRM' });
    await step(seller, id, { type: 'SHIP', company: 'DHL', number: `DHL${crypto.randomInt(1e6, 1e7)}` });
    await step(buyer, id, { type: 'CONFIRM_RECEIPT' });
    await step(buyer, id, { type: 'RATE', score, comment: words, anonymous: false });
  }
  const conversation = await buyer.post<ConversationView>('/api/chat/conversation/open', { kind: 'seller', sellerId, subject: { kind: 'product', id: teapot.productId } });
  if (conversation.code !== '0000') throw new Error(`chat: ${conversation.code} ${conversation.msg}`);
  const say = (caller: ApiCaller, body: string) => caller.post('/api/chat/message/send', { conversationId: conversation.object.id, clientId: crypto.randomBytes(8).toString('hex'), body });
  await say(buyer, 'Is it dishwasher safe?');
  await say(seller, 'Yes, it is.');
});

const vis = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });
const tileOf = (page: Page, title: string) => vis(page, 'product-tile').filter({ hasText: title });

async function storeHeader(page: Page, id: string) {
  await page.goto(`${suite.app.url}/#/product/store?id=${id}`);
  const header = vis(page, 'store-header');
  await header.waitFor();
  await vis(page, 'shop-figures').waitFor();
  return header;
}

describe('trust figures on tiles, product pages and store headers', () => {
  it('shows the rating and sold on tiles, the ratings and the shop on the product, the shop figures on the store (390 px, English)', async () => {
    const { context, page } = await phone(suite.browser, { width: 390 });
    // Home: the newest products first, ours among them.
    await page.goto(`${suite.app.url}/#/index`);
    const tile = tileOf(page, 'Glazed trust teapot');
    await tile.waitFor();
    await expect.poll(() => tile.getByTestId('tile-rating').innerText()).toBe('4.5');
    expect(await tile.getByTestId('tile-sold').innerText()).toBe('3 sold');
    expect(await tile.getByTestId('tile-trust').textContent()).toBe('★4.5Rated 4.5 out of 5·3 sold');
    // A product nobody rated or bought shows no stars and no "0.0".
    const plainTile = tileOf(page, 'Unrated linen napkins');
    await plainTile.waitFor();
    expect(await plainTile.getByTestId('tile-trust').count()).toBe(0);
    expect(await plainTile.innerText()).not.toMatch(/★|0\.0/);
    await shot(page, 'trust-tiles-390-en');
    await expectAccessible(page, 'home tiles with trust (en)');

    // The product's page.
    await tile.click();
    await vis(page, 'detail-title').waitFor();
    expect(await vis(page, 'detail-rating').innerText()).toBe('4.5');
    expect(await vis(page, 'detail-counts').innerText()).toBe('2 ratings · 3 sold');
    const latest = vis(page, 'latest-rating');
    expect(await latest.count()).toBe(2);
    expect(await latest.first().innerText()).toContain('Good teapot, the lid is a little loose.');
    expect(await latest.nth(1).innerText()).toContain('Pours without a drip, lovely glaze.');
    const shop = vis(page, 'detail-shop');
    expect(await shop.getByTestId('shop-rating').innerText()).toContain('4.5');
    expect(await shop.getByTestId('shop-on-time').innerText()).toBe('100%');
    expect(await shop.getByTestId('shop-reply-time').innerText()).toMatch(/^1 min/);
    expect(await shop.getByTestId('shop-since').innerText()).toMatch(/\d{4}/);
    await vis(page, 'latest-ratings').scrollIntoViewIfNeeded();
    await shot(page, 'trust-product-390-en');
    await shop.scrollIntoViewIfNeeded();
    await shot(page, 'trust-product-shop-390-en');
    await expectAccessible(page, 'product with trust (en)');

    // The store header.
    const header = await storeHeader(page, sellerId);
    expect(await header.getByTestId('shop-rating').innerText()).toContain('★ 4.5');
    expect(await header.innerText()).toContain('Shop rating · 2 ratings');
    expect(await header.getByTestId('shop-on-time').innerText()).toBe('100%');
    expect(await header.getByTestId('shop-reply-time').innerText()).toMatch(/^1 min/);
    expect(await header.innerText()).toContain('On Coin Mall since');
    expect(await header.getByTestId('shop-new').count()).toBe(0);
    await expect.poll(() => tileOf(page, 'Glazed trust teapot').getByTestId('tile-sold').innerText()).toBe('3 sold');
    await shot(page, 'trust-store-390-en');
    await expectAccessible(page, 'store header with trust (en)');

    // A shop with no figures yet.
    const second = await storeHeader(page, secondShopId);
    expect(await second.getByTestId('shop-new').innerText()).toBe('New shop');
    expect(await second.getByTestId('shop-rating').count()).toBe(0);
    expect(await second.getByTestId('shop-since').count()).toBe(1);
    await shot(page, 'trust-store-new-390-en');
    await context.close();
  });

  it('reads in Arabic, right to left, with the figures whole (390 px)', async () => {
    const { context, page } = await phone(suite.browser, { width: 390, language: 'ar' });
    await page.goto(`${suite.app.url}/#/index`);
    const tile = tileOf(page, 'Glazed trust teapot');
    await tile.waitFor();
    await expect.poll(() => tile.getByTestId('tile-sold').innerText()).toContain('تم بيع');
    await shot(page, 'trust-tiles-390-ar');
    await expectAccessible(page, 'home tiles with trust (ar)');
    await tile.click();
    await vis(page, 'latest-ratings').waitFor();
    expect(await vis(page, 'detail-counts').innerText()).toMatch(/تقييم/);
    await vis(page, 'latest-ratings').scrollIntoViewIfNeeded();
    await shot(page, 'trust-product-390-ar');
    await vis(page, 'detail-shop').scrollIntoViewIfNeeded();
    await shot(page, 'trust-product-shop-390-ar');
    await expectAccessible(page, 'product with trust (ar)');
    const header = await storeHeader(page, sellerId);
    expect(await header.innerText()).toContain('تقييم المتجر');
    await shot(page, 'trust-store-390-ar');
    await expectAccessible(page, 'store header with trust (ar)');
    await context.close();
  });

  it('lays out at 1280 px', async () => {
    const { context, page } = await phone(suite.browser, { width: 1280, height: 900 });
    await page.goto(`${suite.app.url}/#/index`);
    await tileOf(page, 'Glazed trust teapot').getByTestId('tile-trust').waitFor();
    await shot(page, 'trust-tiles-1280-en');
    await page.goto(`${suite.app.url}/#/product/detail?id=${teapot.productId}`);
    await vis(page, 'latest-ratings').waitFor();
    await shot(page, 'trust-product-1280-en', { fullPage: true });
    await storeHeader(page, sellerId);
    await shot(page, 'trust-store-1280-en');
    await expectAccessible(page, 'store header with trust (1280)');
    await context.close();
  });
});
