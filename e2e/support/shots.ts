import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/**
 * `SHOTS_DIR=<dir> npx vitest run --project e2e …` keeps a picture of each screen a journey names (phones at
 * 390 px, consoles at 1280 px, English and Arabic), to look at beside the anchors; and of both pages when a
 * UI model walk fails. Without it nothing is written.
 */
export const shotsDir: string | null = process.env.SHOTS_DIR || null;

export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name.replace(/[^\w.-]+/g, '-')}.png`), fullPage: options.fullPage ?? false });
}
