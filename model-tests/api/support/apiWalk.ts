import {
  getNextTransitions,
  initialTransition,
  transition,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
} from 'xstate';
import { allowedEvents, partiesOf, type Party } from '../../../machines/parties';
import { allGuards, guardOutcomes } from '../../support/guards';
import { transitionKey } from '../../../machines/transitionKeys';
import { allTransitions } from '../../support/walk';

export { allGuards };

/**
 * Model-based tests against the PRODUCT (issue 26): the chart is the model, the real server is the
 * system under test.
 *
 * Paths come from the chart: a breadth-first search over its states, each edge taken with the concrete
 * events a person would send (a driver's `variants`, one per guard outcome worth seeing), every edge
 * once per party its `meta.by` names; a path is the shortest way to the edge's source, then the edge.
 * Each path runs on the server: a person's step through the endpoint their screen uses (`send`), a
 * timer by moving the server's clock past the named delay and running the timer runner (`elapse`).
 * After every step the server must agree with the model:
 *   - the record's SPEC status code is the code of the model's state (and its chart value the model's);
 *   - the steps the API offers each party are `allowedEvents(model, party)`;
 *   - the watched quantities (balances, escrow, stock) moved exactly as the chart's named effects on
 *     that step say (`expect`), and nothing else moved;
 *   - the invariants hold (ledger sums to zero, maintained balances equal the ledger, no negative balance).
 * In every state first reached, every event the chart refuses for a person (and every person the chart
 * does not name) is sent through that person's door and must be refused (4001/4003; 4004 for someone
 * who is no party to the record) with nothing changed (`fingerprint`).
 * Guard outcomes are recorded from the model's guards evaluated on each event sent.
 */

/** A person at a screen, and the chart party they act as (null: a stranger to the record). */
export interface Person {
  name: string;
  party: Party | null;
}

export interface Reading {
  /** The record's SPEC status code (a chart without a SPEC table: its status name), or null when there is no record yet. */
  code: number | string | null;
  /** No record yet: the chart's initial state is a form that the first step submits (the order's cart, the product's publish form). */
  absent?: boolean;
  /** The record's chart value as the server stores it, when the API shows it. */
  value?: unknown;
  /** What the API offers each person (by person name), where a screen shows it. */
  offered: Record<string, string[]>;
}

export interface Answer {
  code: string;
  msg: string;
}

export interface Driver<R> {
  name: string;
  machine: AnyStateMachine;
  /** The chart's inputs (a record's creation), each planned and walked; default one undefined input. */
  inputs?: unknown[];
  people: Person[];
  /** The SPEC code of a model state. */
  codeOf(snapshot: AnyMachineSnapshot): number | string | null;
  /** A fresh record's world for one path (new users and products), created with this chart input. */
  begin(input: unknown): Promise<R>;
  /** The concrete events a person would send for this event type now (one per guard outcome worth seeing). */
  variants(type: string, model: AnyMachineSnapshot): AnyEventObject[];
  /** Sends the event as this person through their screen's endpoint; null when the person has no door for it. */
  send(rec: R, event: AnyEventObject, person: Person, model: AnyMachineSnapshot, upcoming?: readonly Edge[]): Promise<Answer | null>;
  /**
   * The record's history (oldest first), for charts where one request makes the server take further
   * steps of its own (a payout created, submitted, confirmed): the walk follows each of those, and
   * each must be a step the chart allows that party. A timer's row names its delay.
   */
  history?(rec: R): Promise<{ event: AnyEventObject; party: Party }[]>;
  /**
   * The record's rows of chart_steps, oldest first (none while there is no record yet): each step the walk
   * takes must add exactly one, with the step's event (a timer: its delay's name) and party, plus one per
   * step the server then takes by itself; a refused step adds none.
   */
  chartSteps(rec: R): Promise<{ event: string; party: string }[]>;
  /** Moves the server's clock by `ms` and runs the timer runner. */
  elapse(rec: R, ms: number): Promise<void>;
  read(rec: R): Promise<Reading>;
  /** Everything a refused step must leave as it was. */
  fingerprint(rec: R): Promise<string>;
  /** The watched quantities of this record's world. */
  measure(rec: R): Promise<Record<string, bigint>>;
  /** How the watched quantities move on this step: the chart's effects (`actions`) and what the step itself moves. */
  expect(rec: R, step: { event: AnyEventObject; party: Party; actions: string[]; before: AnyMachineSnapshot; after: AnyMachineSnapshot; measured: Record<string, bigint> }): Record<string, bigint>;
  /** Global invariants: a list of what is wrong (empty when all hold). */
  invariants(rec: R): Promise<string[]>;
  /**
   * What makes two model states the same for the negative steps (default: value and context): the state
   * value and whatever a guard reads. Paths are planned over state values (and `planBy`).
   */
  project?: (snapshot: AnyMachineSnapshot) => unknown;
  /**
   * What else tells two states apart when planning paths (issue 36): the context a guard reads, so that a
   * transition guarded on it gets a path (the withdrawal's REAUTHENTICATED needs the payout waiting for the
   * person). From a state told apart only by this, just the edges no shorter path plans are walked.
   */
  planBy?: (snapshot: AnyMachineSnapshot) => unknown;
  /** Negative steps: the answers that count as a refusal of this event for this person (default 4001, 4003; 4004 for a stranger). */
  refusals?: (event: AnyEventObject, person: Person) => string[];
}

