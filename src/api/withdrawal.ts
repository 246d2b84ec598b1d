import type { StartWithdrawalInput, ReviewWithdrawalInput } from '../domain/schemas/withdrawal';
import type { MergeAnswer, StartWithdrawalAnswer, WalletBalanceAnswer, WithdrawableAnswer, WithdrawalList, WithdrawalReviewItem, WithdrawalView } from '../domain/types/withdrawal';
import { call } from './client';

/** Withdrawal to a wallet address and merging with the wallet app (issue 13). */
export const isUserWithdrawable = () => call<WithdrawableAnswer>('GET', '/api/commodity/userPermission/isUserWithdrawable');
export const sendWithdrawCode = () => call<{ sent: boolean }>('POST', '/api/wallet/withdraw/sendCode', { body: {} });
export const reauthenticate = (accessToken: string) => call<{ reauthenticatedAt: string }>('POST', '/api/wallet/withdraw/reauthenticate', { body: { accessToken } });
/** Form-encoded, as SPEC 7 says. */
export const startWithdrawal = (input: StartWithdrawalInput) => call<StartWithdrawalAnswer>('POST', '/api/wallet/wallet/pcm/startWithdrawalPcm', { form: { ...input } });
export const withdrawalRecords = (page = 1, size = 20) => call<WithdrawalList>('GET', `/api/wallet/wallet/pcm/getPcmWithdrawList?page=${page}&size=${size}`);
export const withdrawalDetail = (id: string) => call<WithdrawalView>('GET', `/api/wallet/wallet/pcm/getPcmWithdrawDetailByOrder?orderId=${encodeURIComponent(id)}`);
export const walletBalance = () => call<WalletBalanceAnswer>('GET', '/api/wallet/wallet/getUserBalance');
export const mergeWalletApp = (username: string, password: string) => call<MergeAnswer>('POST', '/api/wallet/merge', { body: { username, password } });
export const withdrawalReviewQueue = () => call<{ list: WithdrawalReviewItem[] }>('GET', '/api/platform/withdrawal/list');
export const reviewWithdrawal = (input: ReviewWithdrawalInput) => call<{ id: string; stage: string }>('POST', '/api/platform/withdrawal/review', { body: input });
