import { assign, fromCallback, setup, type EventObject } from 'xstate';
import type { PaymentMethod } from '../src/domain/checkout';
import type { CheckoutAnswer, CoinPaymentStart, PayResult } from '../src/domain/types/commerce';
import { fromPromiseStub } from './actorStub';

/**
 * Submitting an order and paying it (SPEC 4, 5 Order, 8 Payment messages), the buyer's side.
 *
 *   idle --SUBMIT--> submitting --> (by method) coin | balance | wallet
 *   coin:    creating (the server opens a payment for the orders)
 *            --> host (the host bridge's createPayment runs; its callbacks become events):
 *                waiting --APPROVAL_READY--> approving (server: fetch, check, record id, approve) --> waiting
 *                waiting|approving --COMPLETION_READY--> completing (server: re-fetch, check txid, record, complete) --> succeeded
 *                --HOST_CANCELLED--> cancelling --> canceled          --HOST_ERROR--> failed
 *   balance: review (the sheet shows the amount, the balance and what remains) --CONFIRM--> paying
 *            --> succeeded | back to review (nothing paid);  review --CLOSE_SHEET--> unpaid
 *   wallet:  password (the sheet shows the amount and what remains, asks the payment password)
 *            --PASSWORD--> paying --> succeeded | back to password;  password --CLOSE_SHEET--> unpaid
 *   unpaid:  the review was closed (issue 33): the buyer is back on the checkout, goods and choices kept;
 *            the orders stay unpaid (To pay shows them). SUBMIT for the same goods and address pays those
 *            orders (routing, no second order); SUBMIT for other goods places a new order (the server
 *            replaces the unpaid one of the same goods, decision 048).
 *   The amount the sheet showed travels with CONFIRM and PASSWORD; the server refuses another one.
 *   canceled / failed --RESET--> idle: the form shows the outcome and resets; paying again (the result screen's
 *   "pay again", My orders) is a PAY from idle (issue 36: a PAY from canceled or failed no screen could send).
 *   SETTLE: an incomplete payment found at login is settled.
 *
 * The host retries onReadyForServerApproval about every 10 s, so APPROVAL_READY may arrive many times:
 * each is answered by the server idempotently. Every transition names who takes it.
 */
export interface CheckoutRequest {
  idempotencyKey: string;
  items: { productId: string; skuId: string; quantity: number }[];
  addressId: string | null;
  paymentMethod: PaymentMethod | null;
  comments?: string;
  /** Ordered from the cart: the server takes the ordered lines out of the account's cart with the orders. */
  fromCart?: boolean;
}

export interface PaymentContext {
  method: PaymentMethod | null;
  orderIds: string[];
  coin: CoinPaymentStart | null;
  paymentId: string | null;
  /** The amount the review sheet showed and the person confirmed (decimal string), sent with the payment. */
  amount: string | null;
  /** Locale key of what went wrong, for the result screen. */
  failure: string | null;
  /** The checkout that placed `orderIds` (goods and address), so the next Place order for the same goods pays them. */
  request: CheckoutRequest | null;
}

/** The same goods, quantities and address: the orders a checkout placed are the ones this one would place. */
export function sameGoods(a: CheckoutRequest, b: CheckoutRequest): boolean {
  const key = (r: CheckoutRequest) => JSON.stringify([r.addressId, r.items.map((i) => [i.productId, i.skuId, i.quantity])]);
  return key(a) === key(b);
}

export type PaymentEvent =
  | { type: 'SUBMIT'; request: CheckoutRequest }
  | { type: 'PAY'; method: PaymentMethod; orderIds: string[] }
  | { type: 'APPROVAL_READY'; paymentId: string }
  | { type: 'COMPLETION_READY'; paymentId: string; txid: string }
  | { type: 'HOST_CANCELLED'; paymentId: string }
  | { type: 'HOST_ERROR'; message: string }
  | { type: 'CONFIRM'; amount: string }
  | { type: 'PASSWORD'; password: string; amount: string }
  | { type: 'CLOSE_SHEET' }
  | { type: 'SETTLE'; paymentId: string }
  | { type: 'RESET' };

type By = { by: 'user' | 'server' | 'system' };
const by = (who: By['by']): By => ({ by: who });

