import { setup } from 'xstate';
import { CheckoutRules } from '../src/domain/checkout';

/**
 * The order lifecycle (SPEC 3 Order, 4 order flow), as far as checkout and payment take it:
 *
 *   atCart --SUBMIT (buyer)--> unpaid --PAY (server)--> paid
 *                                 |--unpaidWindow (system)--> expired   (stock returns)
 *                                 '--CANCEL (buyer)--> canceled         (stock returns)
 *
 * Issue 6 grows `paid` into not shipped, sent, completed, rated and the refund outcomes; each state
 * name is a row of src/domain/orderStatus.ts (SPEC's codes 0 to 13). The server applies this chart to
 * every change (server/charts/apply.ts) and turns `unpaidWindow` into a durable timer.
 */
export type OrderEvent = { type: 'SUBMIT' } | { type: 'PAY' } | { type: 'CANCEL' };

export const orderMachine = setup({
  types: {
    events: {} as OrderEvent,
  },
  delays: {
    unpaidWindow: CheckoutRules.unpaidWindow,
  },
}).createMachine({
  id: 'order',
  initial: 'atCart',
  states: {
    atCart: {
      on: { SUBMIT: { target: 'unpaid', meta: { by: 'buyer' } } },
    },
    unpaid: {
      on: {
        PAY: { target: 'paid', meta: { by: 'server' } },
        CANCEL: { target: 'canceled', meta: { by: 'buyer' } },
      },
      after: {
        unpaidWindow: { target: 'expired', meta: { by: 'system' } },
      },
    },
    paid: {},
    canceled: { type: 'final' },
    expired: { type: 'final' },
  },
});

/** The order states in which stock is held for the buyer and returns when the order leaves them unpaid. */
export const stockReturningStates: readonly string[] = ['canceled', 'expired'];
