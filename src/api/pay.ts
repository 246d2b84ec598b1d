import type { CoinPaymentStart, PayResult, TransactionView, WalletAppBalance } from '../domain/types/commerce';
import { call } from './client';

export const createCoinPayment = (orderIds: string[]) => call<CoinPaymentStart>('POST', '/api/pay/coin/create', { body: { orderIds } });
export const approveCoinPayment = (paymentId: string) => call<PayResult>('POST', '/api/pay/coin/approve', { body: { paymentId }, changes: ['orders', 'balance'] });
export const completeCoinPayment = (paymentId: string, txid: string) => call<PayResult>('POST', '/api/pay/coin/complete', { body: { paymentId, txid }, changes: ['orders', 'balance'] });
export const cancelCoinPayment = (paymentId: string) => call<PayResult>('POST', '/api/pay/coin/cancel', { body: { paymentId }, quiet: true, changes: ['orders', 'balance'] });
export const settleIncompletePayment = (paymentId: string) => call<PayResult>('POST', '/api/pay/coin/incomplete', { body: { paymentId }, quiet: true, changes: ['orders', 'balance'] });
export const payFromBalance = (orderIds: string[]) => call<PayResult>('POST', '/api/pay/balance', { body: { orderIds }, changes: ['orders', 'balance'] });
export const payFromWallet = (orderIds: string[], password: string) => call<PayResult>('POST', '/api/pay/wallet', { body: { orderIds, password }, changes: ['orders', 'balance'] });
export const walletAppBalance = () => call<WalletAppBalance>('GET', '/api/wallet/wallet/getUserBalance');
export const payments = (page = 1) => call<unknown[]>('GET', '/api/commodity/pay/trans', { query: { page } });
export const balanceMovements = (page = 1) => call<TransactionView[]>('POST', '/api/pay/trans/list', { body: { page } });
