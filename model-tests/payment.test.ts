import { describe, expect, it } from 'vitest';
import { paymentMachine, type PaymentContext } from '../machines/payment.machine';
import { recordCoverage, walk } from './support/walk';

const coin = { paymentRef: '7', amount: '12.5', memo: 'Coin Mall CM1', metadata: { paymentRef: '7', orderIds: ['1', '2'] } };
const checkout = { checkoutId: '3', total: '12.5', orders: [{ id: '1' }, { id: '2' }] };
const paid = { paymentRef: '7', status: 'completed', orderIds: ['1', '2'] };

describe('payment chart, walked as a model', () => {
  it('walks every transition: submit, the coin with retried callbacks, cancel, error, balance, wallet password, incomplete payments', async () => {
    const request = (paymentMethod: 'coin' | 'balance' | 'wallet') => ({ idempotencyKey: 'k-12345678', items: [{ productId: '1', skuId: '1', quantity: 1 }], addressId: '1', paymentMethod });
    const result = await walk({
      machine: paymentMachine,
      inputs: [undefined],
      events: [
        { type: 'SUBMIT', request: request('coin') },
        { type: 'SUBMIT', request: request('balance') },
        { type: 'SUBMIT', request: request('wallet') },
        // Issue 33: the review closed, the next Place order is for other goods (another address): a new order.
        { type: 'SUBMIT', request: { ...request('balance'), addressId: '2' } },
        { type: 'PAY', method: 'coin', orderIds: ['1', '2'] },
        { type: 'APPROVAL_READY', paymentId: 'p1' },
        { type: 'COMPLETION_READY', paymentId: 'p1', txid: 't1' },
        { type: 'HOST_CANCELLED', paymentId: 'p1' },
        { type: 'HOST_ERROR', message: 'wallet closed' },
        { type: 'CONFIRM', amount: '12.5' },
        { type: 'PASSWORD', password: '123456', amount: '12.5' },
        { type: 'CLOSE_SHEET' },
        { type: 'SETTLE', paymentId: 'p0' },
        { type: 'RESET' },
        { type: 'xstate.done.actor.submitOrder', output: checkout },
        { type: 'xstate.error.actor.submitOrder', error: new Error('refused') },
        { type: 'xstate.done.actor.createCoinPayment', output: coin },
        { type: 'xstate.error.actor.createCoinPayment', error: new Error('refused') },
        { type: 'xstate.done.actor.approveCoinPayment', output: { ...paid, status: 'approved' } },
        { type: 'xstate.error.actor.approveCoinPayment', error: new Error('amount differs') },
        { type: 'xstate.done.actor.completeCoinPayment', output: paid },
        { type: 'xstate.error.actor.completeCoinPayment', error: new Error('txid differs') },
        { type: 'xstate.done.actor.cancelCoinPayment', output: { ...paid, status: 'cancelled' } },
        { type: 'xstate.error.actor.cancelCoinPayment', error: new Error('offline') },
        { type: 'xstate.done.actor.payFromBalance', output: paid },
        { type: 'xstate.error.actor.payFromBalance', error: new Error('Insufficient balance') },
        { type: 'xstate.done.actor.payFromWallet', output: paid },
        { type: 'xstate.error.actor.payFromWallet', error: new Error('Verification failed') },
        { type: 'xstate.done.actor.settleIncomplete', output: paid },
        { type: 'xstate.error.actor.settleIncomplete', error: new Error('offline') },
      ],
      project: (snap) => ({ value: snap.value, method: (snap.context as PaymentContext).method, failure: (snap.context as PaymentContext).failure !== null, placed: (snap.context as PaymentContext).request?.addressId ?? null, orders: (snap.context as PaymentContext).orderIds.length > 0 }),
      check: ({ actual }) => {
        const ctx = actual.context as PaymentContext;
        if (actual.matches('failed')) expect(ctx.failure).not.toBeNull();
        if (actual.matches({ coin: 'host' })) expect(ctx.coin).toEqual(coin);
        // Money leaves the balance or the wallet app only with the amount the person reviewed.
        if (actual.matches({ balance: 'paying' }) || actual.matches({ wallet: 'paying' })) expect(ctx.amount).toBe('12.5');
        // Closing a review keeps the orders it would have paid, and the checkout that placed them.
        if (actual.matches('unpaid')) expect(ctx.orderIds.length).toBeGreaterThan(0);
      },
    });
    recordCoverage('payment', result);
    expect(result.missing).toEqual([]);
  });
});
