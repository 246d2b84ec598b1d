import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { kycMachine, kycStateOf, type KycContext, type KycEvent } from '../machines/kyc.machine';
import { allowedEvents, partiesOf } from '../machines/parties';
import { isKycStatus, kycStatuses } from '../src/domain/kyc';
import { recordCoverage, walk } from './support/walk';

const events: KycEvent[] = [{ type: 'SUBMIT' }, { type: 'VERIFY' }, { type: 'REJECT', reason: 'Name differs from the document' }];

const start = () => initialTransition(kycMachine)[0] as AnyMachineSnapshot;
const step = (s: AnyMachineSnapshot, e: AnyEventObject) => transition(kycMachine, s as never, e as never)[0] as AnyMachineSnapshot;
const run = (...list: KycEvent[]) => list.reduce<AnyMachineSnapshot>((s, e) => step(s, e), start());

describe('KYC chart, walked as a model', () => {
  it('walks every transition; every state is one of the product’s KYC statuses', async () => {
    const result = await walk({
      machine: kycMachine,
      inputs: [undefined],
      events,
      check: ({ actual }) => {
        expect(isKycStatus(kycStateOf(actual.value))).toBe(true);
        const context = actual.context as KycContext;
        // A rejection always says why; no other status carries a reason.
        if (actual.matches('rejected')) expect(context.rejection).toBe('Name differs from the document');
        else expect(context.rejection).toBeNull();
      },
    });
    recordCoverage('kyc', result);
    expect(result.missing).toEqual([]);
  });

  it('has exactly the statuses of the one table, and names who takes each step', () => {
    expect(Object.keys(kycMachine.root.states).sort()).toEqual([...kycStatuses].sort());
    for (const node of Object.values(kycMachine.root.states))
      for (const list of node.transitions.values()) for (const t of list) expect(partiesOf(t).length, `${node.id} ${t.eventType}`).toBe(1);
  });

  it('gives the person only submitting, staff only deciding, and nobody anything once passed', () => {
    const none = start();
    expect(allowedEvents(none, 'user')).toEqual(['SUBMIT']);
    expect(allowedEvents(none, 'staff')).toEqual([]);
    const review = run({ type: 'SUBMIT' });
    expect(allowedEvents(review, 'user')).toEqual([]);
    expect(allowedEvents(review, 'staff').sort()).toEqual(['REJECT', 'VERIFY']);
    const rejected = run({ type: 'SUBMIT' }, { type: 'REJECT', reason: 'blurred' });
    expect(allowedEvents(rejected, 'user')).toEqual(['SUBMIT']);
    const again = step(rejected, { type: 'SUBMIT' });
    expect(kycStateOf(again.value)).toBe('pending');
    expect((again.context as KycContext).rejection).toBeNull();
    const passed = step(again, { type: 'VERIFY' });
    expect(passed.status).toBe('done');
    expect(allowedEvents(passed, 'user')).toEqual([]);
    expect(allowedEvents(passed, 'staff')).toEqual([]);
  });
});
