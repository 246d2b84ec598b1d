import { getNextTransitions, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type AnyTransitionDefinition } from 'xstate';
import { guardKey, guardName } from '../../machines/transitionKeys';

/**
 * Guard coverage (issue 26): every guarded transition should be seen with its guard true and false.
 * An outcome is what the chart's own guard implementation answers for the event sent in that state.
 */
/** Every guarded transition of the chart (each should be seen true and false). */
export function allGuards(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  const visit = (node: AnyStateMachine['root']) => {
    for (const list of node.transitions.values()) for (const t of list) keys.push(guardKey(t) ?? '');
    for (const t of node.always ?? []) keys.push(guardKey(t) ?? '');
    for (const child of Object.values(node.states)) visit(child as AnyStateMachine['root']);
  };
  visit(machine.root);
  return [...new Set(keys.filter(Boolean))];
}

/** The guard outcomes the model sees for this event now: each guarded candidate evaluated on the snapshot and event. */
export function guardOutcomes(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject): [string, boolean][] {
  const impls = (machine.implementations.guards ?? {}) as Record<string, (a: { context: unknown; event: AnyEventObject }, params: unknown) => boolean>;
  const out: [string, boolean][] = [];
  for (const t of getNextTransitions(snapshot)) {
    if (t.eventType !== event.type) continue;
    const name = guardName(t);
    const key = guardKey(t);
    const impl = name ? impls[name] : undefined;
    if (!key || !impl) continue;
    const raw = (t.guard as { params?: unknown } | string).valueOf();
    const given = typeof raw === 'object' && raw !== null ? (raw as { params?: unknown }).params : undefined;
    const args = { context: snapshot.context, event };
    try {
      const params = typeof given === 'function' ? (given as (a: typeof args) => unknown)(args) : given;
      out.push([key, Boolean(impl(args, params))]);
    } catch {
      // A guard that cannot judge this event (it reads fields another event type has) is not an outcome.
    }
  }
  return out;
}


/**
 * The guard outcomes an eventless (always) transition that was taken tells: its own guard was true, and
 * the guarded candidates before it in its state's list were evaluated false.
 */
export function eventlessOutcomes(t: AnyTransitionDefinition): [string, boolean][] {
  if (t.eventType !== '') return [];
  const list = (t.source as { always?: AnyTransitionDefinition[] }).always ?? [];
  const out: [string, boolean][] = [];
  for (const candidate of list) {
    const key = guardKey(candidate);
    if (candidate === t) {
      if (key) out.push([key, true]);
      break;
    }
    if (key) out.push([key, false]);
  }
  return out;
}
