// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { orderMachine } from '../../machines/order.machine';
import type { ProductionArrow, ProductionState } from '../../src/domain/types/chartProduction';
import { buildChartGraph } from './chartGraph';
import { english } from './englishForTests';
import { drawnEdgesOf, edgeTraffic, statesByNode, trafficWidth } from './production';

const arrow = (from: string, event: string, to: string, count: number, byParty: Record<string, number>, timer = false): ProductionArrow => ({ from, event, to, count, byParty, timer });

describe('the "In production" drawing', () => {
  const graph = buildChartGraph(orderMachine, english);

  it('puts each recorded arrow on its drawn arrow, timers and first steps included, and sums what they carried', () => {
    const arrows = [
      arrow('', 'SUBMIT', 'unpaid', 50, { buyer: 50 }),
      arrow('unpaid', 'PAY', 'paid', 40, { server: 40 }),
      arrow('paid', 'sellerConfirmWindow', 'canceled', 6, { system: 6 }, true),
      arrow('paid', 'CANCEL', 'canceled', 3, { buyer: 2, seller: 1 }),
      arrow('paid', 'CONFIRM', 'notShipped', 30, { seller: 30 }),
    ];
    for (const a of arrows) expect(drawnEdgesOf(graph, 'order', a).size, `${a.from} ${a.event}`).toBeGreaterThanOrEqual(1);
    const submit = [...drawnEdgesOf(graph, 'order', arrows[0] as ProductionArrow)];
    expect(graph.edges.find((e) => e.id === submit[0])?.target).toBe('order.unpaid');
    const timer = [...drawnEdgesOf(graph, 'order', arrows[2] as ProductionArrow)][0] ?? '';
    expect(graph.edges.find((e) => e.id === timer)?.eventType).toBe('xstate.after.sellerConfirmWindow.order.paid');

    const traffic = edgeTraffic(graph, 'order', arrows);
    expect(traffic.get(timer)).toMatchObject({ count: 6, timer: 6, byParty: { system: 6 } });
    const cancel = [...drawnEdgesOf(graph, 'order', arrows[3] as ProductionArrow)][0] ?? '';
    expect(traffic.get(cancel)).toMatchObject({ count: 3, timer: 0, byParty: { buyer: 2, seller: 1 } });
    const total = [...traffic.values()].reduce((s, t) => s + t.count, 0);
    expect(total).toBeGreaterThanOrEqual(129);
  });

  it('draws an arrow wider the more it was taken, by area, and an untaken one thin', () => {
    expect(trafficWidth(0, 100)).toBe(1);
    expect(trafficWidth(100, 100)).toBe(10);
    expect(trafficWidth(25, 100)).toBeCloseTo(5.75);
    expect(trafficWidth(1, 100)).toBeLessThan(trafficWidth(2, 100));
  });

  it("shows each state's records on its box, and a parent not recorded itself with its children's", () => {
    const s = (state: string, now: number): ProductionState => ({ state, now, left: 0, medianSeconds: null, p90Seconds: null, deadlineSeconds: null });
    const byNode = statesByNode('order', [s('paid', 4), s('refundRequested.beforeShipping', 2), s('refundRequested.onTheWay', 1)]);
    expect(byNode.get('order.paid')?.now).toBe(4);
    expect(byNode.get('order.refundRequested.onTheWay')?.now).toBe(1);
    expect(byNode.get('order.refundRequested')?.now).toBe(3);
  });
});
