import type { Page } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import { orderMachine, orderStatusOf, orderWindows } from '../../machines/order.machine';
import { allowedEvents } from '../../machines/parties';
import { orderStatusLabelKey } from '../../src/domain/orderStatus';
import { stateName, type Step, type UiModel } from '../../model-tests/ui/support/uiWalk';
import { confirmInDialog, english, until, vis, visibleOf } from '../../model-tests/ui/support/screen';

/**
 * The order chart (machines/order.machine.ts) as the buyer's and the seller's screens show and take it
 * (issue 26, UI-level model tests; the walk is model-tests/ui/order.ui.test.ts). Test code: nothing in
 * the app imports it.
 *
 * What each state shows: the buyer's order detail (/mine/order/detail) names the status and offers
 * exactly the buttons of the steps the chart allows the buyer there; the seller's order detail
 * (/mine/seller/order-detail) the same for the seller. Each step is what the person does on their
 * screen; the windows pass by the server's test clock (the world's `elapse` runs the durable timers
 * with the clock moved past the window).
 */
export interface OrderUiWorld {
  url: string;
  buyer: Page;
  seller: Page;
  /** This path's product (a fresh one, stock 10). */
  product: { productId: string; skuId: string };
  /** The path's order, once the buyer placed it. */
  orderId: string | null;
  /** The buyer's newest order of this path's product (read from the database). */
  findOrder(): Promise<string>;
  /** Moves the server's clock `ms` ahead and runs the timers that are due. */
  elapse(ms: number): Promise<void>;
  /** A small picture file for after-sale evidence. */
  photo(): Promise<{ name: string; mimeType: string; buffer: Buffer }>;
  /** The after-sale case of the order (read from the order). */
  caseId(): Promise<string>;
}

/** The buyer's buttons on the order detail, by the chart event they start. */
export const buyerButtons: Record<string, string> = {
  CANCEL: 'order-cancel',
  REQUEST_REFUND: 'order-request-refund',
  CONFIRM_RECEIPT: 'order-confirm-receipt',
  RATE: 'order-rate',
  APPLY_AFTER_SALE: 'order-after-sale',
};

/** The seller's buttons on their order detail, by the chart event they start. */
export const sellerButtons: Record<string, string> = {
  CANCEL: 'seller-detail-cancel',
  CONFIRM: 'seller-detail-confirm',
  SHIP: 'seller-detail-ship',
  MARK_NO_SHIPPING: 'seller-detail-no-shipping',
  EDIT_TRACKING: 'seller-detail-edit-tracking',
  RATE_BUYER: 'seller-detail-rate',
  AGREE_REFUND: 'seller-agree-refund',
  REJECT_REFUND: 'seller-reject-refund',
};

const id = (w: OrderUiWorld) => {
  if (!w.orderId) throw new Error('no order placed on this path yet');
  return w.orderId;
};

/** Opens a detail screen and waits for it to show the stage (a kept-alive screen may show the last one first: then it is reloaded once). */
async function open(page: Page, url: string, head: string, stage: string): Promise<void> {
  const read = async () => (await vis(page, head).getAttribute('data-stage', { timeout: 1000 })) ?? '';
  await page.goto(url);
  try {
    await until(`${head} stage`, read, stage, 4000);
  } catch {
    await page.reload();
    await until(`${head} stage`, read, stage, 10_000);
  }
}

/** The buttons a screen shows against the chart's allowed events: a step offered that the chart refuses, or one allowed and not offered, fails by its event's name. */
function compare(side: string, stage: string, shown: string[], want: string[], buttons: Record<string, string>): void {
  const eventOf = (testId: string) => Object.entries(buttons).find(([, t]) => t === testId)?.[0] ?? testId;
  const refused = shown.filter((t) => !want.includes(t)).map(eventOf);
  const hidden = want.filter((t) => !shown.includes(t)).map(eventOf);
  const problems = [
    ...(refused.length ? [`the ${side}'s screen offers ${refused.join(', ')}, which the chart refuses the ${side} in ${stage}`] : []),
    ...(hidden.length ? [`the ${side}'s screen does not offer ${hidden.join(', ')}, which the chart allows the ${side} in ${stage}`] : []),
  ];
  if (problems.length) throw new Error(problems.join('; '));
}

