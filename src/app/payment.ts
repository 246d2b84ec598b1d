import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import { paymentMachine, type CheckoutRequest, type PaymentEvent } from '../../machines/payment.machine';
import { submitOrder } from '../api/orders';
import { approveCoinPayment, cancelCoinPayment, completeCoinPayment, createCoinPayment, payFromBalance, payFromWallet, settleIncompletePayment } from '../api/pay';
import { createHostPayment, incompleteFoundAtPayment } from '../bridge/payments';
import type { CoinPaymentStart } from '../domain/types/commerce';
import { incompletePayments } from './gate';

/** The payment chart with its real actors: the signed client and the host bridge's createPayment. */
export const livePayment = paymentMachine.provide({
  actors: {
    submitOrder: fromPromise(async ({ input }: { input: { request: CheckoutRequest } }) => submitOrder(input.request)),
    createCoinPayment: fromPromise(async ({ input }: { input: { orderIds: string[] } }) => createCoinPayment(input.orderIds)),
    approveCoinPayment: fromPromise(async ({ input }: { input: { paymentId: string } }) => approveCoinPayment(input.paymentId)),
    completeCoinPayment: fromPromise(async ({ input }: { input: { paymentId: string; txid: string } }) => completeCoinPayment(input.paymentId, input.txid)),
    cancelCoinPayment: fromPromise(async ({ input }: { input: { paymentId: string } }) => cancelCoinPayment(input.paymentId)),
    payFromBalance: fromPromise(async ({ input }: { input: { orderIds: string[]; amount: string } }) => payFromBalance(input.orderIds, input.amount)),
    payFromWallet: fromPromise(async ({ input }: { input: { orderIds: string[]; password: string; amount: string } }) => payFromWallet(input.orderIds, input.password, input.amount)),
    settleIncomplete: fromPromise(async ({ input }: { input: { paymentId: string } }) => settleIncompletePayment(input.paymentId)),
    hostPayment: fromCallback<EventObject, { coin: CoinPaymentStart | null }>(({ sendBack, input }) => {
      const coin = input.coin;
      if (!coin) {
        sendBack({ type: 'HOST_ERROR', message: 'no payment' } satisfies PaymentEvent);
        return;
      }
      let live = true;
      const send = (event: PaymentEvent) => {
        if (live) sendBack(event);
      };
      createHostPayment(coin, {
        onReadyForServerApproval: (paymentId) => send({ type: 'APPROVAL_READY', paymentId }),
        onReadyForServerCompletion: (paymentId, txid) => send({ type: 'COMPLETION_READY', paymentId, txid }),
        onCancel: (paymentId) => send({ type: 'HOST_CANCELLED', paymentId }),
        onError: (error) => send({ type: 'HOST_ERROR', message: error.message }),
      }).catch((error: unknown) => send({ type: 'HOST_ERROR', message: error instanceof Error ? error.message : 'host' }));
      return () => {
        live = false;
      };
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
