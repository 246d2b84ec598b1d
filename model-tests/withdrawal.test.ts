import { describe, expect, it } from 'vitest';
import { createActor, initialTransition, SimulatedClock, transition, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { withdrawalMachine, withdrawalStateOf, withdrawalWindows, type WithdrawalContext, type WithdrawalEvent } from '../machines/withdrawal.machine';
import { allowedEvents, partiesOf } from '../machines/parties';
import { withdrawalStates, withdrawalStatusOf } from '../src/domain/withdrawal';
import { allTransitions, recordCoverage, walk } from './support/walk';

const personEvents: WithdrawalEvent[] = [
  { type: 'SUBMIT' },
  { type: 'APPROVE' },
  { type: 'REJECT', reason: 'KYC name differs' },
  { type: 'PAYOUT_CREATED', paymentId: 'pay-1' },
  { type: 'PAYOUT_CREATED', paymentId: 'pay-2' },
  { type: 'PAYOUT_SIGNED', hash: 'tx-1' },
  { type: 'PAYOUT_WAITING', reason: 'appBalanceLow' },
  { type: 'PAYOUT_WAITING', reason: 'walletAuthRequired' },
  { type: 'REAUTHENTICATED' },
  { type: 'PAYOUT_SUBMITTED', txid: 'tx-1' },
  { type: 'CONFIRMED' },
  { type: 'PAYOUT_FAILED', reason: 'insufficient_balance' },
];

function timerEvents(): AnyEventObject[] {
  const types = allTransitions(withdrawalMachine)
    .map((key) => /--(xstate\.after\.[^#]+)#/.exec(key)?.[1])
    .filter((t): t is string => !!t);
  return [...new Set(types)].map((type) => ({ type }));
}

const start = () => initialTransition(withdrawalMachine)[0] as AnyMachineSnapshot;
const step = (s: AnyMachineSnapshot, e: AnyEventObject) => transition(withdrawalMachine, s as never, e as never)[0] as AnyMachineSnapshot;
const run = (...events: WithdrawalEvent[]) => events.reduce<AnyMachineSnapshot>((s, e) => step(s, e), start());

describe('withdrawal chart, walked as a model', () => {
  it('walks every transition: review, payout, confirmation, failure and both timers', async () => {
    const timers = timerEvents();
    expect(timers.map((t) => t.type).sort()).toEqual(['xstate.after.confirmationPoll.withdrawal.awaitingConfirmation', 'xstate.after.payoutRetry.withdrawal.payingOut']);
    const result = await walk({
      machine: withdrawalMachine,
      inputs: [undefined],
      events: [...personEvents, ...timers],
      check: ({ actual }) => {
        // Every state has one of SPEC's three statuses.
        expect(withdrawalStatusOf(withdrawalStateOf(actual.value))).not.toBeNull();
        const context = actual.context as WithdrawalContext;
        if (actual.matches('awaitingConfirmation') || actual.matches('success')) expect(context.txid).toBe('tx-1');
      },
    });
    recordCoverage('withdrawal', result);
    expect(result.missing).toEqual([]);
  });

  it('names who may take every transition; only timers are the system’s', () => {
    for (const node of Object.values(withdrawalMachine.root.states))
      for (const list of node.transitions.values())
        for (const t of list) {
          const by = partiesOf(t);
          expect(by.length, `${node.id} ${t.eventType}`).toBeGreaterThan(0);
          expect(by.includes('system')).toBe(t.eventType.startsWith('xstate.after.'));
        }
  });

  it('maps every state onto SPEC’s statuses (success, failure, to be confirmed), one table', () => {
    expect([...withdrawalStates].sort()).toEqual(Object.keys(withdrawalMachine.root.states).sort());
    expect(withdrawalStatusOf('success')).toBe('success');
    expect(withdrawalStatusOf('failure')).toBe('failure');
    expect(withdrawalStatusOf('awaitingConfirmation')).toBe('toBeConfirmed');
  });

  it('keeps the first payout id only: a second payout can never be recorded', () => {
    const created = run({ type: 'SUBMIT' }, { type: 'APPROVE' }, { type: 'PAYOUT_CREATED', paymentId: 'pay-1' });
    expect((created.context as WithdrawalContext).paymentId).toBe('pay-1');
    expect(created.can({ type: 'PAYOUT_CREATED', paymentId: 'pay-2' })).toBe(false);
    // Re-entering on the retry timer keeps the id.
    const retried = step(created, { type: 'xstate.after.payoutRetry.withdrawal.payingOut' });
    expect((retried.context as WithdrawalContext).paymentId).toBe('pay-1');
  });

  it('gives each party only its own steps', () => {
    const review = run({ type: 'SUBMIT' });
    expect(allowedEvents(review, 'staff').sort()).toEqual(['APPROVE', 'REJECT']);
    expect(allowedEvents(review, 'user')).toEqual([]);
    expect(allowedEvents(review, 'server')).toEqual([]);
    const paying = step(review, { type: 'APPROVE' });
    expect(allowedEvents(paying, 'staff')).toEqual([]);
    expect(allowedEvents(paying, 'server').sort()).toEqual(['PAYOUT_CREATED', 'PAYOUT_FAILED', 'PAYOUT_SUBMITTED', 'PAYOUT_WAITING']);
    // No envelope before a payment id (its memo); the person steps in only when the payout waits for them.
    expect(paying.can({ type: 'PAYOUT_SIGNED', hash: 'h' })).toBe(false);
    expect(allowedEvents(paying, 'user')).toEqual([]);
    const waitsForAuth = step(paying, { type: 'PAYOUT_WAITING', reason: 'walletAuthRequired' });
    expect((waitsForAuth.context as WithdrawalContext).waiting).toBe('walletAuthRequired');
    expect(waitsForAuth.can({ type: 'PAYOUT_WAITING', reason: 'walletAuthRequired' })).toBe(false);
    expect(allowedEvents(waitsForAuth, 'user')).toEqual(['REAUTHENTICATED']);
    const back = step(waitsForAuth, { type: 'REAUTHENTICATED' });
    expect((back.context as WithdrawalContext).waiting).toBeNull();
    const created = step(back, { type: 'PAYOUT_CREATED', paymentId: 'p' });
    expect(allowedEvents(created, 'server').sort()).toEqual(['PAYOUT_FAILED', 'PAYOUT_SIGNED', 'PAYOUT_SUBMITTED', 'PAYOUT_WAITING']);
    const low = step(step(created, { type: 'PAYOUT_SIGNED', hash: 'h' }), { type: 'PAYOUT_WAITING', reason: 'appBalanceLow' });
    expect((low.context as WithdrawalContext)).toMatchObject({ signed: 'h', waiting: 'appBalanceLow' });
    // A wait is never a failure: the next step of the payout clears it.
    expect((step(low, { type: 'PAYOUT_SUBMITTED', txid: 'h' }).context as WithdrawalContext).waiting).toBeNull();
    const done = run({ type: 'SUBMIT' }, { type: 'APPROVE' }, { type: 'PAYOUT_CREATED', paymentId: 'p' }, { type: 'PAYOUT_SUBMITTED', txid: 't' }, { type: 'CONFIRMED' });
    expect(done.status).toBe('done');
    expect(allowedEvents(done, 'server')).toEqual([]);
  });

  it('keeps polling while a state lasts, and no timer of a state left behind acts later', () => {
    const clock = new SimulatedClock();
    const actor = createActor(withdrawalMachine, { clock }).start();
    for (const e of [{ type: 'SUBMIT' }, { type: 'APPROVE' }, { type: 'PAYOUT_CREATED', paymentId: 'p' }] as WithdrawalEvent[]) actor.send(e);
    // Re-entered on each retry: still paying out, the id kept.
    clock.increment(withdrawalWindows.payoutRetry * 3 + 1);
    expect(actor.getSnapshot().value).toBe('payingOut');
    expect(actor.getSnapshot().context.paymentId).toBe('p');
    actor.send({ type: 'PAYOUT_SUBMITTED', txid: 't' });
    clock.increment(withdrawalWindows.confirmationPoll * 5 + 1);
    expect(actor.getSnapshot().value).toBe('awaitingConfirmation');
    actor.send({ type: 'CONFIRMED' });
    clock.increment(withdrawalWindows.payoutRetry * 10);
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().status).toBe('done');
    actor.stop();
  });
});
