import { ResponseCode } from '../domain/codes';
import type { BoardName, LeaderboardPeriod } from '../domain/points';
import type { AdRewardAnswer, AmbassadorInvitee, AmbassadorSummary, CheckInSummary, LeaderboardPage, SignAnswer, SignCalendar, SignCheck } from '../domain/types/points';
import { ApiFailure, call } from './client';

/** Check-in, rewarded video and the ambassador programme (SPEC 7 Check-in). */
export const signCheck = () => call<SignCheck>('POST', '/api/adv/sign/check', { body: {} });

/** Code 0 is the reward; code 14 ("Already signed in today") is an answer, not a failure. */
export async function sign(): Promise<{ outcome: 'signed'; answer: SignAnswer } | { outcome: 'alreadySigned' }> {
  try {
    return { outcome: 'signed', answer: await call<SignAnswer>('POST', '/api/adv/sign', { body: {}, quiet: true }) };
  } catch (error) {
    if (error instanceof ApiFailure && error.code === ResponseCode.alreadySigned) return { outcome: 'alreadySigned' };
    throw error;
  }
}

export const signList = (month?: string) => call<SignCalendar>('POST', '/api/adv/sign/list', { body: month ? { month } : {} });
export const checkInSummary = () => call<CheckInSummary>('GET', '/api/adv/summary');
/** Before the host shows a rewarded ad: the ad that follows belongs to this session, and so to this person (issue 25). */
export const startAdSession = () => call<{ session: string; expiresAt: string }>('POST', '/api/adv/ad/start', { body: {}, quiet: true });
export const claimAdReward = (adId: string, seconds: number, session: string) => call<AdRewardAnswer>('POST', '/api/adv/ad/reward', { body: { adId, seconds, session }, quiet: true });
export const ambassadorSummary = () => call<AmbassadorSummary>('GET', '/api/ambassador/summary');
export const invitees = (page: number) => call<{ list: AmbassadorInvitee[]; hasMore: boolean }>('GET', '/api/ambassador/invitees', { query: { page } });
export const bindInviter = (inviteCode: string) => call<{ invitedBy: string }>('POST', '/api/ambassador/inviter', { body: { inviteCode } });
export const leaderboard = (board: BoardName, period: LeaderboardPeriod, page: number) =>
  call<LeaderboardPage>('GET', '/api/ambassador/leaderboard', { query: { board, period, page } });
