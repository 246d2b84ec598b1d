import type { CoinPaymentStart, PayResult, TransactionView, WalletAppBalance } from '../domain/types/commerce';
import { call } from './client';

export const createCoinPayment = (orderIds: string[]) => call<CoinPaymentStart>('POST', '/api/pay/coin/create', { body: { orderIds } });
export const approveCoinPayment = (paymentId: string) => call<PayResult>('POST', '/api/pay/coin/approve', { body: { paymentId } });
export const completeCoinPayment = (paymentId: string, txid: string) => call<PayResult>('POST', '/api/pay/coin/complete', { body: { paymentId, txid } });
export const cancelCoinPayment = (paymentId: string) => call<PayResult>('POST', '/api/pay/coin/cancel', { body: { paymentId }, quiet: true });
export const settleIncompletePayment = (paymentId: string) => call<PayResult>('POST', '/api/pay/coin/incomplete', { body: { paymentId }, quiet: true });
/** `amount`: what the review sheet showed; the server refuses another one (reviewChanged). */
export const payFromBalance = (orderIds: string[], amount: string) => call<PayResult>('POST', '/api/pay/balance', { body: { orderIds, amount } });
export const payFromWallet = (orderIds: string[], password: string, amount: string) => call<PayResult>('POST', '/api/pay/wallet', { body: { orderIds, password, amount }, quietFields: ['password'] });
export const walletAppBalance = () => call<WalletAppBalance>('GET', '/api/wallet/wallet/getUserBalance');
export const payments = (page = 1) => call<unknown[]>('GET', '/api/commodity/pay/trans', { query: { page } });
export const balanceMovements = (page = 1) => call<TransactionView[]>('POST', '/api/pay/trans/list', { body: { page } });
