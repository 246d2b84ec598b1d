import type { AdAckStatus, BoardName, LeaderboardPeriod, Medal } from '../points';

/** Answers of the check-in and ambassador API (SPEC 7 Check-in); points are decimal strings. */
export interface SignAnswer {
  day: string;
  reward: string;
  points: string;
  streak: number;
}

export interface SignCheck {
  day: string;
  signed: boolean;
}

export interface SignCalendar {
  month: string;
  today: string;
  days: { day: string; signed: boolean; reward: string | null }[];
}

export interface CheckInSummary {
  today: string;
  timeZone: string;
  signedToday: boolean;
  streak: number;
  totalDays: number;
  points: string;
  /** What the next check-in pays. */
  nextReward: string;
  adsToday: number;
  adsPerDay: number;
  /** Seconds of rewarded video watched (confirmed ads), today and in all. */
  adSecondsToday: number;
  adSecondsTotal: number;
}

export interface AdRewardAnswer {
  adId: string;
  status: AdAckStatus;
  rewarded: boolean;
  reward: string;
  points: string;
}

export interface AmbassadorInvitee {
  nickname: string;
  joinedAt: string;
  /** Whether the invitee's first order passed its after-sale window unrefunded (the reward was paid). */
  qualified: boolean;
}

export interface AmbassadorSummary {
  inviteCode: string;
  invitedBy: string | null;
  invitees: number;
  qualified: number;
  level: number;
  medal: Medal;
  next: { level: number; medal: Medal; needInvitees: number; needQualified: number } | null;
  monthProfit: string;
  totalProfit: string;
  /** Rewards still held: invitees whose first order is inside its after-sale window. */
  held: number;
}

export interface LeaderboardRow {
  rank: number;
  nickname: string;
  score: string;
  me: boolean;
}

export interface LeaderboardPage {
  board: BoardName;
  period: LeaderboardPeriod;
  page: number;
  rows: LeaderboardRow[];
  hasMore: boolean;
  /** The viewer's own rank and score in this period, wherever it is; null without a score. */
  mine: { rank: number; score: string } | null;
}
