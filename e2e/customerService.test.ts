import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertAddress, insertProduct } from '../server/testing/commerceFixtures';
import { appAndBrowser, loginAs, phone } from './support/app';
import { shot, shotsDir } from './support/shots';

/**
 * Issue 15 journeys in a real browser against the real server: a buyer opens a chat from a product
 * and the seller, in another browser context, answers it live; the buyer's network drops and comes
 * back and the messages sent meanwhile appear; a work order is filed for an order and answered by
 * staff in the console's customer-service desk.
 */
const suite = appAndBrowser();
let basket: { productId: string; skuIds: string[] };

beforeAll(async () => {
  basket = await insertProduct(suite.app.deps.db, { seller: 'demo_seller', title: 'Hand-woven basket', price: '5', shippingFee: '1' });
  const addressId = await insertAddress(suite.app.deps.db, 'demo_buyer');
  await suite.app.deps.db.updateTable('addresses').set({ is_default: true }).where('id', '=', BigInt(addressId)).execute();
});

/** The shell keeps screens alive (hidden): only the visible one counts. */
const vis = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });
const messageTexts = async (page: Page) => (await vis(page, 'chat-message').allTextContents()).join('\n');

async function say(page: Page, text: string) {
  await vis(page, 'chat-input').fill(text);
  await vis(page, 'chat-send').click();
}

