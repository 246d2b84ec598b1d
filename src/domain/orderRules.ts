/**
 * Order rules shared by the screens and the server: the express companies a seller ships with, and the
 * tabs of the buyer's and the seller's order lists as sets of chart stages (the state path stored in
 * `orders.stage`, e.g. `refundRequested.onTheWay`). The chart itself is machines/order.machine.ts.
 */
export const expressCompanies = ['DHL', 'FedEx', 'UPS', 'USPS', 'EMS', 'SF Express', 'China Post', 'Royal Mail', 'Aramex', 'J&T Express', 'Other'] as const;
export type ExpressCompany = (typeof expressCompanies)[number];

/** SPEC 2: my orders with tabs All, Pending shipment, Shipped, Unrated. */
export const buyerOrderTabs = {
  all: null,
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
  afterSales: ['afterSales'],
  done: ['unrated', 'rated', 'completed', 'refunded', 'canceled', 'refundRejected.afterSales'],
} as const satisfies Record<string, readonly string[] | null>;
export type SellerOrderTab = keyof typeof sellerOrderTabs;

/** The stage string of a chart value: 'paid', 'refundRequested.onTheWay'. */
export function stageOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const [key, child] = Object.entries(value)[0] ?? ['unknown', null];
    return child === null || child === undefined ? key : `${key}.${stageOf(child)}`;
  }
  return 'unknown';
}
