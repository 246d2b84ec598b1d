import type { Page } from 'playwright-core';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { paymentMachine, type PaymentContext } from '../../machines/payment.machine';
import type { PaymentMethod } from '../../src/domain/checkout';
import type { UiModel } from '../../model-tests/ui/support/uiWalk';
import { english, until, vis } from '../../model-tests/ui/support/screen';
import { failOnce } from '../account/loginGate.ui-model';
import { signInToHostIfAsked, tapInWallet } from '../../e2e/support/buy';

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
  /**
   * A coin payment for `orderId` left incomplete at the platform: the app created and approved it, the
   * buyer's wallet signed it, and the app never completed it (its page closed). Made through the API and
   * the sandbox host's API, as the page and the wallet would have made it.
   */
  leaveIncomplete(orderId: string): Promise<void>;
  /** The order's status code as the server keeps it. */
  orderStatus(orderId: string): Promise<string>;
  /** Logs the buyer out on the account tab and in again through the host's sign-in. */
  logInAgain(): Promise<void>;
  /** Arms a fault of the sandbox platform for its next answer (server/sandbox/faults.ts; sandbox mode only). */
  fault(name: 'signFails'): Promise<void>;
  /** The order a path's incomplete payment is for (set by SETTLE's executor). */
  incompleteFor: string | null;
}

const method = (m: AnyMachineSnapshot) => (m.context as PaymentContext).method;
/** The form opened for orders placed earlier (PAY: no checkout request of its own) rather than for goods (SUBMIT). */
const forOrders = (m: AnyMachineSnapshot) => (m.context as PaymentContext).request === null && (m.context as PaymentContext).orderIds.length > 0;

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

/**
 * Holds the answers to `path` in flight until the page sends a request to `until` (or 30 s pass): the
 * server has acted, the page has not heard yet.
 */
async function holdUntil(page: Page, path: string, until: string): Promise<void> {
  await page.route(`**${path}`, async (route) => {
    const answer = await route.fetch();
    await page.waitForRequest((r) => r.url().includes(until), { timeout: 30_000 }).catch(() => undefined);
    await route.fulfill({ response: answer }).catch(() => undefined);
  });
}

const outcome = (type: string, output?: unknown) => () => ({ type, output });
const failure = (type: string) => () => ({ type, error: new Error('network') });

