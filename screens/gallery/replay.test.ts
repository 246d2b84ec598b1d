// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { afterSaleMachine } from '../../machines/afterSale.machine';
import { orderMachine } from '../../machines/order.machine';
import type { ChartHistory } from '../../src/domain/types/chartHistory';
import { buildChartGraph } from './chartGraph';
import { english } from './englishForTests';
import { activeIdsOf, recordedEventWords, replayFrames, statePathWords } from './replay';

const at = '2026-11-26T01:00:00.000Z';

describe('replayFrames', () => {
  it("lights each recorded step's arrow on the order chart, timers by their window name", () => {
    const graph = buildChartGraph(orderMachine, english);
    const history: ChartHistory = {
      chart: 'order',
      id: '7',
      start: 'atCart',
      current: 'refundRequested.onTheWay',
      steps: [
        { event: 'SUBMIT', party: 'buyer', from: 'atCart', to: 'unpaid', at },
        { event: 'PAY', party: 'server', from: 'unpaid', to: 'paid', at },
        { event: 'sellerConfirmWindow', party: 'system', from: 'paid', to: 'canceled', at },
      ],
    };
    const frames = replayFrames(graph, 'order', history);
    expect(frames.map((f) => f.state)).toEqual(['atCart', 'unpaid', 'paid', 'canceled']);
    expect(frames[0]?.taken.size).toBe(0);
    for (const frame of frames.slice(1)) {
      expect(frame.taken.size, frame.state).toBe(1);
      const edge = graph.edges.find((e) => frame.taken.has(e.id));
      expect(edge?.target).toBe(`order.${frame.state}`);
    }
    expect(graph.edges.find((e) => frames[3]?.taken.has(e.id))?.eventType).toBe('xstate.after.sellerConfirmWindow.order.paid');
  });

  it('finds a step taken by a parent state and one into a nested state', () => {
    const graph = buildChartGraph(orderMachine, english);
    const frames = replayFrames(graph, 'order', {
      chart: 'order',
      id: '1',
      start: 'sent',
      current: 'refunded',
      steps: [
        { event: 'REQUEST_REFUND', party: 'buyer', from: 'sent', to: 'refundRequested.onTheWay', at },
        { event: 'REJECT_REFUND', party: 'seller', from: 'refundRequested.onTheWay', to: 'refundRejected.onTheWay', at },
      ],
    });
    expect(frames[1]?.active).toEqual(new Set(['order', 'order.refundRequested', 'order.refundRequested.onTheWay']));
    expect(frames[1]?.taken.size).toBe(1);
    expect(frames[2]?.taken.size).toBe(1);
  });

  it('reads the after-sale chart the same way', () => {
    const graph = buildChartGraph(afterSaleMachine, english);
    const frames = replayFrames(graph, 'afterSale', {
      chart: 'afterSale',
      id: '3',
      start: 'applied',
      current: 'underAppeal',
      steps: [
        { event: 'REJECT', party: 'seller', from: 'applied', to: 'sellerRejected', at },
        { event: 'APPEAL', party: 'buyer', from: 'sellerRejected', to: 'underAppeal', at },
      ],
    });
    expect(frames.map((f) => f.taken.size)).toEqual([0, 1, 1]);
  });
});

describe('replay words', () => {
  it('says a state path and a recorded event in the product words', () => {
    expect(activeIdsOf('order', 'paid')).toEqual(new Set(['order', 'order.paid']));
    expect(statePathWords('order', 'refundRequested.beforeShipping', english)).toBe('Refund requested › Before shipping');
    expect(recordedEventWords(orderMachine, 'SHIP', english, 'en')).toBe('Ship');
    expect(recordedEventWords(orderMachine, 'sellerConfirmWindow', english, 'en')).toMatch(/^after \d+ (h|d)$/);
  });
});

describe('a record created by its first step', () => {
  it("starts an after-sale case's replay at its APPLY step, on the chart's initial arrow", () => {
    const graph = buildChartGraph(afterSaleMachine, english);
    const frames = replayFrames(graph, 'afterSale', {
      chart: 'afterSale',
      id: '4',
      start: '',
      current: 'agreed',
      steps: [
        { event: 'APPLY', party: 'buyer', from: '', to: 'applied', at },
        { event: 'AGREE', party: 'seller', from: 'applied', to: 'agreed', at },
      ],
    });
    expect(frames.map((f) => f.state)).toEqual(['applied', 'agreed']);
    expect(frames.map((f) => f.taken.size)).toEqual([1, 1]);
    expect(recordedEventWords(afterSaleMachine, 'APPLY', english, 'en')).toBe('Apply for after-sales');
  });
});
