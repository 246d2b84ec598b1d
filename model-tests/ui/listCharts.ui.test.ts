import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagerUiModel, storeProducts, type PagerUiWorld } from '../../screens/product/pager.ui-model';
import { resourceUiModel, type ResourceUiWorld } from '../../screens/product/resource.ui-model';
import { phone } from '../../e2e/support/app';
import { shot } from '../../e2e/support/shots';
import { insertProduct } from '../../server/testing/commerceFixtures';
import { ApiCaller } from '../../server/testing/apiClient';
import { holdRequests, type Held } from './support/held';
import { walkUi, type UiModel } from './support/uiWalk';
import { openStage, type Stage } from './support/world';
import { expectWalked, onlyFromEnv } from './support/expectWalked';

/**
 * The list charts walked through their screens in Chromium (issue 36): the pager (an infinite list: a
 * store page's products, screens/product/pager.ui-model.ts) and the resource (one screen's data: a
 * product's page, screens/product/resource.ui-model.ts), as a visitor reads them. One app, one browser
 * and one page for the file; each path starts the app afresh on that page (a fresh chart), and opens
 * the screen from inside the app (no first-paint preview asking for the same data).
 */
let stage: Stage;
let page: Page;
/** A new seller's store: one full page of products and one more (the pager's end). */
let store: { sellerId: string; nickname: string };
/** demo_seller through the API: takes the resource walk's product down and lists it again. */
let seller: ApiCaller;

beforeAll(async () => {
  stage = await openStage([]);
  const { app } = stage;
  const username = `pager_shop_${Date.now() % 100_000}`;
  const made = await fetch(`${app.url}/sandbox/api/wallets`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username }) });
  if (made.status !== 201) throw new Error(`no sandbox wallet for ${username}: ${made.status}`);
  const shop = new ApiCaller(app.url, () => Date.now());
  await shop.loginAs(username); // the person exists now: a store with nothing listed
  const id = (await app.deps.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  // A fixture, like the seed's demo sellers: the role a person earns through the seller's authentication.
  await app.deps.db.updateTable('users').set({ roles: JSON.stringify(['buyer', 'seller']) }).where('id', '=', id).execute();
  for (let i = 1; i <= storeProducts; i += 1) await insertProduct(app.deps.db, { seller: username, title: `Pager shelf ${i}`, price: '2' });
  store = { sellerId: id.toString(), nickname: username };
  seller = new ApiCaller(app.url, () => Date.now());
  await seller.loginAs('demo_seller');
  page = (await phone(stage.browser)).page;
});
afterAll(async () => {
  await stage?.close();
});

const only = onlyFromEnv;


/** The app afresh on the file's page, then `hash` opened from inside it (as a link in the app opens it). */
async function openFresh(hash: string, ready: (p: Page) => Promise<void>): Promise<void> {
  await page.goto(`${stage.app.url}/#/new-my`);
  await page.reload();
  await page.getByTestId('login-with-pi').filter({ visible: true }).waitFor({ timeout: 15_000 });
  await page.evaluate((h) => {
    location.hash = h;
  }, hash);
  await ready(page);
}

async function closePath(reads: Held | null): Promise<void> {
  await reads?.letGo();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.context().setOffline(false);
}

describe('the pager through a store page’s products (issue 36)', () => {
  it('walks every transition: the skeleton, more pages as the list scrolls, the end, a failed page and its retry, pull to refresh', { timeout: 300_000 }, async () => {
    let held: Held | null = null;
    const model: UiModel<PagerUiWorld> = {
      ...pagerUiModel,
      begin: async () => {
        held = await holdRequests(page, (u) => u.pathname === '/api/commodity/product/feed' && u.searchParams.get('sellerId') === store.sellerId && u.searchParams.get('limit') === '20');
        const pages = held;
        await openFresh(`#/product/store?id=${store.sellerId}`, async (p) => {
          await pages.next(0, 'the store’s first page');
          await p.getByTestId('store-name').filter({ visible: true, hasText: store.nickname }).waitFor({ timeout: 10_000 }); // the store's card (its products wait under it)
        });
        return { page, pages };
      },
      end: () => closePath(held),
      onFailure: async (w, f) => {
        await shot(w.page, `pager-${f.step}-${Date.now()}`);
      },
    };
    expectWalked(await walkUi(model, { only }), model);
  });
});

describe('the resource through a product’s page (issue 36)', () => {
  it('walks every transition: the skeleton, the product, not found and its retry, offline and back online, pull to refresh', { timeout: 300_000 }, async () => {
    let held: Held | null = null;
    let counter = 0;
    const model: UiModel<ResourceUiWorld> = {
      ...resourceUiModel,
      begin: async () => {
        counter += 1;
        const title = `Resource path ${counter} lamp`;
        const p = await insertProduct(stage.app.deps.db, { seller: 'demo_seller', title, price: '2' });
        held = await holdRequests(page, (u) => u.pathname === '/api/commodity/product/detail' && u.searchParams.get('id') === p.productId);
        const reads = held;
        let offline = false;
        let listed = true;
        await openFresh(`#/product/detail?id=${p.productId}`, () => reads.next(0, 'the product’s first read'));
        return {
          page,
          reads,
          title,
          offline: () => offline,
          setOffline: async (on) => {
            await page.context().setOffline(on);
            offline = on;
          },
          listed: () => listed,
          setListed: async (on) => {
            const answer = await seller.post(`/api/commodity/product/${on ? 'relist' : 'takeDown'}`, { id: p.productId });
            if (answer.code !== '0000') throw new Error(`the seller could not ${on ? 'relist' : 'take down'} the product: ${answer.code} ${answer.msg}`);
            listed = on;
          },
        };
      },
      end: () => closePath(held),
      onFailure: async (w, f) => {
        await shot(w.page, `resource-${f.step}-${Date.now()}`);
      },
    };
    expectWalked(await walkUi(model, { only }), model);
  });
});
