import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';

/**
 * Accessibility check of the screen a journey is on (issue 11): injects axe-core's own source into the
 * page and runs it; fails on any serious or critical violation, naming the rule and the elements.
 * Hidden kept-alive screens are not part of the accessibility tree, so only the visible screen counts.
 */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function axeViolations(page: Page, screen: string): Promise<string[]> {
  await page.waitForLoadState('load');
  await page.locator('[aria-busy="true"]').filter({ visible: true }).first().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
  // A sheet still fading in has colours axe would read half-transparent: let running animations end first.
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
  // Evaluated through the browser's debugging protocol, which the page's Content-Security-Policy does not
  // govern (an inline script tag would be refused by it, as it should be).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  })) as AxeResults;
  return results.violations
    .filter((v: Result) => v.impact === 'serious' || v.impact === 'critical')
    .map((v: Result) => `${screen}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

/** Fails the journey on a serious or critical violation on the current screen. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const found = await axeViolations(page, screen);
  if (found.length > 0) throw new Error(`axe found serious or critical violations:\n${found.join('\n')}`);
}
