import type { ReplayChart } from '../domain/schemas/chartHistory';
import type { ChartHistory } from '../domain/types/chartHistory';
import { call } from './client';

/** A real record's recorded steps on its chart, for the gallery's replay (issue 26). Staff only; the server refuses anyone else. */
export const chartHistory = (chart: ReplayChart, id: string) => call<ChartHistory>('GET', '/api/statecharts/history', { query: { chart, id }, quiet: true });
