import type { AnyStateMachine } from 'xstate';
import { accountFormMachine } from './accountForm.machine';
import { cartMachine } from './cart.machine';
import { checkInMachine } from './checkIn.machine';
import { emailCodeMachine } from './emailCode.machine';
import { loginGateMachine } from './loginGate.machine';
import { orderMachine } from './order.machine';
import { afterSaleMachine } from './afterSale.machine';
import { paymentMachine } from './payment.machine';
import { resourceMachine } from './resource.machine';
import { productMachine } from './product.machine';
import { pagerMachine } from './pager.machine';
import { withdrawalMachine } from './withdrawal.machine';
import { kycMachine } from './kyc.machine';
import { workOrderMachine } from './workOrder.machine';
import { chatConnectionMachine } from './chatConnection.machine';
import { sampleLoginAnswer, sampleUserInfo } from './samples';

/**
 * The registry of every statechart. The gallery draws these, the model tests walk them, and the
 * server looks machines up here by id. A new machine appears everywhere by being listed here.
 */
export interface MachineEntry {
  id: string;
  /** Locale key of the chart's title in the gallery. */
  titleKey: string;
  machine: AnyStateMachine;
  /** The input the gallery starts the chart with. */
  sampleInput: unknown;
  /** What each invoked actor (by invoke id) answers when a person steps its "done" event in the gallery. */
  sampleOutputs?: Readonly<Record<string, unknown>>;
}

export const machineRegistry: readonly MachineEntry[] = [
  {
    id: 'loginGate',
    titleKey: 'gallery.machines.loginGate',
    machine: loginGateMachine,
    sampleInput: { stored: null, hashTicket: null },
    sampleOutputs: { authenticate: sampleLoginAnswer, exchangeTicket: sampleLoginAnswer, fetchUserInfo: sampleUserInfo, revokeSession: null },
  },
  { id: 'resource', titleKey: 'gallery.machines.resource', machine: resourceMachine, sampleInput: undefined },
  { id: 'product', titleKey: 'gallery.machines.product', machine: productMachine, sampleInput: undefined },
  { id: 'emailCode', titleKey: 'gallery.machines.emailCode', machine: emailCodeMachine, sampleInput: undefined, sampleOutputs: { sendCode: null } },
  { id: 'accountForm', titleKey: 'gallery.machines.accountForm', machine: accountFormMachine, sampleInput: {}, sampleOutputs: { submit: null } },
  { id: 'order', titleKey: 'gallery.machines.order', machine: orderMachine, sampleInput: undefined },
  {
    id: 'afterSale',
    titleKey: 'afterSale.gallery.title',
    machine: afterSaleMachine,
    sampleInput: { kind: 'returnAndRefund', amount: '12.5', description: 'Arrived cracked', evidence: ['sample'] },
    sampleOutputs: {},
  },
  {
    id: 'payment',
    titleKey: 'gallery.machines.payment',
    machine: paymentMachine,
    sampleInput: undefined,
    sampleOutputs: {
      submitOrder: { checkoutId: '1', total: '12.5', orders: [{ id: '1' }, { id: '2' }] },
      createCoinPayment: { paymentRef: '1', amount: '12.5', memo: 'Coin Mall', metadata: { paymentRef: '1', orderIds: ['1', '2'] } },
      approveCoinPayment: { paymentRef: '1', status: 'approved', orderIds: ['1', '2'] },
      completeCoinPayment: { paymentRef: '1', status: 'completed', orderIds: ['1', '2'] },
      cancelCoinPayment: { paymentRef: '1', status: 'cancelled', orderIds: ['1', '2'] },
      payFromBalance: { paymentRef: '1', status: 'completed', orderIds: ['1'] },
      payFromWallet: { paymentRef: '1', status: 'completed', orderIds: ['1'] },
      settleIncomplete: { paymentRef: '1', status: 'completed', orderIds: ['1'] },
    },
  },
  { id: 'cart', titleKey: 'gallery.machines.cart', machine: cartMachine, sampleInput: { items: [] }, sampleOutputs: { saveCart: [] } },
  { id: 'withdrawal', titleKey: 'withdrawal.chartTitle', machine: withdrawalMachine, sampleInput: undefined },
  { id: 'kyc', titleKey: 'kyc.chartTitle', machine: kycMachine, sampleInput: undefined },
  {
    id: 'checkIn',
    titleKey: 'checkIn.chartTitle',
    machine: checkInMachine,
    sampleInput: undefined,
    sampleOutputs: {
      loadToday: { day: '2026-11-23', signed: false },
      sign: { outcome: 'signed', answer: { day: '2026-11-23', reward: '1', points: '1', streak: 1 } },
      prepareAd: { ready: true, result: null },
      showAd: { result: 'AD_REWARDED', adId: 'ad1', seconds: 5 },
      claimAd: { adId: 'ad1', status: 'granted', rewarded: true, reward: '0.1', points: '1.1' },
    },
  },
  { id: 'pager', titleKey: 'gallery.machines.pager', machine: pagerMachine, sampleInput: undefined, sampleOutputs: { loadPage: { list: ['a'], next: null } } },
  { id: 'workOrder', titleKey: 'workOrder.chartTitle', machine: workOrderMachine, sampleInput: undefined },
  { id: 'chatConnection', titleKey: 'chat.chartTitle', machine: chatConnectionMachine, sampleInput: undefined, sampleOutputs: { openStream: null } },
];
