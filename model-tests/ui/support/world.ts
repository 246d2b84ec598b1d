import crypto from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { insertAddress, insertProduct } from '../../../server/testing/commerceFixtures';
import { timerHandlers } from '../../../server/timers/handlers';
import { runDueTimers } from '../../../server/timers/timers';
import { launchBrowser, loginAs, phone, startApp } from '../../../e2e/support/app';

/**
 * The world of the UI-level model tests: one real app (built client, server, sandbox host) on a fresh
 * embedded database per chart file, one Chromium, and the people logged in once, as in the e2e journeys.
 * The server's clock is moved as the e2e journeys move it: the durable timers are run with "now" past
 * the window (server/timers/timers.ts runDueTimers).
 */
export type App = Awaited<ReturnType<typeof startApp>>;

export interface Stage {
  app: App;
  browser: Browser;
  people: Record<string, { context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

export async function openStage(usernames: readonly string[]): Promise<Stage> {
  const [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  const people: Stage['people'] = {};
  for (const name of usernames) {
    const p = await phone(browser);
    await loginAs(p.page, app.url, name);
    people[name] = p;
  }
  return {
    app,
    browser,
    people,
    async close() {
      await browser.close().catch(() => undefined);
      await app.close();
    },
  };
}

/**
 * Runs the server's durable timers with the clock `ms` ahead. A timer whose record a request holds at that moment is
 * left for the runner's next turn (server/timers/timers.ts, TimerRecordBusy), and the app's own runner, on the real
 * clock, would never find it due: the timers are run again until none due is left (at most 2 s).
 */
export async function elapse(app: App, ms: number): Promise<void> {
  const now = Date.now() + ms;
  for (let turn = 0; turn < 20; turn += 1) {
    await runDueTimers(app.deps.db, timerHandlers, now);
    const due = await app.deps.db.selectFrom('timers').select('id').where('fired_at', 'is', null).where('cancelled_at', 'is', null).where('due_at', '<=', new Date(now)).executeTakeFirst();
    if (!due) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function freshProduct(app: App, seller: string, title: string): Promise<{ productId: string; skuId: string }> {
  const p = await insertProduct(app.deps.db, { seller, title, price: '2', shippingFee: '1' });
  return { productId: p.productId, skuId: p.skuIds[0] ?? '' };
}

export async function defaultAddress(app: App, username: string): Promise<void> {
  const id = await insertAddress(app.deps.db, username);
  await app.deps.db.updateTable('addresses').set({ is_default: true }).where('id', '=', BigInt(id)).execute();
}

/** Another address of the person, not the default (a checkout can switch to it). */
export async function otherAddress(app: App, username: string): Promise<void> {
  await insertAddress(app.deps.db, username);
}

export async function photo(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background: `#${crypto.randomBytes(3).toString('hex')}` } }).png().toBuffer();
  return { name: 'evidence.png', mimeType: 'image/png', buffer };
}

/** Arms a fault of the sandbox platform for its next answer of that kind (server/sandbox/faults.ts; sandbox mode only). */
export async function armFault(app: App, fault: string, times = 1): Promise<void> {
  const res = await fetch(`${app.url}/sandbox/api/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ fault, times }) });
  if (res.status !== 201) throw new Error(`the sandbox did not arm ${fault}: ${res.status} ${await res.text()}`);
}

/** Disarms every fault (a path that ended before its fault was used leaves none for the next). */
export async function clearFaults(app: App): Promise<void> {
  await fetch(`${app.url}/sandbox/api/faults`, { method: 'DELETE' });
}