async function buyerShows(w: OrderUiWorld, model: AnyMachineSnapshot): Promise<void> {
  const stage = stateName(model.value);
  await open(w.buyer, `${w.url}/#/mine/order/detail?id=${id(w)}`, 'order-detail-status', stage);
  const status = orderStatusOf(model.value);
  const label = (await vis(w.buyer, 'order-detail-status').textContent()) ?? '';
  if (label !== english(orderStatusLabelKey(status))) throw new Error(`the buyer reads the status "${label}", the chart's ${status} is "${english(orderStatusLabelKey(status))}"`);
  const want = allowedEvents(model, 'buyer').flatMap((e) => (buyerButtons[e] ? [buyerButtons[e]] : []));
  // The pay button belongs to the payment chart: it shows while the order waits for the buyer's money.
  if (status === 'unpaid') want.push('order-pay');
  const shown = await visibleOf(w.buyer, [...Object.values(buyerButtons), 'order-pay']);
  compare('buyer', stage, shown, want, { ...buyerButtons, PAY: 'order-pay' });
}

async function sellerShows(w: OrderUiWorld, model: AnyMachineSnapshot): Promise<void> {
  const stage = stateName(model.value);
  await open(w.seller, `${w.url}/#/mine/seller/order-detail?id=${id(w)}`, 'seller-detail-head', stage);
  const status = orderStatusOf(model.value);
  const label = (await vis(w.seller, 'seller-detail-status').textContent()) ?? '';
  if (label !== english(orderStatusLabelKey(status))) throw new Error(`the seller reads the status "${label}", the chart's ${status} is "${english(orderStatusLabelKey(status))}"`);
  const want = allowedEvents(model, 'seller').flatMap((e) => (sellerButtons[e] ? [sellerButtons[e]] : [])).sort();
  const shown = await visibleOf(w.seller, Object.values(sellerButtons));
  compare('seller', stage, shown, want, sellerButtons);
}

/** A state of the order: both people's screens the first time it is reached, the buyer's after that. */
const order = async (w: OrderUiWorld, model: AnyMachineSnapshot, first: boolean) => {
  await buyerShows(w, model);
  if (first) await sellerShows(w, model);
};

/** Waits until the order is in `stage` (after a step: the server has taken it). */
async function settled(w: OrderUiWorld, page: Page, stage: string, side: 'buyer' | 'seller') {
  const [url, head] = side === 'buyer' ? [`${w.url}/#/mine/order/detail?id=${id(w)}`, 'order-detail-status'] : [`${w.url}/#/mine/seller/order-detail?id=${id(w)}`, 'seller-detail-head'];
  await open(page, url, head, stage);
}

const onBuyerDetail = (w: OrderUiWorld, model: AnyMachineSnapshot) => settled(w, w.buyer, stateName(model.value), 'buyer');
const onSellerDetail = (w: OrderUiWorld, model: AnyMachineSnapshot) => settled(w, w.seller, stateName(model.value), 'seller');

/** Windows pass by the server's clock. */
const timer = (ms: number): Step<OrderUiWorld> => ({ run: (w) => w.elapse(ms + 60_000) });

const ship: Step<OrderUiWorld> = {
  event: () => ({ type: 'SHIP', company: 'DHL', number: 'DHL7788990011' }),
  run: async (w, model) => {
    await onSellerDetail(w, model);
    await vis(w.seller, 'seller-detail-ship').click();
    await vis(w.seller, `seller-ship-company-${id(w)}`).selectOption('DHL');
    await vis(w.seller, `seller-ship-number-${id(w)}`).fill('DHL7788990011');
    await vis(w.seller, 'seller-ship-submit').click();
    await w.seller.waitForURL((u) => !u.hash.includes('ship-order'), { timeout: 10_000 });
  },
};

const noShipping: Step<OrderUiWorld> = {
  run: async (w, model) => {
    await onSellerDetail(w, model);
    await vis(w.seller, 'seller-detail-no-shipping').click();
    await confirmInDialog(w.seller, english('sellerOrders.actions.noShipping'));
  },
};

