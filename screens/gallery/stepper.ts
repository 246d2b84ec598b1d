import {
  getNextTransitions,
  initialTransition,
  transition,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  type StateValue,
} from 'xstate';
import type { ChartGraph } from './chartGraph';

/**
 * Stepping through a chart without running it: every snapshot is computed with xstate's pure
 * `initialTransition` / `transition`, so no invoked promise, timer or emitted effect ever runs.
 * Timers firing and promises settling are simulated by sending their events by hand.
 */

/** An event a person may send now, with the state node whose transition listens to it. */
export interface EnabledEvent {
  type: string;
  source: AnyStateNode;
}

export function startSnapshot(machine: AnyStateMachine, input: unknown): AnyMachineSnapshot | null {
  try {
    const [snapshot] = initialTransition(machine, input);
    return snapshot.status === 'error' ? null : snapshot;
  } catch {
    return null;
  }
}

/** The event object sent for a type; actor results carry a stand-in output or error. */
export function simulatedEvent(type: string, outputs: Readonly<Record<string, unknown>> = {}): EventObject & Record<string, unknown> {
  if (type.startsWith('xstate.done.actor.')) return { type, output: outputs[type.slice('xstate.done.actor.'.length)] };
  if (type.startsWith('xstate.error.actor.')) return { type, error: new Error('simulated failure') };
  return { type };
}

function canSend(snapshot: AnyMachineSnapshot, type: string): boolean {
  try {
    return snapshot.can(simulatedEvent(type));
  } catch {
    // a guard that needs a real event payload: let the person try
    return true;
  }
}

/**
 * Events with a transition from an active state node (the atomic states first, then their
 * ancestors), delayed `xstate.after.*` and invoked actors' done/error events included, whose guards
 * let them through now. Eventless and wildcard transitions are left out: they cannot be sent.
 */
export function enabledEvents(snapshot: AnyMachineSnapshot): EnabledEvent[] {
  if (snapshot.status !== 'active') return [];
  const seen = new Set<string>();
  const events: EnabledEvent[] = [];
  for (const t of getNextTransitions(snapshot)) {
    const type = t.eventType;
    if (type === '' || type === '*' || type.endsWith('.*') || seen.has(type)) continue;
    seen.add(type);
    if (canSend(snapshot, type)) events.push({ type, source: t.source });
  }
  return events;
}

/** The next snapshot, or null when the step cannot be simulated (an action needs a real answer). */
export function step(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, type: string, outputs: Readonly<Record<string, unknown>> = {}): AnyMachineSnapshot | null {
  try {
    const [next] = transition(machine, snapshot, simulatedEvent(type, outputs));
    return next.status === 'error' ? null : next;
  } catch {
    return null;
  }
}

/** Ids of every active state node, compound parents included. */
export function activeStateIds(snapshot: AnyMachineSnapshot): Set<string> {
  return new Set(snapshot._nodes.map((node: AnyStateNode) => node.id));
}

/** A state value as text: "loggedOut", "order.paid", "a.x, b.y" for parallel regions. */
export function formatStateValue(value: StateValue): string {
  if (typeof value === 'string') return value;
  const paths = Object.entries(value).flatMap(([key, child]) => {
    if (child === undefined) return [key];
    const inner = formatStateValue(child);
    return inner === '' ? [key] : inner.split(', ').map((p) => `${key}.${p}`);
  });
  return paths.join(', ');
}

/** The arrows a person can take now: from an active state, for an event offered now. */
export function liveEdgeIds(graph: ChartGraph, active: ReadonlySet<string>, events: readonly EnabledEvent[]): Set<string> {
  const offered = new Set(events.map((e) => `${e.source.id}\u0000${e.type}`));
  const ids = new Set<string>();
  for (const edge of graph.edges) {
    if (edge.eventType !== null && active.has(edge.source) && offered.has(`${edge.source}\u0000${edge.eventType}`)) ids.add(edge.id);
  }
  return ids;
}
