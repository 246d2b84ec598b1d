import type { Page } from 'playwright-core';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { paymentMachine, type PaymentContext } from '../../machines/payment.machine';
import type { PaymentMethod } from '../../src/domain/checkout';
import type { UiModel } from '../../model-tests/ui/support/uiWalk';
import { english, vis } from '../../model-tests/ui/support/screen';
import { failOnce } from '../account/loginGate.ui-model';

/**
 * Placing and paying an order (machines/payment.machine.ts) on the order form, the review sheets and
 * the sandbox host's wallet (issue 26, UI-level model tests; the walk is
 * model-tests/ui/clientCharts.ui.test.ts). Test code: nothing in the app imports it.
 *
 * The three methods: the account balance (review sheet, confirm), the wallet app (sheet with its
 * payment password) and the coin through the sandbox host (its wallet: approve or cancel; the server
 * approves and completes). A request that fails on the way is the browser's route failing it once.
 * The order form resets the chart as soon as it has shown the outcome (succeeded, canceled, failed ->
 * idle), and "pay again" opens the form for the same orders: a new PAY from idle.
 */
export interface PaymentUiWorld {
  url: string;
  /** The buyer's page (logged in), at the order form of this path's product. */
  page: Page;
  product: { productId: string; skuId: string };
  /** An order of this path's product the buyer placed and has not paid (placed through the API). */
  unpaidOrder(): Promise<string>;
}

const method = (m: AnyMachineSnapshot) => (m.context as PaymentContext).method;

/** Nothing of a payment in progress: no sheet, no waiting line; on the order form the button is live. */
async function idle(w: PaymentUiWorld): Promise<void> {
  for (const id of ['pay-review', 'wallet-sheet', 'payment-waiting']) {
    if ((await vis(w.page, id).count()) > 0) throw new Error(`${id} shows while no payment is in progress`);
  }
  if (/submit-order/.test(w.page.url()) && (await vis(w.page, 'submit-order').isDisabled())) throw new Error('the order form’s button rests while no payment is in progress');
}

async function result(w: PaymentUiWorld, path: RegExp, titleKey: string): Promise<void> {
  await w.page.waitForURL(path, { timeout: 20_000 });
  const title = (await vis(w.page, 'result-title').textContent({ timeout: 5000 })) ?? '';
  if (title !== english(titleKey)) throw new Error(`the result says "${title}", expected "${english(titleKey)}"`);
}

const choose = async (page: Page, m: PaymentMethod) => {
  await vis(page, `pay-method-${m}`).check();
  if (m === 'coin') await page.evaluate(() => (window.__sandboxHostTiming = { approvalRetryMs: 400, approvalTimeoutMs: 30_000 }));
};

/** The host's wallet: after a page load the host first asks who is paying (its sign-in), then shows the wallet. */
async function inWallet(page: Page, button: 'sandbox-wallet-approve' | 'sandbox-wallet-cancel'): Promise<void> {
  const target = vis(page, button);
  const signIn = page.getByTestId('sandbox-user-demo_buyer').filter({ visible: true });
  await target.or(signIn).first().waitFor({ timeout: 20_000 });
  if (!(await target.isVisible())) await signIn.click();
  await target.click({ timeout: 20_000 });
}

