import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { afterSaleWindows } from '../machines/afterSale.machine';
import { Durations } from '../src/domain/constants';
import type { CheckoutAnswer } from '../src/domain/types/commerce';
import { ApiCaller } from '../server/testing/apiClient';
import { insertAddress, insertProduct } from '../server/testing/commerceFixtures';
import { timerHandlers } from '../server/timers/handlers';
import { runDueTimers } from '../server/timers/timers';
import { appAndBrowser, loginAs, phone } from './support/app';
import { expectAccessible } from './support/axe';

/**
 * Issue 12 journeys in a real browser against the real server: a buyer applies for after-sales with
 * evidence photos, the seller rejects, the buyer appeals, the arbiter grants a partial refund at the
 * console's desk and both sides see it; a return-and-refund case goes through return shipping to the
 * refund; a case left unanswered is deemed agreed by the 24 h timer. (The orders are bought, shipped and
 * received through the API beforehand: those screens are issue 6's journeys.)
 */
const suite = appAndBrowser();
let apiBuyer: ApiCaller;
let apiSeller: ApiCaller;

beforeAll(async () => {
  apiBuyer = new ApiCaller(suite.app.url, () => Date.now());
  apiSeller = new ApiCaller(suite.app.url, () => Date.now());
  await apiBuyer.loginAs('demo_buyer');
  await apiSeller.loginAs('demo_seller');
  const sellerAddress = await insertAddress(suite.app.deps.db, 'demo_seller');
  await suite.app.deps.db.updateTable('addresses').set({ is_default: true }).where('id', '=', BigInt(sellerAddress)).execute();
});

const vis = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });
const caseStatus = async (caseId: string) => (await suite.app.deps.db.selectFrom('after_sales').select('status').where('id', '=', BigInt(caseId)).executeTakeFirstOrThrow()).status;

/** A received order of demo_buyer from demo_seller (price + 1 shipping), through the API. */
async function receivedOrder(title: string, price: string): Promise<string> {
  const p = await insertProduct(suite.app.deps.db, { seller: 'demo_seller', title, price, shippingFee: '1' });
  const addressId = await insertAddress(suite.app.deps.db, 'demo_buyer');
  const placed = await apiBuyer.post<CheckoutAnswer>('/api/commodity/orders/submit', { idempotencyKey: crypto.randomUUID(), items: [{ productId: p.productId, skuId: p.skuIds[0], quantity: 1 }], addressId, paymentMethod: 'balance' });
  const id = placed.object.orders[0]?.id ?? '';
  expect((await apiBuyer.post('/api/pay/balance', { orderIds: [id] })).code).toBe('0000');
  for (const [caller, action] of [
    [apiSeller, { type: 'CONFIRM' }],
    [apiSeller, { type: 'SHIP', company: 'DHL', number: 'DHL5566778' }],
    [apiBuyer, { type: 'CONFIRM_RECEIPT' }],
  ] as const) {
    expect((await caller.post('/api/commodity/orders/act', { id, action })).code).toBe('0000');
  }
  return id;
}

async function photo(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background: `#${crypto.randomBytes(3).toString('hex')}` } }).png().toBuffer();
  return { name: 'evidence.png', mimeType: 'image/png', buffer };
}

