// @vitest-environment node
import ELK from 'elkjs/lib/elk.bundled.js';
import { createMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { loginGateMachine } from '../../machines/loginGate.machine';
import { buildChartGraph, flattenNodes } from './chartGraph';
import { layoutChart, toElkGraph } from './chartLayout';
import { english } from './englishForTests';

const elk = new ELK();

function inside(child: { x: number; y: number; width: number; height: number }, parent: typeof child) {
  return child.x >= parent.x && child.y >= parent.y && child.x + child.width <= parent.x + parent.width && child.y + child.height <= parent.y + parent.height;
}

describe('toElkGraph', () => {
  it('asks for a hierarchical layered layout with labelled edges', () => {
    const input = toElkGraph(buildChartGraph(loginGateMachine, english));
    expect(input.layoutOptions).toMatchObject({ 'elk.algorithm': 'layered', 'elk.hierarchyHandling': 'INCLUDE_CHILDREN' });
    const after = input.edges?.find((e) => e.labels?.[0]?.text?.startsWith('after 1.5 s'));
    expect(after?.labels?.[0]?.height).toBeGreaterThan(14);
  });
});

describe('layoutChart', () => {
  it('places every state inside the machine and routes every edge', async () => {
    const graph = buildChartGraph(loginGateMachine, english);
    const layout = await layoutChart(graph, elk);
    expect(layout.nodes.map((n) => n.id).sort()).toEqual(flattenNodes(graph.root).map((n) => n.id).sort());
    const machine = layout.nodes.find((n) => n.id === 'loginGate');
    if (!machine) throw new Error('machine box placed');
    for (const node of layout.nodes.filter((n) => n !== machine)) expect(inside(node, machine)).toBe(true);
    expect(layout.edges).toHaveLength(graph.edges.length);
    for (const edge of layout.edges) expect(edge.points.length).toBeGreaterThanOrEqual(2);
    expect(layout.edges.filter((e) => e.label).length).toBe(graph.edges.filter((e) => e.label).length);
    expect(layout.width).toBeGreaterThan(machine.width);
  });

  it('lays out nested and parallel states', async () => {
    const m = createMachine({
      id: 'order',
      type: 'parallel',
      on: { CANCEL: { actions: () => undefined } },
      states: {
        pay: { initial: 'due', states: { due: { on: { PAY: 'paid' } }, paid: { type: 'final' } } },
        ship: { initial: 'waiting', states: { waiting: { on: { SEND: '#order.pay.paid' } } } },
      },
    });
    const layout = await layoutChart(buildChartGraph(m, english), elk);
    const pay = layout.nodes.find((n) => n.id === 'order.pay');
    const due = layout.nodes.find((n) => n.id === 'order.pay.due');
    if (!pay || !due) throw new Error('placed');
    expect(inside(due, pay)).toBe(true);
    expect(pay.inParallel).toBe(true);
    expect(due.inParallel).toBe(false);
    expect(layout.edges.find((e) => e.source === 'order.ship.waiting')?.points.length).toBeGreaterThanOrEqual(2);
  });
});
