import type { ServerChart } from '../domain/chartSteps';
import type { ProductionQuery } from '../domain/schemas/chartProduction';
import type { ProductionRecord, ProductionRecords, ProductionView } from '../domain/types/chartProduction';
import { call, callText } from './client';

/**
 * The gallery's "In production" view (issue 35): a chart's traffic in a period, the records in a state or
 * on an arrow, the stuck records and the CSV of the view. Staff only; the server refuses anyone else.
 */
type Query = Partial<ProductionQuery> & { chart: ServerChart };

export const productionView = (q: Query) => call<ProductionView>('GET', '/api/statecharts/production', { query: q, quiet: true });
export const productionState = (q: Query, state: string, page: number) =>
  call<ProductionRecords>('GET', '/api/statecharts/production/state', { query: { chart: q.chart, state, page, country: q.country, category: q.category, seller: q.seller }, quiet: true });
export const productionArrow = (q: Query, arrow: { from: string; event: string; to: string }, page: number) =>
  call<ProductionRecords>('GET', '/api/statecharts/production/arrow', { query: { ...q, from_state: arrow.from, event: arrow.event, to_state: arrow.to, page }, quiet: true });
export const productionStuck = (chart: ServerChart) => call<{ list: ProductionRecord[] }>('GET', '/api/statecharts/production/stuck', { query: { chart }, quiet: true });
export const productionCsv = (q: Query) => callText('/api/statecharts/production/csv', q);
