import {
  getNextTransitions,
  initialTransition,
  transition,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
} from 'xstate';
import { partiesOf, type Party } from '../../machines/parties';
import { ApiError } from '../http/envelope';

/**
 * The server's side of "the same chart is the rule on both sides". A record keeps its chart snapshot
 * (value and context, as JSON). To change it, the server restores the snapshot, asks the chart which
 * transition the event would take, checks that the party asking is one the transition names in
 * `meta.by`, applies the pure transition and hands back the next snapshot to persist in the same
 * database transaction. Nothing runs here: durable timers fire `xstate.after.*` events through this
 * same function, as the party 'system'.
 */

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

function guardNameOf(guard: unknown): string | null {
  if (typeof guard === 'string') return guard;
  const type = (guard as { type?: unknown } | undefined)?.type;
  return typeof type === 'string' ? type : null;
}

/** The transitions the chart would take for this event now (guards evaluated), or none. */
export function transitionsFor(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject): AnyTransitionDefinition[] {
  return machine.getTransitionData(snapshot as never, event as never) ?? [];
}

/**
 * Applies `event` for `party`: 4001 when no transition of the current state takes the event, 4003
 * when the transition it would take does not name this party.
 */
export function applyEvent(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject, party: Party): AnyMachineSnapshot {
  return applyEventWithActions(machine, snapshot, event, party).snapshot;
}

/** The named actions of the taken transitions (exit, transition, entry), for the server to carry out. */
export interface Applied {
  snapshot: AnyMachineSnapshot;
  actions: { type: string; params: unknown }[];
}

/** applyEvent, also answering the named actions the chart asks for on the way. */
export function applyEventWithActions(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject, party: Party): Applied {
  const taken = transitionsFor(machine, snapshot, event);
  if (taken.length === 0) {
    // When the state has the event but a guard said no, the refusal names the guard, so the record's
    // service can say why in the product's words (e.g. the order chart's orderRefusalMessage).
    const guard = getNextTransitions(snapshot)
      .filter((t) => t.eventType === event.type)
      .map((t) => guardNameOf(t.guard))
      .find((name): name is string => name !== null);
    throw new ApiError('invalidField', { field: 'status', detail: `${event.type} is not possible now (${JSON.stringify(snapshot.value)})`, ...(guard ? { guard } : {}) });
  }
  if (!taken.every((t) => partiesOf(t).includes(party))) throw new ApiError('forbidden');
  const next = transition as (m: AnyStateMachine, s: AnyMachineSnapshot, e: AnyEventObject) => [AnyMachineSnapshot, { type: string; params?: unknown }[]];
  const [after, actions] = next(machine, snapshot, event);
  return { snapshot: after, actions: actions.map((a) => ({ type: a.type, params: a.params })) };
}
