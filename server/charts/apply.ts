import {
  getNextTransitions,
  initialTransition,
  transition,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
} from 'xstate';
import { ApiError } from '../http/envelope';

/**
 * The server's side of "the same chart is the rule on both sides". A record keeps its chart snapshot
 * (value and context, as JSON). To change it, the server restores the snapshot, asks the chart which
 * transition the event would take, checks that the party asking is one the transition names in
 * `meta.by`, applies the pure transition and hands back the next snapshot to persist in the same
 * database transaction. Nothing runs here: durable timers fire `xstate.after.*` events through this
 * same function, as the party 'system'.
 */
export type Party = 'buyer' | 'seller' | 'arbiter' | 'system' | 'user' | 'server' | 'staff';

export interface StoredChart {
  value: unknown;
  context: unknown;
}

export function initial(machine: AnyStateMachine, input?: unknown): AnyMachineSnapshot {
  const start = initialTransition as (m: AnyStateMachine, i?: unknown) => [AnyMachineSnapshot, unknown];
  return start(machine, input)[0];
}

export function restore(machine: AnyStateMachine, stored: StoredChart): AnyMachineSnapshot {
  return machine.resolveState({ value: stored.value as never, context: stored.context as never });
}

export function store(snapshot: AnyMachineSnapshot): StoredChart {
  return { value: snapshot.value, context: snapshot.context };
}

export function partiesOf(t: AnyTransitionDefinition): Party[] {
  const by = (t.meta as { by?: Party | Party[] } | undefined)?.by;
  if (by === undefined) return [];
  return Array.isArray(by) ? by : [by];
}

/** The transitions the chart would take for this event now (guards evaluated), or none. */
export function transitionsFor(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject): AnyTransitionDefinition[] {
  return machine.getTransitionData(snapshot as never, event as never) ?? [];
}

/** What the party may do now: the event types of the enabled transitions that name it. Screens show buttons from this. */
export function allowedEvents(snapshot: AnyMachineSnapshot, party: Party): string[] {
  return [...new Set(getNextTransitions(snapshot).filter((t) => partiesOf(t).includes(party)).map((t) => t.eventType))];
}

/**
 * Applies `event` for `party`: 4001 when no transition of the current state takes the event, 4003
 * when the transition it would take does not name this party.
 */
export function applyEvent(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject, party: Party): AnyMachineSnapshot {
  const taken = transitionsFor(machine, snapshot, event);
  if (taken.length === 0) {
    throw new ApiError('invalidField', { field: 'status', detail: `${event.type} is not possible now (${JSON.stringify(snapshot.value)})` });
  }
  if (!taken.every((t) => partiesOf(t).includes(party))) throw new ApiError('forbidden');
  const next = transition as (m: AnyStateMachine, s: AnyMachineSnapshot, e: AnyEventObject) => [AnyMachineSnapshot, unknown];
  return next(machine, snapshot, event)[0];
}
