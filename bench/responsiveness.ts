import type { Page } from 'playwright-core';
import { launchBrowser, loginAs, phone, startApp } from '../e2e/support/app';

/**
 * Responsiveness on a slow phone (issue 22): Chromium with the CPU slowed 4× (DevTools protocol
 * Emulation.setCPUThrottlingRate), the built client and the real server on a fresh PGlite database with
 * the demo catalogue, a signed-in buyer. The walk home → product → specification sheet → add to cart →
 * cart → checkout is done once to warm the browser's cache (chunks and pictures), then the page is
 * reloaded and walked again, measured: for each tap, its Interaction to Next Paint (the Event Timing
 * API: the longest 'event' entry of the tap's interaction, from input to the next paint) and the time
 * from the tap to the next screen's heading (or the sheet's title, or the toast) painted (the first
 * animation frame after it is in the page and visible, plus that frame). Several rounds; the median and
 * the worst of each step are printed. Budget: INP ≤ 200 ms, heading ≤ 300 ms.
 *
 *   npx vite build && npx tsx bench/responsiveness.ts [rounds, default 5]
 */
const rounds = Number(process.argv[2] ?? 5);
const throttle = 4;

interface Step {
  name: string;
  /** The element tapped. */
  tap: string;
  /** What the next screen shows: a CSS selector and the text it must hold. */
  next: { selector: string; text: string };
}

const steps: Step[] = [
  { name: 'home → product', tap: '[data-testid="product-tile"]', next: { selector: 'h1', text: 'Product' } },
  { name: 'product → specification sheet', tap: '[data-testid="add-to-cart-open"]', next: { selector: '[role="dialog"] h2', text: 'Choose specification and colour' } },
  { name: 'sheet → add to cart', tap: '[data-testid="add-to-cart"]', next: { selector: '[role="status"] > div', text: 'Added to the cart' } },
  { name: 'product → cart', tap: '[data-testid="bar-cart"]', next: { selector: 'h1', text: 'Cart' } },
  { name: 'cart → checkout', tap: '[data-testid="cart-checkout"]', next: { selector: 'h1', text: 'Submit order' } },
];

/**
 * Installed before the app (as text: a transpiled function would carry the bundler's helpers into the page):
 * the Event Timing observer, and a watcher that reports when a text is painted.
 */
const instrument = `
  window.__events = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.interactionId) window.__events.push({ id: e.interactionId, start: e.startTime, duration: e.duration, name: e.name });
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
  const shown = (selector, text) =>
    [...document.querySelectorAll(selector)].some((el) => el.textContent && el.textContent.includes(text) && el.offsetParent !== null && el.getBoundingClientRect().height > 0);
  window.__painted = (selector, text) => new Promise((resolve) => {
    const frame = () => { if (shown(selector, text)) requestAnimationFrame(() => resolve(performance.now())); else requestAnimationFrame(frame); };
    frame();
  });
`;

async function tapAndMeasure(page: Page, step: Step): Promise<{ inp: number; heading: number }> {
  const target = page.locator(step.tap).filter({ visible: true }).first();
  await target.waitFor();
  const box = await target.boundingBox();
  if (!box) throw new Error(`${step.name}: nothing to tap`);
  // The tap time is the pointerdown's timestamp in the page.
  await page.evaluate(() => {
    const w = window as unknown as { __tapAt: number };
    w.__tapAt = 0;
    addEventListener('pointerdown', (e) => (w.__tapAt = e.timeStamp), { once: true, capture: true });
  });
  const painted = page.evaluate(({ selector, text }) => (window as unknown as { __painted: (s: string, t: string) => Promise<number> }).__painted(selector, text), step.next);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const at = await Promise.race([painted, new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`${step.name}: "${step.next.text}" not painted within 15 s`)), 15_000))]);
  await page.waitForTimeout(400); // the Event Timing entries of the tap arrive after its paint
  return page.evaluate((paintedAt) => {
    const w = window as unknown as { __tapAt: number; __events: { id: number; start: number; duration: number }[] };
    const mine = w.__events.filter((e) => e.start >= w.__tapAt - 1);
    return { inp: Math.max(0, ...mine.map((e) => e.duration)), heading: paintedAt - w.__tapAt };
  }, at);
}

async function walk(page: Page, base: string): Promise<{ inp: number; heading: number }[]> {
  await page.goto(`${base}/#/index`);
  await page.locator('[data-testid="product-tile"]').first().waitFor();
  await page.evaluate(() => localStorage.removeItem('coin-mall.cart'));
  const figures: { inp: number; heading: number }[] = [];
  for (const step of steps) figures.push(await tapAndMeasure(page, step));
  return figures;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};

async function main() {
  const app = await startApp();
  const browser = await launchBrowser();
  try {
    const { context, page } = await phone(browser);
    await context.addInitScript({ content: instrument });
    await loginAs(page, app.url, 'demo_buyer');
    await walk(page, app.url); // warm the cache: every chunk and picture of the walk
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    const all: { inp: number; heading: number }[][] = [];
    for (let r = 0; r < rounds; r++) {
      await page.reload();
      all.push(await walk(page, app.url));
    }
    console.log(`responsiveness, CPU ${throttle}× slower, ${rounds} rounds after a warm-up (chunks cached), ms: median / worst`);
    let worstInp = 0;
    let worstHeading = 0;
    steps.forEach((step, i) => {
      const inp = all.map((run) => run[i]?.inp ?? NaN);
      const heading = all.map((run) => run[i]?.heading ?? NaN);
      worstInp = Math.max(worstInp, ...inp);
      worstHeading = Math.max(worstHeading, ...heading);
      console.log(`  ${step.name.padEnd(32)} INP ${median(inp).toFixed(0).padStart(4)} / ${Math.max(...inp).toFixed(0).padStart(4)}   next screen painted ${median(heading).toFixed(0).padStart(4)} / ${Math.max(...heading).toFixed(0).padStart(4)}`);
    });
    console.log(`worst INP ${worstInp.toFixed(0)} ms (budget 200), worst heading ${worstHeading.toFixed(0)} ms (budget 300)`);
    await context.close();
  } finally {
    await browser.close();
    await app.close();
  }
}

await main();
