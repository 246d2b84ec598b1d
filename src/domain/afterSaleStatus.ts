/**
 * SPEC 3, After-sale status codes 0 to 7: the ONE table that maps each code to the after-sale chart's
 * state (machines/afterSale.machine.ts; its top-level states, one per code). Nothing else in the code
 * base spells these numbers.
 */
export const afterSaleStatusTable = [
  { code: 0, state: 'applied', labelKey: 'afterSale.status.applied' },
  { code: 1, state: 'cancelled', labelKey: 'afterSale.status.cancelled' },
  { code: 2, state: 'agreed', labelKey: 'afterSale.status.agreed' },
  { code: 3, state: 'sellerRejected', labelKey: 'afterSale.status.sellerRejected' },
  { code: 4, state: 'refunded', labelKey: 'afterSale.status.refunded' },
  { code: 5, state: 'rejected', labelKey: 'afterSale.status.rejected' },
  { code: 6, state: 'underAppeal', labelKey: 'afterSale.status.underAppeal' },
  { code: 7, state: 'returnShipped', labelKey: 'afterSale.status.returnShipped' },
] as const;

export type AfterSaleStatusCode = (typeof afterSaleStatusTable)[number]['code'];
export type AfterSaleStateName = (typeof afterSaleStatusTable)[number]['state'];

export function afterSaleStatusCode(state: string): AfterSaleStatusCode | null {
  return afterSaleStatusTable.find((row) => row.state === state)?.code ?? null;
}

export function afterSaleStatusLabelKey(state: string): string {
  return afterSaleStatusTable.find((row) => row.state === state)?.labelKey ?? 'afterSale.status.applied';
}

/** The states in which a case is still open (the order shows code 12 afterSalesing meanwhile). */
export const openAfterSaleStates: readonly AfterSaleStateName[] = ['applied', 'agreed', 'sellerRejected', 'underAppeal', 'returnShipped'];

/**
 * The deadline sentence of a case as its reader should read it (issue 37, finding 6): the buyer and the
 * seller each in the second person with their own next step; staff read the neutral sentence.
 */
export function caseDeadlineKey(viewer: 'buyer' | 'seller' | 'arbiter', window: string): string {
  return viewer === 'arbiter' ? `afterSale.deadline.${window}` : `sellerDay.caseDeadline.${viewer}.${window}`;
}
