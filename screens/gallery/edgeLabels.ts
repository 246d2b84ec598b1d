import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { formatDuration } from './formatDuration';
import { actorWord, delayWord, eventWord, guardWord, partyWord, stateWord } from './productWords';
import type { Translate } from './translate';

/** What an arrow of the chart says: the event, the guard that must hold and who may take it. */
export interface TransitionLabel {
  event: string;
  guard: string | null;
  by: string | null;
  /** The lines drawn beside the arrow, event first. */
  lines: string[];
  /** The identifiers, for engineers ("SHIP", "SHIP [hasTracking]"). */
  identifier: string;
}

const afterPrefix = 'xstate.after.';
const doneActorPrefix = 'xstate.done.actor.';
const errorActorPrefix = 'xstate.error.actor.';
const snapshotPrefix = 'xstate.snapshot.';
const doneStatePrefix = 'xstate.done.state.';

/** The delay reference inside `xstate.after.<delay>.<stateId>`: a delay name or a number of milliseconds. */
export function delayOf(eventType: string, source: AnyStateNode): string | number | null {
  if (!eventType.startsWith(afterPrefix)) return null;
  const rest = eventType.slice(afterPrefix.length);
  const suffix = `.${source.id}`;
  const ref = rest.endsWith(suffix) ? rest.slice(0, -suffix.length) : (rest.split('.')[0] ?? rest);
  return /^\d+(\.\d+)?$/.test(ref) ? Number(ref) : ref;
}

/** Milliseconds of a delay reference, when the machine gives it as a number. */
export function delayMs(ref: string | number, machine: AnyStateMachine): number | null {
  if (typeof ref === 'number') return ref;
  const delays: Record<string, unknown> = machine.implementations.delays;
  const value = delays[ref];
  return typeof value === 'number' ? value : null;
}

/** The name of the invoked actor an `xstate.done.actor.<id>` event comes from. */
function actorName(invokeId: string, source: AnyStateNode): string {
  for (const node of [source, ...ancestors(source)]) {
    const def = node.invoke.find((d) => d.id === invokeId);
    if (def) return typeof def.src === 'string' && !def.src.startsWith('xstate.invoke.') ? def.src : invokeId;
  }
  return invokeId;
}

function ancestors(node: AnyStateNode): AnyStateNode[] {
  const list: AnyStateNode[] = [];
  for (let p = node.parent; p; p = p.parent) list.push(p);
  return list;
}

/** An event type in the product owner's words: "LOGIN", "after 1.5 s", "always", "done: authenticate". */
export function eventLabel(eventType: string, source: AnyStateNode, machine: AnyStateMachine, t: Translate, locale = 'en'): string {
  if (eventType === '') return t('gallery.always');
  if (eventType === '*') return t('gallery.anyEvent');
  const delay = delayOf(eventType, source);
  if (delay !== null) {
    const ms = delayMs(delay, machine);
    return t('gallery.after', { duration: ms === null ? delayWord(String(delay), t) : formatDuration(ms, t, locale) });
  }
  const actor = (prefix: string) => actorWord(actorName(eventType.slice(prefix.length), source), t);
  if (eventType.startsWith(doneActorPrefix)) return t('gallery.done', { actor: actor(doneActorPrefix) });
  if (eventType.startsWith(errorActorPrefix)) return t('gallery.error', { actor: actor(errorActorPrefix) });
  if (eventType.startsWith(snapshotPrefix)) return t('gallery.update', { actor: actor(snapshotPrefix) });
  if (eventType.startsWith(doneStatePrefix)) {
    const id = eventType.slice(doneStatePrefix.length);
    const node = id === source.id ? source : machine.getStateNodeById(id);
    return t('gallery.stateDone', { state: stateWord(machine.id, node.path, t) });
  }
  return eventWord(eventType, t);
}

function field(value: unknown, name: string): unknown {
  return (typeof value === 'object' || typeof value === 'function') && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

/** A guard in words: its name, or the names combined by `and`, `or`, `not`, `stateIn`. */
export function guardName(guard: unknown, word: (name: string) => string = (name) => name): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return word(guard);
  if (typeof guard === 'function') {
    // xstate's higher-order guards are functions named after themselves carrying `check`.
    const inner = field(guard, 'guards');
    const parts = Array.isArray(inner) ? inner.map((g: unknown) => guardName(g, word) ?? '?') : [];
    const isBuiltIn = typeof field(guard, 'check') === 'function';
    if (isBuiltIn && guard.name === 'and') return parts.map((p) => (parts.length > 1 && / /.test(p) ? `(${p})` : p)).join(' and ');
    if (isBuiltIn && guard.name === 'or') return parts.map((p) => (parts.length > 1 && / /.test(p) ? `(${p})` : p)).join(' or ');
    if (isBuiltIn && guard.name === 'not') return `not ${parts[0] ?? '?'}`;
    if (isBuiltIn && guard.name === 'stateIn') {
      const state = field(guard, 'stateValue');
      return `in ${typeof state === 'string' ? state : JSON.stringify(state)}`;
    }
    return guard.name || 'inline';
  }
  const type = field(guard, 'type');
  return typeof type === 'string' ? word(type) : 'inline';
}

/** Who may take the transition, from its `meta.by` (one party, or several joined by " / "). */
export function byOf(transition: AnyTransitionDefinition): string | null {
  const by = field(transition.meta, 'by');
  if (typeof by === 'string') return by;
  if (Array.isArray(by) && by.length > 0 && by.every((p) => typeof p === 'string')) return by.join(' / ');
  return null;
}

export function transitionLabel(transition: AnyTransitionDefinition, machine: AnyStateMachine, t: Translate, locale = 'en'): TransitionLabel {
  const event = eventLabel(transition.eventType, transition.source, machine, t, locale);
  const guard = guardName(transition.guard, (name) => guardWord(name, t));
  const guardId = guardName(transition.guard);
  const by = byOf(transition);
  const who = by === null ? null : by.split(' / ').map((party) => partyWord(party, t)).join(' / ');
  const lines = [event];
  if (guard !== null) lines.push(t('gallery.guard', { guard }));
  if (who !== null) lines.push(t('gallery.by', { who }));
  const identifier = `${transition.eventType || 'always'}${guardId === null ? '' : ` [${guardId}]`}`;
  return { event, guard, by, lines, identifier };
}
