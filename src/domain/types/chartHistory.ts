import type { ReplayChart } from '../schemas/chartHistory';

/** One recorded transition of a record: the event (or the timer's window name), who sent it, from and to which state. */
export interface ReplayStep {
  event: string;
  party: string;
  /** State paths of the chart ("refundRequested.beforeShipping"). */
  from: string;
  to: string;
  at: string;
}

/** A record's history, oldest first, and the state it is in now. */
export interface ChartHistory {
  chart: ReplayChart;
  id: string;
  /** The state the first recorded step left (the record's current state when nothing was recorded yet). */
  start: string;
  current: string;
  steps: ReplayStep[];
}
