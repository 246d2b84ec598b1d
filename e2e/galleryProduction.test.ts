import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordChartStep } from '../server/charts/steps';
import { ApiCaller } from '../server/testing/apiClient';
import { insertAddress, insertProduct } from '../server/testing/commerceFixtures';
import type { CheckoutAnswer } from '../src/domain/types/commerce';
import type { ProductionRecords, ProductionView } from '../src/domain/types/chartProduction';
import { expectAccessible } from './support/axe';
import { appAndBrowser, explainFailures, loginAs } from './support/app';
import { shot } from './support/shots';

/**
 * The gallery's "In production" view (issue 35, part 2), as staff: the order chart's traffic over a seeded
 * history (real orders paid through the API and waiting for the seller, plus a chosen history written
 * step by step as the services write it), the counts on the chart and in the tables equal to what the API
 * answers, the records in "Paid" (waiting for the seller) longest waiting first, one opening its replay;
 * the same on a phone in Arabic; nobody else sees the view (and the API refuses them).
 */

const suite = appAndBrowser();
const hour = 3_600_000;
const waiting: string[] = [];
/** Paid 30 hours ago: its 24 h confirmation window passed while the timer runner was stopped. */
const stuckId = '7100000';
let staff: ApiCaller;

beforeAll(async () => {
  const buyer = new ApiCaller(suite.app.url, () => Date.now());
  staff = new ApiCaller(suite.app.url, () => Date.now());
  await buyer.loginAs('demo_buyer');
  await staff.loginAs('demo_arbiter');
  const addressId = await insertAddress(suite.app.deps.db, 'demo_buyer');
  // Two real orders, paid through the API a person's screens use: waiting for the seller's confirmation.
  for (let i = 0; i < 2; i++) {
    const p = await insertProduct(suite.app.deps.db, { seller: 'demo_seller', price: '4', shippingFee: '1' });
    const placed = await buyer.post<CheckoutAnswer>('/api/commodity/orders/submit', {
      idempotencyKey: crypto.randomBytes(12).toString('hex'),
      items: [{ productId: p.productId, skuId: p.skuIds[0] ?? '', quantity: 1 }],
      addressId,
      paymentMethod: 'balance',
    });
    expect(placed.code).toBe('0000');
    const id = placed.object.orders[0]?.id ?? '';
    expect((await buyer.post('/api/pay/balance', { orderIds: [id] })).code).toBe('0000');
    waiting.push(id);
  }
  // A chosen history over the last five days: 24 orders on chosen paths (numbers far from real ones).
  const now = Date.now();
  await suite.app.deps.db.transaction().execute(async (trx) => {
    for (let r = 0; r < 24; r++) {
      const id = 7_000_000n + BigInt(r);
      let at = now - (5 * 24 - r * 4) * hour;
      const step = async (event: string, party: 'buyer' | 'seller' | 'system' | 'server', from: string, to: string, wait: number) => {
        at += wait;
        await recordChartStep(trx, 'order', id, { event, party, from, to, at });
      };
      await step('SUBMIT', 'buyer', '', 'unpaid', 0);
      if (r % 6 === 0) {
        await step('unpaidWindow', 'system', 'unpaid', 'expired', 30 * 60_000);
        continue;
      }
      await step('PAY', 'server', 'unpaid', 'paid', (r % 7) * 60_000 + 5_000);
      if (r % 5 === 0) {
        await step('sellerConfirmWindow', 'system', 'paid', 'canceled', 24 * hour);
        continue;
      }
      await step('CONFIRM', 'seller', 'paid', 'notShipped', (r % 4) * hour + 60_000);
      if (r % 3 === 0) continue;
      await step('SHIP', 'seller', 'notShipped', 'sent', (r % 3) * hour + 60_000);
    }
    await recordChartStep(trx, 'order', BigInt(stuckId), { event: 'SUBMIT', party: 'buyer', from: '', to: 'unpaid', at: now - 31 * hour });
    await recordChartStep(trx, 'order', BigInt(stuckId), { event: 'PAY', party: 'server', from: 'unpaid', to: 'paid', at: now - 30 * hour });
  });
}, 180_000);

