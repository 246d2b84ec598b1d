import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appAndBrowser, loginAs, phone } from './support/app';

/**
 * Issue 33, finding 12: what a tap on the buying path makes the phone do, counted rather than timed (the
 * figures of bench/responsiveness.ts depend on the machine's load; these do not).
 *
 * - A navigation renders nothing inside the screens the shell keeps hidden (React Activity): before, every
 *   tap re-rendered all eight kept screens, the home feed's tiles among them (hundreds of components a tap).
 * - The product page's detail is asked for as the tile is tapped, before the page's screen is even in the
 *   document, and its relation (collected, following, own product) beside the detail, not after it.
 *
 * React's renders are counted by a minimal DevTools hook (the production build calls it on every commit).
 */
const suite = appAndBrowser();

/** What a screen the tap hides renders: the shell's frame around it (KeptScreen's slot, pull to refresh, boundary), never the screen. */
const framePerHiddenScreen = 4;

/** Counts the components rendered inside hidden Activity subtrees, commit by commit; and each request's start, with what the page showed then. */
const counters = `
  window.__hiddenRenders = 0;
  window.__renders = 0;
  const seen = new WeakMap();
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), inject() { return 1; }, checkDCE() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, onScheduleFiberRoot() {},
    onCommitFiberRoot(_, root) {
      const stack = [[root.current, false]];
      while (stack.length) {
        const [fiber, hidden] = stack.pop();
        // A fiber this commit did not touch is the object the last commit saw, with the same props and state.
        const before = seen.get(fiber);
        const component = fiber.tag === 0 || fiber.tag === 1 || fiber.tag === 11 || fiber.tag === 14 || fiber.tag === 15;
        if (component && (fiber.flags & 1) !== 0 && (!before || before.p !== fiber.memoizedProps || before.s !== fiber.memoizedState)) {
          window.__renders++;
          if (hidden) window.__hiddenRenders++;
        }
        seen.set(fiber, { p: fiber.memoizedProps, s: fiber.memoizedState });
        // OffscreenComponent (22): an Activity's subtree, hidden when its mode is.
        const below = hidden || (fiber.tag === 22 && fiber.memoizedProps && fiber.memoizedProps.mode === 'hidden');
        if (fiber.sibling) stack.push([fiber.sibling, hidden]);
        if (fiber.child) stack.push([fiber.child, below]);
      }
    },
  };
  window.__requests = [];
  const fetched = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const title = document.querySelector('[data-testid="detail-title"]');
    const header = [...document.querySelectorAll('h1')].some((h) => h.textContent === 'Product' && h.offsetParent !== null);
    window.__requests.push({ url, productHeader: header, productTitle: title !== null });
    return fetched(input, init);
  };
`;

interface Counted {
  __hiddenRenders: number;
  __renders: number;
  __requests: { url: string; productHeader: boolean; productTitle: boolean }[];
}

async function signedIn(): Promise<Page> {
  const { context, page } = await phone(suite.browser);
  await context.addInitScript({ content: counters });
  await loginAs(page, suite.app.url, 'demo_buyer');
  return page;
}

const counted = (page: Page) => page.evaluate(() => {
  const w = window as unknown as Counted;
  return { renders: w.__renders, hidden: w.__hiddenRenders };
});
const reset = (page: Page) => page.evaluate(() => {
  const w = window as unknown as Counted;
  w.__renders = 0;
  w.__hiddenRenders = 0;
  w.__requests = [];
});

/** Taps, waits until the shown screen's mark is there and the page has settled (the deferred reads answered). */
async function tapAndSettle(page: Page, selector: string, shown: string): Promise<void> {
  await page.locator(selector).filter({ visible: true }).first().click();
  await page.locator(shown).filter({ visible: true }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

describe('issue 33 finding 12: the work a tap makes', () => {
  it('a navigation renders nothing inside the screens kept hidden: the tabs, a product, the cart', async () => {
    const page = await signedIn();
    // Fill the shell's keep-alive with the buying path's screens, the home feed first.
    await page.goto(`${suite.app.url}/#/index`);
    await page.getByTestId('product-tile').first().waitFor();
    await tapAndSettle(page, '[data-testid="tab-store"]', 'nav [aria-current="page"]');
    await tapAndSettle(page, '[data-testid="tab-account"]', '[data-testid="account-nickname"]');
    await tapAndSettle(page, '[data-testid="tab-home"]', '[data-testid="product-tile"]');
    await tapAndSettle(page, '[data-testid="product-tile"]', '[data-testid="detail-title"]');
    await page.goBack();
    await page.getByTestId('product-tile').filter({ visible: true }).first().waitFor();
    const perTap: Record<string, { renders: number; hidden: number }> = {};
    const walk: [string, string, string][] = [
      ['tab → help', '[data-testid="tab-help"]', 'nav [aria-current="page"]:text("Help")'],
      ['tab → account', '[data-testid="tab-account"]', '[data-testid="account-nickname"]'],
      ['tab → store', '[data-testid="tab-store"]', 'nav [aria-current="page"]:text("Store")'],
      ['tab → home', '[data-testid="tab-home"]', '[data-testid="product-tile"]'],
      ['home → product', '[data-testid="product-tile"]', '[data-testid="detail-title"]'],
      ['product → cart', '[data-testid="bar-cart"]', 'h1:text("Cart")'],
    ];
    for (const [name, tap, shown] of walk) {
      await reset(page);
      await tapAndSettle(page, tap, shown);
      perTap[name] = await counted(page);
    }
    console.log('[issue 33 f12] components rendered per tap (in hidden screens):', Object.entries(perTap).map(([k, v]) => `${k} ${v.renders} (${v.hidden})`).join(', '));
    // The counter works: the shown screens rendered.
    expect(Object.values(perTap).every((v) => v.renders > 0)).toBe(true);
    // Nothing hidden rendered but the frame of the screen the tap hid (its slot, pull to refresh and boundary are
    // told it is hidden); before, every kept screen rendered again, the home feed's tiles among them.
    for (const [name] of walk) expect(perTap[name]?.hidden, name).toBeLessThanOrEqual(framePerHiddenScreen);
  });

  it('the product page asks for its detail at the tap and for its relation beside it, not after it', async () => {
    const page = await signedIn();
    await page.goto(`${suite.app.url}/#/index`);
    await page.getByTestId('product-tile').first().waitFor();
    await reset(page);
    await page.getByTestId('product-tile').first().click();
    await page.getByTestId('detail-title').waitFor();
    await page.waitForLoadState('networkidle');
    const requests = await page.evaluate(() => (window as unknown as Counted).__requests);
    const detail = requests.filter((r) => r.url.includes('/api/commodity/product/detail'));
    const relation = requests.filter((r) => r.url.includes('/api/commodity/product/relation'));
    // One request for the detail, made in the tap itself: the product screen was not there yet.
    expect(detail).toEqual([expect.objectContaining({ productHeader: false, productTitle: false })]);
    // The relation was asked for before the detail's answer was on the page.
    expect(relation).toEqual([expect.objectContaining({ productTitle: false })]);
  });
});
