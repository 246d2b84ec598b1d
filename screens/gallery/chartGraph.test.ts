// @vitest-environment node
import { createMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '../../machines/index';
import { loginGateMachine } from '../../machines/loginGate.machine';
import { buildChartGraph, flattenNodes, initialDotId } from './chartGraph';
import { english } from './englishForTests';

describe('buildChartGraph', () => {
  const graph = buildChartGraph(loginGateMachine, english);
  const labels = graph.edges.map((e) => e.label?.lines[0]);

  it('has the machine as the box around every state, each in the product\'s words with its identifier kept', () => {
    expect(graph.root).toMatchObject({ id: 'loginGate', name: 'loginGate', identifier: 'loginGate', kind: 'machine' });
    expect(buildChartGraph(loginGateMachine, english, 'en', { title: 'Login gate' }).root.name).toBe('Login gate');
    expect(graph.root.children.map((c) => c.identifier)).toEqual(['', ...Object.keys(loginGateMachine.root.states)]);
    expect(graph.root.children.map((c) => c.name)).toEqual(expect.arrayContaining(['Restoring the session', 'Signed out', 'Signing in', 'Session ended', 'Sign-in required']));
    expect(graph.root.children.every((c) => c.detail === null)).toBe(true);
    expect(graph.root.children[0]?.kind).toBe('initial');
  });

  it('shows the identifiers under the words when engineers ask for them', () => {
    const withIds = buildChartGraph(loginGateMachine, english, 'en', { identifiers: true });
    expect(withIds.root.children.find((c) => c.identifier === 'loggedOut')).toMatchObject({ name: 'Signed out', detail: 'loggedOut' });
    expect(withIds.edges.find((e) => e.eventType === 'LOGIN')?.label?.lines).toEqual(['Sign in', 'by the user', 'LOGIN']);
  });

  it('never shows an identifier as a word on any chart: every state, event, condition and actor has its words', () => {
    for (const entry of machineRegistry) {
      const g = buildChartGraph(entry.machine, english, 'en');
      for (const node of flattenNodes(g.root).slice(1)) {
        if (node.kind === 'initial' || node.kind === 'history') continue;
        expect(node.name, `${entry.id}: ${node.identifier}`).not.toBe(node.identifier.split('.').pop());
        expect(node.name, `${entry.id}: ${node.identifier}`).not.toMatch(/gallery\.|^[a-z]+[A-Z]/);
      }
      for (const edge of g.edges) {
        for (const line of edge.label?.lines ?? []) expect(line, `${entry.id}: ${edge.key ?? ''}`).not.toMatch(/[A-Z]{2,}_|\b[A-Z]{4,}\b|\b[a-z]+[A-Z][a-zA-Z]*\b|gallery\./);
      }
    }
  });

  it('labels delayed transitions with their durations', () => {
    expect(labels).toContain('after 1 s');
    expect(labels).toContain('after 1.5 s');
    const after = graph.edges.find((e) => e.label?.event === 'after 1 s');
    expect(after).toMatchObject({ source: 'loginGate.expelled', target: 'loginGate.loggedOut' });
    expect(after?.label?.lines).toEqual(['after 1 s', 'by the app']);
  });

  it('includes the eventless transitions toDirectedGraph leaves out', () => {
    const always = graph.edges.filter((e) => e.eventType === '');
    expect(always.map((e) => e.target)).toEqual(['loginGate.exchangingTicket', 'loginGate.loggedIn', 'loginGate.loggedOut']);
    expect(always[1]?.label?.lines).toEqual(['always', 'if a session is stored', 'by the app']);
  });

  it('labels invoked actors, machine-level events and who takes them', () => {
    expect(labels).toEqual(expect.arrayContaining(['done: Sign-in', 'error: Sign-in link', 'done: Account loading']));
    const rejected = graph.edges.find((e) => e.eventType === 'SESSION_REJECTED');
    expect(rejected).toMatchObject({ source: 'loginGate', target: 'loginGate.expelled' });
    expect(rejected?.label?.lines).toEqual(['Session refused', 'by the server']);
    expect(rejected?.label?.identifier).toBe('SESSION_REJECTED');
  });

  it('draws a targetless transition as a loop and the initial arrow from a dot', () => {
    expect(graph.edges.find((e) => e.eventType === 'USER_UPDATED')).toMatchObject({ source: 'loginGate.loggedIn', target: 'loginGate.loggedIn' });
    expect(graph.edges.find((e) => e.source === initialDotId('loginGate'))).toMatchObject({ target: 'loginGate.restoring', label: null });
  });

  it('has a message for every label', () => {
    for (const edge of graph.edges) for (const line of edge.label?.lines ?? []) expect(line).not.toMatch(/gallery\./);
  });

  it('gives every edge and node a distinct id', () => {
    const edgeIds = graph.edges.map((e) => e.id);
    const nodeIds = flattenNodes(graph.root).map((n) => n.id);
    expect(new Set(edgeIds).size).toBe(edgeIds.length);
    expect(new Set(nodeIds).size).toBe(nodeIds.length);
  });

  it('nests compound and parallel states and marks finals', () => {
    const m = createMachine({
      id: 'order',
      type: 'parallel',
      states: {
        pay: { initial: 'due', states: { due: { on: { PAY: 'paid' } }, paid: { type: 'final' } } },
        ship: { initial: 'waiting', states: { waiting: { always: { target: 'sent' } }, sent: {} } },
      },
    });
    const g = buildChartGraph(m, english);
    expect(g.root.children.map((c) => c.id)).toEqual(['order.pay', 'order.ship']);
    expect(g.root.children[0]?.children.map((c) => [c.id, c.kind])).toEqual([
      [initialDotId('order.pay'), 'initial'],
      ['order.pay.due', 'atomic'],
      ['order.pay.paid', 'final'],
    ]);
    expect(g.edges.find((e) => e.eventType === '')).toMatchObject({ source: 'order.ship.waiting', target: 'order.ship.sent' });
  });
});