export interface Edge {
  key: string;
  event: AnyEventObject;
  party: Party;
}

interface ModelState {
  snapshot: AnyMachineSnapshot;
  path: Edge[];
}

export interface WalkFailure {
  transition: string;
  path: string;
  step: number;
  message: string;
}

export interface ApiWalkResult {
  chart: string;
  all: string[];
  walked: Set<string>;
  missing: string[];
  paths: number;
  steps: number;
  negatives: number;
  /** guard key -> outcomes seen ('true' | 'false') */
  guards: Map<string, Set<string>>;
  /** guard keys of the chart with an outcome no path reached */
  guardGaps: string[];
  failures: WalkFailure[];
}

const start = initialTransition as (m: AnyStateMachine, i?: unknown) => [AnyMachineSnapshot, unknown];
const next = transition as (m: AnyStateMachine, s: AnyMachineSnapshot, e: AnyEventObject) => [AnyMachineSnapshot, { type: string }[]];

const stateKey = (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context]);

/** The delay of a timer event (xstate.after.<name>.<state id>) in ms. */
export function delayOf(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, type: string): number | null {
  const name = /^xstate\.after\.([^.]+)\./.exec(type)?.[1];
  if (!name) return null;
  const d = (machine.implementations.delays as Record<string, unknown>)[name];
  if (typeof d === 'number') return d;
  if (typeof d === 'function') return (d as (a: { context: unknown }) => number)({ context: snapshot.context });
  return Number(name);
}

/** The person events of the chart (no timers, no invocation results), for the negative steps. */
function personEventTypes(machine: AnyStateMachine): string[] {
  const types = new Set<string>();
  const visit = (node: AnyStateMachine['root']) => {
    for (const type of node.transitions.keys()) if (!type.startsWith('xstate.')) types.add(type);
    for (const child of Object.values(node.states)) visit(child as AnyStateMachine['root']);
  };
  visit(machine.root);
  return [...types].sort();
}

/** Every edge from every reachable model state, with the shortest path to its source (breadth-first). */
export function planPaths<R>(driver: Driver<R>, input: unknown, limit = 400): { edges: { from: ModelState; edge: Edge }[]; states: ModelState[] } {
  const { machine } = driver;
  const first: ModelState = { snapshot: start(machine, input)[0], path: [] };
  const keyOf = (s: AnyMachineSnapshot) => JSON.stringify(driver.planBy ? [s.value, driver.planBy(s)] : s.value);
  const seen = new Map<string, ModelState>([[keyOf(first.snapshot), first]]);
  const queue = [first];
  const edges: { from: ModelState; edge: Edge }[] = [];
  // A state value met again, told apart only by planBy: only edges no earlier (shorter) state planned.
  const valuesPlanned = new Set<string>();
  const edgesPlanned = new Set<string>();
  while (queue.length > 0 && seen.size < limit) {
    const here = queue.shift() as ModelState;
    if (here.snapshot.status === 'done') continue;
    const value = JSON.stringify(here.snapshot.value);
    const again = valuesPlanned.has(value);
    valuesPlanned.add(value);
    const types = [...new Set(getNextTransitions(here.snapshot).map((t) => t.eventType))];
    for (const type of types) {
      const events = type.startsWith('xstate.after.') ? [{ type }] : driver.variants(type, here.snapshot);
      for (const event of events) {
        const taken = machine.getTransitionData(here.snapshot as never, event as never) ?? [];
        if (taken.length === 0) continue;
        const t = taken[0] as AnyTransitionDefinition;
        for (const party of partiesOf(t)) {
          const edge: Edge = { key: transitionKey(t), event, party };
          const id = JSON.stringify([edge.key, party, event]);
          if (again && edgesPlanned.has(id)) continue;
          edgesPlanned.add(id);
          edges.push({ from: here, edge });
          const after = next(machine, here.snapshot, event)[0];
          const k = keyOf(after);
          if (!seen.has(k)) {
            const state = { snapshot: after, path: [...here.path, edge] };
            seen.set(k, state);
            queue.push(state);
          }
        }
      }
    }
  }
  return { edges, states: [...seen.values()] };
}