async function apiView(): Promise<ProductionView> {
  const answer = await staff.get<ProductionView>('/api/statecharts/production?chart=order&period=7d');
  expect(answer.code).toBe('0000');
  return answer.object;
}

async function openProduction(page: Page, title: string, viewName: string) {
  await page.goto(`${suite.app.url}/#/statecharts`);
  await page.getByTestId('chart-list').getByRole('button', { name: title, exact: true }).click();
  await page.locator('#gallery-chart-title', { hasText: title }).waitFor();
  await page.getByTestId('view-production').click();
  expect(await page.getByTestId('view-production').textContent()).toBe(viewName);
  await page.getByTestId('production-states').waitFor();
  // The chart drawn with the figures: a count on the states that hold records.
  await page.getByTestId('chart-canvas').getByTestId('state-count').first().waitFor();
}

/** Every number the view shows for states and arrows equals the API's answer for the same period. */
async function expectCountsOf(page: Page, view: ProductionView, locale: string) {
  const number = new Intl.NumberFormat(locale);
  const shown = view.states.filter((s) => s.state !== '');
  expect(shown.length).toBeGreaterThanOrEqual(6);
  for (const s of shown) {
    expect(await page.getByTestId('production-states').locator(`tr[data-state="${s.state}"]`).getByTestId('production-now').textContent(), s.state).toBe(number.format(s.now));
  }
  const rows = page.getByTestId('production-arrows').locator('tbody tr');
  expect(await rows.count()).toBe(view.arrows.length);
  const taken = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelector('td')?.textContent ?? ''));
  expect(taken).toEqual(view.arrows.map((a) => number.format(a.count)));
  // On the chart: the records now in "Paid" on its box, and the arrows' counts as drawn.
  const paid = view.states.find((s) => s.state === 'paid');
  expect(paid?.now).toBeGreaterThanOrEqual(3);
  const canvas = page.getByTestId('chart-canvas');
  const pill = await canvas.locator('[data-testid="state-count"][data-of="paid"]').textContent();
  expect(pill).toBe(number.format(paid?.now ?? -1));
  const drawnCounts = (await canvas.getByTestId('edge-count').allTextContents()).map((t) => Number(t.replace(/\D/g, '')));
  const timerArrow = view.arrows.find((a) => a.event === 'sellerConfirmWindow');
  expect(timerArrow?.timer).toBe(true);
  expect(drawnCounts).toContain(timerArrow?.count);
  // The timer's share stands out: drawn inside its arrow.
  expect(await canvas.locator('path[data-timer]').count()).toBeGreaterThanOrEqual(2);
}

/** Opens the records now in "Paid" (waiting for the seller): longest waiting first, as the API lists them. */
async function openPaidRecords(page: Page) {
  await page.getByTestId('production-states').locator('tr[data-state="paid"]').getByTestId('production-state').click();
  const list = page.getByTestId('production-records');
  await list.getByTestId('production-record').first().waitFor();
  const ids = await list.getByTestId('production-record').evaluateAll((items) => items.map((i) => i.getAttribute('data-id')));
  const api = (await staff.get<ProductionRecords>('/api/statecharts/production/state?chart=order&state=paid')).object;
  expect(ids).toEqual(api.list.map((r) => r.id));
  expect(ids[0]).toBe(stuckId);
  for (const id of waiting) expect(ids).toContain(id);
  return list;
}

