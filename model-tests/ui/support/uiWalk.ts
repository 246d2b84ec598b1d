import {
  getNextTransitions,
  initialTransition,
  transition,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
} from 'xstate';
import { recordLevel } from '../../support/coverageFile';
import { allGuards, eventlessOutcomes, guardOutcomes } from '../../support/guards';
import { transitionKey } from '../../../machines/transitionKeys';
import { allTransitions } from '../../support/walk';
import type { Page } from 'playwright-core';

/**
 * UI-level model tests (issue 26, part 2): the chart is the model, the app in Chromium is the system
 * under test, driven as a person drives it.
 *
 * A chart's UI model (`screens/<area>/<chart>.ui-model.ts`, beside the screens, so that machines/ stays
 * free of the DOM) has two tables:
 *   - `states`: for each state the screens can show, an assertion of what they show (the status a
 *     screen names, the buttons it offers); a state that only flickers by (a request in flight) is
 *     listed in `passing` with why, and is checked by the state that follows it;
 *   - `steps`: for each transition a screen can take, its executor (a tap, a form filled), and the
 *     model event (an invocation result carries the output the guard reads). A step the app or the
 *     server takes by itself has no executor; one that needs the world arranged first (a failing
 *     request, a moved clock) says so in `arrange`, run before the step that leads into it.
 * Every other transition of the chart is in `notWalkable` with the reason no person can take it in the
 * browser. The walk fails if a transition is neither walked nor listed.
 *
 * Paths come from the chart: every walkable transition, the shortest path to its source state then the
 * edge; a path then goes on with any transition not yet walked from where it stands (paths that share
 * prefixes are run once). After every step the state's assertion runs; a failure names the chart, the
 * path and the step.
 */
export interface Step<C> {
  /** What the person does (or, for the app's and the server's own steps, nothing: they follow). */
  run?: (ctx: C, model: AnyMachineSnapshot, event: AnyEventObject) => Promise<void>;
  /** The model event (default `{ type }` of the transition); an invocation result carries its output. */
  event?: (model: AnyMachineSnapshot) => AnyEventObject;
  /**
   * Set up so that this outcome happens (a request made to fail once): run before the person's action
   * that leads to it (the last step before it that is not `follows`), or before its own action.
   */
  arrange?: (ctx: C, model: AnyMachineSnapshot) => Promise<void>;
  /** For a step taken while a request is in flight: set up before the action before it (the request made to last). */
  arrangeEarly?: (ctx: C) => Promise<void>;
  /** The step is the app's or the server's own: its `run` only waits for it (not a person's action). */
  follows?: boolean;
  /** Only from these model states (a transition the chart allows anywhere that the browser can bring about only here). */
  from?: (model: AnyMachineSnapshot) => boolean;
}

export interface UiModel<C> {
  chart: string;
  machine: AnyStateMachine;
  input?: unknown;
  /** A fresh world for one path (a new product, the pages at their start); answers the context the steps use. */
  begin: () => Promise<C>;
  /** After a path (closes what begin opened that is per path). */
  end?: (ctx: C) => Promise<void>;
  /** When a path fails, before `end` (a screenshot, the page's text). */
  onFailure?: (ctx: C, failure: UiFailure) => Promise<void>;
  /** What the screens show in each state (by state value, `a.b` for nested); throws saying what differs. */
  states: Record<string, (ctx: C, model: AnyMachineSnapshot, first: boolean) => Promise<void>>;
  /** States only passed through (a request in flight), each with why it has no assertion of its own. */
  passing?: Record<string, string>;
  /** Executors by transition key (model-tests/support/walk.ts transitionKey); several when more than one person or screen takes it. */
  steps: Record<string, Step<C> | Step<C>[]>;
  /** What makes two model states different for planning (default: the state value); add the context a guard reads. */
  project?: (snapshot: AnyMachineSnapshot) => unknown;
  /** Transitions of the chart not walkable in the browser, each with why. */
  notWalkable: Record<string, string>;
}

export interface UiFailure {
  transition: string;
  path: string;
  step: number;
  message: string;
}

export interface UiWalkResult {
  chart: string;
  all: string[];
  walked: Set<string>;
  missing: string[];
  paths: number;
  steps: number;
  guards: Map<string, Set<string>>;
  guardGaps: string[];
  failures: UiFailure[];
  /** Keys in `steps` or `notWalkable` that are not transitions of the chart (a renamed state). */
  unknown: string[];
}

