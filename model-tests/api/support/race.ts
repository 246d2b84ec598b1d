import { getNextTransitions, initialTransition, transition, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type AnyTransitionDefinition } from 'xstate';
import { partiesOf, type Party } from '../../../machines/parties';
import { delayOf, planPaths, type Answer, type Driver, type Edge } from './apiWalk';

/**
 * Two parties at the same moment (issue 36, part 2): the record is brought to a state by its shortest
 * path, then two steps are sent together (a timer's step is the server's clock moved and its timer
 * runner run). Exactly one of the chart's outcomes must happen: the record ends where the model ends
 * after one order of the two (the second refused when the chart refuses it after the first, or taken
 * too when the chart allows it), each answer is what that order says, chart_steps gained one row per
 * step taken, and the money moved as that order's effects say (once).
 */
const start = initialTransition as (m: AnyStateMachine, i?: unknown) => [AnyMachineSnapshot, unknown];
const next = transition as (m: AnyStateMachine, s: AnyMachineSnapshot, e: AnyEventObject) => [AnyMachineSnapshot, { type: string }[]];

const allows = (machine: AnyStateMachine, model: AnyMachineSnapshot, event: AnyEventObject, party: Party) => {
  const taken = (machine.getTransitionData(model as never, event as never) ?? []) as AnyTransitionDefinition[];
  return taken.length > 0 && taken.every((t) => partiesOf(t).includes(party));
};

/** How close to a timer's deadline the clock is brought before a race with it (a person's request is signed with the clock's time). */
const lead = 2_000;

async function take<R>(driver: Driver<R>, rec: R, model: AnyMachineSnapshot, edge: Edge, early = 0): Promise<Answer> {
  const delay = delayOf(driver.machine, model, edge.event.type);
  if (delay !== null) {
    await driver.elapse(rec, delay + 1 - early);
    return { code: '0000', msg: 'timer' };
  }
  const person = driver.people.find((p) => p.party === edge.party) ?? { name: edge.party, party: edge.party };
  const answer = await driver.send(rec, edge.event, person, model, []);
  if (!answer) throw new Error(`${edge.event.type} by ${edge.party}: no door`);
  return answer;
}

export interface RaceOutcome {
  order: string;
  answers: string[];
}

