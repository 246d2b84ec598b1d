// @vitest-environment node
import { assign, createMachine, fromPromise, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '../../machines/index';
import { loginGateMachine } from '../../machines/loginGate.machine';
import { buildChartGraph } from './chartGraph';
import { english } from './englishForTests';
import { activeStateIds, enabledEvents, formatStateValue, liveEdgeIds, startSnapshot, step } from './stepper';

const input = { stored: null, hashTicket: null };

/** The id of the actor a state invokes, however the machine names it. */
function invokeIdOf(stateKey: string): string {
  const id = loginGateMachine.root.states[stateKey]?.invoke[0]?.id;
  if (!id) throw new Error(`${stateKey} invokes an actor`);
  return id;
}
const authenticate = invokeIdOf('authenticating');

function start() {
  const snapshot = startSnapshot(loginGateMachine, input);
  if (!snapshot) throw new Error('the login gate starts');
  return snapshot;
}

describe('stepping the login gate', () => {
  it('starts logged out through the eventless restoring state', () => {
    const snapshot = start();
    expect(snapshot.value).toBe('loggedOut');
    expect([...activeStateIds(snapshot)].sort()).toEqual(['loginGate', 'loginGate.loggedOut']);
  });

  it('offers the state events first, then the machine-level ones', () => {
    expect(enabledEvents(start()).map((e) => e.type)).toEqual(['LOGIN', 'ROUTE_BLOCKED', 'SESSION_REJECTED', 'HTTP_400']);
  });

  it('moves to authenticating on LOGIN without running the invoked promise', () => {
    const next = step(loginGateMachine, start(), 'LOGIN');
    expect(next?.value).toBe('authenticating');
    expect(enabledEvents(next ?? start()).map((e) => e.type)).toEqual([
      `xstate.done.actor.${authenticate}`,
      `xstate.error.actor.${authenticate}`,
      'SESSION_REJECTED',
      'HTTP_400',
    ]);
  });

  it('simulates a promise failing and a timer firing', () => {
    const authenticating = step(loginGateMachine, start(), 'LOGIN');
    if (!authenticating) throw new Error('stepped');
    const failed = step(loginGateMachine, authenticating, `xstate.error.actor.${authenticate}`);
    expect(failed?.value).toBe('loggedOut');
    expect(failed?.context).toMatchObject({ failures: 1 });

    const expelled = step(loginGateMachine, start(), 'SESSION_REJECTED');
    if (!expelled) throw new Error('stepped');
    expect(expelled.value).toBe('expelled');
    const timer = 'xstate.after.tokenErrorToast.loginGate.expelled';
    expect(enabledEvents(expelled).map((e) => e.type)).toContain(timer);
    expect(step(loginGateMachine, expelled, timer)?.value).toBe('loggedOut');
  });

  it('answers null when a step needs a real output', () => {
    const m = setup({
      types: { context: {} as { token: string } },
      actors: { load: fromPromise(async () => ({ token: 't' })) },
    }).createMachine({
      id: 'r',
      context: { token: '' },
      initial: 'loading',
      states: {
        loading: { invoke: { id: 'load', src: 'load', onDone: { target: 'done', actions: assign({ token: ({ event }) => event.output.token }) } } },
        done: {},
      },
    });
    const loading = startSnapshot(m, undefined);
    if (!loading) throw new Error('starts');
    expect(enabledEvents(loading).map((e) => e.type)).toEqual(['xstate.done.actor.load']);
    expect(step(m, loading, 'xstate.done.actor.load')).toBeNull();
  });

  it('leaves out events whose guards refuse them', () => {
    const m = createMachine({
      id: 'g',
      initial: 'a',
      states: { a: { on: { YES: { target: 'b', guard: () => true }, NO: { target: 'b', guard: () => false } } }, b: {} },
    });
    const snapshot = startSnapshot(m, undefined);
    if (!snapshot) throw new Error('starts');
    expect(enabledEvents(snapshot).map((e) => e.type)).toEqual(['YES']);
  });

  it('marks the arrows that can be taken now', () => {
    const snapshot = start();
    const graph = buildChartGraph(loginGateMachine, english);
    const live = liveEdgeIds(graph, activeStateIds(snapshot), enabledEvents(snapshot));
    const taken = graph.edges.filter((e) => live.has(e.id)).map((e) => e.eventType);
    expect(taken.sort()).toEqual(['HTTP_400', 'LOGIN', 'ROUTE_BLOCKED', 'SESSION_REJECTED']);
  });

  it('starts every registered chart with its sample input', () => {
    for (const entry of machineRegistry) expect(startSnapshot(entry.machine, entry.sampleInput), entry.id).not.toBeNull();
  });
});

describe('formatStateValue', () => {
  it('writes nested and parallel values as paths', () => {
    expect(formatStateValue('idle')).toBe('idle');
    expect(formatStateValue({ order: 'paid' })).toBe('order.paid');
    expect(formatStateValue({ pay: { due: {} }, ship: 'waiting' })).toBe('pay.due, ship.waiting');
  });
});
