import { authenticate, initBridge } from './bridge';
import type { PiPaymentCallbacks, PiPaymentData, PiPaymentDTO } from './piTypes';

/** Payments the host reports as incomplete when it authenticates again for a payment. */
export const incompleteFoundAtPayment: PiPaymentDTO[] = [];

/**
 * The host bridge's createPayment (user-to-app). The SDK takes the amount as a number: built from the
 * server's decimal string here, at the last moment. The host needs authenticate() in this page load
 * before a payment (after a reload the session is restored without it): when the host says so, the
 * app authenticates once and asks again.
 */
export async function createHostPayment(data: { amount: string; memo: string; metadata: Record<string, unknown> }, callbacks: PiPaymentCallbacks): Promise<void> {
  await initBridge();
  const pi = window.Pi;
  if (!pi) throw new Error('no host bridge');
  const payment: PiPaymentData = { amount: Number(data.amount), memo: data.memo, metadata: data.metadata };
  let retried = false;
  const start = () =>
    pi.createPayment(payment, {
      ...callbacks,
      onError: (error, dto) => {
        if (!retried && !dto && /authenticate/i.test(error.message)) {
          retried = true;
          authenticate((found) => incompleteFoundAtPayment.push(found))
            .then(() => start())
            .catch((failure: unknown) => callbacks.onError(failure instanceof Error ? failure : new Error(String(failure))));
          return;
        }
        callbacks.onError(error, dto);
      },
    });
  start();
}
