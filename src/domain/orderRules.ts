/**
 * Order rules shared by the screens and the server: the express companies a seller ships with, and the
 * tabs of the buyer's and the seller's order lists as sets of chart stages (the state path stored in
 * `orders.stage`, e.g. `refundRequested.onTheWay`). The chart itself is machines/order.machine.ts.
 */
export const expressCompanies = ['DHL', 'FedEx', 'UPS', 'USPS', 'EMS', 'SF Express', 'China Post', 'Royal Mail', 'Aramex', 'J&T Express', 'Other'] as const;
export type ExpressCompany = (typeof expressCompanies)[number];

export function isExpressCompany(value: string): value is ExpressCompany {
  return (expressCompanies as readonly string[]).includes(value);
}

/** SPEC 3 After-sale: refund only, or return and refund. */
export const afterSaleKinds = ['refundOnly', 'returnAndRefund'] as const;
export type AfterSaleKind = (typeof afterSaleKinds)[number];

/** The longest texts people write on an order (the forms' maxLength and the server's schema alike). */
export const OrderTextLimits = {
  /** A cancel, refund or rejection reason as sent. */
  reason: 300,
  /** The person's own words added to a chosen reason. */
  note: 200,
  /** A rating's comment. */
  comment: 500,
  /** An after-sale's description. */
  description: 500,
} as const;

/** A reason as the other side reads it: the chosen reason's label, then the person's own words, at most OrderTextLimits.reason long. */
export function reasonWithNote(label: string, note: string): string {
  const extra = note.trim();
  return (extra ? `${label}: ${extra}` : label).slice(0, OrderTextLimits.reason);
}

/**
 * The reasons the product itself gives when an unpaid order is cancelled (stored in the chart's cancel
 * record, shown through the locale, never as written): the buyer cancelled it before paying, or a newer
 * checkout of the same goods replaced it (issue 22: abandoned payments leave one unpaid order, not several).
 */
export const UnpaidCancelReason = { unpaid: 'unpaid', replaced: 'replaced' } as const;

/** SPEC 2: my orders with tabs All, Pending shipment, Shipped, Unrated; and To pay (issue 22: unpaid orders, with Pay now). */
export const buyerOrderTabs = {
  all: null,
  toPay: ['unpaid'],
  pendingShipment: ['paid', 'notShipped', 'refundRejected.beforeShipping'],
  shipped: ['sent', 'refundRejected.onTheWay'],
  unrated: ['unrated'],
} as const satisfies Record<string, readonly string[] | null>;
export type BuyerOrderTab = keyof typeof buyerOrderTabs;

/** The seller centre: orders to confirm, the shipping tabs pending and shipped, refunds, after-sales, all. */
export const sellerOrderTabs = {
  all: null,
  toConfirm: ['paid'],
  pendingShipment: ['notShipped', 'refundRejected.beforeShipping'],
  shipped: ['sent', 'refundRejected.onTheWay'],
  refunds: ['refundRequested.beforeShipping', 'refundRequested.onTheWay'],
  afterSales: ['afterSales.fromUnrated', 'afterSales.fromRated'],
  done: ['unrated', 'rated', 'completed', 'refunded', 'canceled'],
} as const satisfies Record<string, readonly string[] | null>;
export type SellerOrderTab = keyof typeof sellerOrderTabs;

/** The stages in which a paid order's money is held in its escrow: paid, and not yet received, refunded or cancelled. */
export const escrowStages = [
  'paid',
  'notShipped',
  'sent',
  'refundRequested.beforeShipping',
  'refundRequested.onTheWay',
  'refundRejected.beforeShipping',
  'refundRejected.onTheWay',
] as const;

/** The stage string of a chart value: 'paid', 'refundRequested.onTheWay'. */
export function stageOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const [key, child] = Object.entries(value)[0] ?? ['unknown', null];
    return child === null || child === undefined ? key : `${key}.${stageOf(child)}`;
  }
  return 'unknown';
}