interface Edge<C> {
  /** The transition key, and which of its executors (`key@n`). */
  id: string;
  key: string;
  event: AnyEventObject;
  step: Step<C>;
}

const start = initialTransition as (m: AnyStateMachine, i?: unknown) => [AnyMachineSnapshot, unknown];
const next = transition as (m: AnyStateMachine, s: AnyMachineSnapshot, e: AnyEventObject) => [AnyMachineSnapshot, unknown];

/** A state value as the tables name it: `paid`, `refundRequested.onTheWay`, `day.signed|video.offered` for parallel states. */
export function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => {
        const inner = stateName(v);
        return inner.includes('|') ? inner.split('|').map((p) => `${k}.${p}`).join('|') : `${k}.${inner}`;
      })
      .join('|');
  }
  return String(value);
}

/** The eventless transitions the chart takes on entering `nodes` (the first candidate whose guard passes), for coverage. */
export function eventlessTaken(machine: AnyStateMachine, nodes: readonly AnyStateNode[], context: unknown, event: AnyEventObject): AnyTransitionDefinition[] {
  const impls = (machine.implementations.guards ?? {}) as Record<string, (a: { context: unknown; event: AnyEventObject }) => boolean>;
  const out: AnyTransitionDefinition[] = [];
  const entered = (node: AnyStateNode): AnyStateNode[] => {
    if (node.type === 'compound' && node.initial) {
      const target: readonly AnyStateNode[] = node.initial.target ?? [];
      return [node, ...target.flatMap(entered)];
    }
    if (node.type === 'parallel') return [node, ...(Object.values(node.states) as AnyStateNode[]).flatMap(entered)];
    return [node];
  };
  let queue = nodes.flatMap(entered);
  for (let guard = 0; guard < 10 && queue.length > 0; guard += 1) {
    const more: AnyStateNode[] = [];
    for (const node of queue) {
      for (const t of node.always ?? []) {
        const g = t.guard as unknown;
        const name = typeof g === 'string' ? g : (g as { type?: string } | undefined)?.type;
        const ok = !name || Boolean(impls[name]?.({ context, event }));
        if (!ok) continue;
        out.push(t);
        more.push(...((t.target ?? []) as AnyStateNode[]).flatMap(entered));
        break;
      }
    }
    queue = more;
  }
  return out;
}

class StepError extends Error {
  constructor(
    public step: number,
    message: string,
  ) {
    super(message);
  }
}

