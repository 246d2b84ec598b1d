import type { ReviewKycInput, SubmitKycInput } from '../domain/schemas/kyc';
import type { KycQueueItem, KycView } from '../domain/types/kyc';
import type { PayoutDesk } from '../domain/types/withdrawal';
import { call } from './client';

/** KYC kept by the product and the console's payout desk (issue 27). */
export const myKyc = () => call<KycView>('GET', '/api/kyc/mine');
export const submitKyc = (input: SubmitKycInput) => call<KycView>('POST', '/api/kyc/submit', { body: input });
export const kycQueue = () => call<{ list: KycQueueItem[] }>('GET', '/api/platform/kyc/list');
export const reviewKyc = (input: ReviewKycInput) => call<KycView>('POST', '/api/platform/kyc/review', { body: input });
export const payoutDesk = () => call<PayoutDesk>('GET', '/api/platform/withdrawal/payouts');
