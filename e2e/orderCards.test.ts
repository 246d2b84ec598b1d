import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertAddress, insertProduct } from '../server/testing/commerceFixtures';
import { appAndBrowser, loginAs, phone } from './support/app';
import { expectAccessible } from './support/axe';
import { buyFromBalance } from './support/buy';
import { shot } from './support/shots';

/**
 * Issue 33 finding 6: the buyer's order card says what the buyer wants to know. Shop, picture, name,
 * variant × quantity, total and a status sentence in the buyer's words ("Waiting for the seller to
 * confirm", not "Paid"); no order number or full timestamp (they are on the order's detail). At 320 px the
 * price never overlaps the name.
 */
const suite = appAndBrowser();
let phoneCase: { productId: string; skuIds: string[] };

beforeAll(async () => {
  const { db } = suite.app.deps;
  phoneCase = await insertProduct(db, {
    seller: 'demo_seller',
    title: 'Hand-stitched leather phone case with card pocket and magnetic clasp',
    price: '12.5',
    shippingFee: '1',
    skus: [{ specification: '64 GB', colour: 'Natural', stock: 20 }],
  });
  const addressId = await insertAddress(db, 'demo_buyer');
  await db.updateTable('addresses').set({ is_default: true }).where('id', '=', BigInt(addressId)).execute();
});

const vis = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

describe('the buyer order card', () => {
  it('shows variant × quantity and the status in the buyer words, no order number, and nothing overlaps at 320 px', async () => {
    const { context, page } = await phone(suite.browser, { width: 390 });
    await loginAs(page, suite.app.url, 'demo_buyer');
    await buyFromBalance(page, suite.app.url, phoneCase.productId, phoneCase.skuIds[0], 2);
    const id = (await suite.app.deps.db.selectFrom('orders').select('id').where('status', '=', 'paid').orderBy('id', 'desc').executeTakeFirstOrThrow()).id.toString();

    await page.goto(`${suite.app.url}/#/mine/order/list?tab=all`);
    const card = vis(page, `buyer-order-card-${id}`);
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain('64 GB · Natural');
    expect(text).toMatch(/×\s*2/);
    expect(await vis(page, `buyer-order-status-${id}`).innerText()).toContain('Waiting for the seller to confirm');
    expect(text).not.toMatch(/No\.\s*CM/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    await shot(page, 'order-cards-390-en');
    await expectAccessible(page, 'order cards (en)');

    await page.setViewportSize({ width: 320, height: 780 });
    const name = vis(page, `buyer-order-name-${id}`);
    const price = vis(page, `buyer-order-total-${id}`);
    const [nameBox, priceBox, cardBox] = await Promise.all([name.boundingBox(), price.boundingBox(), card.boundingBox()]);
    if (!nameBox || !priceBox || !cardBox) throw new Error('the name, total or card has no box');
    const overlap = nameBox.x < priceBox.x + priceBox.width && priceBox.x < nameBox.x + nameBox.width && nameBox.y < priceBox.y + priceBox.height && priceBox.y < nameBox.y + nameBox.height;
    expect(overlap).toBe(false);
    await shot(page, 'order-cards-320-en');
    // The total stays inside the card, on one line.
    expect(priceBox.x + priceBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width + 0.5);
    expect(priceBox.height).toBeLessThan(30);
    await context.close();

    const ar = await phone(suite.browser, { width: 390, language: 'ar' });
    await loginAs(ar.page, suite.app.url, 'demo_buyer');
    await ar.page.goto(`${suite.app.url}/#/mine/order/list?tab=all`);
    await vis(ar.page, `buyer-order-card-${id}`).waitFor();
    expect(await vis(ar.page, `buyer-order-status-${id}`).innerText()).not.toContain('Waiting');
    await shot(ar.page, 'order-cards-390-ar');
    await expectAccessible(ar.page, 'order cards (ar)');
    await ar.context.close();
  });
});
