import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appAndBrowser, explainFailures, loginAs } from './support/app';
import { expectAccessible } from './support/axe';
import { shot, shotsDir } from './support/shots';

/**
 * Issue 24, finding 12: the account tab in groups with headings and icons (shopping, selling, money,
 * rewards, notices and terms, settings), the developers' and staff's entries apart at the end; finding 9:
 * the medals screen no longer repeats the account tab's rows, and names "Inviter's code" once.
 */
const suite = appAndBrowser();


const vis = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });
const groups = ['shopping', 'selling', 'money', 'rewards', 'service', 'settings'] as const;

async function phone390(username: string): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, locale: 'en-US' });
  const page = await context.newPage();
  explainFailures(page);
  await loginAs(page, suite.app.url, username);
  return page;
}

/** The test ids of the rows in one group of the account tab, in order. */
const rowsOf = (page: Page, group: string) => vis(page, `account-group-${group}`).locator('[data-testid^="open-"], [data-testid="language-button"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid') ?? ''));

describe('the account tab and the medals screen (issue 24, findings 12 and 9)', () => {
  it("groups a buyer's rows under headings, each with an icon; the developers' entries come last, apart", async () => {
    const page = await phone390('demo_buyer');
    const sections = vis(page, 'account-groups').locator('section');
    expect(await sections.evaluateAll((s) => s.map((x) => x.getAttribute('data-testid')))).toEqual(groups.map((g) => `account-group-${g}`));
    const headings = await vis(page, 'account-groups').getByRole('heading', { level: 2 }).allTextContents();
    expect(headings).toEqual(['Shopping', 'Selling', 'Money', 'Rewards', 'Notices and terms', 'Settings']);
    // Each group is a region named by its heading.
    expect(await page.getByRole('region', { name: 'Shopping' }).count()).toBe(1);

    expect(await rowsOf(page, 'shopping')).toEqual(['open-cart', 'open-collect', 'open-addresses']);
    expect(await rowsOf(page, 'money')).toEqual(['open-balance-details', 'open-withdrawal', 'open-merge']);
    expect(await rowsOf(page, 'rewards')).toEqual(['open-check-in', 'open-medals']);
    expect(await rowsOf(page, 'settings')).toEqual(['open-profile', 'open-security', 'open-customcolor', 'language-button']);
    // The statechart gallery and the system upgrade notice are not on a shopper's menu at all (issue 37, finding 8).
    expect(await vis(page, 'account-group-developer').count()).toBe(0);
    for (const group of groups) {
      expect(await rowsOf(page, group)).not.toContain('open-gallery');
    }
    expect(await vis(page, 'open-console').count()).toBe(0);

    // Every row has its icon before its words (plus the chevron after them).
    const iconless = await vis(page, 'account-groups')
      .locator('button[data-testid], [data-testid="account-invite-code"]')
      .evaluateAll((rows) => rows.filter((r) => r.tagName === 'BUTTON' && (r.getAttribute('data-testid') ?? '').startsWith('open-') && r.querySelectorAll('svg').length < 2).map((r) => r.getAttribute('data-testid')));
    expect(iconless).toEqual([]);
    await expectAccessible(page, 'account tab');
    if (shotsDir) {
      await shot(page, 'account-390-en', { fullPage: true });
      await vis(page, 'language-button').click();
      await page.getByRole('radio', { name: 'العربية' }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await page.keyboard.press('Escape');
      await shot(page, 'account-390-ar', { fullPage: true });
    }
    await page.context().close();
  });

  it('staff find the console in the developers and staff group', async () => {
    const page = await phone390('demo_arbiter');
    expect(await rowsOf(page, 'developer')).toEqual(['open-console']);
    await page.context().close();
  });

  it("the medals screen shows no account rows (no Medals link on itself) and names the inviter's code once", async () => {
    const page = await phone390('demo_seller2');
    await vis(page, 'open-medals').click();
    await page.waitForURL(/#\/mine\/medal\/index$/);
    await vis(page, 'ambassador-summary').waitFor();
    await vis(page, 'medal-invite-code').waitFor();
    expect(await vis(page, 'open-medals').count()).toBe(0);
    expect(await vis(page, 'open-check-in').count()).toBe(0);
    expect(await vis(page, 'account-invite-code').count()).toBe(1);
    expect(await page.getByText("Inviter's code", { exact: true }).filter({ visible: true }).count()).toBe(1);
    expect(await vis(page, 'inviter-code').getAttribute('aria-labelledby')).toBe('inviter-title');
    expect(await page.getByRole('textbox', { name: "Inviter's code" }).count()).toBe(1);
    await expectAccessible(page, 'medals');
    await shot(page, 'medals-390-en', { fullPage: true });
    await page.context().close();
  });
});
