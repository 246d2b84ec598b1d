import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { CheckoutAnswer } from '../src/domain/types/commerce';
import type { ConversationView, QuickReplyView } from '../src/domain/types/customerService';
import { ApiCaller } from '../server/testing/apiClient';
import { insertAddress, insertProduct } from '../server/testing/commerceFixtures';
import { appAndBrowser, loginAs, phone } from './support/app';
import { expectAccessible } from './support/axe';
import { shot } from './support/shots';
import { expectNoRawWords } from './support/words';

/**
 * Issue 37, finding 5 (the parts left): the seller saves a quick reply in the chat, picks it (it goes into the
 * message box, not out), sends it, and the buyer sees it live; the chat's order card shows the order's picture,
 * name and variant × quantity, and opens the order. A buyer has no quick replies. English and Arabic at 390 px.
 */
const suite = appAndBrowser();

async function as(username: string, language: 'en' | 'ar' = 'en'): Promise<Page> {
  const { page } = await phone(suite.browser, { width: 390, height: 844, locale: language === 'ar' ? 'ar' : 'en-US' });
  await loginAs(page, suite.app.url, username);
  if (language === 'ar') {
    await page.evaluate(() => localStorage.setItem('coin-mall.language', 'ar'));
    await page.reload();
    await page.locator('html[lang="ar"]').waitFor();
  }
  return page;
}

const vis = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

/** The order card's picture has loaded (a real image, not a grey box). */
async function pictureLoaded(page: Page): Promise<boolean> {
  const img = vis(page, 'chat-subject').locator('img');
  if ((await img.count()) === 0) return false;
  return img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);
}

