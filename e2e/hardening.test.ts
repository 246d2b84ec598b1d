import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { insertAddress, insertProduct } from '../server/testing/commerceFixtures';
import { appAndBrowser, loginAs, phone } from './support/app';
import { buyFromBalance } from './support/buy';

/**
 * Issue 11 (server side) journeys in a real browser: a product sold to Global is ordered to a
 * Philippines address (defect 5); a frozen account that logs in again is told it is frozen, with the
 * reason (defect 3, the login).
 */
const suite = appAndBrowser();


/** The shell keeps screens alive (hidden): only the visible one counts. */
const vis = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

describe('issue 11 in a real browser', () => {
  it('a product sold to Global is shown as sold everywhere and is ordered to a Philippines address', async () => {
    const db = suite.app.deps.db;
    const philippines = await db.selectFrom('regions').select('id').where('name', '=', 'Philippines').where('level', '=', 1).executeTakeFirstOrThrow();
    // demo_seller2 lives in China; the product is sold to Global only.
    const product = await insertProduct(db, { seller: 'demo_seller2', title: 'Global lantern', price: '3', shippingFee: '1', saleCountries: [0] });
    const addressId = await insertAddress(db, 'demo_buyer', philippines.id);
    await db.updateTable('addresses').set({ is_default: false }).execute();
    await db.updateTable('addresses').set({ is_default: true }).where('id', '=', BigInt(addressId)).execute();

    const { page } = await phone(suite.browser);
    await loginAs(page, suite.app.url, 'demo_buyer');
    await page.goto(`${suite.app.url}/#/product/detail?id=${product.productId}`);
    await vis(page, 'detail-title').waitFor();
    await page.getByText('Every country (Global)').filter({ visible: true }).waitFor();

    await buyFromBalance(page, suite.app.url, product.productId, product.skuIds[0]);
    const order = await db.selectFrom('orders').select(['id', 'status']).where('buyer_id', '=', (await db.selectFrom('users').select('id').where('username', '=', 'demo_buyer').executeTakeFirstOrThrow()).id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(order.status).toBe('paid');
  });

  it('a frozen account that logs in again sees "Your account is frozen" with the reason', async () => {
    const { page } = await phone(suite.browser);
    await loginAs(page, suite.app.url, 'demo_seller2');
    await suite.app.deps.db.updateTable('users').set({ frozen: true, frozen_reason: 'Selling counterfeit goods' }).where('username', '=', 'demo_seller2').execute();
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${suite.app.url}/#/new-my`);
    await page.reload();
    await page.getByTestId('login-with-pi').click();
    await page.getByTestId('sandbox-user-demo_seller2').click();
    const toast = page.getByRole('status').getByText('Your account is frozen: Selling counterfeit goods');
    await toast.waitFor();
    expect(await page.getByRole('status').textContent()).not.toContain('Pi authentication failed');
  });
});