describe('live chat in a real browser', () => {
  it('the buyer opens a chat from a product, the seller answers from another context, the buyer sees it live; a dropped network loses nothing', async () => {
    const buyer = await phone(suite.browser);
    const seller = await phone(suite.browser);
    await loginAs(buyer.page, suite.app.url, 'demo_buyer');
    await loginAs(seller.page, suite.app.url, 'demo_seller');

    await buyer.page.goto(`${suite.app.url}/#/product/detail?id=${basket.productId}`);
    await vis(buyer.page, 'chat-seller').click();
    await buyer.page.waitForURL(/#\/chatRoom/);
    await expect.poll(() => vis(buyer.page, 'chat-subject').textContent()).toContain('Hand-woven basket');
    await vis(buyer.page, 'chat-connection').and(buyer.page.locator('[data-state="live"]')).waitFor();
    await say(buyer.page, 'Is the basket handmade?');
    await expect.poll(() => messageTexts(buyer.page)).toContain('Is the basket handmade?');

    // The seller: the account tab's badge counts the unread message; the conversation is in Messages.
    await seller.page.goto(`${suite.app.url}/#/index`);
    await vis(seller.page, 'account-badge').waitFor();
    await seller.page.goto(`${suite.app.url}/#/contactorList`);
    await expect.poll(() => vis(seller.page, 'conversation-unread').count()).toBe(1);
    await vis(seller.page, 'conversation').first().click();
    await seller.page.waitForURL(/#\/chatRoom/);
    await expect.poll(() => messageTexts(seller.page)).toContain('Is the basket handmade?');
    await vis(seller.page, 'chat-connection').and(seller.page.locator('[data-state="live"]')).waitFor();
    await say(seller.page, 'Yes, woven by hand in Cebu.');

    // Live, without reloading; and the seller's reading shows as a read receipt.
    await expect.poll(() => messageTexts(buyer.page), { timeout: 5000 }).toContain('Yes, woven by hand in Cebu.');
    await expect.poll(() => vis(buyer.page, 'chat-message').first().textContent()).toContain('Read');

    // The buyer's network drops; the seller writes twice meanwhile; the network comes back.
    await buyer.context.setOffline(true);
    await vis(buyer.page, 'chat-connection').and(buyer.page.locator('[data-state="offline"]')).waitFor();
    await say(seller.page, 'It is 30 cm wide.');
    await say(seller.page, 'I can ship tomorrow.');
    await expect.poll(() => messageTexts(seller.page)).toContain('I can ship tomorrow.');
    expect(await messageTexts(buyer.page)).not.toContain('It is 30 cm wide.');
    await buyer.context.setOffline(false);
    await expect.poll(() => messageTexts(buyer.page), { timeout: 10_000 }).toContain('I can ship tomorrow.');
    const texts = await vis(buyer.page, 'chat-message').allTextContents();
    expect(texts.filter((t) => t.includes('It is 30 cm wide.'))).toHaveLength(1);
    await vis(buyer.page, 'chat-connection').and(buyer.page.locator('[data-state="live"]')).waitFor();

    // The chat room is kept alive while the buyer looks elsewhere; shown again, it is live again.
    await buyer.page.evaluate(() => {
      window.location.hash = '#/index';
    });
    await vis(buyer.page, 'tab-home').waitFor();
    await say(seller.page, 'Message while you were away.');
    await buyer.page.goBack();
    await buyer.page.waitForURL(/#\/chatRoom/);
    await expect.poll(() => messageTexts(buyer.page), { timeout: 10_000 }).toContain('Message while you were away.');
    await say(seller.page, 'And one more, live.');
    await expect.poll(() => messageTexts(buyer.page), { timeout: 5000 }).toContain('And one more, live.');

    if (shotsDir) {
      // The seller's messages and chat room at 390 px, in English and Arabic, to look at.
      await seller.page.setViewportSize({ width: 390, height: 844 });
      for (const language of ['en', 'ar']) {
        await seller.page.evaluate((code) => localStorage.setItem('coin-mall.language', code), language);
        await seller.page.goto(`${suite.app.url}/#/contactorList`);
        await seller.page.reload();
        await vis(seller.page, 'conversation').first().waitFor();
        await shot(seller.page, `messages-390-${language}`);
        await vis(seller.page, 'conversation').first().click();
        await vis(seller.page, 'chat-message').first().waitFor();
        await shot(seller.page, `chat-room-390-${language}`);
      }
    }

    await buyer.context.close();
    await seller.context.close();
  });
});

describe('the help tab and the console desk in a real browser', () => {
  it('a buyer asks online customer service from the help tab; staff answer live from the desk with the buyer\'s orders beside', async () => {
    const buyer = await phone(suite.browser);
    const staff = await phone(suite.browser);
    await loginAs(buyer.page, suite.app.url, 'demo_buyer');
    await loginAs(staff.page, suite.app.url, 'demo_arbiter');

    await vis(buyer.page, 'tab-help').click();
    await buyer.page.waitForURL(/#\/mine\/customerService/);
    await expect.poll(() => vis(buyer.page, 'faq').count()).toBe(6);
    await vis(buyer.page, 'help-online').click();
    await buyer.page.waitForURL(/#\/mine\/onlinecustomerservice/);
    await vis(buyer.page, 'chat-connection').and(buyer.page.locator('[data-state="live"]')).waitFor();
    await say(buyer.page, 'How do I change my delivery address?');
    await expect.poll(() => messageTexts(buyer.page)).toContain('How do I change my delivery address?');

    await staff.page.goto(`${suite.app.url}/#/platform/console/service`);
    await vis(staff.page, 'conversation').first().click();
    // On a phone the desk shows one pane at a time (issue 24): the customer is one tap away.
    await vis(staff.page, 'desk-show-customer').click();
    await vis(staff.page, 'desk-user-orders').waitFor();
    await vis(staff.page, 'desk-back-chat').click();
    await expect.poll(() => messageTexts(staff.page)).toContain('How do I change my delivery address?');
    await vis(staff.page, 'chat-connection').and(staff.page.locator('[data-state="live"]')).waitFor();
    await say(staff.page, 'Open Account, then Addresses.');
    await expect.poll(() => messageTexts(buyer.page), { timeout: 5000 }).toContain('Open Account, then Addresses.');

    await buyer.context.close();
    await staff.context.close();
  });
});

describe('the help tab in Arabic', () => {
  it('shows the help tab right to left with the frequent questions in Arabic; a visitor is asked to log in before chatting', async () => {
    const { context, page } = await phone(suite.browser);
    await page.goto(`${suite.app.url}/#/new-my`);
    await page.getByTestId('language-button').click();
    await page.getByRole('radio', { name: 'العربية' }).click();
    await page.keyboard.press('Escape');
    await vis(page, 'tab-help').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByText('الأسئلة الشائعة').waitFor();
    await page.getByText('كيف أدفع ثمن الطلب؟').click();
    await page.getByText('محفظة العملة').waitFor();
    await vis(page, 'help-online').click();
    await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).filter({ visible: true }).waitFor();
    await context.close();
  });
});

describe('work orders in a real browser', () => {
  it('a work order is filed for an order and answered by staff in the console', async () => {
    const buyer = await phone(suite.browser);
    const staff = await phone(suite.browser);
    await loginAs(buyer.page, suite.app.url, 'demo_buyer');
    await loginAs(staff.page, suite.app.url, 'demo_arbiter');

    // An order of the buyer's, paid from the balance.
    await buyer.page.goto(`${suite.app.url}/#/product/submit-order?buy=${basket.productId}:${basket.skuIds[0]}:1`);
    await vis(buyer.page, 'order-total').waitFor();
    await vis(buyer.page, 'pay-method-balance').check();
    await vis(buyer.page, 'submit-order').click();
    await vis(buyer.page, 'pay-review-confirm').click();
    await buyer.page.waitForURL(/#\/result\/success/);
    const order = await suite.app.deps.db.selectFrom('orders').select(['id', 'order_no']).orderBy('id', 'desc').executeTakeFirstOrThrow();

    // A number that is not one of the buyer's orders is refused: "Submission Failed".
    await buyer.page.goto(`${suite.app.url}/#/workorder/workorderadd`);
    await vis(buyer.page, 'workorder-orderno').fill('CM-NOT-MINE-1');
    await vis(buyer.page, 'workorder-description').fill('Where is my parcel, please?');
    await vis(buyer.page, 'workorder-submit').click();
    await buyer.page.getByText('Submission Failed').waitFor();

    // From the order's detail, with the order number filled in.
    await buyer.page.goto(`${suite.app.url}/#/mine/order/detail?id=${order.id}`);
    await vis(buyer.page, 'order-workorder').click();
    await buyer.page.waitForURL(/#\/workorder\/workorderadd/);
    expect(await vis(buyer.page, 'workorder-orderno').inputValue()).toBe(order.order_no);
    await vis(buyer.page, 'workorder-category').selectOption('delivery');
    await vis(buyer.page, 'workorder-description').fill('The seller has not confirmed my order yet.');
    await vis(buyer.page, 'workorder-submit').click();
    await buyer.page.waitForURL(/#\/workorder\/workorderdetail/);
    expect(await vis(buyer.page, 'workorder-status').textContent()).toBe('Open');

    // Staff: the console's customer-service desk, the work-order queue by age, answer.
    await staff.page.goto(`${suite.app.url}/#/platform/console`);
    await vis(staff.page, 'console-customerService').click();
    await staff.page.waitForURL(/#\/platform\/console\/service/);
    await vis(staff.page, 'desk-tab-workorders').click();
    await vis(staff.page, 'workorder').filter({ hasText: order.order_no }).click();
    await vis(staff.page, 'workorder-reply-input').fill('We asked the seller to confirm today.');
    await vis(staff.page, 'workorder-reply-send').click();
    await expect.poll(() => vis(staff.page, 'workorder-status').textContent()).toBe('Answered');

    // The buyer sees the answer.
    await buyer.page.reload();
    await expect.poll(() => vis(buyer.page, 'workorder-status').textContent()).toBe('Answered');
    expect(await vis(buyer.page, 'workorder-reply').first().textContent()).toContain('We asked the seller to confirm today.');

    await buyer.context.close();
    await staff.context.close();
  });
});
