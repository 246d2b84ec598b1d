import { describe, expect, it } from 'vitest';
import { createActor, initialTransition, SimulatedClock, transition, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { afterSaleMachine, afterSaleStatusOf, afterSaleWindows, type AfterSaleEvent, type AfterSaleInput } from '../machines/afterSale.machine';
import { allowedEvents, partiesOf } from '../machines/parties';
import { afterSaleStatusCode, afterSaleStatusTable } from '../src/domain/afterSaleStatus';
import { refundSplit } from '../src/domain/afterSaleRules';
import { parseMoney } from '../src/domain/money';
import { allTransitions, recordCoverage, walk } from './support/walk';

const address = { name: 'Seller Store', phone: '+1 555 0100', region: 'Lisbon', detail: 'Rua Augusta 1' };

/** Every event a person may send, with sample fields (a partial amount both allowed and refused). */
const personEvents: AfterSaleEvent[] = [
  { type: 'CANCEL' },
  { type: 'AGREE', returnAddress: address },
  { type: 'AGREE', returnAddress: null },
  { type: 'REJECT', reason: 'Not broken' },
  { type: 'SHIP_RETURN', company: 'DHL', number: 'DHL123456' },
  { type: 'CONFIRM_RETURN' },
  { type: 'APPEAL', statement: 'It was broken, see the photo', evidence: ['e2'] },
  { type: 'DECIDE_FULL', reason: 'The photos show the damage' },
  { type: 'DECIDE_PARTIAL', amount: '4.25', reason: 'Half the set was damaged' },
  { type: 'DECIDE_PARTIAL', amount: '10', reason: 'Not less than asked' },
  { type: 'DECIDE_REJECT', reason: 'No damage visible' },
];

const inputs: AfterSaleInput[] = [
  { kind: 'refundOnly', amount: '10', description: 'Cracked', evidence: ['e1'] },
  { kind: 'returnAndRefund', amount: '10', description: 'Wrong colour', evidence: ['e1', 'e3'] },
];

function timerEvents(): AnyEventObject[] {
  const types = allTransitions(afterSaleMachine)
    .map((key) => /--(xstate\.after\.[^#]+)#/.exec(key)?.[1])
    .filter((t): t is string => !!t);
  return [...new Set(types)].map((type) => ({ type }));
}

const start = (input: AfterSaleInput) => initialTransition(afterSaleMachine, input)[0] as AnyMachineSnapshot;
const step = (s: AnyMachineSnapshot, e: AnyEventObject) => transition(afterSaleMachine, s as never, e as never)[0] as AnyMachineSnapshot;
const run = (input: AfterSaleInput, events: AfterSaleEvent[]) => events.reduce<AnyMachineSnapshot>(step, start(input));

describe('after-sale chart, walked as a model', () => {
  it('walks every transition: each step of each party, each deadline firing', async () => {
    const timers = timerEvents();
    expect(timers.map((t) => t.type).sort()).toEqual(
      [
        'xstate.after.sellerAnswerWindow.afterSale.applied',
        'xstate.after.returnShipWindow.afterSale.agreed',
        'xstate.after.returnConfirmWindow.afterSale.returnShipped',
        'xstate.after.appealWindow.afterSale.sellerRejected',
        'xstate.after.arbiterDecisionWindow.afterSale.underAppeal',
      ].sort(),
    );
    const result = await walk({
      machine: afterSaleMachine,
      inputs,
      events: [...personEvents, ...timers],
      check: ({ actual }) => {
        expect(afterSaleStatusCode(afterSaleStatusOf(actual.value))).not.toBeNull();
      },
    });
    recordCoverage('afterSale', result);
    expect(result.missing).toEqual([]);
  });

  it('names who may take every transition, and only deadlines are taken by the system', () => {
    const visit = (node: typeof afterSaleMachine.root): void => {
      for (const list of node.transitions.values())
        for (const t of list) {
          const by = partiesOf(t);
          expect(by.length, `${node.id} ${t.eventType}`).toBeGreaterThan(0);
          expect(by.includes('system'), `${node.id} ${t.eventType}`).toBe(t.eventType.startsWith('xstate.after.'));
        }
      for (const child of Object.values(node.states)) visit(child);
    };
    visit(afterSaleMachine.root);
  });

  it('maps SPEC codes 0 to 7 one to one onto the chart’s states, each reachable', () => {
    expect(afterSaleStatusTable.map((r) => r.code)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(afterSaleStatusTable.map((r) => r.state).sort()).toEqual(Object.keys(afterSaleMachine.root.states).sort());
    const reached = new Set<string>();
    for (const input of inputs) {
      const queue = [start(input)];
      const seen = new Set<string>();
      while (queue.length) {
        const snap = queue.shift() as AnyMachineSnapshot;
        const key = JSON.stringify(snap.value) + JSON.stringify(snap.context);
        if (seen.has(key)) continue;
        seen.add(key);
        reached.add(afterSaleStatusOf(snap.value));
        for (const e of [...personEvents, ...timerEvents()]) if (snap.can(e as never)) queue.push(step(snap, e));
      }
    }
    expect([...reached].sort()).toEqual(afterSaleStatusTable.map((r) => r.state).sort());
  });

  it('lets each party take only its own steps', () => {
    const [refundOnly, withReturn] = inputs as [AfterSaleInput, AfterSaleInput];
    expect(allowedEvents(start(refundOnly), 'buyer')).toEqual(['CANCEL']);
    expect(allowedEvents(start(refundOnly), 'seller').sort()).toEqual(['AGREE', 'REJECT']);
    expect(allowedEvents(start(refundOnly), 'arbiter')).toEqual([]);
    const agreed = run(withReturn, [{ type: 'AGREE', returnAddress: address }]);
    expect(agreed.value).toBe('agreed');
    expect(allowedEvents(agreed, 'buyer')).toEqual(['SHIP_RETURN']);
    expect(allowedEvents(agreed, 'seller')).toEqual([]);
    // A return needs an address: without one the seller's agreement is refused.
    expect(start(withReturn).can({ type: 'AGREE', returnAddress: null })).toBe(false);
    const shipped = step(agreed, { type: 'SHIP_RETURN', company: 'DHL', number: 'DHL123456' });
    expect(allowedEvents(shipped, 'buyer')).toEqual([]); // the tracking number cannot be changed
    expect(shipped.can({ type: 'SHIP_RETURN', company: 'UPS', number: 'UPS999999' })).toBe(false);
    expect(allowedEvents(shipped, 'seller')).toEqual(['CONFIRM_RETURN']);
    const rejected = run(refundOnly, [{ type: 'REJECT', reason: 'no' }]);
    expect(allowedEvents(rejected, 'buyer')).toEqual(['APPEAL']);
    const appeal = step(rejected, { type: 'APPEAL', statement: 'yes', evidence: [] });
    expect(allowedEvents(appeal, 'buyer')).toEqual([]);
    expect(allowedEvents(appeal, 'seller')).toEqual([]);
    expect(allowedEvents(appeal, 'arbiter').sort()).toEqual(['DECIDE_FULL', 'DECIDE_PARTIAL', 'DECIDE_REJECT']);
  });

  it('refunds the amount asked, or the arbiter’s partial amount (never more, never nothing)', () => {
    const [refundOnly] = inputs as [AfterSaleInput];
    expect(run(refundOnly, [{ type: 'AGREE', returnAddress: null }]).context.refunded).toBe('10');
    const appeal = run(refundOnly, [{ type: 'REJECT', reason: 'no' }, { type: 'APPEAL', statement: 'yes', evidence: [] }]);
    expect(step(appeal, { type: 'DECIDE_PARTIAL', amount: '4.2500001', reason: 'part' }).context.refunded).toBe('4.2500001');
    expect(appeal.can({ type: 'DECIDE_PARTIAL', amount: '0', reason: 'x' })).toBe(false);
    expect(appeal.can({ type: 'DECIDE_PARTIAL', amount: '10.0000001', reason: 'x' })).toBe(false);
    expect(appeal.can({ type: 'DECIDE_PARTIAL', amount: '1.12345678', reason: 'x' })).toBe(false);
    // The split between the seller's income and the platform's fee sums to the refund exactly.
    const split = refundSplit(parseMoney('4.2500001'), parseMoney('10'), parseMoney('0.3'));
    expect(split.fromSeller + split.fromFees).toBe(parseMoney('4.2500001'));
    expect(split.fromFees).toBe(1275000n); // 0.1275000 (42500001 × 3000000 / 100000000, rounded down)
  });

  it('deadlines: an unanswered application is deemed agreed; the 72 h flag keeps the appeal open; a step first cancels the deadline', () => {
    const [refundOnly, withReturn] = inputs as [AfterSaleInput, AfterSaleInput];
    const clock = new SimulatedClock();
    const a = createActor(afterSaleMachine, { input: refundOnly, clock }).start();
    clock.increment(afterSaleWindows.sellerAnswerWindow);
    expect(a.getSnapshot().value).toBe('refunded');
    const b = createActor(afterSaleMachine, { input: withReturn, clock }).start();
    b.send({ type: 'REJECT', reason: 'no' });
    b.send({ type: 'APPEAL', statement: 'please', evidence: [] });
    clock.increment(afterSaleWindows.arbiterDecisionWindow);
    expect(b.getSnapshot().value).toBe('underAppeal');
    expect(b.getSnapshot().context.overdue).toBe(true);
    // Rejected within the answer window: the answer window passing later changes nothing.
    const c = createActor(afterSaleMachine, { input: refundOnly, clock }).start();
    c.send({ type: 'REJECT', reason: 'no' });
    clock.increment(afterSaleWindows.sellerAnswerWindow + 1);
    expect(c.getSnapshot().value).toBe('sellerRejected');
    clock.increment(afterSaleWindows.appealWindow);
    expect(c.getSnapshot().value).toBe('rejected');
    for (const actor of [a, b, c]) actor.stop();
  });
});
