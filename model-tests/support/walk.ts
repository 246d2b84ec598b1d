import {
  createActor,
  fromPromise,
  SimulatedClock,
  getNextTransitions,
  initialTransition,
  transition,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type InspectionEvent,
} from 'xstate';
import { TestModel } from 'xstate/graph';
import { transitionKey } from '../../machines/transitionKeys';
import { recordLevel } from './coverageFile';
import { allGuards, eventlessOutcomes, guardOutcomes } from './guards';

/**
 * Model-based testing over any machine of machines/.
 *
 * The model is the machine itself, traversed by xstate/graph's TestModel (timers and invoked
 * promises are plain events there: xstate.after.*, xstate.done.actor.*, xstate.error.actor.*). The
 * system under test is a real actor of the same machine with its promise actors replaced by
 * deferreds the walk settles, and a SimulatedClock the walk moves for timers. Every edge of the
 * model's adjacency map is walked: the shortest path to its source state, then the edge. After each
 * step the real actor must be in the state the model predicts. Transitions actually taken by the
 * real actor are recorded (from its microsteps) and compared with every transition of the chart.
 */

/** Every transition of the chart, from every state node, including timers, invocation results and eventless ones. */
export function allTransitions(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  const visit = (node: AnyStateNode) => {
    for (const list of node.transitions.values()) for (const t of list) keys.push(transitionKey(t));
    for (const t of node.always ?? []) keys.push(transitionKey(t));
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  return [...new Set(keys)];
}

interface Deferred {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export interface WalkOptions<M extends AnyStateMachine> {
  machine: M;
  /** Each input is a separate start; the model is traversed from each. */
  inputs: unknown[];
  /** The events the model may take, synthetic ones included. */
  events: AnyEventObject[];
  /** After every step: compare anything beyond the state value (context, emitted events). */
  check?: (args: { before: AnyMachineSnapshot; model: AnyMachineSnapshot; actual: AnyMachineSnapshot; emitted: AnyEventObject[]; step: AnyEventObject }) => void;
  /** Bounds the traversal of charts with unbounded context. */
  limit?: number;
  /** What makes two snapshots the same state for the model (default: value and context). Abstract counters away here. */
  project?: (snapshot: AnyMachineSnapshot) => unknown;
}

export interface WalkResult {
  all: string[];
  walked: Set<string>;
  missing: string[];
  paths: number;
  /** Guard outcomes seen (guard key -> 'true'/'false'), and every guarded transition of the chart. */
  guards: Map<string, Set<string>>;
  guardKeys: string[];
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function walk<M extends AnyStateMachine>(options: WalkOptions<M>): Promise<WalkResult> {
  const { machine } = options;
  const all = allTransitions(machine);
  const walked = new Set<string>();
  const guards = new Map<string, Set<string>>();
  let paths = 0;
  const actorNames = Object.keys(machine.implementations.actors ?? {});
  const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>;

  for (const input of options.inputs) {
    const project = options.project ?? ((snap: AnyMachineSnapshot) => ({ value: snap.value, context: snap.context }));
    const serialize = (snap: AnyMachineSnapshot) => JSON.stringify(project(snap));
    const model = new TestModel(machine, { events: options.events, input, limit: options.limit ?? 5000, serializeState: (snap) => serialize(snap as AnyMachineSnapshot) });
    const initialKey = serialize((initialTransition as (m: AnyStateMachine, i: unknown) => [AnyMachineSnapshot, unknown])(machine, input)[0]);
    const adjacency = model.getAdjacencyMap() as Record<string, { state: AnyMachineSnapshot; transitions: Record<string, { event: AnyEventObject; state: AnyMachineSnapshot }> }>;
    // Shortest event path to every state of the model, by breadth-first search over the adjacency map
    // (getShortestPaths() drops paths that are prefixes of longer ones, and with them the states in between).
    const shortest = new Map<string, { event: AnyEventObject }[]>([[initialKey, []]]);
    const queue = [initialKey];
    while (queue.length > 0) {
      const key = queue.shift() as string;
      const here = shortest.get(key) ?? [];
      for (const { event, state } of Object.values(adjacency[key]?.transitions ?? {})) {
        const next = serialize(state);
        if (shortest.has(next)) continue;
        shortest.set(next, [...here, { event }]);
        queue.push(next);
      }
    }

    for (const [stateKey, entry] of Object.entries(adjacency)) {
      const prefix = shortest.get(serialize(entry.state));
      if (!prefix) continue;
      for (const { event } of Object.values(entry.transitions)) {
        paths += 1;
        await runPath([...prefix.map((s) => s.event), event], input, stateKey);
      }
    }
  }

  async function runPath(steps: AnyEventObject[], input: unknown, from: string) {
    const pending = new Map<string, Deferred>();
    const provided = Object.fromEntries(
      actorNames.map((name) => [
        name,
        fromPromise<unknown, unknown>(
          () =>
            new Promise((resolve, reject) => {
              pending.set(name, { resolve, reject });
            }),
        ),
      ]),
    );
    const clock = new SimulatedClock();
    const emitted: AnyEventObject[] = [];
    const sut = createActor(machine.provide({ actors: provided } as never), {
      input,
      clock,
      inspect: (ev: InspectionEvent) => {
        if (ev.type === '@xstate.microstep' && ev.actorRef.sessionId === ev.rootId) {
          for (const t of ev._transitions) {
            walked.add(transitionKey(t));
            for (const [key, outcome] of eventlessOutcomes(t)) guards.set(key, (guards.get(key) ?? new Set<string>()).add(String(outcome)));
          }
        }
      },
    });
    sut.on('*', (ev: AnyEventObject) => emitted.push(ev));
    sut.start();
    await flush();
    let model = (initialTransition as (m: AnyStateMachine, i: unknown) => [AnyMachineSnapshot, unknown])(machine, input)[0];
    for (const event of steps) {
      const before = model;
      await apply(event);
      model = (transition as (m: AnyStateMachine, s: AnyMachineSnapshot, e: AnyEventObject) => [AnyMachineSnapshot, unknown])(machine, model, event)[0];
      const actual = sut.getSnapshot() as AnyMachineSnapshot;
      if (JSON.stringify(actual.value) !== JSON.stringify(model.value)) {
        throw new Error(`after ${event.type} (path from ${from}): the actor is in ${JSON.stringify(actual.value)}, the model says ${JSON.stringify(model.value)}`);
      }
      options.check?.({ before, model, actual, emitted, step: event });
    }
    sut.stop();

    async function apply(event: AnyEventObject) {
      // A timer or an invocation result of a state the actor is not in cannot happen to it.
      for (const [key, outcome] of guardOutcomes(machine, sut.getSnapshot() as AnyMachineSnapshot, event)) guards.set(key, (guards.get(key) ?? new Set<string>()).add(String(outcome)));
      const synthetic = event.type.startsWith('xstate.');
      if (synthetic && !getNextTransitions(sut.getSnapshot() as AnyMachineSnapshot).some((t) => t.eventType === event.type)) return;
      const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
      const error = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
      const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
      if (done || error) {
        const id = (done ?? error)?.[1] ?? '';
        const src = sourceOfInvoke(id);
        const deferred = pending.get(src);
        // No such actor running: the event cannot happen to the real actor; the model must ignore it too (checked below).
        if (!deferred) return;
        pending.delete(src);
        if (done) deferred.resolve((event as { output?: unknown }).output);
        else deferred.reject((event as { error?: unknown }).error ?? new Error('failed'));
      } else if (after) {
        const ms = delays[after[1] ?? ''];
        // A delay computed from the context (a back-off) is asked of the actor's own context.
        const wait = typeof ms === 'function' ? (ms as (a: { context: unknown; event: AnyEventObject }) => number)({ context: sut.getSnapshot().context, event }) : ms;
        clock.increment(typeof wait === 'number' ? wait : Number(after[1]));
      } else if (sut.getSnapshot().status !== 'done') {
        sut.send(event); // (a final actor takes no events; the model agrees, checked below)
      }
      await flush();
      await flush();
    }
  }

  function sourceOfInvoke(id: string): string {
    let found = id;
    const visit = (node: AnyStateNode) => {
      for (const inv of node.invoke ?? []) if (inv.id === id && typeof inv.src === 'string') found = inv.src;
      for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
    };
    visit(machine.root);
    return found;
  }

  const missing = all.filter((k) => !walked.has(k));
  return { all, walked, missing, paths, guards, guardKeys: allGuards(machine) };
}

/** Writes the machine's chart-level coverage for the gallery: walked and total transitions, what was missed, guard outcomes seen. */
export function recordCoverage(machineId: string, result: WalkResult): void {
  const gaps = result.guardKeys.flatMap((g) => ['true', 'false'].filter((o) => !result.guards.get(g)?.has(o)).map((o) => `${g} = ${o}`));
  if (gaps.length) console.info(`[chart model] ${machineId}: guard outcomes no path reached: ${gaps.join(' | ')}`);
  recordLevel(machineId, 'chart', result.all, result.walked, result.guards, result.guardKeys);
}