const editTracking: Step<OrderUiWorld> = {
  event: () => ({ type: 'EDIT_TRACKING', company: 'DHL', number: 'DHL1122334455' }),
  run: async (w, model) => {
    await onSellerDetail(w, model);
    await vis(w.seller, 'seller-detail-edit-tracking').click();
    await vis(w.seller, `seller-ship-number-${id(w)}`).fill('DHL1122334455');
    await vis(w.seller, 'seller-ship-submit').click();
    await w.seller.waitForURL((u) => !u.hash.includes('ship-order'), { timeout: 10_000 });
  },
};

const confirmReceipt: Step<OrderUiWorld> = {
  run: async (w, model) => {
    await onBuyerDetail(w, model);
    await vis(w.buyer, 'order-confirm-receipt').click();
    await confirmInDialog(w.buyer, english('buyerOrders.actions.confirmReceipt'));
  },
};

const agreeRefund: Step<OrderUiWorld> = {
  run: async (w, model) => {
    await onSellerDetail(w, model);
    await vis(w.seller, 'seller-agree-refund').click();
    await confirmInDialog(w.seller, english('sellerOrders.actions.agreeRefund'));
  },
};

const rejectRefund: Step<OrderUiWorld> = {
  event: () => ({ type: 'REJECT_REFUND', reason: 'Already packed and labelled.' }),
  run: async (w, model) => {
    await onSellerDetail(w, model);
    await vis(w.seller, 'seller-reject-refund').click();
    await vis(w.seller, 'seller-reject-refund-reason').fill('Already packed and labelled.');
    await vis(w.seller, 'seller-reject-refund-submit').click();
  },
};

const rateBuyer: Step<OrderUiWorld> = {
  event: () => ({ type: 'RATE_BUYER', score: 4, comment: '' }),
  run: async (w, model) => {
    await onSellerDetail(w, model);
    await vis(w.seller, 'seller-detail-rate').click();
    await vis(w.seller, 'seller-rate-score-4').click();
    await vis(w.seller, 'seller-rate-submit').click();
    await w.seller.waitForURL((u) => !u.hash.includes('seller/rate'), { timeout: 10_000 });
  },
};

const applyAfterSale: Step<OrderUiWorld> = {
  event: () => ({ type: 'APPLY_AFTER_SALE', caseId: '1' }),
  run: async (w, model) => {
    await onBuyerDetail(w, model);
    await vis(w.buyer, 'order-after-sale').click();
    await vis(w.buyer, 'aftersale-kind-refundOnly').check();
    await vis(w.buyer, 'aftersale-description').fill('The lid arrived cracked; photo attached.');
    await w.buyer.getByTestId('aftersale-evidence-file').setInputFiles([await w.photo()]);
    await w.buyer.locator('[data-testid="aftersale-evidence-thumb"][data-state="done"]').filter({ visible: true }).waitFor({ timeout: 15_000 });
    await vis(w.buyer, 'aftersale-submit').click();
    await w.buyer.waitForURL(/[?&]case=\d+/, { timeout: 10_000 });
  },
};

/** The after-sale case answered on its own screen (its chart is machines/afterSale.machine.ts): it hands the order back. */
const caseRefunded: Step<OrderUiWorld> = {
  run: async (w) => {
    await w.seller.goto(`${w.url}/#/mine/order/aftersale?case=${await w.caseId()}`);
    await vis(w.seller, 'aftersale-agree-open').click();
    await vis(w.seller, 'aftersale-agree-submit').click();
    await vis(w.seller, 'aftersale-agree-open').waitFor({ state: 'detached', timeout: 10_000 });
  },
};

const caseClosed: Step<OrderUiWorld> = {
  run: async (w) => {
    await w.buyer.goto(`${w.url}/#/mine/order/aftersale?case=${await w.caseId()}`);
    await vis(w.buyer, 'aftersale-cancel-open').click();
    await vis(w.buyer, 'aftersale-cancel-submit').click();
    await vis(w.buyer, 'aftersale-cancel-open').waitFor({ state: 'detached', timeout: 10_000 });
  },
};

/** The buyer cancels or asks a refund before shipping: the two-step form (reason, then review). */
const cancelForm = (reason: string, withEmail: boolean): NonNullable<Step<OrderUiWorld>['run']> => async (w, model) => {
  await onBuyerDetail(w, model);
  await vis(w.buyer, withEmail ? 'order-request-refund' : 'order-cancel').click();
  await vis(w.buyer, `reason-${reason}`).check();
  if (withEmail) await vis(w.buyer, 'reason-email').fill('buyer@example.com');
  await vis(w.buyer, 'cancel-next').click();
  await vis(w.buyer, 'cancel-confirm').click();
  await w.buyer.waitForURL((u) => !u.hash.includes('userCancelorder'), { timeout: 10_000 });
};

