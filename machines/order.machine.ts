import { assign, setup } from 'xstate';
import { CheckoutRules } from '../src/domain/checkout';
import { Durations } from '../src/domain/constants';

/**
 * THE ORDER LIFECYCLE (SPEC 3 Order, 4 order flow, seller confirmation, receipt, refund request,
 * shipping; 5 Order, rating, ship).
 *
 * Read it like a transaction process: every state is an order status (its SPEC code is in
 * src/domain/orderStatus.ts), every transition says WHO may take it in `meta.by`, every window is a
 * named delay, and every consequence for money or stock is a named action the server carries out in
 * the same database transaction (server/services/orders.ts). Nothing else changes an order.
 *
 *   the happy path
 *     at cart     ── SUBMIT (buyer) ─────────────────────────────▶ unpaid
 *     unpaid      ── PAY (server) ───────────────────────────────▶ paid
 *     paid        ── CONFIRM (seller) ───────────────────────────▶ not shipped
 *     not shipped ── SHIP / MARK_NO_SHIPPING (seller) ───────────▶ sent
 *     sent        ── CONFIRM_RECEIPT (buyer) ────────────────────▶ unrated   (the seller is paid)
 *     unrated     ── RATE (buyer) ───────────────────────────────▶ rated
 *
 *   the windows (timers, taken by the system)
 *     unpaid      ── unpaidWindow 30 min ────────────────────────▶ expired   (stock returns)
 *     paid        ── sellerConfirmWindow 24 h ───────────────────▶ canceled  (refunded to the balance)
 *     sent        ── buyerCheckWindow 3 days ────────────────────▶ unrated   (counts as received)
 *     refund requested ── refundResponseWindow 24 h ─────────────▶ refunded  (deemed agreed)
 *     unrated     ── ratingWindow 15 days ───────────────────────▶ completed
 *
 *   the other outcomes
 *     unpaid, paid          ── CANCEL (buyer; in paid also the seller) ▶ canceled
 *     not shipped, sent     ── REQUEST_REFUND (buyer) ──────────▶ refund requested
 *     refund requested      ── AGREE_REFUND (seller) ───────────▶ refunded
 *     refund requested      ── REJECT_REFUND (seller) ──────────▶ refund rejected (the order goes on: ship, or receipt)
 *     unrated, rated        ── APPLY_AFTER_SALE (buyer, once) ──▶ after-sales (code 12, while its case is open)
 *     after-sales           ── AFTER_SALE_REFUNDED (server) ────▶ refunded  (the case refunded the buyer)
 *     after-sales           ── AFTER_SALE_CLOSED (server) ──────▶ back to unrated or rated (the case closed without a refund)
 *   The after-sale case itself (answers, return shipping, appeal, arbitration, its deadlines and its
 *   money) is its own chart, machines/afterSale.machine.ts; the order only hands over to it.
 *
 *   in place (the order stays where it is)
 *     sent, refund rejected on the way  ── EDIT_TRACKING (seller, only a different company or number)
 *     unrated, rated, completed         ── RATE_BUYER (seller, once)
 *
 * "unrated" is SPEC's code 1: the buyer has the goods (receipt confirmed or the check window passed),
 * the seller has been paid, and the buyer's rating is awaited. "completed" (code 0) is the order closed
 * without a rating once the rating window passes; "rated" (code 8) is closed with one.
 */

/** Who may take a transition. `server` is the payment service; `system` is a timer. */
export type OrderParty = 'buyer' | 'seller' | 'server' | 'system';

export interface Shipment {
  /** Express company and number; both empty when the seller marked the order as needing no shipping. */
  company: string;
  number: string;
  noShipping: boolean;
}

export interface OrderContext {
  cancel: { by: OrderParty; reason: string } | null;
  refund: { reason: string; email: string; rejection: string | null } | null;
  shipment: Shipment | null;
  buyerRating: { score: number; comment: string; anonymous: boolean } | null;
  sellerRating: { score: number; comment: string } | null;
  /** The order's after-sale case (one per order): its id once applied, and whether it has closed. */
  afterSale: { caseId: string; closed: boolean } | null;
}

export type OrderEvent =
  | { type: 'SUBMIT' }
  | { type: 'PAY' }
  | { type: 'CANCEL'; by: 'buyer' | 'seller'; reason: string }
  | { type: 'CONFIRM' }
  | { type: 'SHIP'; company: string; number: string }
  | { type: 'MARK_NO_SHIPPING' }
  | { type: 'EDIT_TRACKING'; company: string; number: string }
  | { type: 'REQUEST_REFUND'; reason: string; email: string }
  | { type: 'AGREE_REFUND' }
  | { type: 'REJECT_REFUND'; reason: string }
  | { type: 'CONFIRM_RECEIPT' }
  | { type: 'RATE'; score: number; comment: string; anonymous: boolean }
  | { type: 'RATE_BUYER'; score: number; comment: string }
  | { type: 'APPLY_AFTER_SALE'; caseId: string }
  | { type: 'AFTER_SALE_REFUNDED' }
  | { type: 'AFTER_SALE_CLOSED' };