export const paymentUiModel: Omit<UiModel<PaymentUiWorld>, 'begin' | 'end'> = {
  chart: 'payment',
  machine: paymentMachine,
  project: (m) => ({ value: m.value, method: method(m), forOrders: forOrders(m) }),
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
      run: (w) => signInToHostIfAsked(w.page, vis(w.page, 'sandbox-wallet')), // the wallet's sheet opens once the host knows who pays
    },
    'payment.coin.host.approving --xstate.done.actor.approveCoinPayment#0--> payment.coin.host.waiting': { event: outcome('xstate.done.actor.approveCoinPayment', {}) },
    'payment.coin.host.approving --xstate.error.actor.approveCoinPayment#0--> payment.failed': {
      event: failure('xstate.error.actor.approveCoinPayment'),
      arrange: (w) => failOnce(w.page, '/api/pay/coin/approve'),
    },
    // The person approves in the host's wallet; the host then asks the server to complete.
    'payment.coin.host.waiting --COMPLETION_READY#0--> payment.coin.host.completing': {
      event: () => ({ type: 'COMPLETION_READY', paymentId: 'p', txid: 't' }),
      run: (w) => tapInWallet(w.page, 'sandbox-wallet-approve'),
    },
    'payment.coin.host.completing --xstate.done.actor.completeCoinPayment#0--> payment.succeeded': { event: outcome('xstate.done.actor.completeCoinPayment', {}) },
    'payment.coin.host.completing --xstate.error.actor.completeCoinPayment#0--> payment.failed': {
      event: failure('xstate.error.actor.completeCoinPayment'),
      arrange: (w) => failOnce(w.page, '/api/pay/coin/complete'),
    },
    // The person cancels in the host's wallet.
    'payment.coin.host --HOST_CANCELLED#0--> payment.cancelling': {
      event: () => ({ type: 'HOST_CANCELLED', paymentId: 'p' }),
      run: (w) => tapInWallet(w.page, 'sandbox-wallet-cancel'),
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
    // Back at the checkout, the person sends the goods elsewhere (another address) and places the order:
    // other goods than the unpaid order's, so a new order is placed (decision 048 replaces the unpaid one).
    'payment.unpaid --SUBMIT#1--> payment.submitting': {
      from: (m) => !forOrders(m),
      event: (m) => {
        const request = (m.context as PaymentContext).request;
        return { type: 'SUBMIT', request: { idempotencyKey: 'k2', items: request?.items ?? [], addressId: `${request?.addressId ?? ''}-other`, paymentMethod: 'balance' } };
      },
      run: async (w) => {
        await w.page.locator('[data-testid^="order-address-"]').filter({ visible: true }).filter({ has: w.page.locator('input:not(:checked)') }).first().click();
        await choose(w.page, 'balance');
        await vis(w.page, 'submit-order').click();
      },
    },
    // The form for orders placed earlier, its review closed: Pay again there (issue 36).
    'payment.unpaid --PAY#0--> payment.routing': {
      event: () => ({ type: 'PAY', method: 'balance', orderIds: ['1'] }),
      run: async (w) => {
        await choose(w.page, 'balance');
        await vis(w.page, 'submit-order').click();
      },
    },
    // The wallet cannot sign (the sandbox armed to fail): the host calls onError, the form shows the failure.
    'payment.coin.host --HOST_ERROR#0--> payment.failed': {
      event: () => ({ type: 'HOST_ERROR', message: 'the wallet could not sign the transaction' }),
      from: (m) => m.matches({ coin: { host: 'waiting' } }),
      arrange: (w) => w.fault('signFails'),
      run: (w) => tapInWallet(w.page, 'sandbox-wallet-approve'),
    },
    // The server's approval is slow to come back (held in flight): the host already shows the wallet, the
    // person approves, and the completion arrives while the app still waits for its approval.
    'payment.coin.host.approving --COMPLETION_READY#0--> payment.coin.host.completing': {
      event: () => ({ type: 'COMPLETION_READY', paymentId: 'p', txid: 't' }),
      arrangeEarly: (w) => holdUntil(w.page, '/api/pay/coin/approve', '/api/pay/coin/complete'),
      run: (w) => tapInWallet(w.page, 'sandbox-wallet-approve'),
    },
    // An incomplete payment (the app never completed it) is found when the buyer next logs in: the app
    // settles it with the server, which verifies it with the platform and completes the order.
    'payment.idle --SETTLE#0--> payment.settling': {
      event: () => ({ type: 'SETTLE', paymentId: 'p' }),
      run: async (w) => {
        const order = await w.unpaidOrder();
        await w.leaveIncomplete(order);
        w.incompleteFor = order;
        const settle = w.page.waitForRequest((r) => r.url().includes('/api/pay/coin/incomplete'), { timeout: 30_000 }).then(
          () => null,
          (error: unknown) => error,
        );
        await w.logInAgain();
        const failed = await settle;
        if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
      },
    },
    'payment.settling --xstate.done.actor.settleIncomplete#0--> payment.idle': {
      event: () => ({ type: 'xstate.done.actor.settleIncomplete', output: {} }),
      follows: true,
      run: async (w) => {
        const order = w.incompleteFor ?? '';
        await until('the settled order’s status', () => w.orderStatus(order), 'paid', 15_000);
        // The buyer sees it paid: My orders no longer offers to pay it.
        await w.page.goto(`${w.url}/#/mine/order/detail?id=${order}`);
        await w.page.locator('[data-testid="order-detail-status"][data-status="paid"]').filter({ visible: true }).waitFor({ timeout: 10_000 });
        if ((await vis(w.page, 'order-pay').count()) > 0) throw new Error('the settled order still offers Pay');
      },
    },
    // The settling request fails on the way: nothing is paid, the payment stays for the next login.
    'payment.settling --xstate.error.actor.settleIncomplete#0--> payment.idle': {
      event: () => ({ type: 'xstate.error.actor.settleIncomplete', error: new Error('network') }),
      arrange: (w) => failOnce(w.page, '/api/pay/coin/incomplete'),
      follows: true,
      run: async (w) => {
        const order = w.incompleteFor ?? '';
        await w.page.goto(`${w.url}/#/mine/order/detail?id=${order}`);
        await vis(w.page, 'order-pay').waitFor({ timeout: 10_000 });
        const status = await w.orderStatus(order);
        if (status !== 'unpaid') throw new Error(`the order is ${status} after a failed settling, expected unpaid`);
      },
    },
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
  notWalkable: {},
};