/** The buyer applies on the order's after-sale screen with `photos` evidence photos; answers the case id. */
async function applyInBrowser(page: Page, orderId: string, kind: 'refundOnly' | 'returnAndRefund', amount: string | null, photos: number): Promise<string> {
  await page.goto(`${suite.app.url}/#/mine/order/detail?id=${orderId}`);
  await vis(page, 'order-after-sale').click();
  await page.waitForURL(/#\/mine\/order\/aftersale$/);
  await vis(page, `aftersale-kind-${kind}`).check();
  if (amount) await vis(page, 'aftersale-amount').fill(amount);
  await vis(page, 'aftersale-description').fill('One glass arrived cracked; photos attached.');
  // Without evidence the form says so before sending.
  await vis(page, 'aftersale-submit').click();
  await vis(page, 'aftersale-problem').waitFor();
  const files = await Promise.all(Array.from({ length: photos }, () => photo()));
  await page.getByTestId('aftersale-evidence-file').setInputFiles(files);
  await expect.poll(async () => vis(page, 'aftersale-evidence-thumb').count()).toBe(photos);
  await expect.poll(async () => page.locator('[data-testid="aftersale-evidence-thumb"][data-state="done"]').count()).toBe(photos);
  // Issue 24 finding 8: with the evidence in, the message about it is gone before the next tap.
  await page.getByTestId('aftersale-problem').waitFor({ state: 'detached', timeout: 2000 });
  await vis(page, 'aftersale-submit').click();
  await page.waitForURL(/[?&]case=\d+/);
  await vis(page, 'aftersale-case').waitFor();
  const caseId = new URL(page.url()).searchParams.get('case') ?? '';
  expect(caseId).not.toBe('');
  return caseId;
}

describe('after-sale cases in a real browser', () => {
  it('apply with evidence, the seller rejects, the buyer appeals, the arbiter grants a partial refund at the desk; both sides see it', async () => {
    const buyer = await phone(suite.browser);
    const seller = await phone(suite.browser);
    await loginAs(buyer.page, suite.app.url, 'demo_buyer');
    await loginAs(seller.page, suite.app.url, 'demo_seller');
    const orderId = await receivedOrder('Glass tumbler set', '9');
    const caseId = await applyInBrowser(buyer.page, orderId, 'refundOnly', '8', 2);
    expect(await vis(buyer.page, 'aftersale-status').textContent()).toBe('Applied');
    expect(await vis(buyer.page, 'aftersale-deadline').textContent()).toMatch(/The seller answers by/);
    await expect.poll(async () => vis(buyer.page, 'aftersale-evidence').locator('img').count()).toBe(2);
    // The evidence pictures are private (signed URLs): they really load for the buyer and for the seller.
    const loaded = (page: typeof buyer.page) => vis(page, 'aftersale-evidence').locator('img').evaluateAll((imgs) => imgs.filter((i) => i instanceof HTMLImageElement && i.complete && i.naturalWidth > 0).length);
    await expect.poll(() => loaded(buyer.page)).toBe(2);

    // The seller: the after-sale list with its badge, the case, reject with a reason.
    await seller.page.goto(`${suite.app.url}/#/mine/seller/aftersale-list`);
    await vis(seller.page, `aftersale-row-${caseId}`).click();
    await seller.page.waitForURL(new RegExp(`case=${caseId}`));
    await expect.poll(() => loaded(seller.page)).toBe(2);
    await vis(seller.page, 'aftersale-reject-open').click();
    await vis(seller.page, 'aftersale-reject-submit').click();
    await seller.page.getByRole('alert').filter({ hasText: 'Please give a reason' }).waitFor();
    await vis(seller.page, 'aftersale-reject-reason').fill('The set was checked and intact when packed.');
    await vis(seller.page, 'aftersale-reject-submit').click();
    await expect.poll(() => caseStatus(caseId)).toBe('sellerRejected');

    // Issue 24 finding 8: the order itself says the seller refused, and the right to appeal with its deadline.
    await buyer.page.goto(`${suite.app.url}/#/mine/order/detail?id=${orderId}`);
    await expect.poll(() => vis(buyer.page, 'order-case-appeal').textContent()).toMatch(/^The seller refused\. You may appeal to the platform until .+: open the case and choose Appeal to the platform\.$/);
    await expectAccessible(buyer.page, 'order with a refused case');
    await buyer.page.goto(`${suite.app.url}/#/mine/order/aftersale?case=${caseId}`);
    // The buyer appeals with a statement and one more photo.
    await buyer.page.reload();
    await vis(buyer.page, 'aftersale-rejection').waitFor();
    await vis(buyer.page, 'aftersale-appeal-open').click();
    await vis(buyer.page, 'aftersale-appeal-statement').fill('The courier photo shows the crack at delivery.');
    await buyer.page.getByTestId('aftersale-appeal-evidence-file').setInputFiles([await photo()]);
    await expect.poll(async () => vis(buyer.page, 'aftersale-appeal-evidence-thumb').count()).toBe(1);
    await expect.poll(async () => buyer.page.locator('[data-testid="aftersale-appeal-evidence-thumb"][data-state="done"]').count()).toBe(1);
    await vis(buyer.page, 'aftersale-appeal-submit').click();
    await expect.poll(() => caseStatus(caseId)).toBe('underAppeal');

    // The arbiter at the console on a desktop: the queue beside the open case.
    const desk = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const arbiter = await desk.newPage();
    await loginAs(arbiter, suite.app.url, 'demo_arbiter');
    await arbiter.goto(`${suite.app.url}/#/platform/console`);
    await arbiter.getByText('Appeals', { exact: true }).first().click();
    await arbiter.waitForURL(/#\/platform\/console\/appeals/);
    await vis(arbiter, `appeal-${caseId}`).click();
    await vis(arbiter, 'aftersale-case').waitFor();
    const queueBox = await vis(arbiter, 'appeals-queue').boundingBox();
    const caseBox = await vis(arbiter, 'aftersale-case').boundingBox();
    expect(caseBox?.x ?? 0).toBeGreaterThan((queueBox?.x ?? 0) + (queueBox?.width ?? 0) - 1); // side by side, not the phone column
    expect(await vis(arbiter, 'aftersale-rejection').textContent()).toContain('intact when packed');
    expect(await vis(arbiter, 'aftersale-appeal-statement-shown').textContent()).toContain('courier photo');
    await vis(arbiter, 'aftersale-order-history').waitFor();
    await vis(arbiter, 'aftersale-decide-partial-open').click();
    // Issue 24 findings 3 and 10: the decision opens as a sheet (the other buttons keep their size) that
    // states the refund and its consequence before anything moves.
    await arbiter.getByRole('dialog').getByTestId('aftersale-decide-partial-amount').waitFor();
    expect((await vis(arbiter, 'aftersale-decide-full-open').boundingBox())?.width ?? 999).toBeLessThan(300);
    // Issue 24 finding 8: a refund not below the amount asked is said in the sheet and nothing is sent
    // (it came back as the server's error toast, which still sat beside "Done" after the decision).
    const errorToasts = arbiter.locator('[data-tone="error"]');
    await vis(arbiter, 'aftersale-decide-partial-amount').fill('9');
    await vis(arbiter, 'aftersale-decide-partial-reason').fill('One of the two glasses was cracked.');
    await vis(arbiter, 'aftersale-decide-partial-submit').click();
    const rangeProblem = arbiter.getByRole('dialog').getByRole('alert');
    await expect.poll(() => rangeProblem.textContent()).toBe('A partial refund is more than 0 and less than the amount asked');
    expect(await errorToasts.count()).toBe(0);
    await vis(arbiter, 'aftersale-decide-partial-amount').fill('3.5');
    await rangeProblem.waitFor({ state: 'detached' });
    expect(await vis(arbiter, 'aftersale-decide-partial-refund').textContent()).toBe('π 3.5');
    expect(await vis(arbiter, 'aftersale-decide-partial-submit').textContent()).toBe('Refund \u2066π\u00a03.5\u2069');
    expect(await arbiter.getByRole('dialog').textContent()).toContain('The case closes; this cannot be undone.');
    await vis(arbiter, 'aftersale-decide-partial-reason').fill('One of the two glasses was cracked.');
    await expectAccessible(arbiter, 'arbiter partial refund');
    await vis(arbiter, 'aftersale-decide-partial-submit').click();
    await expect.poll(() => caseStatus(caseId)).toBe('refunded');
    await arbiter.locator('[data-tone="success"]').filter({ hasText: 'Done' }).waitFor();
    expect(await errorToasts.allTextContents()).toEqual([]);

    // Both sides see the decision and its reason.
    for (const page of [buyer.page, seller.page]) {
      await page.reload();
      await vis(page, 'aftersale-decision').waitFor();
      expect(await vis(page, 'aftersale-decision').textContent()).toContain('One of the two glasses was cracked.');
      expect(await vis(page, 'aftersale-decision').textContent()).toContain('3.5');
      expect(await vis(page, 'aftersale-status').textContent()).toBe('Refunded');
    }
    await desk.close();
    await buyer.context.close();
    await seller.context.close();
  }, 180_000);

  it('return and refund: the seller agrees with the prefilled return address, the buyer ships the goods back, the seller confirms, the refund is paid', async () => {
    const buyer = await phone(suite.browser);
    const seller = await phone(suite.browser);
    await loginAs(buyer.page, suite.app.url, 'demo_buyer');
    await loginAs(seller.page, suite.app.url, 'demo_seller');
    const orderId = await receivedOrder('Linen shirt', '12');
    const caseId = await applyInBrowser(buyer.page, orderId, 'returnAndRefund', null, 1);

    await seller.page.goto(`${suite.app.url}/#/mine/order/aftersale?case=${caseId}`);
    await vis(seller.page, 'aftersale-agree-open').click();
    await expect.poll(async () => vis(seller.page, 'aftersale-agree-detail').inputValue()).not.toBe(''); // prefilled from the default address
    await vis(seller.page, 'aftersale-agree-submit').click();
    await expect.poll(() => caseStatus(caseId)).toBe('agreed');

    await buyer.page.reload();
    await vis(buyer.page, 'aftersale-return-address').waitFor();
    await vis(buyer.page, 'aftersale-ship-open').click();
    await vis(buyer.page, 'aftersale-ship-company').selectOption('UPS');
    // Issue 24 finding 8: the message names what is missing ("Please check :" named nothing) and goes
    // away as soon as the field is filled in.
    await vis(buyer.page, 'aftersale-ship-submit').click();
    const missing = buyer.page.getByRole('dialog').getByRole('alert');
    await expect.poll(() => missing.textContent()).toBe('Enter the tracking number of the return shipment (4 to 40 letters or digits)');
    await vis(buyer.page, 'aftersale-ship-number').fill('UPS12345678');
    await missing.waitFor({ state: 'detached' });
    await vis(buyer.page, 'aftersale-ship-submit').click();
    await expect.poll(() => caseStatus(caseId)).toBe('returnShipped');
    await vis(buyer.page, 'aftersale-return-shipment').waitFor();
    expect(await vis(buyer.page, 'aftersale-ship-open').count()).toBe(0); // the number cannot be changed

    await seller.page.reload();
    await vis(seller.page, 'aftersale-confirm-return-open').click();
    await seller.page.getByRole('dialog').getByRole('button', { name: 'Confirm the returned goods' }).click();
    await expect.poll(() => caseStatus(caseId)).toBe('refunded');
    await buyer.page.reload();
    expect(await vis(buyer.page, 'aftersale-refunded').textContent()).toContain('13');
    await buyer.context.close();
    await seller.context.close();
  }, 180_000);

  it('a case left unanswered is deemed agreed by the 24 h timer', async () => {
    const buyer = await phone(suite.browser);
    await loginAs(buyer.page, suite.app.url, 'demo_buyer');
    const orderId = await receivedOrder('Bamboo tray', '4');
    const caseId = await applyInBrowser(buyer.page, orderId, 'refundOnly', null, 1);
    const fired = await runDueTimers(suite.app.deps.db, timerHandlers, Date.now() + afterSaleWindows.sellerAnswerWindow + Durations.minute);
    expect(fired).toBeGreaterThanOrEqual(1);
    expect(await caseStatus(caseId)).toBe('refunded');
    await buyer.page.reload();
    expect(await vis(buyer.page, 'aftersale-status').textContent()).toBe('Refunded');
    expect(await vis(buyer.page, 'aftersale-timeline').textContent()).toContain('No answer in 24 h: deemed agreed');
    // No serious accessibility problem on the case (axe-core).
    await expectAccessible(buyer.page, 'after-sale case');
    await buyer.context.close();
  }, 120_000);

  it('the gallery draws the after-sale chart with its coverage', async () => {
    const { context, page } = await phone(suite.browser);
    await page.goto(`${suite.app.url}/#/statecharts`);
    await page.getByRole('button', { name: 'After-sale case and appeal' }).click();
    const chart = page.getByRole('img').first();
    await chart.waitFor();
    await expect.poll(() => chart.locator('text').allTextContents()).toEqual(expect.arrayContaining(['Applied', 'Under appeal', 'Shipped out']));
    // Every transition of the after-sale chart is walked through the API (or the browser), none on the chart only.
    const levels = await chart.locator('path[data-level]').evaluateAll((paths) => paths.map((p) => p.getAttribute('data-level')));
    expect(levels.length).toBeGreaterThanOrEqual(16);
    expect(levels.filter((l) => l !== 'api' && l !== 'ui')).toEqual([]);
    await context.close();
  }, 60_000);
});