/** The events that record a shipment (`noteShipment`): the last of them is when the order was shipped. */
export const orderShippingEvents = ['SHIP', 'MARK_NO_SHIPPING', 'EDIT_TRACKING'] as const satisfies readonly OrderEvent['type'][];

export const emptyOrderContext: OrderContext = { cancel: null, refund: null, shipment: null, buyerRating: null, sellerRating: null, afterSale: null };

/** The windows of SPEC 9 (and the rating window, our choice: SPEC is silent). */
export const orderWindows = {
  unpaidWindow: CheckoutRules.unpaidWindow,
  sellerConfirmWindow: Durations.sellerConfirmWindow,
  refundResponseWindow: Durations.refundResponseWindow,
  buyerCheckWindow: Durations.buyerCheckWindow,
  ratingWindow: 15 * Durations.day,
} as const;

export const orderMachine = setup({
  types: {
    context: {} as OrderContext,
    events: {} as OrderEvent,
  },
  delays: orderWindows,
  guards: {
    /** A new express company or number (re-entering the same one changes nothing). */
    trackingChanged: ({ context, event }) =>
      event.type === 'EDIT_TRACKING' && !context.shipment?.noShipping && (context.shipment?.company !== event.company || context.shipment?.number !== event.number),
    sellerHasNotRated: ({ context }) => context.sellerRating === null,
    /** One after-sale case per order. */
    noAfterSaleYet: ({ context }) => context.afterSale === null,
  },
  actions: {
    // What the chart records (kept in the order's snapshot).
    noteCancel: assign({ cancel: ({ event }) => (event.type === 'CANCEL' ? { by: event.by, reason: event.reason } : { by: 'system' as const, reason: '' }) }),
    noteShipment: assign({ shipment: ({ event }) => (event.type === 'SHIP' || event.type === 'EDIT_TRACKING' ? { company: event.company, number: event.number, noShipping: false } : { company: '', number: '', noShipping: true }) }),
    noteRefundRequest: assign({ refund: ({ event }) => (event.type === 'REQUEST_REFUND' ? { reason: event.reason, email: event.email, rejection: null } : null) }),
    noteRefundRejection: assign({ refund: ({ context, event }) => (context.refund && event.type === 'REJECT_REFUND' ? { ...context.refund, rejection: event.reason } : context.refund) }),
    noteBuyerRating: assign({ buyerRating: ({ event }) => (event.type === 'RATE' ? { score: event.score, comment: event.comment, anonymous: event.anonymous } : null) }),
    noteSellerRating: assign({ sellerRating: ({ event }) => (event.type === 'RATE_BUYER' ? { score: event.score, comment: event.comment } : null) }),
    noteAfterSale: assign({ afterSale: ({ event }) => (event.type === 'APPLY_AFTER_SALE' ? { caseId: event.caseId, closed: false } : null) }),
    noteAfterSaleClosed: assign({ afterSale: ({ context }) => (context.afterSale ? { ...context.afterSale, closed: true } : null) }),
    // What the server does in the same transaction (named here, carried out in server/services/orders.ts).
    returnStock: () => {},
    refundBuyer: () => {},
    payOutSeller: () => {},
    publishRating: () => {},
  },
}).createMachine({
  id: 'order',
  initial: 'atCart',
  context: emptyOrderContext,
  states: {
    atCart: {
      on: { SUBMIT: { target: 'unpaid', meta: { by: 'buyer' } } },
    },

    unpaid: {
      on: {
        PAY: { target: 'paid', meta: { by: 'server' } },
        CANCEL: { target: 'canceled', actions: ['noteCancel', 'returnStock'], meta: { by: 'buyer' } },
      },
      after: {
        unpaidWindow: { target: 'expired', actions: 'returnStock', meta: { by: 'system' } },
      },
    },

    /** Paid, waiting for the seller to confirm within 24 h. */
    paid: {
      on: {
        CONFIRM: { target: 'notShipped', meta: { by: 'seller' } },
        CANCEL: { target: 'canceled', actions: ['noteCancel', 'refundBuyer', 'returnStock'], meta: { by: ['buyer', 'seller'] } },
      },
      after: {
        sellerConfirmWindow: { target: 'canceled', actions: ['noteCancel', 'refundBuyer', 'returnStock'], meta: { by: 'system' } },
      },
    },

    /** Confirmed by the seller, to be shipped. */
    notShipped: {
      on: {
        SHIP: { target: 'sent', actions: 'noteShipment', meta: { by: 'seller' } },
        MARK_NO_SHIPPING: { target: 'sent', actions: 'noteShipment', meta: { by: 'seller' } },
        REQUEST_REFUND: { target: 'refundRequested.beforeShipping', actions: 'noteRefundRequest', meta: { by: 'buyer' } },
      },
    },

    /** On the way to the buyer, who confirms receipt within the 3-day check window. */
    sent: {
      on: {
        CONFIRM_RECEIPT: { target: 'unrated', actions: 'payOutSeller', meta: { by: 'buyer' } },
        EDIT_TRACKING: { guard: 'trackingChanged', actions: 'noteShipment', meta: { by: 'seller' } },
        REQUEST_REFUND: { target: 'refundRequested.onTheWay', actions: 'noteRefundRequest', meta: { by: 'buyer' } },
      },
      after: {
        buyerCheckWindow: { target: 'unrated', actions: 'payOutSeller', meta: { by: 'system' } },
      },
    },

    /** The buyer asked for a refund; the seller answers within 24 h or it is deemed agreed. */
    refundRequested: {
      initial: 'beforeShipping',
      states: {
        beforeShipping: {
          on: {
            AGREE_REFUND: { target: '#order.refunded', actions: ['refundBuyer', 'returnStock'], meta: { by: 'seller' } },
            REJECT_REFUND: { target: '#order.refundRejected.beforeShipping', actions: 'noteRefundRejection', meta: { by: 'seller' } },
          },
          after: {
            refundResponseWindow: { target: '#order.refunded', actions: ['refundBuyer', 'returnStock'], meta: { by: 'system' } },
          },
        },
        onTheWay: {
          on: {
            AGREE_REFUND: { target: '#order.refunded', actions: 'refundBuyer', meta: { by: 'seller' } },
            REJECT_REFUND: { target: '#order.refundRejected.onTheWay', actions: 'noteRefundRejection', meta: { by: 'seller' } },
          },
          after: {
            refundResponseWindow: { target: '#order.refunded', actions: 'refundBuyer', meta: { by: 'system' } },
          },
        },
      },
    },

    /** The seller refused the refund; the order goes on from where it was. */
    refundRejected: {
      initial: 'beforeShipping',
      states: {
        beforeShipping: {
          on: {
            SHIP: { target: '#order.sent', actions: 'noteShipment', meta: { by: 'seller' } },
            MARK_NO_SHIPPING: { target: '#order.sent', actions: 'noteShipment', meta: { by: 'seller' } },
          },
        },
        onTheWay: {
          on: {
            CONFIRM_RECEIPT: { target: '#order.unrated', actions: 'payOutSeller', meta: { by: 'buyer' } },
            EDIT_TRACKING: { guard: 'trackingChanged', actions: 'noteShipment', meta: { by: 'seller' } },
          },
          after: {
            buyerCheckWindow: { target: '#order.unrated', actions: 'payOutSeller', meta: { by: 'system' } },
          },
        },
      },
    },

    /** Received and the seller paid; the buyer's rating is awaited. */
    unrated: {
      on: {
        RATE: { target: 'rated', actions: ['noteBuyerRating', 'publishRating'], meta: { by: 'buyer' } },
        RATE_BUYER: { guard: 'sellerHasNotRated', actions: 'noteSellerRating', meta: { by: 'seller' } },
        APPLY_AFTER_SALE: { guard: 'noAfterSaleYet', target: 'afterSales.fromUnrated', actions: 'noteAfterSale', meta: { by: 'buyer' } },
      },
      after: {
        ratingWindow: { target: 'completed', meta: { by: 'system' } },
      },
    },

    rated: {
      on: {
        RATE_BUYER: { guard: 'sellerHasNotRated', actions: 'noteSellerRating', meta: { by: 'seller' } },
        APPLY_AFTER_SALE: { guard: 'noAfterSaleYet', target: 'afterSales.fromRated', actions: 'noteAfterSale', meta: { by: 'buyer' } },
      },
    },

    completed: {
      on: {
        RATE_BUYER: { guard: 'sellerHasNotRated', actions: 'noteSellerRating', meta: { by: 'seller' } },
      },
    },

    /**
     * The buyer applied for after-sales on received goods: the case (machines/afterSale.machine.ts) runs
     * its own chart; the order waits here, remembering where it was, until the case refunds or closes.
     */
    afterSales: {
      initial: 'fromUnrated',
      on: {
        AFTER_SALE_REFUNDED: { target: 'refunded', actions: 'noteAfterSaleClosed', meta: { by: 'server' } },
      },
      states: {
        fromUnrated: { on: { AFTER_SALE_CLOSED: { target: '#order.unrated', actions: 'noteAfterSaleClosed', meta: { by: 'server' } } } },
        fromRated: { on: { AFTER_SALE_CLOSED: { target: '#order.rated', actions: 'noteAfterSaleClosed', meta: { by: 'server' } } } },
      },
    },

    canceled: { type: 'final' },
    expired: { type: 'final' },
    refunded: { type: 'final' },
  },
});

/**
 * Why a guard refused a step, in the product's words (a locale key), or null for the generic "the order
 * has moved on". The server answers with it (server/services/orders.ts).
 */
export function orderRefusalMessage(guard: string, context: OrderContext): string | null {
  if (guard === 'trackingChanged' && context.shipment && !context.shipment.noShipping) return 'orders.rules.differentCompany';
  return null;
}

/** The actions the server carries out (the rest only record into the snapshot). */
export const orderEffects = ['returnStock', 'refundBuyer', 'payOutSeller', 'publishRating'] as const;
export type OrderEffect = (typeof orderEffects)[number];

/** The top-level state name (the status the server stores and SPEC's code is looked up by). */
export function orderStatusOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') return Object.keys(value)[0] ?? 'unknown';
  return 'unknown';
}
