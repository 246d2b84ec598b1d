import fc from 'fast-check';
import { getNextTransitions, initialTransition, transition, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type AnyTransitionDefinition } from 'xstate';
import { allowedEvents, partiesOf, type Party } from '../../../machines/parties';
import { transitionKey } from '../../../machines/transitionKeys';
import { allGuards, guardOutcomes } from '../../support/guards';
import { delayOf, type Driver, type Edge } from './apiWalk';

/**
 * Random walks over a chart against the API (issue 36, part 2): sequences the shortest-path walk
 * (apiWalk.ts) never takes. A walk is a list of choices (natural numbers); at each step the model's
 * enabled edges (every event type the chart has in this state, each of the driver's variants, each
 * party the chart names, timers included) are listed in a fixed order and the choice picks one
 * (choice mod count). Every 3rd choice that is a multiple of 4 is instead a refused step: an event the
 * chart refuses for a person, which must be refused and change nothing. fast-check generates the
 * choices, shrinks a failing list to the shortest one that still fails, and prints the seed and path.
 *
 * Per step, the same agreement the shortest-path walk checks: the record's status code is the
 * model's; the record's history (charts where the server takes steps of its own) is each a step the
 * chart allows; chart_steps gains one row per step taken; the watched quantities moved as the chart's
 * effects say; the invariants (the ledger sums to zero, maintained balances equal the ledger) hold.
 */
const start = initialTransition as (m: AnyStateMachine, i?: unknown) => [AnyMachineSnapshot, unknown];
const next = transition as (m: AnyStateMachine, s: AnyMachineSnapshot, e: AnyEventObject) => [AnyMachineSnapshot, { type: string }[]];

export interface RandomWalkStats {
  runs: number;
  steps: number;
  refused: number;
  walked: Set<string>;
  guards: Map<string, Set<string>>;
}

const stepName = (type: string) => /^xstate\.after\.([^.]+)\./.exec(type)?.[1] ?? type;

/** The edges the model may take now, in a fixed order. */
export function enabledEdges<R>(driver: Driver<R>, model: AnyMachineSnapshot): Edge[] {
  const { machine } = driver;
  if (model.status === 'done') return [];
  const types = [...new Set(getNextTransitions(model).map((t) => t.eventType))].sort();
  const edges: Edge[] = [];
  for (const type of types) {
    const events = type.startsWith('xstate.after.') ? [{ type }] : driver.variants(type, model);
    for (const event of events) {
      const taken = (machine.getTransitionData(model as never, event as never) ?? []) as AnyTransitionDefinition[];
      const t = taken[0];
      if (!t) continue;
      for (const party of partiesOf(t)) edges.push({ key: transitionKey(t), event, party });
    }
  }
  return edges;
}

/** Refused steps available now: a person's event the chart does not let them take here. */
function refusedSteps<R>(driver: Driver<R>, model: AnyMachineSnapshot): { event: AnyEventObject; person: Driver<R>['people'][number] }[] {
  const { machine } = driver;
  const types = new Set<string>();
  const visit = (node: AnyStateMachine['root']) => {
    for (const type of node.transitions.keys()) if (!type.startsWith('xstate.')) types.add(type);
    for (const child of Object.values(node.states)) visit(child as AnyStateMachine['root']);
  };
  visit(machine.root);
  const out: { event: AnyEventObject; person: Driver<R>['people'][number] }[] = [];
  for (const person of driver.people) {
    for (const type of [...types].sort()) {
      for (const event of driver.variants(type, model)) {
        const taken = (machine.getTransitionData(model as never, event as never) ?? []) as AnyTransitionDefinition[];
        const may = person.party !== null && taken.length > 0 && taken.every((t) => partiesOf(t).includes(person.party as Party));
        if (!may) out.push({ event, person });
      }
    }
  }
  return out;
}

