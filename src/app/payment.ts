import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { createActor } from 'xstate';
import { paymentMachine, type CheckoutRequest, type PaymentEvent } from '../../machines/payment.machine';
import { submitOrder } from '../api/orders';
import { approveCoinPayment, cancelCoinPayment, completeCoinPayment, createCoinPayment, payFromBalance, payFromWallet, settleIncompletePayment } from '../api/pay';
import { createHostPayment, incompleteFoundAtPayment } from '../bridge/payments';
import type { CoinPaymentStart } from '../domain/types/commerce';
import { incompletePayments } from './gate';
import { fromOnceCallback, fromRequest } from './onceActors';

/** The payment chart with its real actors: the signed client and the host bridge's createPayment. */
export const livePayment = paymentMachine.provide({
  actors: {
    submitOrder: fromRequest(async (input: { request: CheckoutRequest }) => submitOrder(input.request)),
    createCoinPayment: fromRequest(async (input: { orderIds: string[] }) => createCoinPayment(input.orderIds)),
    approveCoinPayment: fromRequest(async (input: { paymentId: string }) => approveCoinPayment(input.paymentId)),
    completeCoinPayment: fromRequest(async (input: { paymentId: string; txid: string }) => completeCoinPayment(input.paymentId, input.txid)),
    cancelCoinPayment: fromRequest(async (input: { paymentId: string }) => cancelCoinPayment(input.paymentId)),
    payFromBalance: fromRequest(async (input: { orderIds: string[]; amount: string }) => payFromBalance(input.orderIds, input.amount)),
    payFromWallet: fromRequest(async (input: { orderIds: string[]; password: string; amount: string }) => payFromWallet(input.orderIds, input.password, input.amount)),
    settleIncomplete: fromRequest(async (input: { paymentId: string }) => settleIncompletePayment(input.paymentId)),
    hostPayment: fromOnceCallback<PaymentEvent, { coin: CoinPaymentStart | null }>((send, input) => {
      const coin = input.coin;
      if (!coin) {
        send({ type: 'HOST_ERROR', message: 'no payment' });
        return;
      }
      createHostPayment(coin, {
        onReadyForServerApproval: (paymentId) => send({ type: 'APPROVAL_READY', paymentId }),
        onReadyForServerCompletion: (paymentId, txid) => send({ type: 'COMPLETION_READY', paymentId, txid }),
        onCancel: (paymentId) => send({ type: 'HOST_CANCELLED', paymentId }),
        onError: (error) => send({ type: 'HOST_ERROR', message: error.message }),
      }).catch((error: unknown) => send({ type: 'HOST_ERROR', message: error instanceof Error ? error.message : 'host' }));
    }),
  },
});

/** A payment actor for a screen; first settles any incomplete payment the host reported at login. */
export function usePaymentActor() {
  const actor = useActorRef(livePayment);
  useEffect(() => {
    void settleIncompletePayments();
  }, [actor]);
  return actor;
}

/**
 * Settles, through the payment chart, every incomplete payment the host reported (at login or when
 * authenticating for a payment): the server verifies each with the platform, then completes or cancels
 * it. For the shell to call when the gate emits `loggedIn`; payment screens also call it on mount.
 */
export async function settleIncompletePayments(): Promise<void> {
  const pending = [...incompletePayments.splice(0, incompletePayments.length), ...incompleteFoundAtPayment.splice(0, incompleteFoundAtPayment.length)];
  for (const payment of pending) {
    if (payment.direction !== 'user_to_app') continue;
    const actor = createActor(livePayment);
    actor.start();
    await new Promise<void>((resolve) => {
      const sub = actor.subscribe((s) => {
        if (s.matches('idle') && s.context.paymentId === null) {
          sub.unsubscribe();
          resolve();
        }
      });
      actor.send({ type: 'SETTLE', paymentId: payment.identifier });
    });
    actor.stop();
  }
}
