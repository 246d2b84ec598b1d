import type { Page } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import { resourceMachine, type ResourceContext } from '../../machines/resource.machine';
import type { Held } from '../../model-tests/ui/support/held';
import { refreshScreen } from '../../model-tests/ui/support/held';
import { english, vis } from '../../model-tests/ui/support/screen';
import type { UiModel, Step } from '../../model-tests/ui/support/uiWalk';

/**
 * One screen's data (machines/resource.machine.ts, run by src/app/useResource.ts) as a visitor reads it:
 * a product's page (screens/product/ProductDetailScreen.tsx), issue 36, UI-level model tests; the walk
 * is model-tests/ui/listCharts.ui.test.ts. Test code: nothing in the app imports it.
 *
 * The product's reads are held on the way (model-tests/ui/support/held.ts), so the walk sees the
 * skeleton, then lets the answer pass: the product, or, when the seller took it down first (through
 * the API), the server's "not found" (`failed`, its retry button). The device going offline is the
 * browser context's own `setOffline(true)`, the read failing on the way; back online is
 * `setOffline(false)` (the window's `online` event).
 *
 * With nothing shown yet, the chart's `offline` is the shell's boundary (useResource hands the screen to
 * it: "No connection · Retry", src/app/ScreenBoundary.tsx); its Retry and the device coming back online
 * render the screen anew, a new run of the chart in `loading`: for the person, RETRY and ONLINE from
 * `offline`, which the walk takes there. With the product shown, a reload that failed offline keeps it
 * shown (no retry button: there is nothing to retry for the person), and ONLINE and RELOAD are the
 * chart's own events.
 */
export interface ResourceUiWorld {
  page: Page;
  /** The product's reads, held on the way. */
  reads: Held;
  /** The product's title, as its page shows it. */
  title: string;
  /** Whether the device is offline now (the browser context's switch). */
  offline(): boolean;
  setOffline(on: boolean): Promise<void>;
  /** Whether the product is listed now; the seller takes it down or lists it again through the API. */
  listed(): boolean;
  setListed(on: boolean): Promise<void>;
}

const shown = (m: AnyMachineSnapshot) => (m.context as ResourceContext).data !== null;

const none = async (w: ResourceUiWorld, testId: string, what: string) => {
  if ((await vis(w.page, testId).count()) > 0) throw new Error(`the screen shows ${what}`);
};

/** The product's page shows the product (the one loaded, or kept while reading it again). */
async function product(w: ResourceUiWorld): Promise<void> {
  await vis(w.page, 'detail-title').filter({ hasText: w.title }).waitFor({ timeout: 10_000 });
  await none(w, 'product-unavailable', '“not available”');
  await none(w, 'screen-failed', 'the screen’s failure');
}

async function offlineBanner(w: ResourceUiWorld): Promise<void> {
  await vis(w.page, 'offline-banner').filter({ hasText: english('shell.offline') }).waitFor({ timeout: 5000 });
}

/** A step into `loading`: what the person (or the device) does, then the screen reads the product again (held). */
const reads = (act: (w: ResourceUiWorld) => Promise<void>, what: string) => async (w: ResourceUiWorld) => {
  const before = w.reads.seen();
  await act(w);
  await w.reads.next(before, `${what}: the screen reads the product`);
};

const reload: Step<ResourceUiWorld> = { run: reads((w) => refreshScreen(w.page), 'pull to refresh') };

/** The device back online: the window's `online` event (from offline: the switch turned off first, should a path stand elsewhere). */
const backOnline = reads(async (w) => {
  if (!w.offline()) {
    await w.setOffline(true);
    await offlineBanner(w);
  }
  await w.setOffline(false);
}, 'back online');

/** An answer that should come from the server: the device is online again first (in `loading` the chart takes no ONLINE). */
const online = async (w: ResourceUiWorld) => {
  if (w.offline()) await w.setOffline(false);
};