/** Runs one walk of these choices; throws (naming the step) at the first disagreement. */
export async function runChoices<R>(driver: Driver<R>, choices: readonly number[], stats: RandomWalkStats, input?: unknown): Promise<string[]> {
  const { machine } = driver;
  const refusals = driver.refusals ?? (() => ['4001', '4003']);
  const rec = await driver.begin(input);
  let model = start(machine, input)[0];
  let seen = driver.history ? (await driver.history(rec)).length : 0;
  const trail: string[] = [];
  const fired = new Set<string>();
  const fail = (msg: string): never => {
    throw new Error(`after [${trail.join(' → ')}]: ${msg}`);
  };
  const seeGuard = (snapshot: AnyMachineSnapshot, event: AnyEventObject) => {
    for (const [key, outcome] of guardOutcomes(machine, snapshot, event)) {
      const set = stats.guards.get(key) ?? new Set<string>();
      set.add(String(outcome));
      stats.guards.set(key, set);
    }
  };
  for (let i = 0; i < choices.length; i += 1) {
    const choice = choices[i] ?? 0;
    const reading0 = await driver.read(rec);
    if (i % 3 === 2 && choice % 4 === 0 && !reading0.absent) {
      // A refused step: refused, and nothing changed (record, chart_steps).
      const options = refusedSteps(driver, model);
      const pick = options[Math.floor(choice / 4) % Math.max(1, options.length)];
      if (!pick) continue;
      seeGuard(model, pick.event);
      const before = await driver.fingerprint(rec);
      const rows = (await driver.chartSteps(rec)).length;
      const answer = await driver.send(rec, pick.event, pick.person, model);
      if (!answer) continue;
      stats.refused += 1;
      const what = `${pick.event.type} by ${pick.person.name} (refused step) in ${JSON.stringify(model.value)}`;
      trail.push(`!${pick.event.type}(${pick.person.name})`);
      const ok = refusals(pick.event, pick.person).includes(answer.code) || (pick.person.party === null && answer.code === '4004');
      if (!ok) fail(`${what} was not refused: ${answer.code} ${answer.msg}`);
      const after = await driver.fingerprint(rec);
      if (after !== before) fail(`${what} changed the record: ${before} → ${after}`);
      if ((await driver.chartSteps(rec)).length !== rows) fail(`${what} wrote to chart_steps`);
      continue;
    }
    // A timer whose transition stays in the state without re-entering it (the arbiter's overdue flag) fires once
    // per entry: the chart lists it still, the server (rightly) does not run it again.
    const edges = enabledEdges(driver, model).filter((e) => !fired.has(e.event.type));
    if (edges.length === 0) break; // a final state
    // Deeper walks: four choices in five keep away from the chart's final states while another edge exists.
    const onward = edges.filter((e) => next(machine, model, e.event)[0].status !== 'done');
    const pool = choice % 5 !== 0 && onward.length > 0 ? onward : edges;
    const edge = pool[Math.floor(choice / 5) % pool.length] as Edge;
    const where = `${edge.key} by ${edge.party}`;
    trail.push(`${edge.event.type}(${edge.party})`);
    const measured = await driver.measure(rec);
    const stepsBefore = (await driver.chartSteps(rec)).length;
    seeGuard(model, edge.event);
    const delay = delayOf(machine, model, edge.event.type);
    const taken = (machine.getTransitionData(model as never, edge.event as never) ?? []) as AnyTransitionDefinition[];
    const before = model;
    const actions: string[] = [];
    const takenNow = [...taken];
    if (delay !== null) {
      await driver.elapse(rec, delay + 1);
    } else {
      const person = driver.people.find((p) => p.party === edge.party) ?? { name: edge.party, party: edge.party };
      const answer = await driver.send(rec, edge.event, person, model, []);
      if (!answer) {
        trail.pop();
        continue; // no door for this step (a server step the platform decides): not a walk step
      }
      if (answer.code !== '0000') fail(`${where}: refused with ${answer.code} ${answer.msg}`);
    }
    stats.steps += 1;
    let serverSteps = 0;
    let historyRows = 1;
    if (driver.history) {
      // The step, then what the server went on to do (its platform decides a payout's path): the model follows each
      // row, which must be a step the chart allows its party in the model's state then.
      const rows = (await driver.history(rec)).slice(seen);
      seen += rows.length;
      historyRows = rows.length;
      const [own, ...more] = rows;
      if (!own) fail(`${where}: the record's history says nothing`);
      const first = own as { event: AnyEventObject; party: Party };
      const mine = stepName(first.event.type) === stepName(edge.event.type) && first.party === edge.party;
      const follow = mine ? more : rows;
      if (mine) {
        const [m, a] = next(machine, model, edge.event);
        model = m;
        actions.push(...a.map((x) => x.type));
      } else if (edge.party !== 'server') {
        fail(`${where}: the record's history says ${first.event.type} by ${first.party}`);
      } else {
        takenNow.length = 0; // the platform chose another server step than the one picked: the model follows the server
      }
      for (const row of follow) {
        const timer = getNextTransitions(model).find((t) => t.eventType.startsWith(`xstate.after.${row.event.type}.`));
        const event = timer ? { type: timer.eventType } : row.event;
        const followed = (machine.getTransitionData(model as never, event as never) ?? []) as AnyTransitionDefinition[];
        if (followed.length === 0 || !followed.every((t) => partiesOf(t).includes(row.party))) {
          fail(`${where}: then the server took ${row.event.type} by ${row.party}, which the chart does not allow in ${JSON.stringify(model.value)}`);
        }
        seeGuard(model, event);
        const [m2, a2] = next(machine, model, event);
        model = m2;
        actions.push(...a2.map((x) => x.type));
        takenNow.push(...followed);
        serverSteps += 1;
      }
    } else {
      const [m, a] = next(machine, model, edge.event);
      model = m;
      actions.push(...a.map((x) => x.type));
    }
    const reading = await driver.read(rec);
    const code = driver.codeOf(model);
    if (reading.code !== code) fail(`${where}: the record's status code is ${String(reading.code)}, the model's state ${JSON.stringify(model.value)} is ${String(code)}`);
    if (reading.value !== undefined && JSON.stringify(reading.value) !== JSON.stringify(model.value)) fail(`${where}: the record's chart is in ${JSON.stringify(reading.value)}, the model in ${JSON.stringify(model.value)}`);
    for (const [name, offered] of Object.entries(reading.offered)) {
      const person = driver.people.find((p) => p.name === name);
      const allowed = person?.party ? allowedEvents(model, person.party) : [];
      if (JSON.stringify([...offered].sort()) !== JSON.stringify([...allowed].sort())) fail(`${where}: the API offers ${name} [${[...offered].sort().join(', ')}], the chart allows [${[...allowed].sort().join(', ')}]`);
    }
    const rows = (await driver.chartSteps(rec)).slice(stepsBefore);
    // One row per step: the step itself, and each the server went on to take (the record's history says which).
    if (rows.length !== historyRows) fail(`${where}: chart_steps gained ${rows.length} rows (${rows.map((r) => `${r.event} by ${r.party}`).join(', ') || 'none'}), expected ${historyRows} (${serverSteps} of the server's own)`);
    const moved = await driver.measure(rec);
    const expected = driver.expect(rec, { event: edge.event, party: edge.party, actions, before, after: model, measured });
    const wrong = Object.keys({ ...measured, ...moved })
      .filter((k) => (moved[k] ?? 0n) - (measured[k] ?? 0n) !== (expected[k] ?? 0n))
      .map((k) => `${k} moved ${(moved[k] ?? 0n) - (measured[k] ?? 0n)} (the chart's effects say ${expected[k] ?? 0n})`);
    if (wrong.length) fail(`${where}: ${wrong.join('; ')}`);
    const broken = await driver.invariants(rec);
    if (broken.length) fail(`${where}: invariants broken: ${broken.join('; ')}`);
    for (const t of takenNow) stats.walked.add(transitionKey(t));
    if (JSON.stringify(before.value) !== JSON.stringify(model.value) || takenNow.some((t) => t.reenter)) fired.clear();
    if (delay !== null && takenNow.every((t) => !t.reenter && (t.target ?? []).length === 0)) fired.add(edge.event.type);
  }
  return trail;
}