const submitWith = (m: PaymentMethod) => ({
  event: (): AnyEventObject => ({ type: 'SUBMIT', request: { idempotencyKey: 'k', items: [], addressId: '1', paymentMethod: m } }),
  run: async (w: PaymentUiWorld) => {
    // After an outcome the person is on the result screen: they open the order form again.
    if (!/#\/product\/submit-order\?buy=/.test(w.page.url())) await w.page.goto(`${w.url}/#/product/submit-order?buy=${w.product.productId}:${w.product.skuId}:1`);
    await vis(w.page, 'order-total').filter({ hasText: 'π' }).waitFor();
    await choose(w.page, m);
    await vis(w.page, 'submit-order').click();
  },
});

const outcome = (type: string, output?: unknown) => () => ({ type, output });
const failure = (type: string) => () => ({ type, error: new Error('network') });

export const paymentUiModel: Omit<UiModel<PaymentUiWorld>, 'begin' | 'end'> = {
  chart: 'payment',
  machine: paymentMachine,
  project: (m) => ({ value: m.value, method: method(m) }),
  states: {
    idle,
    'coin.host.waiting': async (w) => {
      await vis(w.page, 'payment-waiting').waitFor({ timeout: 10_000 });
      if (!(await vis(w.page, 'submit-order').isDisabled())) throw new Error('the order form’s button is live while the wallet is open');
    },
    'balance.review': async (w) => {
      await vis(w.page, 'pay-review').waitFor({ timeout: 10_000 });
      await vis(w.page, 'pay-review-amount').filter({ hasText: 'π' }).waitFor();
      await vis(w.page, 'pay-review-confirm').waitFor();
    },
    'wallet.password': async (w) => {
      await vis(w.page, 'wallet-sheet').waitFor({ timeout: 10_000 });
      await vis(w.page, 'wallet-password').waitFor();
    },
    succeeded: (w) => result(w, /#\/result\/success/, 'messages.paymentSuccessful'),
    // Back on the checkout: no sheet, the goods and the total, the button live, nothing paid.
    unpaid: async (w) => {
      await vis(w.page, 'order-unpaid-kept').waitFor({ timeout: 10_000 });
      await idle(w);
      if (!/#\/product\/submit-order/.test(w.page.url())) throw new Error('a closed review left the checkout');
      await vis(w.page, 'order-total').filter({ hasText: 'π' }).waitFor();
    },
    canceled: (w) => result(w, /reason=canceled.*#\/result\/fail|#\/result\/fail.*reason=canceled/, 'messages.paymentCanceled'),
    failed: (w) => result(w, /reason=failed.*#\/result\/fail|#\/result\/fail.*reason=failed/, 'messages.paymentFailed'),
  },
  passing: {
    submitting: 'a request in flight',
    routing: 'decided at once by the method',
    'coin.creating': 'a request in flight',
    'coin.host.approving': 'the server approving, between the host’s callbacks',
    'coin.host.completing': 'a request in flight',
    cancelling: 'a request in flight',
    'balance.paying': 'a request in flight',
    'wallet.paying': 'a request in flight',
    settling: 'a request in flight',
  },
  steps: {
    'payment.idle --SUBMIT#0--> payment.submitting': [submitWith('balance'), submitWith('coin'), submitWith('wallet')],
    'payment.submitting --xstate.done.actor.submitOrder#0--> payment.routing': { event: outcome('xstate.done.actor.submitOrder', { orders: [{ id: '1' }] }) },
    'payment.submitting --xstate.error.actor.submitOrder#0--> payment.idle': {
      event: failure('xstate.error.actor.submitOrder'),
      arrange: (w) => failOnce(w.page, '/api/commodity/orders/submit'),
    },
    // Paying an order placed earlier: its Pay button opens the form for it (as "pay again" on a result does).
    'payment.idle --PAY#0--> payment.routing': {
      event: () => ({ type: 'PAY', method: 'balance', orderIds: ['1'] }),
      run: async (w) => {
        await w.page.goto(`${w.url}/#/mine/order/detail?id=${await w.unpaidOrder()}`);
        await vis(w.page, 'order-pay').click();
        await w.page.waitForURL(/submit-order/);
        await vis(w.page, 'order-total').filter({ hasText: 'π' }).waitFor();
        await choose(w.page, 'balance');
        await vis(w.page, 'submit-order').click();
      },
    },
    'payment.coin.creating --xstate.done.actor.createCoinPayment#0--> payment.coin.host': { event: outcome('xstate.done.actor.createCoinPayment', { paymentId: null }) },
    'payment.coin.creating --xstate.error.actor.createCoinPayment#0--> payment.failed': {
      event: failure('xstate.error.actor.createCoinPayment'),
      arrange: (w) => failOnce(w.page, '/api/pay/coin/create'),
    },
    // The host asks the server to approve (it retries until answered).
    // After a page load the host first asks who is paying (its sign-in), then asks for the server's approval.
    'payment.coin.host.waiting --APPROVAL_READY#0--> payment.coin.host.approving': {
      event: () => ({ type: 'APPROVAL_READY', paymentId: 'p' }),
      follows: true,
      run: async (w) => {
        const signIn = w.page.getByTestId('sandbox-user-demo_buyer').filter({ visible: true });
        await signIn.or(vis(w.page, 'sandbox-wallet-approve')).first().waitFor({ timeout: 20_000 }).catch(() => undefined);
        if (await signIn.isVisible()) await signIn.click();
      },
    },
    'payment.coin.host.approving --xstate.done.actor.approveCoinPayment#0--> payment.coin.host.waiting': { event: outcome('xstate.done.actor.approveCoinPayment', {}) },
    'payment.coin.host.approving --xstate.error.actor.approveCoinPayment#0--> payment.failed': {
      event: failure('xstate.error.actor.approveCoinPayment'),
      arrange: (w) => failOnce(w.page, '/api/pay/coin/approve'),
    },
    // The person approves in the host's wallet; the host then asks the server to complete.
    'payment.coin.host.waiting --COMPLETION_READY#0--> payment.coin.host.completing': {
      event: () => ({ type: 'COMPLETION_READY', paymentId: 'p', txid: 't' }),
      run: (w) => inWallet(w.page, 'sandbox-wallet-approve'),
    },
    'payment.coin.host.completing --xstate.done.actor.completeCoinPayment#0--> payment.succeeded': { event: outcome('xstate.done.actor.completeCoinPayment', {}) },
    'payment.coin.host.completing --xstate.error.actor.completeCoinPayment#0--> payment.failed': {
      event: failure('xstate.error.actor.completeCoinPayment'),
      arrange: (w) => failOnce(w.page, '/api/pay/coin/complete'),
    },
    // The person cancels in the host's wallet.
    'payment.coin.host --HOST_CANCELLED#0--> payment.cancelling': {
      event: () => ({ type: 'HOST_CANCELLED', paymentId: 'p' }),
      run: (w) => inWallet(w.page, 'sandbox-wallet-cancel'),
    },
    'payment.cancelling --xstate.done.actor.cancelCoinPayment#0--> payment.canceled': { event: outcome('xstate.done.actor.cancelCoinPayment', {}) },
    'payment.cancelling --xstate.error.actor.cancelCoinPayment#0--> payment.canceled': {
      event: failure('xstate.error.actor.cancelCoinPayment'),
      arrange: (w) => failOnce(w.page, '/api/pay/coin/cancel'),
    },
    'payment.balance.review --CONFIRM#0--> payment.balance.paying': {
      event: () => ({ type: 'CONFIRM', amount: '3' }),
      run: (w) => vis(w.page, 'pay-review-confirm').click(),
    },
    // Issue 33: closing the review is a way back to the checkout (the order waits unpaid).
    'payment.balance.review --CLOSE_SHEET#0--> payment.unpaid': { run: (w) => w.page.keyboard.press('Escape') },
    'payment.balance.paying --xstate.done.actor.payFromBalance#0--> payment.succeeded': { event: outcome('xstate.done.actor.payFromBalance', {}) },
    'payment.balance.paying --xstate.error.actor.payFromBalance#0--> payment.balance.review': {
      event: failure('xstate.error.actor.payFromBalance'),
      arrange: (w) => failOnce(w.page, '/api/pay/balance'),
    },
    'payment.wallet.password --PASSWORD#0--> payment.wallet.paying': {
      event: () => ({ type: 'PASSWORD', password: '123456', amount: '3' }),
      run: async (w) => {
        await vis(w.page, 'wallet-password').fill('123456');
        await vis(w.page, 'wallet-sheet-confirm').click();
      },
    },
    'payment.wallet.password --CLOSE_SHEET#0--> payment.unpaid': { run: (w) => w.page.keyboard.press('Escape') },
    // Place order again for the same goods: the unpaid order is paid, no second one is placed.
    'payment.unpaid --SUBMIT#0--> payment.routing': [submitWith('balance'), submitWith('wallet'), submitWith('coin')],
    'payment.wallet.paying --xstate.done.actor.payFromWallet#0--> payment.succeeded': { event: outcome('xstate.done.actor.payFromWallet', {}) },
    'payment.wallet.paying --xstate.error.actor.payFromWallet#0--> payment.wallet.password': {
      event: failure('xstate.error.actor.payFromWallet'),
      arrange: (w) => failOnce(w.page, '/api/pay/wallet'),
    },
    // The form resets the chart as soon as it shows the outcome.
    'payment.succeeded --RESET#0--> payment.idle': {},
    'payment.canceled --RESET#0--> payment.idle': {},
    'payment.failed --RESET#0--> payment.idle': {},
  },
  notWalkable: {
    'payment.unpaid --SUBMIT#1--> payment.submitting':
      'other goods on the same form need a second address to switch to; the walk’s buyer has one, and another link is another form (the chart walk and e2e/firstPurchase take it)',
    'payment.unpaid --PAY#0--> payment.routing': 'the walk reaches a closed review from the Buy now form, whose Place order is a SUBMIT; the form for existing orders sends PAY (the chart walk takes it)',
    'payment.canceled --PAY#0--> payment.routing': 'the form resets the chart as soon as it shows the outcome; paying again is a PAY from idle (walked)',
    'payment.failed --PAY#0--> payment.routing': 'the form resets the chart as soon as it shows the outcome; paying again is a PAY from idle (walked)',
    'payment.coin.host.approving --COMPLETION_READY#0--> payment.coin.host.completing':
      'the sandbox host opens its wallet only after the server approved, so completion never arrives while approving (a real host may; the chart walk takes it)',
    'payment.coin.host --HOST_ERROR#0--> payment.failed': 'the sandbox host reports no errors of its own to the app (a real host may; the chart walk takes it)',
    'payment.idle --SETTLE#0--> payment.settling':
      'an incomplete payment the host reports at login: the sandbox host keeps none across a page load, so the browser cannot be brought to it (server/routes tests settle it through the API)',
    'payment.settling --xstate.done.actor.settleIncomplete#0--> payment.idle': 'settling follows SETTLE, which the browser cannot be brought to (the sandbox host keeps no incomplete payment across a page load)',
    'payment.settling --xstate.error.actor.settleIncomplete#0--> payment.idle': 'settling follows SETTLE, which the browser cannot be brought to (the sandbox host keeps no incomplete payment across a page load)',
  },
};
