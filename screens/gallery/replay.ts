import type { AnyStateMachine } from 'xstate';
import type { ChartHistory, ReplayStep } from '../../src/domain/types/chartHistory';
import { initialDotId, type ChartGraph } from './chartGraph';
import { delayMs } from './edgeLabels';
import { formatDuration } from './formatDuration';
import { eventWord, stateWord } from './productWords';
import type { Translate } from './translate';

/**
 * The replay of a real record (issue 26): frame 0 is the state its history starts in, frame n the state
 * after its n-th recorded step, with the arrow that step took lit. Pure, so it is unit-tested on the
 * charts themselves.
 */
export interface ReplayFrame {
  /** The state path after this frame ("refundRequested.beforeShipping"). */
  state: string;
  /** The step that led here (none for frame 0). */
  step: ReplayStep | null;
  /** Ids of the state nodes active in this frame, ancestors included. */
  active: Set<string>;
  /** Ids of the arrows the step took (empty for frame 0, or when the chart has no such arrow). */
  taken: Set<string>;
}

/** Node ids of a state path and its ancestors: "a.b" of chart "order" → order, order.a, order.a.b. */
export function activeIdsOf(chartId: string, path: string): Set<string> {
  const ids = new Set([chartId]);
  const parts = path.split('.').filter(Boolean);
  for (let i = 1; i <= parts.length; i++) ids.add(`${chartId}.${parts.slice(0, i).join('.')}`);
  return ids;
}

/** Whether an arrow's event is the recorded one: the same event type, or the timer of the recorded window name. */
function sameEvent(eventType: string | null, recorded: string, sourceId: string): boolean {
  if (eventType === null) return false;
  return eventType === recorded || eventType === `xstate.after.${recorded}.${sourceId}`;
}

/** The arrows a recorded step took: from the step's state or one of its ancestors, for its event, to its target (itself for a loop). */
export function takenEdges(graph: ChartGraph, chartId: string, step: ReplayStep): Set<string> {
  // The step that created the record (an after-sale case's APPLY, from nothing): the chart's initial arrow.
  if (step.from === '') return new Set(graph.edges.filter((e) => e.source === initialDotId(chartId) && e.target === `${chartId}.${step.to}`).map((e) => e.id));
  const from = activeIdsOf(chartId, step.from);
  const to = `${chartId}.${step.to}`;
  const toAncestors = activeIdsOf(chartId, step.to);
  const exact = graph.edges.filter((e) => from.has(e.source) && sameEvent(e.eventType, step.event, e.source) && e.target === to);
  // A transition may target a compound state whose initial child the record then sits in.
  const found = exact.length > 0 ? exact : graph.edges.filter((e) => from.has(e.source) && sameEvent(e.eventType, step.event, e.source) && toAncestors.has(e.target));
  return new Set(found.map((e) => e.id));
}

export function replayFrames(graph: ChartGraph, chartId: string, history: ChartHistory): ReplayFrame[] {
  const frames: ReplayFrame[] = history.start === '' ? [] : [{ state: history.start, step: null, active: activeIdsOf(chartId, history.start), taken: new Set() }];
  for (const step of history.steps) frames.push({ state: step.to, step, active: activeIdsOf(chartId, step.to), taken: takenEdges(graph, chartId, step) });
  return frames;
}

/** A state path in words, parents first: "Refund requested › Before shipping". */
export function statePathWords(chartId: string, path: string, t: Translate): string {
  const parts = path.split('.').filter(Boolean);
  return parts.map((_, i) => stateWord(chartId, parts.slice(0, i + 1), t)).join(' › ');
}

/** A recorded event in words: a timer's window as "after 24 h", an event by its words. */
export function recordedEventWords(machine: AnyStateMachine, event: string, t: Translate, locale: string): string {
  const ms = /^[A-Z0-9_]+$/.test(event) ? null : delayMs(event, machine);
  return ms === null ? eventWord(event, t) : t('gallery.after', { duration: formatDuration(ms, t, locale) });
}