export interface RandomWalkOptions {
  runs: number;
  maxSteps: number;
  seed?: number;
}

/** fast-check over the choices: seeded, shrinking to the shortest failing list; the seed and path are in the thrown report. */
export async function randomWalk<R>(driver: Driver<R>, options: RandomWalkOptions): Promise<RandomWalkStats & { seed: number; guardGaps: string[] }> {
  const stats: RandomWalkStats = { runs: 0, steps: 0, refused: 0, walked: new Set(), guards: new Map() };
  const seed = options.seed ?? Date.now() % 2 ** 31;
  const inputs = driver.inputs ?? [undefined];
  const report = await fc.check(
    fc.asyncProperty(fc.nat({ max: inputs.length - 1 }), fc.array(fc.nat({ max: 1000 }), { minLength: 1, maxLength: options.maxSteps }), async (which, choices) => {
      stats.runs += 1;
      await runChoices(driver, choices, stats, inputs[which]);
    }),
    { seed, numRuns: options.runs, interruptAfterTimeLimit: 240_000 },
  );
  if (report.failed) {
    // fast-check's own report (seed, path, the shrunk choices), then the step that disagreed on that shortest walk.
    const cause = report.errorInstance instanceof Error ? report.errorInstance.message : String(report.errorInstance);
    throw new Error(`${driver.name}: a random walk disagreed with the chart (seed ${seed}, path "${report.counterexamplePath ?? ''}", shrunk ${report.numShrinks} times; replay with WALK_SEED=${seed})\nchoices (chart input, steps): ${fc.stringify(report.counterexample)}\n${cause}`);
  }
  const guardGaps = allGuards(driver.machine).flatMap((g) => ['true', 'false'].filter((o) => !stats.guards.get(g)?.has(o)).map((o) => `${g} = ${o}`));
  return { ...stats, seed, guardGaps };
}
