import { describe, expect, it } from 'vitest';
import { createActor, getNextTransitions, initialTransition, SimulatedClock, transition, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { orderMachine, orderStatusOf, orderWindows, type OrderEvent } from '../machines/order.machine';
import { allowedEvents, partiesOf } from '../machines/parties';
import { orderStatusCode, orderStatusTable } from '../src/domain/orderStatus';
import { stageOf } from '../src/domain/orderRules';
import { allTransitions, recordCoverage, walk } from './support/walk';

/** Every event a person may send, with sample fields, and every timer of the chart. */
const personEvents: OrderEvent[] = [
  { type: 'SUBMIT' },
  { type: 'PAY' },
  { type: 'CANCEL', by: 'buyer', reason: 'changed my mind' },
  { type: 'CONFIRM' },
  { type: 'SHIP', company: 'DHL', number: 'DHL123456' },
  { type: 'MARK_NO_SHIPPING' },
  { type: 'EDIT_TRACKING', company: 'UPS', number: 'UPS987654' },
  { type: 'REQUEST_REFUND', reason: 'late', email: 'buyer@example.com' },
  { type: 'AGREE_REFUND' },
  { type: 'REJECT_REFUND', reason: 'already packed' },
  { type: 'CONFIRM_RECEIPT' },
  { type: 'RATE', score: 5, comment: 'Lovely', anonymous: false },
  { type: 'RATE_BUYER', score: 4, comment: 'Quick payer' },
  { type: 'APPLY_AFTER_SALE', caseId: '1' },
  { type: 'AFTER_SALE_REFUNDED' },
  { type: 'AFTER_SALE_CLOSED' },
];

/** Every delayed transition of the chart as its xstate.after.* event (found from the chart, not listed by hand). */
function timerEvents(): AnyEventObject[] {
  const types = allTransitions(orderMachine)
    .map((key) => /--(xstate\.after\.[^#]+)#/.exec(key)?.[1])
    .filter((t): t is string => !!t);
  return [...new Set(types)].map((type) => ({ type }));
}

const start = () => initialTransition(orderMachine)[0] as AnyMachineSnapshot;
const step = (s: AnyMachineSnapshot, e: AnyEventObject) => transition(orderMachine, s as never, e as never)[0] as AnyMachineSnapshot;

/** The shortest path of person events (no timers) to each stage, by breadth-first search over the pure chart. */
function pathsToStages(): Map<string, AnyEventObject[]> {
  const paths = new Map<string, AnyEventObject[]>([[stageOf(start().value), []]]);
  const queue: [AnyMachineSnapshot, AnyEventObject[]][] = [[start(), []]];
  const seen = new Set<string>([JSON.stringify(start().value)]);
  while (queue.length) {
    const [snap, path] = queue.shift() as [AnyMachineSnapshot, AnyEventObject[]];
    for (const e of personEvents) {
      if (!snap.can(e as never)) continue;
      const next = step(snap, e);
      const key = JSON.stringify(next.value);
      if (seen.has(key)) continue;
      seen.add(key);
      paths.set(stageOf(next.value), [...path, e]);
      queue.push([next, [...path, e]]);
    }
  }
  return paths;
}

describe('order chart, walked as a model', () => {
  it('walks every transition: each step of each party, each timer firing', async () => {
    const timers = timerEvents();
    expect(timers.map((t) => t.type).sort()).toEqual(
      [
        'xstate.after.unpaidWindow.order.unpaid',
        'xstate.after.sellerConfirmWindow.order.paid',
        'xstate.after.refundResponseWindow.order.refundRequested.beforeShipping',
        'xstate.after.refundResponseWindow.order.refundRequested.onTheWay',
        'xstate.after.buyerCheckWindow.order.sent',
        'xstate.after.buyerCheckWindow.order.refundRejected.onTheWay',
        'xstate.after.ratingWindow.order.unrated',
      ].sort(),
    );
    const result = await walk({
      machine: orderMachine,
      inputs: [undefined],
      events: [...personEvents, ...timers],
      check: ({ actual }) => {
        // Every state the chart can be in has its SPEC status code.
        expect(orderStatusCode(orderStatusOf(actual.value))).not.toBeNull();
      },
    });
    recordCoverage('order', result);
    expect(result.missing).toEqual([]);
  });

  it('names who may take every transition, and only timers are taken by the system', () => {
    const walkNodes = (node: typeof orderMachine.root): void => {
      for (const list of node.transitions.values())
        for (const t of list) {
          const by = partiesOf(t);
          expect(by.length, `${node.id} ${t.eventType}`).toBeGreaterThan(0);
          expect(by.includes('system'), `${node.id} ${t.eventType}`).toBe(t.eventType.startsWith('xstate.after.'));
        }
      for (const child of Object.values(node.states)) walkNodes(child);
    };
    walkNodes(orderMachine.root);
  });

  it('maps SPEC codes 0 to 13 one to one onto the chart’s top-level states', () => {
    expect(orderStatusTable.map((r) => r.code)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(orderStatusTable.map((r) => r.state).sort()).toEqual(Object.keys(orderMachine.root.states).sort());
    // …and every one of them is reachable by people's steps or a timer.
    const reached = new Set<string>();
    const queue = [start()];
    const seen = new Set<string>();
    while (queue.length) {
      const snap = queue.shift() as AnyMachineSnapshot;
      const key = JSON.stringify(snap.value) + JSON.stringify(snap.context);
      if (seen.has(key)) continue;
      seen.add(key);
      reached.add(orderStatusOf(snap.value));
      for (const e of [...personEvents, ...timerEvents()]) if (snap.can(e as never)) queue.push(step(snap, e));
    }
    expect([...reached].sort()).toEqual(orderStatusTable.map((r) => r.state).sort());
  });

  it('refuses the wrong party: the buyer cannot confirm or ship, the seller cannot pay, rate or confirm receipt', () => {
    const paths = pathsToStages();
    const at = (stage: string) => (paths.get(stage) ?? []).reduce(step, start());
    expect(allowedEvents(at('paid'), 'buyer')).toEqual(['CANCEL']);
    expect(allowedEvents(at('paid'), 'seller').sort()).toEqual(['CANCEL', 'CONFIRM']);
    expect(allowedEvents(at('notShipped'), 'buyer')).toEqual(['REQUEST_REFUND']);
    expect(allowedEvents(at('notShipped'), 'seller').sort()).toEqual(['MARK_NO_SHIPPING', 'SHIP']);
    expect(allowedEvents(at('sent'), 'buyer').sort()).toEqual(['CONFIRM_RECEIPT', 'REQUEST_REFUND']);
    expect(allowedEvents(at('sent'), 'seller')).toEqual(['EDIT_TRACKING']);
    expect(allowedEvents(at('unrated'), 'buyer').sort()).toEqual(['APPLY_AFTER_SALE', 'RATE']);
    expect(allowedEvents(at('unrated'), 'seller')).toEqual(['RATE_BUYER']);
    expect(allowedEvents(at('unpaid'), 'seller')).toEqual([]);
    // Once the seller has rated the buyer, the guard closes the door.
    const ratedBuyer = step(at('unrated'), { type: 'RATE_BUYER', score: 3, comment: '' });
    expect(allowedEvents(ratedBuyer, 'seller')).toEqual([]);
    // Re-entering the same tracking is no change.
    const shipped = step(at('notShipped'), { type: 'SHIP', company: 'DHL', number: 'A1234' });
    expect(shipped.can({ type: 'EDIT_TRACKING', company: 'DHL', number: 'A1234' })).toBe(false);
    expect(shipped.can({ type: 'EDIT_TRACKING', company: 'UPS', number: 'A1234' })).toBe(true);
  });

  it('cancels each timer when an earlier event moves the order on: the window passing later changes nothing', () => {
    const paths = pathsToStages();
    let checked = 0;
    for (const [stage, path] of paths) {
      const here = path.reduce(step, start());
      const windows = getNextTransitions(here).filter((t) => t.eventType.startsWith('xstate.after.'));
      if (windows.length === 0) continue;
      for (const leave of personEvents) {
        if (!here.can(leave as never)) continue;
        const expected = step(here, leave);
        if (JSON.stringify(expected.value) === JSON.stringify(here.value)) continue; // stays: the window keeps running
        const clock = new SimulatedClock();
        const actor = createActor(orderMachine, { clock }).start();
        for (const e of path) actor.send(e as never);
        expect(stageOf(actor.getSnapshot().value)).toBe(stage);
        actor.send(leave as never);
        const left = stageOf(actor.getSnapshot().value);
        // Past every window the stage left behind: only the new stage's own timers may act.
        const longest = Math.max(...windows.map((w) => orderWindows[/^xstate\.after\.([^.]+)\./.exec(w.eventType)?.[1] as keyof typeof orderWindows]));
        const nextWindows = getNextTransitions(actor.getSnapshot() as AnyMachineSnapshot).filter((t) => t.eventType.startsWith('xstate.after.'));
        const shortestNext = Math.min(Infinity, ...nextWindows.map((w) => orderWindows[/^xstate\.after\.([^.]+)\./.exec(w.eventType)?.[1] as keyof typeof orderWindows]));
        clock.increment(Math.min(longest + 1, shortestNext - 1));
        expect(stageOf(actor.getSnapshot().value), `${stage} --${leave.type}--> ${left}`).toBe(left);
        actor.stop();
        checked += 1;
      }
    }
    // unpaid (PAY, CANCEL), paid (CONFIRM, CANCEL), refund requested ×2 (AGREE, REJECT), sent (CONFIRM_RECEIPT, REQUEST_REFUND),
    // refund rejected on the way (CONFIRM_RECEIPT), unrated (RATE, APPLY_AFTER_SALE)
    expect(checked).toBe(13);
  });
});