describe('issue 37, finding 5: quick replies and the order card with its picture', () => {
  it('the seller saves a quick reply, picks it into the message box, sends it; the buyer sees it; the order card shows its picture', async () => {
    const { app } = suite;
    const seller = new ApiCaller(app.url, () => Date.now());
    const buyer = new ApiCaller(app.url, () => Date.now());
    await seller.loginAs('demo_seller');
    await buyer.loginAs('demo_buyer');
    // An order of a product with a picture, paid from the balance.
    const png = await sharp({ create: { width: 480, height: 480, channels: 3, background: '#b5651d' } }).png().toBuffer();
    const picture = (await seller.upload(png)).object.id;
    const p = await insertProduct(app.deps.db, { seller: 'demo_seller', title: 'Teak salad bowl', price: '6', shippingFee: '1', skus: [{ specification: '30 cm', colour: 'Natural', stock: 5 }] });
    await app.deps.db.insertInto('product_images').values({ product_id: BigInt(p.productId), image_id: picture, position: 0 }).execute();
    const addressId = await insertAddress(app.deps.db, 'demo_buyer');
    const placed = await buyer.post<CheckoutAnswer>('/api/commodity/orders/submit', { idempotencyKey: crypto.randomUUID(), items: [{ productId: p.productId, skuId: p.skuIds[0], quantity: 2 }], addressId, paymentMethod: 'balance' });
    expect(placed.code, placed.msg).toBe('0000');
    const orderId = placed.object.orders[0]?.id ?? '';
    expect((await buyer.post('/api/pay/balance', { orderIds: [orderId] })).code).toBe('0000');
    // The seller starts with no quick replies.
    for (const r of (await seller.get<QuickReplyView[] | null>('/api/chat/quickReply/list')).object ?? []) await seller.post('/api/chat/quickReply/delete', { id: r.id });

    // The buyer asks about the order from its page: the chat's card shows the order's picture, name, variant × quantity.
    const buyerPage = await as('demo_buyer');
    await buyerPage.goto(`${app.url}/#/mine/order/detail?id=${orderId}`);
    await vis(buyerPage, 'order-chat').click();
    await buyerPage.waitForURL(/#\/chatRoom/);
    await vis(buyerPage, 'chat-subject').waitFor();
    await expect.poll(() => pictureLoaded(buyerPage)).toBe(true);
    expect(await vis(buyerPage, 'chat-subject').getAttribute('data-kind')).toBe('order');
    expect(await vis(buyerPage, 'chat-subject-title').innerText()).toBe('Teak salad bowl');
    expect(await vis(buyerPage, 'chat-subject-line').innerText()).toMatch(/30 cm · Natural\s*× 2/);
    expect(await vis(buyerPage, 'chat-subject-amount').innerText()).toMatch(/^π \d+(\.\d+)?$/);
    // A buyer has no quick replies.
    expect(await buyerPage.getByTestId('quick-replies-open').count()).toBe(0);
    await vis(buyerPage, 'chat-input').fill('Hello, when will my bowl ship?');
    await vis(buyerPage, 'chat-send').click();
    await vis(buyerPage, 'chat-message').first().waitFor();
    const conversationId = (await buyer.get<ConversationView[]>('/api/chat/conversation/list')).object.find((c) => c.subject?.kind === 'order' && c.subject.id === orderId)?.id ?? '';
    expect(conversationId).not.toBe('');

    // The seller opens the conversation: the same card, and the quick replies beside the message box.
    const sellerPage = await as('demo_seller');
    await sellerPage.goto(`${app.url}/#/contactorList`);
    await vis(sellerPage, 'conversation').filter({ hasText: 'Hello, when will my bowl ship?' }).first().click();
    await sellerPage.waitForURL(/#\/chatRoom/);
    await vis(sellerPage, 'chat-subject').waitFor();
    await expect.poll(() => pictureLoaded(sellerPage)).toBe(true);
    // Live, nothing wrong: no connection strip on screen.
    await vis(sellerPage, 'chat-connection').and(sellerPage.locator('[data-state="live"]')).waitFor();
    expect((await vis(sellerPage, 'chat-connection').boundingBox())?.height ?? 0).toBeLessThanOrEqual(1);

    // Save what is typed as a quick reply.
    const answer = 'Your bowl ships today with DHL; the tracking number follows.';
    await vis(sellerPage, 'chat-input').fill(answer);
    await vis(sellerPage, 'quick-replies-open').click();
    const sheet = sellerPage.getByRole('dialog');
    await sheet.getByTestId('quick-replies-empty').waitFor();
    await expectAccessible(sellerPage, 'quick replies sheet, empty');
    await sheet.getByTestId('quick-reply-save').click();
    await expect.poll(() => sheet.getByTestId('quick-reply').allInnerTexts()).toEqual([answer]);
    expect(await sheet.getByTestId('quick-reply-problem').count()).toBe(0);
    // Said to a screen reader in the sheet (no toast behind it).
    expect(await sheet.getByTestId('quick-reply-said').textContent()).toBe('Quick reply saved');
    // Saving the same text again is refused in words, and nothing doubles.
    await sheet.getByTestId('quick-reply-save').click();
    await expect.poll(() => sheet.getByTestId('quick-reply-problem').innerText()).toBe('You have saved this quick reply already');
    expect(await sheet.getByTestId('quick-reply').count()).toBe(1);
    await sellerPage.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    // The chat did not move under the sheet: its card is still below the header.
    expect((await vis(sellerPage, 'chat-subject').boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(48);
    // Kept on the server, for this seller.
    expect((await seller.get<QuickReplyView[]>('/api/chat/quickReply/list')).object.map((r) => r.body)).toEqual([answer]);

    // Pick it: it goes into the message box, nothing is sent until Send.
    await vis(sellerPage, 'chat-input').fill('');
    const mineBefore = await sellerPage.locator('[data-testid="chat-message"][data-mine="true"]').count();
    await vis(sellerPage, 'quick-replies-open').click();
    await sellerPage.getByRole('dialog').getByTestId('quick-reply').first().waitFor();
    await sellerPage.waitForTimeout(400); // the sheet's rise (160 ms) is over in the picture
    await shot(sellerPage, 'p37-chat-quick-replies-390-en');
    await expectAccessible(sellerPage, 'quick replies sheet');
    await sellerPage.getByRole('dialog').getByTestId('quick-reply').first().click();
    await sellerPage.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => vis(sellerPage, 'chat-input').inputValue()).toBe(answer);
    await sellerPage.waitForTimeout(500);
    expect(await sellerPage.locator('[data-testid="chat-message"][data-mine="true"]').count()).toBe(mineBefore);
    await expect.poll(() => sellerPage.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('chat-input');
    await vis(sellerPage, 'chat-send').click();
    await expect.poll(() => sellerPage.locator('[data-testid="chat-message"][data-mine="true"]').count()).toBe(mineBefore + 1);
    expect(await vis(sellerPage, 'chat-input').inputValue()).toBe('');
    await expectAccessible(sellerPage, 'seller chat with the order card');
    await shot(sellerPage, 'p37-chat-seller-order-card-390-en');

    // The buyer sees it arrive, live.
    await expect.poll(() => vis(buyerPage, 'chat-message').filter({ hasText: answer }).count(), { timeout: 20_000 }).toBe(1);
    await shot(buyerPage, 'p37-chat-buyer-order-card-390-en');

    // The card opens the order on each side.
    await vis(sellerPage, 'chat-subject').click();
    await sellerPage.waitForURL((url) => url.hash === '#/mine/seller/order-detail' && url.searchParams.get('id') === orderId);
    await vis(buyerPage, 'chat-subject').click();
    await buyerPage.waitForURL((url) => url.hash === '#/mine/order/detail' && url.searchParams.get('id') === orderId);
    await sellerPage.context().close();
    await buyerPage.context().close();

    // In Arabic: the same sheet, mirrored, in Arabic words, 0 serious axe findings.
    const arabic = await as('demo_seller', 'ar');
    await arabic.goto(`${app.url}/#/chatRoom?id=${conversationId}`);
    await vis(arabic, 'chat-subject').waitFor();
    await expect.poll(() => pictureLoaded(arabic)).toBe(true);
    await expectAccessible(arabic, 'seller chat, Arabic');
    await shot(arabic, 'p37-chat-seller-order-card-390-ar');
    await vis(arabic, 'quick-replies-open').click();
    await arabic.getByRole('dialog').getByTestId('quick-reply').first().waitFor();
    expect(await arabic.getByRole('dialog').getAttribute('data-testid')).toBe('quick-replies');
    await arabic.waitForTimeout(400);
    await shot(arabic, 'p37-chat-quick-replies-390-ar');
    await expectNoRawWords(arabic, 'quick replies, Arabic');
    await expectAccessible(arabic, 'quick replies sheet, Arabic');
    await arabic.context().close();
  });
});