/** Walks every walkable transition of the chart through the UI. Failures are collected (a failed path stops there). */
export async function walkUi<C>(model: UiModel<C>, options: { only?: (key: string) => boolean } = {}): Promise<UiWalkResult> {
  const { machine } = model;
  const all = allTransitions(machine);
  const unknown = [...Object.keys(model.steps), ...Object.keys(model.notWalkable)].filter((k) => !all.includes(k));
  const walked = new Set<string>();
  const guards = new Map<string, Set<string>>();
  const failures: UiFailure[] = [];
  const seenStates = new Set<string>();
  let paths = 0;
  let stepCount = 0;

  const first = start(machine, model.input)[0];
  // The eventless transitions taken at start-up (the initial state's `always`).
  const startTaken = eventlessTaken(machine, [machine.root], first.context, { type: 'xstate.init' });
  const startKeys = startTaken.map(transitionKey);

  // Every enabled walkable edge from a snapshot.
  const edgesFrom = (snapshot: AnyMachineSnapshot): { edge: Edge<C>; after: AnyMachineSnapshot }[] => {
    if (snapshot.status === 'done') return [];
    const out: { edge: Edge<C>; after: AnyMachineSnapshot }[] = [];
    const seen = new Set<string>();
    for (const t of getNextTransitions(snapshot)) {
      const key = transitionKey(t);
      const given = model.steps[key];
      if (!given || seen.has(key)) continue;
      seen.add(key);
      (Array.isArray(given) ? given : [given]).forEach((step, n) => {
        if (step.from && !step.from(snapshot)) return;
        const event = step.event ? step.event(snapshot) : { type: t.eventType };
        const taken = (machine.getTransitionData(snapshot as never, event as never) ?? []) as AnyTransitionDefinition[];
        if (!taken.some((x) => transitionKey(x) === key)) return; // a guard refuses it from here
        out.push({ edge: { id: `${key}@${n}`, key, event, step }, after: next(machine, snapshot, event)[0] });
      });
    }
    return out;
  };

  // Breadth-first: the shortest path to every state (by value), and every edge with the state it leaves.
  const planKey = (snap: AnyMachineSnapshot) => (model.project ? JSON.stringify(model.project(snap)) : stateName(snap.value));
  const shortest = new Map<string, { snapshot: AnyMachineSnapshot; path: Edge<C>[] }>([[planKey(first), { snapshot: first, path: [] }]]);
  const queue = [planKey(first)];
  const plannedEdges: { from: string; id: string; key: string }[] = [];
  while (queue.length > 0) {
    const here = shortest.get(queue.shift() as string);
    if (!here) continue;
    for (const { edge, after } of edgesFrom(here.snapshot)) {
      plannedEdges.push({ from: planKey(here.snapshot), id: edge.id, key: edge.key });
      const name = planKey(after);
      if (!shortest.has(name)) {
        shortest.set(name, { snapshot: after, path: [...here.path, edge] });
        queue.push(name);
      }
    }
  }

  const isPassing = (snap: AnyMachineSnapshot) => {
    const full = stateName(snap.value);
    const parts = model.states[full] ? [full] : full.split('|');
    return parts.every((p) => model.passing !== undefined && Object.hasOwn(model.passing, p));
  };
  const pending = new Set(plannedEdges.filter((e) => !options.only || options.only(e.key)).map((e) => e.id));
  const seeEventless = (list: AnyTransitionDefinition[]) => {
    for (const t of list) for (const [key, outcome] of eventlessOutcomes(t)) guards.set(key, (guards.get(key) ?? new Set<string>()).add(String(outcome)));
  };
  const seeGuards = (snapshot: AnyMachineSnapshot, event: AnyEventObject) => {
    for (const [key, outcome] of guardOutcomes(machine, snapshot, event)) guards.set(key, (guards.get(key) ?? new Set<string>()).add(String(outcome)));
  };

  while (pending.size > 0) {
    // The pending edge nearest the start, reached by its shortest path, then on as long as a pending edge leaves where the path stands.
    const target = plannedEdges.filter((e) => pending.has(e.id)).sort((a, b) => (shortest.get(a.from)?.path.length ?? 0) - (shortest.get(b.from)?.path.length ?? 0))[0];
    if (!target) break;
    const from = shortest.get(target.from);
    const edge = from && edgesFrom(from.snapshot).find((e) => e.edge.id === target.id);
    if (!from || !edge) {
      pending.delete(target.id);
      continue;
    }
    const steps: Edge<C>[] = [...from.path, edge.edge];
    let end = edge.after;
    pending.delete(target.id);
    for (;;) {
      const more = edgesFrom(end).find((e) => pending.has(e.edge.id));
      if (!more) break;
      steps.push(more.edge);
      pending.delete(more.edge.id);
      end = more.after;
    }
    // A path does not end in a state only passed through: it goes on (by the app's own steps) to one the screens show.
    for (let guard = 0; guard < 5 && isPassing(end); guard += 1) {
      const on = edgesFrom(end).find((e) => !e.edge.step.run || e.edge.step.follows) ?? edgesFrom(end)[0];
      if (!on) break;
      steps.push(on.edge);
      pending.delete(on.edge.id);
      end = on.after;
    }
    paths += 1;
    await runPath(steps);
  }

  async function runPath(steps: Edge<C>[]) {
    const pathName = steps.map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:').replace(/^xstate\.after\.([^.]+)\..*$/, 'after:$1')).join(' → ');
    let snapshot = start(machine, model.input)[0];
    let unconfirmed: string[] = [...startKeys];
    seeEventless(startTaken);
    let i = -1;
    let ctx: C | undefined;
    try {
      ctx = await model.begin();
      await check(ctx, snapshot, -1, 'start');
      const isAction = (s: Edge<C> | undefined) => Boolean(s?.step.run && !s.step.follows);
      const arranged = new Set<number>();
      const arrange = async (j: number, m: AnyMachineSnapshot) => {
        const s = steps[j];
        if (!s?.step.arrange || arranged.has(j)) return;
        arranged.add(j);
        await s.step.arrange(ctx as C, m);
      };
      for (i = 0; i < steps.length; i += 1) {
        const step = steps[i] as Edge<C>;
        const taken = ((machine.getTransitionData(snapshot as never, step.event as never) ?? []) as AnyTransitionDefinition[])[0];
        seeGuards(snapshot, step.event);
        const [after] = next(machine, snapshot, step.event);
        // The outcomes that follow this action (or, at the start, the first steps) are arranged before it.
        if (i === 0 || isAction(step)) {
          const nextAction = steps.slice(i + 1).find((s) => isAction(s));
          if (isAction(step) && nextAction?.step.arrangeEarly) await nextAction.step.arrangeEarly(ctx);
          await arrange(i, snapshot);
          for (let j = i + 1; j < steps.length && !isAction(steps[j]); j += 1) await arrange(j, after);
        }
        try {
          await step.step.run?.(ctx, snapshot, step.event);
        } catch (error) {
          throw new StepError(i, `${step.key}: the step could not be taken in the browser: ${error instanceof Error ? error.message.split('\n').slice(0, 4).join(' | ') : String(error)}${await whatShows(ctx)}`);
        }
        stepCount += 1;
        unconfirmed.push(step.key);
        if (taken) {
          const eventless = eventlessTaken(machine, (taken.target ?? []) as AnyStateNode[], after.context, step.event);
          unconfirmed.push(...eventless.map(transitionKey));
          seeEventless(eventless);
        }
        snapshot = after;
        await check(ctx, snapshot, i, step.key);
      }
    } catch (error) {
      const at = error instanceof StepError ? error.step : i;
      const failure = { transition: steps[Math.max(at, 0)]?.key ?? '(start)', path: pathName, step: at, message: error instanceof Error ? error.message : String(error) };
      failures.push(failure);
      if (ctx !== undefined) await model.onFailure?.(ctx, failure).catch(() => undefined);
    } finally {
      if (ctx !== undefined) await model.end?.(ctx).catch(() => undefined);
    }

    async function check(c: C, snap: AnyMachineSnapshot, at: number, where: string) {
      const full = stateName(snap.value);
      // A parallel chart is asserted region by region (`day.signed`, `video.offered`) unless the table names the whole.
      const parts = model.states[full] ? [full] : full.split('|');
      for (const name of parts) {
        if (model.passing && Object.hasOwn(model.passing, name)) continue; // checked by the state that follows
        const assertion = model.states[name];
        if (!assertion) throw new StepError(at, `after ${where}: no assertion for the state ${name} (add it to the chart's UI model, or to passing with why)`);
        const isFirst = !seenStates.has(name);
        try {
          await assertion(c, snap, isFirst);
        } catch (error) {
          throw new StepError(at, `after ${where}: the screen does not show ${name}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}${await whatShows(c)}`);
        }
        seenStates.add(name);
      }
      if (parts.every((p) => model.passing && Object.hasOwn(model.passing, p))) return;
      for (const k of unconfirmed) walked.add(k);
      unconfirmed = [];
    }
  }

  const missing = all.filter((k) => !walked.has(k));
  const guardGaps = allGuards(machine).flatMap((g) => ['true', 'false'].filter((o) => !guards.get(g)?.has(o)).map((o) => `${g} = ${o}`));
  return { chart: model.chart, all, walked, missing, paths, steps: stepCount, guards, guardGaps, failures, unknown };
}

