/**
 * SPEC 3, Order status codes 0 to 13: the ONE table that maps each code to the order chart's state
 * (machines/order.machine.ts; its top-level states, one per code). Nothing else in the code base
 * spells these numbers.
 */
export const orderStatusTable = [
  { code: 0, state: 'completed', labelKey: 'orderStatus.completed', buyerKey: 'orderStatusBuyer.completed', tone: 'done' },
  { code: 1, state: 'unrated', labelKey: 'orderStatus.unrated', buyerKey: 'orderStatusBuyer.unrated', tone: 'done' },
  { code: 2, state: 'refundRequested', labelKey: 'orderStatus.refundRequested', buyerKey: 'orderStatusBuyer.refundRequested', tone: 'problem' },
  { code: 3, state: 'sent', labelKey: 'orderStatus.sent', buyerKey: 'orderStatusBuyer.sent', tone: 'active' },
  { code: 4, state: 'notShipped', labelKey: 'orderStatus.notShipped', buyerKey: 'orderStatusBuyer.notShipped', tone: 'active' },
  { code: 5, state: 'unpaid', labelKey: 'orderStatus.unpaid', buyerKey: 'orderStatusBuyer.unpaid', tone: 'toPay' },
  { code: 6, state: 'atCart', labelKey: 'orderStatus.atCart', buyerKey: 'orderStatusBuyer.atCart', tone: 'closed' },
  { code: 7, state: 'refunded', labelKey: 'orderStatus.refunded', buyerKey: 'orderStatusBuyer.refunded', tone: 'closed' },
  { code: 8, state: 'rated', labelKey: 'orderStatus.rated', buyerKey: 'orderStatusBuyer.rated', tone: 'done' },
  { code: 9, state: 'paid', labelKey: 'orderStatus.paid', buyerKey: 'orderStatusBuyer.paid', tone: 'active' },
  { code: 10, state: 'canceled', labelKey: 'orderStatus.canceled', buyerKey: 'orderStatusBuyer.canceled', tone: 'closed' },
  { code: 11, state: 'expired', labelKey: 'orderStatus.expired', buyerKey: 'orderStatusBuyer.expired', tone: 'closed' },
  { code: 12, state: 'afterSales', labelKey: 'orderStatus.afterSales', buyerKey: 'orderStatusBuyer.afterSales', tone: 'problem' },
  { code: 13, state: 'refundRejected', labelKey: 'orderStatus.refundRejected', buyerKey: 'orderStatusBuyer.refundRejected', tone: 'problem' },
] as const;

/**
 * How a status looks (issue 22): each tone has its own colour, so an order waiting for the buyer's money
 * ("Unpaid", toPay) never looks like one the buyer has paid (active).
 */
export type OrderStatusTone = (typeof orderStatusTable)[number]['tone'];

export function orderStatusTone(state: string): OrderStatusTone {
  return orderStatusTable.find((row) => row.state === state)?.tone ?? 'closed';
}

export type OrderStatusCode = (typeof orderStatusTable)[number]['code'];
export type OrderStateName = (typeof orderStatusTable)[number]['state'];

/** The SPEC code of a chart state (the top-level state name the server stores in `orders.status`). */
export function orderStatusCode(state: string): OrderStatusCode | null {
  return orderStatusTable.find((row) => row.state === state)?.code ?? null;
}

export function orderStateOfCode(code: number): OrderStateName | null {
  return orderStatusTable.find((row) => row.code === code)?.state ?? null;
}

/** The buyer's sentence for a status ("Waiting for the seller to confirm" for paid), as the buyer's order card says it. */
export function orderStatusBuyerKey(state: string): string {
  return orderStatusTable.find((row) => row.state === state)?.buyerKey ?? 'orderStatus.unknown';
}

export function orderStatusLabelKey(state: string): string {
  return orderStatusTable.find((row) => row.state === state)?.labelKey ?? 'orderStatus.unknown';
}