export const orderUiModel: Omit<UiModel<OrderUiWorld>, 'begin' | 'end'> = {
  chart: 'order',
  machine: orderMachine,
  states: {
    // No order yet: the buyer is at the order form with this path's product.
    atCart: async (w) => {
      await w.buyer.goto(`${w.url}/#/product/submit-order?buy=${w.product.productId}:${w.product.skuId}:1`);
      await vis(w.buyer, 'order-total').waitFor();
      await vis(w.buyer, 'submit-order').waitFor();
    },
    unpaid: order,
    paid: order,
    notShipped: order,
    sent: order,
    'refundRequested.beforeShipping': order,
    'refundRequested.onTheWay': order,
    'refundRejected.beforeShipping': order,
    'refundRejected.onTheWay': order,
    unrated: order,
    rated: order,
    completed: order,
    'afterSales.fromUnrated': order,
    'afterSales.fromRated': order,
    canceled: order,
    expired: order,
    refunded: order,
  },
  steps: {
    // Placing the order from the balance, then closing the review sheet: the order waits, unpaid.
    'order.atCart --SUBMIT#0--> order.unpaid': {
      run: async (w) => {
        await vis(w.buyer, 'pay-method-balance').check();
        await vis(w.buyer, 'submit-order').click();
        await vis(w.buyer, 'pay-review').waitFor();
        await w.buyer.keyboard.press('Escape');
        await vis(w.buyer, 'pay-review').waitFor({ state: 'detached' });
        w.orderId = await w.findOrder();
      },
    },
    // The buyer pays from the balance (the payment chart's balance path); the payment service takes PAY.
    'order.unpaid --PAY#0--> order.paid': {
      run: async (w, model) => {
        await onBuyerDetail(w, model);
        await vis(w.buyer, 'order-pay').click();
        await vis(w.buyer, 'pay-method-balance').check();
        await vis(w.buyer, 'submit-order').click();
        await vis(w.buyer, 'pay-review-confirm').click();
        await w.buyer.waitForURL(/#\/result\/success/, { timeout: 15_000 });
      },
    },
    'order.unpaid --CANCEL#0--> order.canceled': {
      event: () => ({ type: 'CANCEL', by: 'buyer', reason: '' }),
      run: async (w, model) => {
        await onBuyerDetail(w, model);
        await vis(w.buyer, 'order-cancel').click();
        await confirmInDialog(w.buyer, english('buyerOrders.actions.cancelConfirm'));
      },
    },
    'order.unpaid --xstate.after.unpaidWindow.order.unpaid#0--> order.expired': timer(orderWindows.unpaidWindow),
    'order.paid --CONFIRM#0--> order.notShipped': {
      run: async (w, model) => {
        await onSellerDetail(w, model);
        await vis(w.seller, 'seller-detail-confirm').click();
      },
    },
    // Either party may cancel a paid order: the buyer with a reason, the seller with a reason.
    'order.paid --CANCEL#0--> order.canceled': [
      { event: () => ({ type: 'CANCEL', by: 'buyer', reason: 'changed mind' }), run: cancelForm('changedMind', false) },
      {
        event: () => ({ type: 'CANCEL', by: 'seller', reason: 'out of stock' }),
        run: async (w, model) => {
          await onSellerDetail(w, model);
          await vis(w.seller, 'seller-detail-cancel').click();
          await w.seller.locator('[data-testid^="seller-cancel-reason-"]').filter({ visible: true }).first().check();
          await vis(w.seller, 'seller-cancel-next').click();
          await vis(w.seller, 'seller-cancel-confirm').click();
          await w.seller.waitForURL((u) => !u.hash.includes('cancelorder'), { timeout: 10_000 });
        },
      },
    ],
    'order.paid --xstate.after.sellerConfirmWindow.order.paid#0--> order.canceled': timer(orderWindows.sellerConfirmWindow),
    'order.notShipped --SHIP#0--> order.sent': ship,
    'order.notShipped --MARK_NO_SHIPPING#0--> order.sent': noShipping,
    'order.notShipped --REQUEST_REFUND#0--> order.refundRequested.beforeShipping': {
      event: () => ({ type: 'REQUEST_REFUND', reason: 'changed mind', email: 'buyer@example.com' }),
      run: cancelForm('changedMind', true),
    },
    'order.sent --CONFIRM_RECEIPT#0--> order.unrated': confirmReceipt,
    'order.sent --EDIT_TRACKING#0--> (self)': editTracking,
    'order.sent --REQUEST_REFUND#0--> order.refundRequested.onTheWay': {
      event: () => ({ type: 'REQUEST_REFUND', reason: 'not received', email: 'buyer@example.com' }),
      run: async (w, model) => {
        await onBuyerDetail(w, model);
        await vis(w.buyer, 'order-request-refund').click();
        await vis(w.buyer, 'reason-notReceived').check();
        await vis(w.buyer, 'reason-email').fill('buyer@example.com');
        await vis(w.buyer, 'refund-submit').click();
        await w.buyer.waitForURL((u) => !u.hash.includes('refundreason'), { timeout: 10_000 });
      },
    },
    'order.sent --xstate.after.buyerCheckWindow.order.sent#0--> order.unrated': timer(orderWindows.buyerCheckWindow),
    'order.refundRequested.beforeShipping --AGREE_REFUND#0--> order.refunded': agreeRefund,
    'order.refundRequested.beforeShipping --REJECT_REFUND#0--> order.refundRejected.beforeShipping': rejectRefund,
    'order.refundRequested.beforeShipping --xstate.after.refundResponseWindow.order.refundRequested.beforeShipping#0--> order.refunded': timer(orderWindows.refundResponseWindow),
    'order.refundRequested.onTheWay --AGREE_REFUND#0--> order.refunded': agreeRefund,
    'order.refundRequested.onTheWay --REJECT_REFUND#0--> order.refundRejected.onTheWay': rejectRefund,
    'order.refundRequested.onTheWay --xstate.after.refundResponseWindow.order.refundRequested.onTheWay#0--> order.refunded': timer(orderWindows.refundResponseWindow),
    'order.refundRejected.beforeShipping --SHIP#0--> order.sent': ship,
    'order.refundRejected.beforeShipping --MARK_NO_SHIPPING#0--> order.sent': noShipping,
    'order.refundRejected.onTheWay --CONFIRM_RECEIPT#0--> order.unrated': confirmReceipt,
    'order.refundRejected.onTheWay --EDIT_TRACKING#0--> (self)': editTracking,
    'order.refundRejected.onTheWay --xstate.after.buyerCheckWindow.order.refundRejected.onTheWay#0--> order.unrated': timer(orderWindows.buyerCheckWindow),
    'order.unrated --RATE#0--> order.rated': {
      event: () => ({ type: 'RATE', score: 5, comment: '', anonymous: false }),
      run: async (w, model) => {
        await onBuyerDetail(w, model);
        await vis(w.buyer, 'order-rate').click();
        await vis(w.buyer, 'rate-score-5').click();
        await vis(w.buyer, 'rate-submit').click();
        await w.buyer.waitForURL((u) => !u.hash.includes('order/rate'), { timeout: 10_000 });
      },
    },
    'order.unrated --RATE_BUYER#0--> (self)': rateBuyer,
    'order.unrated --APPLY_AFTER_SALE#0--> order.afterSales.fromUnrated': applyAfterSale,
    'order.unrated --xstate.after.ratingWindow.order.unrated#0--> order.completed': timer(orderWindows.ratingWindow),
    'order.rated --RATE_BUYER#0--> (self)': rateBuyer,
    'order.rated --APPLY_AFTER_SALE#0--> order.afterSales.fromRated': applyAfterSale,
    'order.completed --RATE_BUYER#0--> (self)': rateBuyer,
    'order.afterSales --AFTER_SALE_REFUNDED#0--> order.refunded': caseRefunded,
    'order.afterSales.fromUnrated --AFTER_SALE_CLOSED#0--> order.unrated': caseClosed,
    'order.afterSales.fromRated --AFTER_SALE_CLOSED#0--> order.rated': caseClosed,
  },
  notWalkable: {},
};