/** A failure as the test prints it: the chart, the path, the step and what differed. */
export function describeFailure(chart: string, f: UiFailure): string {
  return `[ui model] ${chart}: path ${f.path}, step ${f.step + 1} (${f.transition}): ${f.message}`;
}

/** Writes the UI level of a chart into model-tests/coverage.json, in the shape of the API level. */
export function recordUiCoverage(result: UiWalkResult, machine: AnyStateMachine): void {
  recordLevel(result.chart, 'ui', result.all, result.walked, result.guards, allGuards(machine));
  const gaps = result.guardGaps.length ? `; guard outcomes no path reached: ${result.guardGaps.join(' | ')}` : '; every guard seen true and false';
  console.info(`[ui model] ${result.chart}: ${result.walked.size}/${result.all.length} transitions through the browser, ${result.paths} paths, ${result.steps} steps${gaps}`);
}

/** What the person sees when a step fails (the address and the start of the visible text), for a failure read in CI's log without screenshots. */
async function whatShows(world: unknown): Promise<string> {
  const page = typeof world === 'object' && world !== null && 'page' in world ? (world as { page: Page }).page : null;
  if (!page) return '';
  const text = await page.evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 400)).catch(() => '(the page did not answer)');
  return ` | the page at ${page.url().replace(/^https?:\/\/[^/]+/, '')} shows: ${text}`;
}
