import { describe, expect, it } from 'vitest';
import { emptyOrderContext } from '../../machines/order.machine';
import { cancelIssue, cancelStepOf, isReasonKey, reasonText, refundFormIssue, type ReasonDraft } from './buyerReasons';

const t = (key: string) => `<${key}>`;
const at = (value: unknown, status: string) => ({ chart: { value, context: emptyOrderContext }, viewer: 'buyer' as const, status });
const draft = (over: Partial<ReasonDraft> = {}): ReasonDraft => ({ reason: 'changedMind', note: '', email: 'me@example.com', ...over });

describe('cancel before shipping, asked of the order chart', () => {
  it('cancels a paid order the seller has not confirmed', () => {
    expect(cancelStepOf(at('paid', 'paid'))).toBe('CANCEL');
  });
  it('asks a refund once the seller confirmed and before shipping', () => {
    expect(cancelStepOf(at('notShipped', 'notShipped'))).toBe('REQUEST_REFUND');
  });
  it('offers nothing for an unpaid order (cancelled from its detail), a sent one (refund reason screen) or a closed one', () => {
    expect(cancelStepOf(at('unpaid', 'unpaid'))).toBeNull();
    expect(cancelStepOf(at('sent', 'sent'))).toBeNull();
    expect(cancelStepOf(at('canceled', 'canceled'))).toBeNull();
    expect(cancelStepOf(at({ refundRejected: 'beforeShipping' }, 'refundRejected'))).toBeNull();
  });
  it('offers nothing to the seller', () => {
    expect(cancelStepOf({ ...at('notShipped', 'notShipped'), viewer: 'seller' })).toBeNull();
  });
});

describe('the forms check what SPEC 5 asks', () => {
  it('needs a reason to cancel, and a reason and a well-formed e-mail to ask a refund', () => {
    expect(cancelIssue('CANCEL', draft({ reason: null }), t)).toBe('orders.rules.reasonRequired');
    expect(cancelIssue('CANCEL', draft({ email: '' }), t)).toBeNull();
    expect(cancelIssue('REQUEST_REFUND', draft({ reason: null }), t)).toBe('orders.rules.reasonRequired');
    expect(cancelIssue('REQUEST_REFUND', draft({ email: 'nope' }), t)).toBe('messages.incorrectEmail');
    expect(cancelIssue('REQUEST_REFUND', draft(), t)).toBeNull();
    expect(refundFormIssue(draft({ reason: 'damaged', email: ' ' }), t)).toBe('messages.incorrectEmail');
    expect(refundFormIssue(draft({ reason: 'damaged' }), t)).toBeNull();
  });
});

describe('the reason the seller reads', () => {
  it('is the chosen reason, then the buyer’s own words', () => {
    expect(reasonText(t, { reason: 'tooSlow', note: '' })).toBe('<buyerOrders.reasons.tooSlow>');
    expect(reasonText(t, { reason: 'other', note: '  gift no longer needed ' })).toBe('<buyerOrders.reasons.other>: gift no longer needed');
    expect(reasonText(t, { reason: null, note: 'x' })).toBe('');
  });
  it('takes only known reasons from a query', () => {
    expect(isReasonKey('damaged')).toBe(true);
    expect(isReasonKey('<script>')).toBe(false);
    expect(isReasonKey(null)).toBe(false);
  });
});