describe('the gallery\'s "In production" view', () => {
  it('shows staff the order chart as lived, at 1280 px: counts equal to the API, the records waiting for the seller, one replayed', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, locale: 'en-US', acceptDownloads: true });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error('[page error]', error.message));
    explainFailures(page);
    await loginAs(page, suite.app.url, 'demo_arbiter');
    await openProduction(page, 'Order', 'In production');
    await shot(page, 'gallery-production-1280-en-top');
    const view = await apiView();
    await expectCountsOf(page, view, 'en-US');

    // In the product's words: no state or event identifier on screen.
    const text = await page.locator('main').innerText();
    for (const identifier of ['notShipped', 'sellerConfirmWindow', 'unpaidWindow', 'CONFIRM', 'SUBMIT', 'xstate.']) expect(text).not.toContain(identifier);
    expect(text).toContain('Paid');
    await page.getByTestId('production-arrows').getByText('after 24 h: Paid → Canceled', { exact: true }).waitFor();
    // The funnel of the main path with its counts and shares.
    const funnel = await page.getByTestId('production-funnel').innerText();
    const firstStage = view.funnel[0];
    expect(funnel).toContain(`${firstStage?.reached ?? -1} reached (100%)`);
    expect(funnel).toContain('Expired');
    // The stuck list names the order whose confirmation window passed, with how late it is.
    const stuck = page.getByTestId('production-stuck');
    await stuck.locator(`[data-id="${stuckId}"]`).getByText(/late$/).waitFor();

    const list = await openPaidRecords(page);
    await page.getByTestId('chart-canvas').evaluate((el) => el.scrollIntoView());
    await shot(page, 'gallery-production-1280-en');
    await list.locator('li').first().scrollIntoViewIfNeeded();
    await shot(page, 'gallery-production-1280-en-records');
    await expectAccessible(page, 'gallery in production (desk)');

    // One record's replay: paid by the server, now waiting for the seller.
    const id = waiting[0] ?? '';
    await list.locator(`[data-id="${id}"]`).getByTestId('production-replay').click();
    await expect.poll(() => page.getByTestId('replay-position').textContent()).toBe('Step 2 of 2');
    expect(await page.getByTestId('replay-id').inputValue()).toBe(id);
    expect(await page.getByTestId('replay-step').textContent()).toContain('Unpaid → Paid');
    expect(await page.getByTestId('chart-canvas').locator('g[data-state="paid"]').getAttribute('data-active')).toBe('true');
    await shot(page, 'gallery-production-1280-en-replay');

    // An arrow's records: those the 24 h timer cancelled in the period.
    await page.getByTestId('production-arrows').getByRole('button', { name: 'after 24 h: Paid → Canceled', exact: true }).click();
    await page.getByTestId('production-records').getByText('Records that took “after 24 h: Paid → Canceled” in the period', { exact: true }).waitFor();
    // The list's heading shows while its records are still on their way: the records are read until they answer.
    const onArrow = (await staff.get<ProductionRecords>('/api/statecharts/production/arrow?chart=order&period=7d&from_state=paid&event=sellerConfirmWindow&to_state=canceled')).object;
    expect(onArrow.list.length).toBeGreaterThan(0);
    const timerIds = () => page.getByTestId('production-records').getByTestId('production-record').evaluateAll((items) => items.map((i) => i.getAttribute('data-id')));
    await expect.poll(timerIds, { timeout: 10_000 }).toEqual(onArrow.list.map((r) => r.id));

    // The downloads: the view's CSV from the API, and the chart with its figures as SVG.
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('production-csv').click()]);
    expect(csv.suggestedFilename()).toBe(`coin-mall-order-${view.from}-${view.to}.csv`);
    const csvText = await readDownload(csv);
    expect(csvText.split('\n')[0]).toMatch(/^kind,chart,from_day,to_day/);
    expect(csvText).toContain(`arrow,order,${view.from},${view.to},paid,sellerConfirmWindow,canceled,,${timerCount(view)}`);
    const [svg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('production-svg').click()]);
    const svgText = await readDownload(svg);
    const parsed = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
      return { error: doc.getElementsByTagName('parsererror').length, words: Array.from(doc.querySelectorAll('tspan, text')).map((t) => t.textContent ?? '') };
    }, svgText);
    expect(parsed.error).toBe(0);
    const paid = view.states.find((s) => s.state === 'paid');
    expect(parsed.words.some((w) => w.startsWith(`Paid: ${paid?.now ?? -1} now`))).toBe(true);
    expect(parsed.words).toContain(`after 24 h: Paid → Canceled: ${timerCount(view)}`);

    // The seller filter narrows to that seller's orders: the two real ones paid today, as the API answers.
    const sellerId = (await suite.app.deps.db.selectFrom('users').select('id').where('username', '=', 'demo_seller').executeTakeFirstOrThrow()).id.toString();
    await page.getByTestId('production-seller').fill(sellerId);
    await page.getByTestId('production-apply').click();
    const narrowed = (await staff.get<ProductionView>(`/api/statecharts/production?chart=order&period=7d&seller=${sellerId}`)).object;
    expect(narrowed.filtered).toBe(true);
    expect(narrowed.states.find((s) => s.state === 'paid')?.now).toBe(2);
    const paidNow = page.getByTestId('production-states').locator('tr[data-state="paid"]').getByTestId('production-now');
    await expect.poll(() => paidNow.textContent()).toBe('2');
    expect(await page.getByTestId('production-arrows').locator('tbody tr').count()).toBe(narrowed.arrows.length);
    await context.close();
  });

  it('works on a phone in Arabic at 390 px: the same counts, the records waiting for the seller, a replay', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    explainFailures(page);
    await loginAs(page, suite.app.url, 'demo_arbiter');
    await page.evaluate(() => localStorage.setItem('coin-mall.language', 'ar'));
    await page.reload();
    await openProduction(page, 'الطلب', 'في الإنتاج');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expectCountsOf(page, await apiView(), 'ar');
    // Nothing wider than the phone: the chart and the tables scroll inside themselves.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const text = await page.locator('main').innerText();
    for (const identifier of ['notShipped', 'sellerConfirmWindow', 'paid', 'In production', 'Records']) expect(text).not.toContain(identifier);
    await shot(page, 'gallery-production-390-ar');
    const list = await openPaidRecords(page);
    await list.scrollIntoViewIfNeeded();
    await shot(page, 'gallery-production-390-ar-records');
    await expectAccessible(page, 'gallery in production (phone, Arabic)');
    const id = waiting[1] ?? '';
    await list.locator(`[data-id="${id}"]`).getByTestId('production-replay').click();
    await expect.poll(() => page.getByTestId('replay-id').inputValue()).toBe(id);
    await page.getByTestId('replay-position').waitFor();
    expect(await page.getByTestId('chart-canvas').locator('g[data-state="paid"]').getAttribute('data-active')).toBe('true');
    await page.getByTestId('gallery-replay').scrollIntoViewIfNeeded();
    await shot(page, 'gallery-production-390-ar-replay');
    await context.close();
  });

  it('shows no production view to anyone but staff, and the API refuses them', async () => {
    for (const who of ['demo_buyer', null] as const) {
      const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
      const page = await context.newPage();
      explainFailures(page);
      if (who) await loginAs(page, suite.app.url, who);
      await page.goto(`${suite.app.url}/#/statecharts`);
      await page.getByTestId('chart-list').getByRole('button', { name: 'Order', exact: true }).click();
      await page.getByTestId('gallery-conditions').waitFor();
      expect(await page.getByTestId('view-production').count()).toBe(0);
      expect(await page.getByTestId('production-panels').count()).toBe(0);
      await context.close();
    }
    const buyer = new ApiCaller(suite.app.url, () => Date.now());
    await buyer.loginAs('demo_buyer');
    expect((await buyer.get('/api/statecharts/production?chart=order&period=7d')).code).toBe('4003');
    expect((await buyer.get('/api/statecharts/production/state?chart=order&state=paid')).code).toBe('4003');
  });
});

const timerCount = (view: ProductionView) => view.arrows.find((a) => a.event === 'sellerConfirmWindow')?.count ?? -1;

async function readDownload(download: { createReadStream: () => Promise<NodeJS.ReadableStream> }): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
