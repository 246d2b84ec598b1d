import type { ServerChart } from '../chartSteps';

/** A state of a chart in production (issue 35): records in it now, and how long records stayed in it before leaving (seconds). */
export interface ProductionState {
  state: string;
  now: number;
  left: number;
  medianSeconds: number | null;
  p90Seconds: number | null;
  /** The state's timer (its deadline), when it has one. */
  deadlineSeconds: number | null;
}

/** An arrow taken in the period: how many times, by whom; `timer` when the app's timer took it. */
export interface ProductionArrow {
  from: string;
  event: string;
  to: string;
  count: number;
  byParty: Record<string, number>;
  timer: boolean;
}

/** One stage of the chart's main path: steps into it in the period, its share of the first, and where the others went from it. */
export interface FunnelStage {
  state: string;
  reached: number;
  share: number;
  elsewhere: { to: string; count: number }[];
}

export interface ProductionView {
  chart: ServerChart;
  from: string;
  to: string;
  filtered: boolean;
  states: ProductionState[];
  arrows: ProductionArrow[];
  funnel: FunnelStage[];
  stuck: number;
}

/** A record in a list: since when it is in its state (or when it took the arrow); `lateSeconds` past the deadline or usual time (stuck list). */
export interface ProductionRecord {
  id: string;
  state: string;
  since: string;
  waitingSeconds: number;
  lateSeconds?: number;
}

export interface ProductionRecords {
  list: ProductionRecord[];
  page: number;
  more: boolean;
}
