/**
 * The charts the server applies to records (each step written once to chart_steps, issue 35), by their
 * ids in machines/index.ts. The other charts run in a person's browser only.
 */
export const serverCharts = ['order', 'afterSale', 'withdrawal', 'kyc', 'product', 'workOrder'] as const;
export type ServerChart = (typeof serverCharts)[number];

/** The state a record is in before its first step (a record created by its first event). */
export const beforeFirstStep = '';
