import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject, onTestFailed } from 'vitest';
import { readConfig, type Config } from '../../server/config';
import { startServer, type RunningServer } from '../../server/start';
import { adminQuery, databaseUrlOf, seededCopy } from '../../server/testing/templateDatabase';
import { chromiumLaunchOptions } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    /** e2e: the run's one Chromium (e2e/support/browserServer.ts), which each test file connects to. */
    browserEndpoint: string;
  }
}

/** What startApp answers: the running server and its data directory. */
export type App = Awaited<ReturnType<typeof startApp>>;

/**
 * The real app (built client, provider API, sandbox) on a fresh database: in the e2e project its own copy of
 * the run's seeded database on the PostgreSQL server (server/testing/templateDatabase.ts), or with
 * `{ embedded: true }` (and outside the test runner) a new embedded database in a temp folder, as `npm start` runs.
 */
export async function startApp(overrides: Partial<Config> = {}, options: { embedded?: boolean } = {}): Promise<RunningServer & { dataDir: string }> {
  // E2E_DIST: the journeys against another client build (e.g. one made before a change, to see a journey fail on the old screens).
  const dist = path.resolve(process.env.E2E_DIST ?? 'dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist}/ is missing: run \`npm run build\` first (npm test does)`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coin-mall-e2e-'));
  const onServer = options.embedded || process.env.E2E_DB === 'embedded' ? undefined : seededCopy('seededAppPostgres');
  let database: string | null = null;
  if (onServer) {
    // A copy of the seeded database (`create database … template`) and of its media: the same fresh start.
    database = `cm_e2e_${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${database} template ${onServer.database}`);
    if (fs.existsSync(onServer.mediaDir)) fs.cpSync(onServer.mediaDir, dataDir, { recursive: true });
  }
  // Else an empty data directory: the app migrates and seeds its embedded database as it starts, as `npm start` does.
  const databaseUrl = database ? databaseUrlOf(database) : null;
  const config: Config = { ...readConfig({}), rateLimits: false, port: 0, host: '127.0.0.1', dataDir, distDir: dist, databaseUrl, sandbox: true, piApiKey: 'sandbox-key', ...overrides };
  const server = await startServer(config);
  return {
    ...server,
    dataDir,
    async close() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (database) await adminQuery(`drop database if exists ${database} with (force)`);
    },
  };
}

/** The run's Chromium when the e2e project's global setup started one, else undefined (the server tests, benches). */
function browserEndpoint(): string | undefined {
  try {
    return inject('browserEndpoint');
  } catch {
    return undefined;
  }
}

/**
 * A browser for one test file: a connection to the run's one Chromium (launched once by the e2e project's
 * global setup, e2e/support/browserServer.ts; each test opens its own context), or a Chromium of its own
 * outside it. Closing it closes this file's contexts and the connection, never the shared Chromium.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = browserEndpoint();
  if (endpoint) return chromium.connect(endpoint);
  return chromium.launch(await chromiumLaunchOptions());
}

/**
 * What every browser test file repeats, in one place: the real app on a copy of the run's seeded data
 * (startApp) and a browser, both opened before the file's tests (side by side) and closed after them.
 * Read `suite.app` and `suite.browser` inside hooks and tests.
 */
export function appAndBrowser(overrides: Partial<Config> = {}, options: { embedded?: boolean } = {}): { readonly app: App; readonly browser: Browser } {
  let app: App | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const [started, launched] = await Promise.allSettled([startApp(overrides, options), launchBrowser()]);
    if (started.status === 'fulfilled') app = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  const opened = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is opened in beforeAll: read it inside a hook or a test`);
    return value;
  };
  return {
    get app() {
      return opened(app, 'the app');
    },
    get browser() {
      return opened(browser, 'the browser');
    },
  };
}

/** A phone-sized page (375 px unless told), in the app's language `language` when given. */
export async function phone(browser: Browser, options: { width?: number; height?: number; locale?: string; language?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 375, height: options.height ?? 780 }, deviceScaleFactor: 1, locale: options.locale ?? 'en-US' });
  if (options.language) await context.addInitScript((lang) => localStorage.setItem('coin-mall.language', lang), options.language);
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
