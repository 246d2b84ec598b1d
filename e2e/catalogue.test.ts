import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, phone, startApp } from './support/app';
import { expectAccessible } from './support/axe';
import { shot, shotsDir } from './support/shots';

type App = Awaited<ReturnType<typeof startApp>>;
let app: App;
let browser: Browser;
let files: string[];
const title = 'Qwertz ceramic teapot';

async function png(dir: string, i: number): Promise<string> {
  const file = path.join(dir, `photo-${i}.png`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="hsl(${i * 60},70%,55%)"/><circle cx="${100 + i * 40}" cy="200" r="80" fill="#fff"/></svg>`;
  fs.writeFileSync(file, await sharp(Buffer.from(svg)).png().toBuffer());
  return file;
}

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coin-mall-photos-'));
  files = await Promise.all([0, 1, 2, 3].map((i) => png(dir, i)));
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function as(username: string): Promise<Page> {
  const { page } = await phone(browser, { height: 900 });
  await loginAs(page, app.url, username);
  return page;
}

const errorOf = (page: Page, id: string) => page.getByTestId(`error-${id}`);
/** Screens are kept alive while hidden: only the shown one counts. */
const shown = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]:visible`);

describe('catalogue journey in a real browser', () => {
  it('shows the seeded home feed with images, and pages further on scroll', async () => {
    const { page, context } = await phone(browser);
    await page.goto(`${app.url}/#/index`);
    await page.getByTestId('product-tile').first().waitFor();
    const first = await page.getByTestId('product-tile').count();
    expect(first).toBeGreaterThanOrEqual(20);
    const img = page.getByTestId('product-tile').first().locator('img');
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await page.getByTestId('product-tile').last().scrollIntoViewIfNeeded();
    await expect.poll(() => page.getByTestId('product-tile').count()).toBeGreaterThan(first);
    await context.close();
  });

  it('a seller publishes (breaking the rules first), staff fail it, the seller edits, staff approve; a buyer finds, collects, follows and comments; the owner deletes the comment and blocks the buyer', async () => {
    // The seller breaks the rules and sees each message.
    const seller = await as('demo_seller');
    await seller.goto(`${app.url}/#/publish`);
    await seller.getByTestId('publish-form').waitFor();
    await expectAccessible(seller, 'publish');
    await shown(seller, 'submit-product').click();
    await expect.poll(() => errorOf(seller, 'images').textContent()).toBe('Please upload images');
    expect(await errorOf(seller, 'title').textContent()).toBe('Please enter a title');
    expect(await errorOf(seller, 'description').textContent()).toBe('Please enter a description');
    expect(await errorOf(seller, 'categoryId').textContent()).toBe('Please choose a category');
    expect(await errorOf(seller, 'condition').textContent()).toBe('Please choose the type');
    // A simple product's one combination is filled in ("One size", "As pictured"); its stock is asked beside the price.
    expect(await errorOf(seller, 'stock').textContent()).toBe('Please enter the stock');
    expect(await errorOf(seller, 'price').textContent()).toBe('Please enter the price');
    expect(await errorOf(seller, 'shippingMethod').textContent()).toBe('Please choose the shipping method');
    expect(await errorOf(seller, 'shippingPlace').textContent()).toBe('Please enter the shipping place');
    expect(await errorOf(seller, 'visibleRange').textContent()).toBe('Please choose the visible range');
    expect(await errorOf(seller, 'globalBarter').textContent()).toBe('Please choose whether to allow global barter');
    expect(await errorOf(seller, 'saleCountries').textContent()).toBe('Please choose the sale countries');

    await seller.getByTestId('image-input').setInputFiles(files.slice(0, 2));
    await expect.poll(() => seller.getByTestId('upload-thumb').locator('img').count()).toBe(2);
    await expect.poll(() => errorOf(seller, 'images').textContent()).toBe('Upload at least three images');
    await seller.getByTestId('image-input').setInputFiles([files[0] ?? '']);
    // The toast itself (not the words anywhere on the page): the repeated picture's tile has gone by then.
    await seller.getByTestId('toast').filter({ hasText: 'Do not upload repeatedly' }).first().waitFor();
    await expect.poll(() => seller.getByTestId('upload-thumb').locator('img').count()).toBe(2);
    await seller.getByTestId('image-input').setInputFiles(files.slice(2, 4));
    await expect.poll(() => seller.getByTestId('upload-thumb').locator('img').count(), { timeout: 15_000 }).toBe(4);
    await expect.poll(() => errorOf(seller, 'images').count()).toBe(0);

    await seller.getByLabel('Title').fill('123456');
    await expect.poll(() => errorOf(seller, 'title').textContent()).toBe('The title cannot be all digits');
    await seller.getByLabel('Title').fill(title);
    await seller.getByLabel('Description').fill('Too short a description');
    await expect.poll(() => errorOf(seller, 'description').textContent()).toBe('The description must be at least 30 words');
    await seller.getByLabel('Description').fill(`A hand-thrown ${Array.from({ length: 32 }, (_, i) => `word${i}`).join(' ')}`);
    await seller.getByLabel('Category').selectOption({ label: 'Home & living' });
    await seller.getByTestId('condition-new').click();
    // The variants are folded; the seller opens them to name the combination.
    await seller.getByTestId('fold-variants').locator('summary').click();
    await seller.getByTestId('sku-spec-0').fill('');
    await expect.poll(() => seller.getByTestId('error-sku-0').textContent()).toBe('Please enter the specification');
    await seller.getByTestId('sku-spec-0').fill('1 litre');
    await seller.getByTestId('sku-colour-0').fill('White');
    await seller.locator('#stock').fill('0');
    await expect.poll(() => errorOf(seller, 'stock').textContent()).toBe('The stock cannot be 0');
    await seller.locator('#stock').fill('4');
    await seller.getByLabel('Price (Pi)').fill('3.123456789');
    await expect.poll(() => errorOf(seller, 'price').textContent()).toBe('At most 7 decimal places');
    await seller.getByLabel('Price (Pi)').fill('3.25');
    await seller.getByTestId('shippingMethod-collect').click();
    await seller.getByLabel('Shipping fee (Pi)').fill('0');
    await expect.poll(() => errorOf(seller, 'shippingFee').textContent()).toBe('The shipping fee cannot be 0 when paid in Pi');
    await seller.getByLabel('Shipping fee (Pi)').fill('0.5');
    await seller.getByLabel('Shipping place').fill('Manila');
    await seller.getByTestId('visibleRange-global').click();
    await seller.getByTestId('globalBarter-false').click();
    await seller.getByTestId('country-1').click();
    await seller.getByTestId('country-4').click();
    await expect.poll(() => errorOf(seller, 'saleCountries').textContent()).toBe('Without global barter only one sale country is allowed');
    await seller.getByTestId('country-1').click();
    await seller.getByLabel('Contact e-mail').fill('shop@');
    await expect.poll(() => errorOf(seller, 'contactEmail').textContent()).toBe('Incorrect email format');
    await seller.getByLabel('Contact e-mail').fill('shop@example.com');
    await shown(seller, 'submit-product').click();
    await seller.waitForURL(/#\/mine\/seller\/products$/);
    const mine = shown(seller, 'own-product').filter({ hasText: title });
    await expect.poll(() => mine.getAttribute('data-status')).toBe('reviewing');

    // Staff fail it with a reason.
    const staff = await as('demo_arbiter');
    await staff.goto(`${app.url}/#/platform/console/products`);
    const item = shown(staff, 'review-item').filter({ hasText: title });
    // Without a reason the failure is refused with a message, which goes as soon as a reason is typed.
    await item.getByTestId('review-reject').click();
    await expect.poll(() => item.getByRole('alert').textContent()).toBe('Please enter a reason');
    if (shotsDir) {
      // The refused failure on a phone and at a desk, in English and Arabic, to look at.
      for (const [language, width] of [['en', 390], ['en', 1280], ['ar', 390], ['ar', 1280]] as const) {
        await staff.evaluate((code) => localStorage.setItem('coin-mall.language', code), language);
        await staff.setViewportSize({ width, height: 900 });
        await staff.reload();
        const again = shown(staff, 'review-item').filter({ hasText: title });
        await again.getByTestId('review-reject').click();
        await again.getByRole('alert').waitFor();
        await again.scrollIntoViewIfNeeded();
        await shot(staff, `review-reason-required-${width}-${language}`);
      }
      await staff.evaluate(() => localStorage.setItem('coin-mall.language', 'en'));
      await staff.setViewportSize({ width: 375, height: 780 });
      await staff.reload();
      await item.getByTestId('review-reject').click();
    }
    await item.getByTestId('review-reason-input').fill('Show the teapot from above');
    await expect.poll(() => item.getByRole('alert').count()).toBe(0);
    await item.getByTestId('review-reject').click();
    await expect.poll(() => shown(staff, 'review-item').filter({ hasText: title }).count()).toBe(0);

    // The seller sees the reason, edits and resubmits.
    await seller.goto(`${app.url}/#/index`);
    await seller.goto(`${app.url}/#/mine/seller/products`);
    const failed = shown(seller, 'own-product').filter({ hasText: title });
    await expect.poll(() => failed.getByTestId('own-reason').textContent()).toContain('Show the teapot from above');
    await failed.getByTestId('edit-product').click();
    await shown(seller, 'review-reason').waitFor();
    await seller.locator('#price:visible').fill('3.5');
    await shown(seller, 'submit-product').click();
    await seller.waitForURL(/#\/mine\/seller\/products$/);

    // Staff approve.
    await staff.goto(`${app.url}/#/platform/console`);
    await shown(staff, 'console-sellerApplications').waitFor();
    await expectAccessible(staff, 'console');
    await staff.goto(`${app.url}/#/platform/console/products`);
    await shown(staff, 'review-item').filter({ hasText: title }).getByTestId('review-approve').click();
    await expect.poll(() => shown(staff, 'review-item').filter({ hasText: title }).count()).toBe(0);

    // A buyer finds it by search and by category, opens it, collects it, follows the store and comments.
    const buyer = await as('demo_buyer');
    await buyer.goto(`${app.url}/#/search`);
    await buyer.getByTestId('search-input').fill('qwertz');
    await buyer.getByTestId('search-input').press('Enter');
    await shown(buyer, 'product-tile').filter({ hasText: title }).waitFor();
    await expectAccessible(buyer, 'search');
    await buyer.goto(`${app.url}/#/search`);
    await buyer.reload();
    await shown(buyer, 'history-item').filter({ hasText: 'qwertz' }).waitFor();
    await buyer.goto(`${app.url}/#/product/classifysearch?category=3`);
    await shown(buyer, 'product-tile').filter({ hasText: title }).click();
    await buyer.getByTestId('detail-title').filter({ hasText: title }).waitFor();
    expect(await buyer.getByTestId('detail-price').textContent()).toContain('3.5');
    await expectAccessible(buyer, 'product');
    await buyer.getByTestId('open-specification').click();
    expect(await buyer.getByTestId('sku-stock').textContent()).toBe('Stock: 4');
    await buyer.keyboard.press('Escape');
    await buyer.getByTestId('spec-sheet').waitFor({ state: 'detached' });
    await buyer.getByTestId('collect').click();
    await expect.poll(() => buyer.getByTestId('collect').getAttribute('aria-pressed')).toBe('true');
    await buyer.getByTestId('follow').click();
    await expect.poll(() => buyer.getByTestId('follow').textContent()).toBe('Following');
    await buyer.getByTestId('comment-form').getByRole('button', { name: 'Send' }).click();
    await buyer.getByText('Please write a comment').waitFor();
    await buyer.getByLabel('Write a comment').fill('Beautiful glaze, arrived safely');
    await buyer.getByTestId('comment-form').getByRole('button', { name: 'Send' }).click();
    await buyer.getByText('Please choose a rating').waitFor();
    await buyer.getByRole('radio', { name: '5' }).click();
    await buyer.getByTestId('comment-form').getByRole('button', { name: 'Send' }).click();
    await shown(buyer, 'comment').filter({ hasText: 'Beautiful glaze' }).waitFor();
    await buyer.goto(`${app.url}/#/mine/collect`);
    await buyer.getByTestId('collected').filter({ hasText: title }).waitFor();

    // The owner deletes the comment and blocks the user.
    const detailUrl = buyer.url().replace('/mine/collect', '');
    await seller.goto(`${app.url}/#/search`);
    await seller.getByTestId('search-input').fill('qwertz');
    await seller.getByTestId('search-input').press('Enter');
    await shown(seller, 'product-tile').filter({ hasText: title }).click();
    const comment = shown(seller, 'comment').filter({ hasText: 'Beautiful glaze' });
    await comment.getByTestId('block-user').click();
    await seller.getByRole('dialog').getByRole('button', { name: 'Block user' }).click();
    await seller.getByText('The user is blocked').waitFor();
    await comment.getByTestId('delete-comment').click();
    await seller.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => shown(seller, 'comment').filter({ hasText: 'Beautiful glaze' }).count()).toBe(0);
    expect(detailUrl).toContain(app.url);
  });

  it('a buyer applies to sell, staff approve in the console, and the publish tab opens its form', async () => {
    const { page: applicant } = await phone(browser, { height: 900 });
    await loginAs(applicant, app.url, 'demo_buyer');
    await applicant.getByTestId('tab-publish').click();
    await shown(applicant, 'not-seller').waitFor();
    await applicant.goto(`${app.url}/#/mine/seller/authentication`);
    await shown(applicant, 'apply-start').click();
    await applicant.locator('#apply-storeName:visible').fill('Bea Crafts');
    await applicant.locator('#apply-realName:visible').fill('Bea Buyer');
    await applicant.locator('#apply-email:visible').fill('bea@');
    await applicant.locator('[data-testid="seller-apply-form"]:visible').getByRole('button', { name: 'Submit application' }).click();
    await applicant.getByText('Incorrect email format').first().waitFor();
    await applicant.locator('#apply-email:visible').fill('bea@example.com');
    await applicant.locator('[data-testid="seller-apply-form"]:visible').getByRole('button', { name: 'Submit application' }).click();
    await applicant.getByText('Your application is being reviewed.').first().waitFor();

    const staff = await as('demo_arbiter');
    await staff.goto(`${app.url}/#/platform/console`);
    await staff.getByTestId('console-sellerApplications').click();
    await shown(staff, 'application').filter({ hasText: 'Bea Crafts' }).getByTestId('application-approve').click();
    await expect.poll(() => shown(staff, 'application').filter({ hasText: 'Bea Crafts' }).count()).toBe(0);

    // Back on the authentication screen the approval is seen and the user info refreshed.
    await applicant.goto(`${app.url}/#/index`);
    await applicant.goto(`${app.url}/#/mine/seller/authentication`);
    await applicant.getByText('You are an approved seller.').first().waitFor();
    await applicant.goto(`${app.url}/#/publish`);
    await shown(applicant, 'publish-form').waitFor();
  });
});
