import type { Locator, Page } from 'playwright-core';

/** The shell keeps screens alive (hidden): only the visible one counts. */
const vis = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

/** Buys `quantity` of a product's SKU from the account balance, as the buyer would, and waits for the success screen. */
export async function buyFromBalance(page: Page, baseUrl: string, productId: string, skuId: string | undefined, quantity = 1): Promise<void> {
  await page.goto(`${baseUrl}/#/product/submit-order?buy=${productId}:${skuId}:${quantity}`);
  await vis(page, 'order-total').waitFor();
  await vis(page, 'pay-method-balance').check();
  await vis(page, 'submit-order').click();
  await vis(page, 'pay-review-confirm').click();
  await page.waitForURL(/#\/result\/success/);
}

/**
 * Taps a button of the sandbox wallet's sheet (`sandbox-wallet-approve` or `-cancel`). After a page load the
 * host first asks who is paying: its sign-in is tapped as `username`. A sign-in sheet that is still closing
 * from an earlier tap (busy, then gone) is waited out, never tapped blindly.
 */
export async function tapInWallet(page: Page, testId: 'sandbox-wallet-approve' | 'sandbox-wallet-cancel', username = 'demo_buyer', ms = 30_000): Promise<void> {
  const target = vis(page, testId);
  await signInToHostIfAsked(page, target, username, ms);
  await target.click({ timeout: ms });
}

/** Waits until `shown` is visible, tapping the host's sign-in as `username` whenever it asks and can be tapped. */
export async function signInToHostIfAsked(page: Page, shown: Locator, username = 'demo_buyer', ms = 30_000): Promise<void> {
  const signIn = page.getByTestId(`sandbox-user-${username}`).filter({ visible: true });
  const deadline = Date.now() + ms;
  while (!(await shown.first().isVisible())) {
    if (Date.now() > deadline) throw new Error(`${shown.toString()} did not show within ${ms} ms (the host's sign-in ${(await signIn.isVisible()) ? 'is open' : 'is not open'})`);
    if ((await signIn.isVisible()) && (await signIn.isEnabled().catch(() => false))) await signIn.click({ timeout: 2000 }).catch(() => undefined);
    await shown.or(signIn).first().waitFor({ timeout: 1000 }).catch(() => undefined);
  }
}