const sorted = (xs: readonly string[]) => [...xs].sort();

export interface WalkOptions {
  /** Only the edges whose transition key matches (the mutation checks walk a few). */
  only?: (edge: Edge) => boolean;
  /** Skip the negative steps (the mutation checks of effects). */
  negatives?: boolean;
}

/** Walks every edge of the chart against the server. Failures are collected (a failed path stops there). */
export async function walkApi<R>(driver: Driver<R>, options: WalkOptions = {}): Promise<ApiWalkResult> {
  const { machine } = driver;
  const all = allTransitions(machine);
  const walked = new Set<string>();
  const guards = new Map<string, Set<string>>();
  const failures: WalkFailure[] = [];
  const negativeDone = new Set<string>();
  const eventTypes = personEventTypes(machine);
  const refusals = driver.refusals ?? (() => ['4001', '4003']);
  let steps = 0;
  let negatives = 0;
  let paths = 0;

  const plans = [];
  for (const input of driver.inputs ?? [undefined]) {
    plans.push({ input, plan: planPaths(driver, input) });
  }
  const seeGuard = (snapshot: AnyMachineSnapshot, event: AnyEventObject) => {
    for (const [key, outcome] of guardOutcomes(machine, snapshot, event)) {
      const set = guards.get(key) ?? new Set<string>();
      set.add(String(outcome));
      guards.set(key, set);
    }
  };

  for (const { from, edge, input } of plans.flatMap(({ input, plan }) => plan.edges.map((e) => ({ ...e, input })))) {
    if (options.only && !options.only(edge)) continue;
    paths += 1;
    const steps0 = [...from.path, edge];
    const pathName = steps0.map((s) => `${s.event.type}(${s.party})`).join(' → ');
    const rec = await driver.begin(input);
    let model = start(machine, input)[0];
    try {
      await agree(rec, model, -1);
      if (options.negatives !== false) await negativeSteps(rec, model);
      let seen = driver.history ? (await driver.history(rec)).length : 0;
      // The state value the plan expects after each step: the server's own steps may take the plan's next ones.
      const plannedValues: string[] = [];
      {
        let m = model;
        for (const st of steps0) {
          m = next(machine, m, st.event)[0];
          plannedValues.push(JSON.stringify(m.value));
        }
      }
      for (let i = 0; i < steps0.length; i += 1) {
        const step = steps0[i] as Edge;
        const before = model;
        const [after, actions] = next(machine, model, step.event);
        const taken = (machine.getTransitionData(model as never, step.event as never) ?? []) as AnyTransitionDefinition[];
        const measured = await driver.measure(rec);
        const stepsBefore = (await driver.chartSteps(rec)).length;
        seeGuard(model, step.event);
        const where = `${step.key} by ${step.party}`;
        const delay = delayOf(machine, model, step.event.type);
        if (delay !== null) {
          await driver.elapse(rec, delay + 1);
        } else {
          const person = driver.people.find((p) => p.party === step.party) ?? { name: step.party, party: step.party };
          const answer = await driver.send(rec, step.event, person, model, steps0.slice(i + 1));
          if (!answer) throw new StepError(i, `${where}: ${person.name} has no door for ${step.event.type}`);
          if (answer.code !== '0000') throw new StepError(i, `${where}: refused with ${answer.code} ${answer.msg}`);
        }
        steps += 1;
        model = after;
        const allActions = actions.map((a) => a.type);
        const takenNow = [...taken];
        if (driver.history) {
          // The step itself, then whatever the server went on to do: each must be the chart's step for its party.
          const rows = (await driver.history(rec)).slice(seen);
          seen += rows.length;
          const [own, ...more] = rows;
          if (!own || stepName(own.event) !== stepName(step.event) || own.party !== step.party) {
            throw new StepError(i, `${where}: the record's history says ${own ? `${own.event.type} by ${own.party}` : 'nothing'}`);
          }
          for (const row of more) {
            const timer = getNextTransitions(model).find((t) => t.eventType.startsWith(`xstate.after.${row.event.type}.`));
            const event = timer ? { type: timer.eventType } : row.event;
            const followed = (machine.getTransitionData(model as never, event as never) ?? []) as AnyTransitionDefinition[];
            if (followed.length === 0 || !followed.every((t) => partiesOf(t).includes(row.party))) {
              throw new StepError(i, `${where}: then the server took ${row.event.type} by ${row.party}, which the chart does not allow in ${JSON.stringify(model.value)}`);
            }
            seeGuard(model, event);
            const [m2, a2] = next(machine, model, event);
            model = m2;
            allActions.push(...a2.map((a) => a.type));
            takenNow.push(...followed);
          }
        }
        await agree(rec, model, i, where);
        {
          // Each step written once to chart_steps, by its party: the step itself, then each the server took after it.
          const rows = (await driver.chartSteps(rec)).slice(stepsBefore);
          const serverSteps = takenNow.length - taken.length;
          const own = rows[0];
          if (!own || own.event !== stepName(step.event) || own.party !== step.party || rows.length !== 1 + Math.max(0, serverSteps)) {
            throw new StepError(i, `${where}: chart_steps gained ${rows.length} rows (${rows.map((r) => `${r.event} by ${r.party}`).join(', ') || 'none'}), the step is ${stepName(step.event)} by ${step.party}${serverSteps > 0 ? ` and ${serverSteps} of the server's own` : ''}`);
          }
        }
        const moved = await driver.measure(rec);
        const expected = driver.expect(rec, { event: step.event, party: step.party, actions: allActions, before, after: model, measured });
        const wrong = Object.keys({ ...measured, ...moved })
          .filter((k) => (moved[k] ?? 0n) - (measured[k] ?? 0n) !== (expected[k] ?? 0n))
          .map((k) => `${k} moved ${(moved[k] ?? 0n) - (measured[k] ?? 0n)} (the chart's effects say ${expected[k] ?? 0n})`);
        if (wrong.length) throw new StepError(i, `${where}: ${wrong.join('; ')}`);
        const broken = await driver.invariants(rec);
        if (broken.length) throw new StepError(i, `${where}: invariants broken: ${broken.join('; ')}`);
        // Walked through the API: taken by the server, which then agreed with the model in every respect.
        for (const t of takenNow) walked.add(transitionKey(t));
        if (options.negatives !== false) await negativeSteps(rec, model);
        // The path's edge taken (by the step or by the server going on): the path is done.
        if (takenNow.some((t) => transitionKey(t) === edge.key)) break;
        // Planned steps of the server that it already took by itself are not asked for again.
        while (i + 1 < steps0.length && (steps0[i + 1] as Edge).party === 'server' && takenNow.some((t) => transitionKey(t) === (steps0[i + 1] as Edge).key)) i += 1;
        if (JSON.stringify(model.value) !== plannedValues[i]) {
          throw new StepError(i, `${where}: the server went on to ${JSON.stringify(model.value)}, the path expects ${plannedValues[i]}`);
        }
      }
      if (!walked.has(edge.key)) throw new StepError(steps0.length - 1, `${edge.key} was not taken on its path`);
    } catch (error) {
      const step = error instanceof StepError ? error.step : -1;
      failures.push({ transition: edge.key, path: pathName, step, message: error instanceof Error ? error.message : String(error) });
    }
  }

  async function agree(rec: R, model: AnyMachineSnapshot, i: number, where = 'start') {
    const reading = await driver.read(rec);
    if (reading.absent) {
      if (i !== -1) throw new StepError(i, `${where}: there is no record after the step`);
      return;
    }
    const code = driver.codeOf(model);
    if (reading.code !== code) throw new StepError(i, `${where}: the record's status code is ${reading.code}, the model's state ${JSON.stringify(model.value)} is ${code}`);
    if (reading.value !== undefined && JSON.stringify(reading.value) !== JSON.stringify(model.value)) {
      throw new StepError(i, `${where}: the record's chart is in ${JSON.stringify(reading.value)}, the model in ${JSON.stringify(model.value)}`);
    }
    for (const [name, offered] of Object.entries(reading.offered)) {
      const person = driver.people.find((p) => p.name === name);
      const allowed = person?.party ? allowedEvents(model, person.party) : [];
      if (JSON.stringify(sorted(offered)) !== JSON.stringify(sorted(allowed))) {
        throw new StepError(i, `${where}: the API offers ${name} [${sorted(offered).join(', ')}], the chart allows [${sorted(allowed).join(', ')}] in ${JSON.stringify(model.value)}`);
      }
    }
  }

  /** In a state first reached: every event refused for a person is sent, refused, and changes nothing. */
  async function negativeSteps(rec: R, model: AnyMachineSnapshot) {
    const key = driver.project ? JSON.stringify(driver.project(model)) : stateKey(model);
    if (negativeDone.has(key)) return;
    negativeDone.add(key);
    await refuseAll(rec, model);
  }

  async function refuseAll(rec: R, model: AnyMachineSnapshot) {
    const before = await driver.fingerprint(rec);
    const stepsBefore = (await driver.chartSteps(rec)).length;
    // The people try their refused steps side by side (each person one after another): a refused step
    // changes nothing, so the record must read the same after every one of them. A step that was let
    // through is the cause of any change the others then see, so it is the one reported.
    const settled = await Promise.allSettled(
      driver.people.map(async (person) => {
        const allowedTypes = person.party ? allowedEvents(model, person.party) : [];
        for (const type of eventTypes) {
          for (const event of driver.variants(type, model)) {
            const taken = (machine.getTransitionData(model as never, event as never) ?? []) as AnyTransitionDefinition[];
            const may = person.party !== null && taken.length > 0 && taken.every((t) => partiesOf(t).includes(person.party as Party));
            if (may) continue;
            seeGuard(model, event);
            const answer = await driver.send(rec, event, person, model);
            if (!answer) continue; // no door for this person (e.g. the payment service's own step)
            negatives += 1;
            const ok = refusals(event, person).includes(answer.code) || (person.party === null && answer.code === '4004');
            const where = `${JSON.stringify(model.value)}: ${type} by ${person.name}${allowedTypes.includes(type) ? ' (guard)' : ''}`;
            if (!ok) throw new StepError(-1, `${where} was not refused: ${answer.code} ${answer.msg}`);
            const afterPrint = await driver.fingerprint(rec);
            if (afterPrint !== before) throw new StepError(-1, `${where} was refused (${answer.code}) but changed the record: ${before} → ${afterPrint}`);
          }
        }
      }),
    );
    const errors = settled.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    const cause = errors.find((e) => e instanceof Error && e.message.includes('was not refused')) ?? errors[0];
    if (cause !== undefined) throw cause;
    const stepsAfter = (await driver.chartSteps(rec)).length;
    if (stepsAfter !== stepsBefore) throw new StepError(-1, `${JSON.stringify(model.value)}: refused steps wrote ${stepsAfter - stepsBefore} rows to chart_steps`);
  }

  const missing = all.filter((k) => !walked.has(k));
  const guardGaps = allGuards(machine).flatMap((g) => ['true', 'false'].filter((o) => !guards.get(g)?.has(o)).map((o) => `${g} = ${o}`));
  return { chart: driver.name, all, walked, missing, paths, steps, negatives, guards, guardGaps, failures };
}

/** How a step is named in the record's history and chart_steps: the event, or a timer's delay name. */
function stepName(event: AnyEventObject | string): string {
  const type = typeof event === 'string' ? event : event.type;
  return /^xstate\.after\.([^.]+)\./.exec(type)?.[1] ?? type;
}

class StepError extends Error {
  constructor(
    public step: number,
    message: string,
  ) {
    super(message);
  }
}
