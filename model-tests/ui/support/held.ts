import type { Page, Route } from 'playwright-core';

/**
 * A screen's reads held on the way (the browser's route), so that the UI walk sees the state a request
 * in flight shows (the skeleton, "Loading more…") and then decides how it ends: the answer passes on to
 * the server, or the request fails on the way (the network), or it is answered by what the walk
 * arranged on the server first. Every matching request is held until the walk lets it go; a reload
 * while one is held leaves the older one held too, and it goes the same way (the chart no longer
 * listens to it). Used by the list charts' UI models (screens/product/pager.ui-model.ts,
 * resource.ui-model.ts).
 */
export interface Held {
  /** How many matching requests the page has made so far. */
  seen(): number;
  /** Waits until the page makes a request after the `after`-th (a step that loads again). */
  next(after: number, what: string): Promise<void>;
  /** Whether a request is held now. */
  holding(): boolean;
  /** Lets every held request go on to the server (waits for one to be held). */
  pass(): Promise<void>;
  /** Fails every held request on the way, as a lost connection does (waits for one to be held). */
  drop(error?: 'failed' | 'internetdisconnected'): Promise<void>;
  /** Lets go without waiting (the end of a path). */
  letGo(): Promise<void>;
}

export async function holdRequests(page: Page, match: (url: URL) => boolean): Promise<Held> {
  let seen = 0;
  let held: Route[] = [];
  await page.route(
    (url) => match(url),
    (route) => {
      seen += 1;
      held.push(route);
    },
  );
  const waitFor = async (ok: () => boolean, what: string, ms = 10_000) => {
    const deadline = Date.now() + ms;
    while (!ok()) {
      if (Date.now() > deadline) throw new Error(`${what}: no such request within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const take = async (what: string) => {
    await waitFor(() => held.length > 0, what);
    const routes = held;
    held = [];
    return routes;
  };
  return {
    seen: () => seen,
    next: (after, what) => waitFor(() => seen > after, what),
    holding: () => held.length > 0,
    pass: async () => {
      for (const route of await take('the answer passes')) await route.fallback().catch(() => undefined);
    },
    drop: async (error = 'failed') => {
      for (const route of await take('the request fails on the way')) await route.abort(error).catch(() => undefined);
    },
    letGo: async () => {
      const routes = held;
      held = [];
      for (const route of routes) await route.fallback().catch(() => undefined);
    },
  };
}

/** The shown screen's refresh, the keyboard's way to pull to refresh (src/app/PullToRefresh.tsx): scrolled to its top, focus, Enter. */
export async function refreshScreen(page: Page): Promise<void> {
  const button = page.getByTestId('refresh-screen').filter({ visible: true });
  await button.evaluate((b) => {
    if (b.parentElement) b.parentElement.scrollTop = 0; // the screen's slot: a person pulls from the top
  });
  await button.focus();
  await page.keyboard.press('Enter');
}