export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
  },
  actors: {
    /** POST /api/commodity/orders/submit. */
    submitOrder: fromPromiseStub<CheckoutAnswer, { request: CheckoutRequest }>('submitOrder'),
    /** POST /api/pay/coin/create: amount, memo and metadata for the host's createPayment. */
    createCoinPayment: fromPromiseStub<CoinPaymentStart, { orderIds: string[] }>('createCoinPayment'),
    /** The host bridge's createPayment: its callbacks are sent back as APPROVAL_READY, COMPLETION_READY, HOST_CANCELLED, HOST_ERROR. */
    hostPayment: fromCallback<EventObject, { coin: CoinPaymentStart | null }>(() => {
      throw new Error('the actor "hostPayment" must be provided by whoever runs this machine');
    }),
    approveCoinPayment: fromPromiseStub<PayResult, { paymentId: string }>('approveCoinPayment'),
    completeCoinPayment: fromPromiseStub<PayResult, { paymentId: string; txid: string }>('completeCoinPayment'),
    cancelCoinPayment: fromPromiseStub<PayResult, { paymentId: string }>('cancelCoinPayment'),
    payFromBalance: fromPromiseStub<PayResult, { orderIds: string[]; amount: string }>('payFromBalance'),
    payFromWallet: fromPromiseStub<PayResult, { orderIds: string[]; password: string; amount: string }>('payFromWallet'),
    settleIncomplete: fromPromiseStub<PayResult, { paymentId: string }>('settleIncomplete'),
  },
  guards: {
    byCoin: ({ context }) => context.method === 'coin',
    byBalance: ({ context }) => context.method === 'balance',
    placedTheseGoods: ({ context, event }) => event.type === 'SUBMIT' && context.request !== null && context.orderIds.length > 0 && sameGoods(context.request, event.request),
  },
}).createMachine({
  id: 'payment',
  context: { method: null, orderIds: [], coin: null, paymentId: null, amount: null, failure: null, request: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        SUBMIT: { target: 'submitting', actions: assign({ method: ({ event }) => event.request.paymentMethod, request: ({ event }) => event.request, failure: null }), meta: by('user') },
        PAY: { target: 'routing', actions: assign({ method: ({ event }) => event.method, orderIds: ({ event }) => event.orderIds, request: null, failure: null }), meta: by('user') },
        SETTLE: { target: 'settling', actions: assign({ paymentId: ({ event }) => event.paymentId }), meta: by('system') },
      },
    },
    settling: {
      invoke: {
        id: 'settleIncomplete',
        src: 'settleIncomplete',
        input: ({ context }) => ({ paymentId: context.paymentId ?? '' }),
        onDone: { target: 'idle', actions: assign({ paymentId: null }), meta: by('server') },
        onError: { target: 'idle', actions: assign({ paymentId: null }), meta: by('server') },
      },
    },
    submitting: {
      invoke: {
        id: 'submitOrder',
        src: 'submitOrder',
        input: ({ event }) => ({ request: (event as Extract<PaymentEvent, { type: 'SUBMIT' }>).request }),
        onDone: { target: 'routing', actions: assign({ orderIds: ({ event }) => event.output.orders.map((o) => o.id) }), meta: by('server') },
        onError: { target: 'idle', actions: assign({ failure: 'messages.submissionFailed' }), meta: by('server') },
      },
    },
    routing: {
      always: [
        { guard: 'byCoin', target: 'coin', meta: by('system') },
        { guard: 'byBalance', target: 'balance', meta: by('system') },
        { target: 'wallet', meta: by('system') },
      ],
    },
    coin: {
      initial: 'creating',
      states: {
        creating: {
          invoke: {
            id: 'createCoinPayment',
            src: 'createCoinPayment',
            input: ({ context }) => ({ orderIds: context.orderIds }),
            onDone: { target: 'host', actions: assign({ coin: ({ event }) => event.output }), meta: by('server') },
            onError: { target: '#payment.failed', actions: assign({ failure: 'messages.paymentsError' }), meta: by('server') },
          },
        },
        host: {
          invoke: { id: 'hostPayment', src: 'hostPayment', input: ({ context }) => ({ coin: context.coin }) },
          initial: 'waiting',
          on: {
            HOST_CANCELLED: { target: '#payment.cancelling', actions: assign({ paymentId: ({ event }) => event.paymentId }), meta: by('user') },
            HOST_ERROR: { target: '#payment.failed', actions: assign({ failure: 'messages.paymentsError' }), meta: by('system') },
          },
          states: {
            waiting: {
              on: {
                APPROVAL_READY: { target: 'approving', actions: assign({ paymentId: ({ event }) => event.paymentId }), meta: by('system') },
                COMPLETION_READY: { target: 'completing', actions: assign({ paymentId: ({ event }) => event.paymentId }), meta: by('user') },
              },
            },
            approving: {
              invoke: {
                id: 'approveCoinPayment',
                src: 'approveCoinPayment',
                input: ({ context }) => ({ paymentId: context.paymentId ?? '' }),
                onDone: { target: 'waiting', meta: by('server') },
                onError: { target: '#payment.failed', actions: assign({ failure: 'messages.paymentsError' }), meta: by('server') },
              },
              on: {
                COMPLETION_READY: { target: 'completing', actions: assign({ paymentId: ({ event }) => event.paymentId }), meta: by('user') },
              },
            },
            completing: {
              invoke: {
                id: 'completeCoinPayment',
                src: 'completeCoinPayment',
                input: ({ context, event }) => ({ paymentId: context.paymentId ?? '', txid: (event as Extract<PaymentEvent, { type: 'COMPLETION_READY' }>).txid }),
                onDone: { target: '#payment.succeeded', meta: by('server') },
                onError: { target: '#payment.failed', actions: assign({ failure: 'messages.paymentFailed' }), meta: by('server') },
              },
            },
          },
        },
      },
    },
    cancelling: {
      invoke: {
        id: 'cancelCoinPayment',
        src: 'cancelCoinPayment',
        input: ({ context }) => ({ paymentId: context.paymentId ?? '' }),
        onDone: { target: 'canceled', meta: by('server') },
        onError: { target: 'canceled', meta: by('server') },
      },
    },
    balance: {
      initial: 'review',
      states: {
        review: {
          on: {
            CONFIRM: { target: 'paying', actions: assign({ amount: ({ event }) => event.amount, failure: null }), meta: by('user') },
            CLOSE_SHEET: { target: '#payment.unpaid', meta: by('user') },
          },
        },
        paying: {
          invoke: {
            id: 'payFromBalance',
            src: 'payFromBalance',
            input: ({ context }) => ({ orderIds: context.orderIds, amount: context.amount ?? '' }),
            onDone: { target: '#payment.succeeded', meta: by('server') },
            onError: { target: 'review', actions: assign({ failure: 'review.failed' }), meta: by('server') },
          },
        },
      },
    },
    wallet: {
      initial: 'password',
      states: {
        password: {
          on: {
            PASSWORD: { target: 'paying', actions: assign({ amount: ({ event }) => event.amount, failure: null }), meta: by('user') },
            CLOSE_SHEET: { target: '#payment.unpaid', meta: by('user') },
          },
        },
        paying: {
          invoke: {
            id: 'payFromWallet',
            src: 'payFromWallet',
            input: ({ context, event }) => ({ orderIds: context.orderIds, password: (event as Extract<PaymentEvent, { type: 'PASSWORD' }>).password, amount: context.amount ?? '' }),
            onDone: { target: '#payment.succeeded', meta: by('server') },
            onError: { target: 'password', actions: assign({ failure: 'messages.paymentFailed' }), meta: by('server') },
          },
        },
      },
    },
    unpaid: {
      description: 'The review was closed: back on the checkout with the goods and choices; the orders wait unpaid in To pay.',
      on: {
        SUBMIT: [
          { guard: 'placedTheseGoods', target: 'routing', actions: assign({ method: ({ event }) => event.request.paymentMethod, failure: null, coin: null, paymentId: null, amount: null }), meta: by('user') },
          { target: 'submitting', actions: assign({ method: ({ event }) => event.request.paymentMethod, request: ({ event }) => event.request, failure: null, coin: null, paymentId: null, amount: null }), meta: by('user') },
        ],
        PAY: { target: 'routing', actions: assign({ method: ({ event }) => event.method, orderIds: ({ event }) => event.orderIds, failure: null, coin: null, paymentId: null, amount: null }), meta: by('user') },
      },
    },
    succeeded: {
      on: { RESET: { target: 'idle', actions: assign({ method: null, orderIds: [], coin: null, paymentId: null, amount: null, failure: null, request: null }), meta: by('user') } },
    },
    canceled: {
      on: {
        RESET: { target: 'idle', actions: assign({ method: null, orderIds: [], coin: null, paymentId: null, amount: null, failure: null, request: null }), meta: by('user') },
      },
    },
    failed: {
      on: {
        RESET: { target: 'idle', actions: assign({ method: null, orderIds: [], coin: null, paymentId: null, amount: null, failure: null, request: null }), meta: by('user') },
      },
    },
  },
});
