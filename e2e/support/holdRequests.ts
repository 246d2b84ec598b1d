import type { Page } from 'playwright-core';

/**
 * Holds the page's requests to `url` (a Playwright glob) until `release()`: what the person does while a request
 * is on its way (leave the screen, come back). `stop()` lets later requests through untouched.
 */
export async function holdRequests(page: Page, url: string): Promise<{ release: () => void; stop: () => Promise<void> }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return { release, stop: () => page.unroute(url) };
}
