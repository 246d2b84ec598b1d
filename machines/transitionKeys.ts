import type { AnyStateNode, AnyTransitionDefinition } from 'xstate';

/**
 * The names model-tests/coverage.json gives a chart's transitions and guarded transitions. The model tests
 * write them (model-tests/support/walk.ts, guards.ts) and the gallery reads them (screens/gallery/coverage.ts),
 * so both take them from here.
 */

/** A stable name for a transition: source state, event, position among that event's transitions, targets. */
export function transitionKey(t: AnyTransitionDefinition): string {
  const source: AnyStateNode = t.source;
  const list: readonly AnyTransitionDefinition[] = t.eventType === '' ? (source.always ?? []) : (source.transitions.get(t.eventType) ?? []);
  const index = list.indexOf(t);
  const targets = (t.target ?? []).map((n: AnyStateNode) => n.id).join(',') || '(self)';
  return `${source.id} --${t.eventType || 'always'}#${index}--> ${targets}`;
}

/** The guard's name of a guarded transition, or null. */
export function guardName(t: AnyTransitionDefinition): string | null {
  const g: unknown = t.guard;
  if (typeof g === 'string') return g;
  const type = typeof g === 'object' && g !== null ? (g as { type?: unknown }).type : undefined;
  return typeof type === 'string' ? type : null;
}

/** The name of a guarded transition (its transition key and its guard), or null when it has no guard. */
export function guardKey(t: AnyTransitionDefinition): string | null {
  const g = guardName(t);
  return g ? `${transitionKey(t)} [${g}]` : null;
}
