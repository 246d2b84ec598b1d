/**
 * SPEC 3, Order status codes 0 to 13: the ONE table that maps each code to the order chart's state
 * (machines/order.machine.ts; its top-level states, one per code). Nothing else in the code base
 * spells these numbers.
 */
export const orderStatusTable = [
  { code: 0, state: 'completed', labelKey: 'orderStatus.completed' },
  { code: 1, state: 'unrated', labelKey: 'orderStatus.unrated' },
  { code: 2, state: 'refundRequested', labelKey: 'orderStatus.refundRequested' },
  { code: 3, state: 'sent', labelKey: 'orderStatus.sent' },
  { code: 4, state: 'notShipped', labelKey: 'orderStatus.notShipped' },
  { code: 5, state: 'unpaid', labelKey: 'orderStatus.unpaid' },
  { code: 6, state: 'atCart', labelKey: 'orderStatus.atCart' },
  { code: 7, state: 'refunded', labelKey: 'orderStatus.refunded' },
  { code: 8, state: 'rated', labelKey: 'orderStatus.rated' },
  { code: 9, state: 'paid', labelKey: 'orderStatus.paid' },
  { code: 10, state: 'canceled', labelKey: 'orderStatus.canceled' },
  { code: 11, state: 'expired', labelKey: 'orderStatus.expired' },
  { code: 12, state: 'afterSales', labelKey: 'orderStatus.afterSales' },
  { code: 13, state: 'refundRejected', labelKey: 'orderStatus.refundRejected' },
] as const;

export type OrderStatusCode = (typeof orderStatusTable)[number]['code'];
export type OrderStateName = (typeof orderStatusTable)[number]['state'];

/** The SPEC code of a chart state (the top-level state name the server stores in `orders.status`). */
export function orderStatusCode(state: string): OrderStatusCode | null {
  return orderStatusTable.find((row) => row.state === state)?.code ?? null;
}

export function orderStateOfCode(code: number): OrderStateName | null {
  return orderStatusTable.find((row) => row.code === code)?.state ?? null;
}

export function orderStatusLabelKey(state: string): string {
  return orderStatusTable.find((row) => row.state === state)?.labelKey ?? 'orderStatus.unknown';
}
