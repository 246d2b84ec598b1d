import { getNextTransitions, type AnyMachineSnapshot, type AnyTransitionDefinition } from 'xstate';

/**
 * Who may take a transition, read from its `meta.by`: the one rule the server enforces and the screens
 * show buttons from. Pure: the browser and the server ask the same chart the same question.
 */
export type Party = 'buyer' | 'seller' | 'arbiter' | 'system' | 'user' | 'server' | 'staff';

export function partiesOf(t: AnyTransitionDefinition): Party[] {
  const by = (t.meta as { by?: Party | Party[] } | undefined)?.by;
  if (by === undefined) return [];
  return Array.isArray(by) ? by : [by];
}

/**
 * What the party may do now: the event types of the transitions that name it and whose guards pass
 * on the snapshot (guards that depend on the event's own fields are judged when the event is sent).
 */
export function allowedEvents(snapshot: AnyMachineSnapshot, party: Party): string[] {
  const types = [...new Set(getNextTransitions(snapshot).filter((t) => partiesOf(t).includes(party)).map((t) => t.eventType))];
  return types.filter((type) => {
    const taken = snapshot.machine.getTransitionData(snapshot as never, { type } as never) ?? [];
    return taken.length > 0 && taken.every((t) => partiesOf(t).includes(party));
  });
}
