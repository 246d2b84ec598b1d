import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { onTestFailed } from 'vitest';
import { readConfig, type Config } from '../../server/config';
import { startServer, type RunningServer } from '../../server/start';
import { seededCopy } from '../../server/testing/templateDatabase';

/** The real app (built client, provider API, sandbox) on a fresh embedded database in a temp folder. */
export async function startApp(overrides: Partial<Config> = {}): Promise<RunningServer & { dataDir: string }> {
  const dist = path.resolve('dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coin-mall-e2e-'));
  // The run's seeded data directory, copied (server/testing/templateDatabase.ts): the same fresh database, 10 s sooner.
  const seeded = seededCopy('seededDataDir');
  if (seeded && fs.existsSync(seeded)) fs.cpSync(seeded, dataDir, { recursive: true });
  const config: Config = { ...readConfig({}), rateLimits: false, port: 0, host: '127.0.0.1', dataDir, distDir: dist, databaseUrl: null, sandbox: true, piApiKey: 'sandbox-key', ...overrides };
  const server = await startServer(config);
  return {
    ...server,
    dataDir,
    async close() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
  });
}

/** A phone-sized page. */
export async function phone(browser: Browser, options: { height?: number; locale?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 375, height: options.height ?? 780 }, deviceScaleFactor: 1, locale: options.locale ?? 'en-US' });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[page error]', error.message));
  explainFailures(page);
  return { context, page };
}

/**
 * When the test that opened this page fails, prints where the page went (every navigation, hash included,
 * with its time), the browser's console errors and the text it showed: a failure seen once in CI can then
 * be understood from the log alone.
 */
export function explainFailures(page: Page): void {
  const started = Date.now();
  const trail: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) trail.push(`${Date.now() - started} ms  ${frame.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') trail.push(`${Date.now() - started} ms  console: ${message.text().slice(0, 300)}`);
  });
  try {
    onTestFailed(async () => {
      const text = page.isClosed() ? '(closed)' : await page.locator('body').innerText({ timeout: 2000 }).catch(() => '(unreadable)');
      console.error(`[e2e failure] at ${page.isClosed() ? '(closed)' : page.url()}\n${trail.slice(-40).join('\n')}\n--- the page showed ---\n${text.slice(0, 1500)}`);
    });
  } catch {
    // opened outside a test (beforeAll): nothing to explain
  }
}

/** Logs in through the sandbox host exactly as a person would: the login button, then a demo user in the host's picker. */
export async function loginAs(page: Page, baseUrl: string, username: string): Promise<void> {
  await page.goto(`${baseUrl}/#/new-my`);
  await page.getByTestId('login-with-pi').click();
  await page.getByTestId(`sandbox-user-${username}`).click();
  await page.waitForURL(/#\/my$/);
  await page.getByTestId('account-nickname').waitFor();
}