export const resourceUiModel: Omit<UiModel<ResourceUiWorld>, 'begin' | 'end'> = {
  chart: 'resource',
  machine: resourceMachine,
  // Whether something is shown: a failed reload keeps it, and the screen looks different with nothing yet.
  project: (m) => ({ value: m.value, shown: shown(m) }),
  states: {
    loading: async (w, m) => {
      if (!w.reads.holding()) throw new Error('the product is not being read');
      if (shown(m)) return product(w); // read again: what it showed stays
      await w.page.locator('[aria-busy="true"]').filter({ visible: true }).first().waitFor({ timeout: 5000 });
      await none(w, 'detail-title', 'the product while it loads');
      await none(w, 'product-unavailable', '“not available” while it loads');
      await none(w, 'screen-failed', 'the screen’s failure while it loads');
    },
    ready: (w) => product(w),
    offline: async (w, m) => {
      await offlineBanner(w);
      if (shown(m)) return product(w); // the product stays, the shell says the device is offline
      await vis(w.page, 'screen-failed').waitFor({ timeout: 10_000 });
      await w.page.getByRole('heading', { name: english('shell.noConnection') }).filter({ visible: true }).waitFor({ timeout: 5000 });
      await vis(w.page, 'screen-retry').waitFor({ timeout: 5000 });
    },
    failed: async (w, m) => {
      if (shown(m)) return product(w); // a reload the server refused keeps what was shown
      await vis(w.page, 'product-unavailable').filter({ hasText: english('catalogue.detail.notFound') }).waitFor({ timeout: 10_000 });
      await vis(w.page, 'product-unavailable').getByRole('button', { name: english('app.retry'), exact: true }).waitFor({ timeout: 5000 });
      await none(w, 'screen-failed', 'the screen’s failure');
    },
  },
  steps: {
    'resource.loading --xstate.done.actor.load#0--> resource.ready': {
      follows: true,
      event: () => ({ type: 'xstate.done.actor.load', output: { id: 'product' } }),
      run: async (w) => {
        await online(w);
        if (!w.listed()) await w.setListed(true);
        await w.reads.pass();
      },
    },
    // The device goes offline and the read fails on the way.
    'resource.loading --xstate.error.actor.load#0--> resource.offline': {
      follows: true,
      event: () => ({ type: 'xstate.error.actor.load', error: new TypeError('Failed to fetch') }),
      run: async (w) => {
        await w.setOffline(true);
        await w.reads.drop('internetdisconnected');
      },
    },
    // The server's answer: the seller took the product down, it is not found.
    'resource.loading --xstate.error.actor.load#1--> resource.failed': {
      follows: true,
      event: () => ({ type: 'xstate.error.actor.load', error: { code: '4004', httpStatus: 200, message: 'not found' } }),
      run: async (w) => {
        await online(w);
        if (w.listed()) await w.setListed(false);
        await w.reads.pass();
      },
    },
    'resource.loading --RELOAD#0--> resource.loading': reload,
    'resource.ready --RELOAD#0--> resource.loading': reload,
    'resource.offline --ONLINE#0--> resource.loading': [
      { from: (m) => !shown(m), run: backOnline }, // the shell's boundary renders the screen anew
      { from: (m) => shown(m), run: backOnline }, // the chart's own ONLINE (useResource listens)
    ],
    // The boundary's Retry ("No connection"); with the product shown there is no retry button.
    'resource.offline --RETRY#0--> resource.loading': { from: (m) => !shown(m), run: reads((w) => vis(w.page, 'screen-retry').click(), 'Retry') },
    // Pull to refresh reaches the chart while it shows something (the boundary's screen has no chart to refresh).
    'resource.offline --RELOAD#0--> resource.loading': { from: (m) => shown(m), ...reload },
    'resource.failed --RETRY#0--> resource.loading': {
      from: (m) => !shown(m),
      run: reads((w) => vis(w.page, 'product-unavailable').getByRole('button', { name: english('app.retry'), exact: true }).click(), 'Try again'),
    },
    'resource.failed --RELOAD#0--> resource.loading': reload,
  },
  notWalkable: {},
};