/** Brings a fresh record to `state` (a state value, JSON) and races the two edges picked there. Returns which order happened. */
export async function race<R>(driver: Driver<R>, state: string, pick: [(e: Edge) => boolean, (e: Edge) => boolean], input?: unknown): Promise<RaceOutcome> {
  const { machine } = driver;
  const plan = planPaths(driver, input);
  const target = plan.states.find((s) => JSON.stringify(s.snapshot.value) === state);
  if (!target) throw new Error(`${driver.name}: no path to ${state}`);
  const rec = await driver.begin(input);
  let model = start(machine, input)[0];
  for (const edge of target.path) {
    const a = await take(driver, rec, model, edge);
    if (a.code !== '0000') throw new Error(`${driver.name}: on the way to ${state}, ${edge.key} by ${edge.party} refused: ${a.code} ${a.msg}`);
    model = next(machine, model, edge.event)[0];
  }
  const found = pick.map((p) => plan.edges.find((e) => JSON.stringify(e.from.snapshot.value) === state && p(e.edge))?.edge);
  const [a, b] = found;
  if (!a || !b) throw new Error(`${driver.name}: in ${state} the chart has not both steps`);
  const measured = await driver.measure(rec);
  const rows0 = (await driver.chartSteps(rec)).length;
  const history0 = driver.history ? (await driver.history(rec)).length : 0;
  const readingBefore = await driver.read(rec);
  if (readingBefore.code !== driver.codeOf(model)) throw new Error(`${driver.name}: before the race the record is ${String(readingBefore.code)}, the model ${String(driver.codeOf(model))}`);
  // A timer raced: the clock is first brought to just before its deadline (nothing due yet), then the person's
  // step and the last 2 s of the clock with the timer runner go together.
  const timer = [a, b].map((e) => delayOf(machine, model, e.event.type)).find((d) => d !== null);
  const early = timer !== undefined && timer !== null ? timer - lead : 0;
  if (early > 0) await driver.elapse(rec, early);
  const answers = await Promise.all([take(driver, rec, model, a, early), take(driver, rec, model, b, early)]);
  const reading = await driver.read(rec);
  const rows = (await driver.chartSteps(rec)).slice(rows0);
  const moved = await driver.measure(rec);
  const refusals = driver.refusals ?? (() => ['4001', '4003']);
  if (driver.history) {
    // The server goes on by itself after some steps (a payout): its history says what happened, in order. Each row
    // must be a step the chart allows then; exactly one of the two raced steps is in it unless the chart allows both;
    // the other was refused; one chart_steps row per history row; money as the effects of the rows say.
    const hist = (await driver.history(rec)).slice(history0);
    let m = model;
    const actions: string[] = [];
    for (const row of hist) {
      const timer = getNextTransitions(m).find((t) => t.eventType.startsWith(`xstate.after.${row.event.type}.`));
      const event = timer ? { type: timer.eventType } : row.event;
      if (!allows(machine, m, event, row.party)) throw new Error(`${driver.name} in ${state}: the history then says ${row.event.type} by ${row.party}, which the chart does not allow in ${JSON.stringify(m.value)}`);
      const [m2, a2] = next(machine, m, event);
      m = m2;
      actions.push(...a2.map((x) => x.type));
    }
    const raced = [a, b].map((e) => hist.some((r) => r.event.type === e.event.type && r.party === e.party));
    const [first, second] = raced[0] ? [a, b] : [b, a];
    const problems: string[] = [];
    if (raced.filter(Boolean).length !== 1) problems.push(`the history has ${raced.filter(Boolean).length} of the two raced steps`);
    const secondAnswer = answers[first === a ? 1 : 0] as Answer;
    if (!refusals(second.event, { name: second.party, party: second.party }).includes(secondAnswer.code)) problems.push(`${second.event.type} answered ${secondAnswer.code} ${secondAnswer.msg}`);
    if (reading.code !== driver.codeOf(m)) problems.push(`status ${String(reading.code)}, the chart after the history ${String(driver.codeOf(m))}`);
    if (rows.length !== hist.length) problems.push(`chart_steps gained ${rows.length} rows, the history ${hist.length}`);
    const expected = driver.expect(rec, { event: first.event, party: first.party, actions, before: model, after: m, measured });
    for (const k of Object.keys({ ...measured, ...moved })) {
      if ((moved[k] ?? 0n) - (measured[k] ?? 0n) !== (expected[k] ?? 0n)) problems.push(`${k} moved ${(moved[k] ?? 0n) - (measured[k] ?? 0n)} (chart ${expected[k] ?? 0n})`);
    }
    if (problems.length) throw new Error(`${driver.name} in ${state}: ${a.event.type}(${a.party}) and ${b.event.type}(${b.party}) at once: ${problems.join('; ')}`);
    return { order: `${first.event.type}(${first.party}) then ${second.event.type}(${second.party}) refused; then ${hist.slice(1).map((r) => r.event.type).join(', ') || 'nothing'}`, answers: answers.map((x) => x.code) };
  }
  // Each order of the two: what the chart says happens, and what the answers and rows must then be.
  const orders: [Edge, Edge, number, number][] = [
    [a, b, 0, 1],
    [b, a, 1, 0],
  ];
  const tried: string[] = [];
  for (const [first, second, fi, si] of orders) {
    const [m1, a1] = next(machine, model, first.event);
    const secondAllowed = allows(machine, m1, second.event, second.party) || (delayOf(machine, m1, second.event.type) !== null && getNextTransitions(m1).some((t) => t.eventType === second.event.type));
    const [m2, a2] = secondAllowed ? next(machine, m1, second.event) : [m1, []];
    const actions = [...a1, ...a2].map((x) => x.type);
    const expected = driver.expect(rec, { event: first.event, party: first.party, actions, before: model, after: m2, measured });
    const name = `${first.event.type}(${first.party}) then ${second.event.type}(${second.party}) ${secondAllowed ? 'taken' : 'refused'}`;
    const firstAnswer = answers[fi] as Answer;
    const secondAnswer = answers[si] as Answer;
    const timerSecond = delayOf(machine, model, second.event.type) !== null;
    const okFirst = firstAnswer.code === '0000';
    const okSecond = secondAllowed ? secondAnswer.code === '0000' : timerSecond || refusals(second.event, { name: second.party, party: second.party }).includes(secondAnswer.code);
    const okCode = reading.code === driver.codeOf(m2);
    const wantRows = secondAllowed ? 2 : 1;
    const okRows = rows.length === wantRows && rows[0]?.event === (/^xstate\.after\.([^.]+)\./.exec(first.event.type)?.[1] ?? first.event.type);
    const wrong = Object.keys({ ...measured, ...moved }).filter((k) => (moved[k] ?? 0n) - (measured[k] ?? 0n) !== (expected[k] ?? 0n));
    if (okFirst && okSecond && okCode && okRows && wrong.length === 0) return { order: name, answers: answers.map((x) => x.code) };
    tried.push(`${name}: answers ${okFirst && okSecond ? 'as said' : answers.map((x) => `${x.code} ${x.msg}`).join(' / ')}; status ${String(reading.code)} (chart ${String(driver.codeOf(m2))}); chart_steps ${rows.map((r) => `${r.event} by ${r.party}`).join(', ') || 'none'} (want ${wantRows}); ${wrong.map((k) => `${k} moved ${(moved[k] ?? 0n) - (measured[k] ?? 0n)} (chart ${expected[k] ?? 0n})`).join(', ') || 'money as said'}`);
  }
  throw new Error(`${driver.name} in ${state}: ${a.event.type}(${a.party}) and ${b.event.type}(${b.party}) at once match no order of the chart:\n${tried.join('\n')}`);
}
