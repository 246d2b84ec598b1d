import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../server/testing/commerceFixtures';
import { appAndBrowser, loginAs, phone } from './support/app';

/**
 * Issue 11, defect 3: a frozen account is told "Your account is frozen" plus the reason for every
 * action and at login (SPEC 6, 8): Collect, Add to cart (the cart is on the device, so the account is
 * asked first) and logging in again.
 */
const suite = appAndBrowser();
let product: { productId: string; skuIds: string[] };

beforeAll(async () => {
  product = await insertProduct(suite.app.deps.db, { seller: 'demo_seller', title: 'Frozen teapot', price: '4', skus: [{ specification: 'One', colour: 'Blue', stock: 5 }] });
});

const vis = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });
const frozenMessage = 'Your account is frozen: selling fakes';

describe('a frozen account is told so everywhere', () => {
  it('shows the frozen message with its reason on Collect, Add to cart and login', async () => {
    const { context, page } = await phone(suite.browser);
    await loginAs(page, suite.app.url, 'demo_buyer');
    await page.goto(`${suite.app.url}/#/product/detail?id=${product.productId}`);
    await vis(page, 'collect').waitFor();

    // staff freeze the account (as the console does)
    await suite.app.deps.db.updateTable('users').set({ frozen: true, frozen_reason: 'selling fakes' }).where('username', '=', 'demo_buyer').execute();

    await vis(page, 'collect').click();
    await page.getByText(frozenMessage).waitFor();
    expect(await page.getByText('Collect failed').count()).toBe(0);
    expect(await vis(page, 'collect').getAttribute('aria-pressed')).toBe('false');
    await page.getByText(frozenMessage).waitFor({ state: 'detached', timeout: 10_000 });

    await vis(page, 'add-to-cart-open').click();
    await vis(page, 'add-to-cart').click();
    await page.getByText(frozenMessage).waitFor();
    expect(await page.getByText('Added to the cart').count()).toBe(0);
    const cart = await page.evaluate(() => localStorage.getItem('coin-mall.cart') ?? '[]');
    expect(cart).not.toContain(product.skuIds[0]);
    await page.getByText(frozenMessage).waitFor({ state: 'detached', timeout: 10_000 });

    // logging in again is refused with the same message (not "Pi authentication failed")
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${suite.app.url}/?again=1#/new-my`);
    await page.reload();
    await vis(page, 'login-with-pi').click();
    await page.getByTestId('sandbox-user-demo_buyer').click();
    await page.getByText(frozenMessage).waitFor();
    expect(await page.getByText('Pi authentication failed').count()).toBe(0);
    await context.close();
  });
});
