import type { Page } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import { pagerMachine, type PageAnswer, type PagerContext } from '../../machines/pager.machine';
import type { Held } from '../../model-tests/ui/support/held';
import { refreshScreen } from '../../model-tests/ui/support/held';
import { english, until, vis } from '../../model-tests/ui/support/screen';
import type { UiModel } from '../../model-tests/ui/support/uiWalk';

/**
 * An infinite list (machines/pager.machine.ts) as a visitor scrolls it: a store page's products
 * (screens/product/StoreScreen.tsx, ProductGrid), a small seeded catalogue of one page and one product
 * more (issue 36, UI-level model tests; the walk is model-tests/ui/listCharts.ui.test.ts). Test code:
 * nothing in the app imports it.
 *
 * Every page the list asks for is held on the way (model-tests/ui/support/held.ts), so the walk sees
 * what a load in flight shows, then lets the answer pass (the server's page) or fails the request on
 * the way. The model's pages are the server's: the first page (no cursor) is `pageSize` products and a
 * cursor, the next the one product more and no cursor. What the screen shows is checked against the
 * model's list: as many tiles as it holds, the skeleton while the first page loads, "Loading more…"
 * under the list while another loads, the end line, the failure with its retry button.
 */
export interface PagerUiWorld {
  page: Page;
  /** The store's list requests, held on the way. */
  pages: Held;
}

/** The store's products: one full page and one more (screens/product/StoreScreen.tsx asks for 20 a page). */
export const pageSize = 20;
export const storeProducts = pageSize + 1;

const ctx = (m: AnyMachineSnapshot) => m.context as PagerContext;
const placeholders = (n: number) => Array.from({ length: n }, (_, i) => ({ i }));

async function tiles(w: PagerUiWorld, n: number): Promise<void> {
  await until('the product tiles shown', () => vis(w.page, 'product-tile').count(), n, 10_000);
}

async function absent(w: PagerUiWorld, what: string, text: string): Promise<void> {
  if ((await w.page.getByText(text, { exact: true }).filter({ visible: true }).count()) > 0) throw new Error(`the list shows ${what}`);
}

const retryButton = (w: PagerUiWorld) => w.page.getByRole('button', { name: english('app.retry'), exact: true }).filter({ visible: true });

async function noRetry(w: PagerUiWorld): Promise<void> {
  if ((await retryButton(w).count()) > 0) throw new Error('the list offers to try again');
}

/** A step into `loading`: what the person does, then the list asks for a page (held). */
const loads = (act: (w: PagerUiWorld) => Promise<void>, what: string) => async (w: PagerUiWorld) => {
  const before = w.pages.seen();
  await act(w);
  await w.pages.next(before, `${what}: the list asks for a page`);
};

const reload = { run: loads((w) => refreshScreen(w.page), 'pull to refresh') };

export const pagerUiModel: Omit<UiModel<PagerUiWorld>, 'begin' | 'end'> = {
  chart: 'pager',
  machine: pagerMachine,
  // The list held and whether there is a cursor: a reload keeps the list shown until the first page replaces it.
  project: (m) => ({ value: m.value, items: ctx(m).items.length, cursor: ctx(m).next !== null }),
  states: {
    loading: async (w, m) => {
      if (!w.pages.holding()) throw new Error('no page is being loaded');
      const n = ctx(m).items.length;
      if (n === 0) {
        await w.page.locator('[aria-busy="true"]').filter({ visible: true }).first().waitFor({ timeout: 5000 });
        if ((await vis(w.page, 'product-tile').count()) > 0) throw new Error('tiles beside the skeleton');
        return;
      }
      // Reloading or loading more: the list shown stays, and says it is loading.
      await tiles(w, n);
      await w.page.getByText(english('feed.loadingMore'), { exact: true }).filter({ visible: true }).waitFor({ timeout: 5000 });
      await noRetry(w);
    },
    more: async (w, m) => {
      await tiles(w, ctx(m).items.length);
      await absent(w, 'the end line', english('feed.end'));
      await absent(w, 'Loading more…', english('feed.loadingMore'));
      await noRetry(w);
    },
    end: async (w, m) => {
      await tiles(w, ctx(m).items.length);
      await w.page.getByText(english('feed.end'), { exact: true }).filter({ visible: true }).waitFor({ timeout: 5000 });
      await noRetry(w);
    },
    failed: async (w, m) => {
      const n = ctx(m).items.length;
      await retryButton(w).waitFor({ timeout: 5000 });
      if (n === 0) await w.page.getByRole('alert').filter({ hasText: english('feed.loadFailed') }).filter({ visible: true }).waitFor({ timeout: 5000 });
      await tiles(w, n);
      await absent(w, 'Loading more…', english('feed.loadingMore'));
    },
  },
  steps: {
    // The server's pages: the first (no cursor) is full and has a next; the next is the last product and has none.
    'pager.loading --xstate.done.actor.loadPage#0--> pager.more': {
      follows: true,
      from: (m) => ctx(m).next === null,
      event: () => ({ type: 'xstate.done.actor.loadPage', output: { list: placeholders(pageSize), next: 'next' } satisfies PageAnswer }),
      run: (w) => w.pages.pass(),
    },
    'pager.loading --xstate.done.actor.loadPage#1--> pager.end': {
      follows: true,
      from: (m) => ctx(m).next !== null,
      event: () => ({ type: 'xstate.done.actor.loadPage', output: { list: placeholders(storeProducts - pageSize), next: null } satisfies PageAnswer }),
      run: (w) => w.pages.pass(),
    },
    'pager.loading --xstate.error.actor.loadPage#0--> pager.failed': {
      follows: true,
      event: () => ({ type: 'xstate.error.actor.loadPage', error: new TypeError('Failed to fetch') }),
      run: (w) => w.pages.drop('failed'),
    },
    // Pulled while the page is still loading: the list starts over (the older request goes nowhere).
    'pager.loading --RELOAD#0--> pager.loading': reload,
    // The end of the list scrolled into view.
    'pager.more --LOAD_MORE#0--> pager.loading': {
      run: loads(async (w) => {
        await vis(w.page, 'product-tile').last().scrollIntoViewIfNeeded();
      }, 'scrolled to the end'),
    },
    'pager.more --RELOAD#0--> pager.loading': reload,
    'pager.end --RELOAD#0--> pager.loading': reload,
    'pager.failed --RELOAD#0--> pager.loading': reload,
    'pager.failed --RETRY#0--> pager.loading': { run: loads((w) => retryButton(w).click(), 'Try again') },
  },
  notWalkable: {},
};
