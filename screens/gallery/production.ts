import type { FunnelStage, ProductionArrow, ProductionState } from '../../src/domain/types/chartProduction';
import type { ChartGraph } from './chartGraph';
import { takenEdges } from './replay';

/**
 * The "In production" view on the drawn chart (issue 35), pure so it is unit-tested on the charts
 * themselves: which drawn arrow each recorded arrow is, how wide it is drawn, and the records per state box.
 */

/** What a drawn arrow carried in the period: the recorded arrows it stands for, summed. */
export interface EdgeTraffic {
  count: number;
  byParty: Record<string, number>;
  /** Steps taken by the app's timer (a window that closed). */
  timer: number;
  arrows: ProductionArrow[];
}

/**
 * The drawn arrows of each recorded arrow: the arrow a replay lights for the same step; a record's first
 * step (from nothing) is drawn on the chart's arrow with the same event into the same state.
 */
export function drawnEdgesOf(graph: ChartGraph, chartId: string, arrow: ProductionArrow): Set<string> {
  const step = { event: arrow.event, party: '', from: arrow.from, to: arrow.to, at: '' };
  const found = takenEdges(graph, chartId, step);
  if (found.size > 0 || arrow.from !== '') return found;
  return new Set(graph.edges.filter((e) => e.eventType === arrow.event && e.target === `${chartId}.${arrow.to}`).map((e) => e.id));
}

export function edgeTraffic(graph: ChartGraph, chartId: string, arrows: readonly ProductionArrow[]): Map<string, EdgeTraffic> {
  const traffic = new Map<string, EdgeTraffic>();
  for (const arrow of arrows) {
    for (const id of drawnEdgesOf(graph, chartId, arrow)) {
      const t = traffic.get(id) ?? { count: 0, byParty: {}, timer: 0, arrows: [] };
      t.count += arrow.count;
      for (const [party, n] of Object.entries(arrow.byParty)) t.byParty[party] = (t.byParty[party] ?? 0) + n;
      if (arrow.timer) t.timer += arrow.count;
      t.arrows.push(arrow);
      traffic.set(id, t);
    }
  }
  return traffic;
}

/** Stroke width of an arrow taken `count` times when the busiest took `max`: by area (square root), 1.5 to 10 px; untaken arrows thin. */
export function trafficWidth(count: number, max: number): number {
  if (count <= 0 || max <= 0) return 1;
  return 1.5 + 8.5 * Math.sqrt(count / max);
}

/** Each drawn state (node id) with its production figures; a parent state not recorded itself shows the records in its children now. */
export function statesByNode(chartId: string, states: readonly ProductionState[]): Map<string, ProductionState> {
  const byNode = new Map<string, ProductionState>();
  for (const s of states) byNode.set(`${chartId}.${s.state}`, s);
  const recorded = new Set(states.map((s) => s.state));
  for (const s of states) {
    const parts = s.state.split('.');
    for (let i = 1; i < parts.length; i++) {
      const path = parts.slice(0, i).join('.');
      if (recorded.has(path)) continue;
      const id = `${chartId}.${path}`;
      const parent = byNode.get(id) ?? { state: path, now: 0, left: 0, medianSeconds: null, p90Seconds: null, deadlineSeconds: null };
      parent.now += s.now;
      byNode.set(id, parent);
    }
  }
  return byNode;
}

/** The funnel's "where the rest went", as share of the stage's arrivals. */
export function funnelShare(stage: FunnelStage, count: number): number {
  return stage.reached === 0 ? 0 : count / stage.reached;
}
