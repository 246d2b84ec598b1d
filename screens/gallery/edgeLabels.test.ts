// @vitest-environment node
import { and, createMachine, fromPromise, not, setup, stateIn } from 'xstate';
import { describe, expect, it } from 'vitest';
import { loginGateMachine } from '../../machines/loginGate.machine';
import { delayOf, eventLabel, guardName, transitionLabel } from './edgeLabels';
import { english } from './englishForTests';

const root = loginGateMachine.root;
const state = (key: string) => {
  const node = root.states[key];
  if (!node) throw new Error(`no state ${key}`);
  return node;
};

describe('eventLabel', () => {
  it('resolves named delays to readable durations', () => {
    const expelled = state('expelled');
    const type = 'xstate.after.tokenErrorToast.loginGate.expelled';
    expect(delayOf(type, expelled)).toBe('tokenErrorToast');
    expect(eventLabel(type, expelled, loginGateMachine, english)).toBe('after 1 s');
    expect(eventLabel('xstate.after.loginRequiredToast.loginGate.loginRequired', state('loginRequired'), loginGateMachine, english)).toBe(
      'after 1.5 s',
    );
  });

  it('reads numeric delays and delays given as functions', () => {
    const m = setup({ delays: { later: () => 5 } }).createMachine({
      id: 'm',
      initial: 'a',
      states: { a: { after: { 86400000: 'b' } }, b: { after: { later: 'a' } } },
    });
    const a = m.root.states.a!;
    const b = m.root.states.b!;
    expect(eventLabel('xstate.after.86400000.m.a', a, m, english)).toBe('after 24 h');
    expect(eventLabel('xstate.after.later.m.b', b, m, english)).toBe('after later');
  });

  it('names invoked actors in done and error events', () => {
    const authenticating = state('authenticating');
    const id = authenticating.invoke[0]?.id ?? '';
    expect(eventLabel(`xstate.done.actor.${id}`, authenticating, loginGateMachine, english)).toBe('done: Sign-in');
    expect(eventLabel(`xstate.error.actor.${id}`, authenticating, loginGateMachine, english)).toBe('error: Sign-in');
  });

  it('names actors invoked without an id by their source', () => {
    const m = setup({ actors: { load: fromPromise(async () => 1) } }).createMachine({
      id: 'r',
      initial: 'loading',
      states: { loading: { invoke: { src: 'load', onDone: 'done' } }, done: {} },
    });
    const loading = m.root.states.loading!;
    expect(eventLabel('xstate.done.actor.0.r.loading', loading, m, english)).toBe('done: Loading');
  });

  it('labels eventless transitions and plain events', () => {
    expect(eventLabel('', state('restoring'), loginGateMachine, english)).toBe('always');
    expect(eventLabel('LOGIN', state('loggedOut'), loginGateMachine, english)).toBe('Sign in');
    expect(eventLabel('NOT_IN_THE_LOCALES', state('loggedOut'), loginGateMachine, english)).toBe('NOT_IN_THE_LOCALES');
  });
});

describe('guardName', () => {
  it('names referenced, parameterised and combined guards', () => {
    expect(guardName(undefined)).toBeNull();
    expect(guardName('hasHashTicket')).toBe('hasHashTicket');
    expect(guardName({ type: 'isOwner', params: { a: 1 } })).toBe('isOwner');
    expect(guardName(and(['a', not('b')]))).toBe('a and (not b)');
    expect(guardName(stateIn('paid'))).toBe('in paid');
  });
});

describe('transitionLabel', () => {
  it('adds the guard and who may take the transition', () => {
    const [first] = state('restoring').always ?? [];
    if (!first) throw new Error('restoring has always transitions');
    const label = transitionLabel(first, loginGateMachine, english);
    expect(label.lines).toEqual(['always', 'if a sign-in link is given', 'by the app']);
    expect(label.identifier).toBe('always [hasHashTicket]');
  });

  it('leaves out what the transition does not say', () => {
    const m = createMachine({ id: 'x', initial: 'a', states: { a: { on: { GO: 'a' } } } });
    const [go] = m.root.states.a!.transitions.get('GO') ?? [];
    if (!go) throw new Error('GO exists');
    expect(transitionLabel(go, m, english).lines).toEqual(['GO']);
  });

  it('shows an unknown party by its own name', () => {
    const m = createMachine({ id: 'x', initial: 'a', states: { a: { on: { GO: { target: 'a', meta: { by: 'courier' } } } } } });
    const [go] = m.root.states.a!.transitions.get('GO') ?? [];
    if (!go) throw new Error('GO exists');
    expect(transitionLabel(go, m, english).lines).toEqual(['GO', 'by courier']);
  });

  it('names every party of a transition several may take', () => {
    const m = createMachine({ id: 'x', initial: 'a', states: { a: { on: { CANCEL: { target: 'a', meta: { by: ['buyer', 'seller'] } } } } } });
    const [cancel] = m.root.states.a!.transitions.get('CANCEL') ?? [];
    if (!cancel) throw new Error('CANCEL exists');
    expect(transitionLabel(cancel, m, english).lines).toEqual(['Cancel', 'by the buyer / the seller']);
  });
});
