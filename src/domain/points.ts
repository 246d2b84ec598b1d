import { Durations } from './constants';

/**
 * Platform points (check-in, rewarded video, ambassador rewards): their own append-only ledger, like
 * money. Amounts are BigInt units of 10^-3 points, so SPEC's 0.314 is exact; decimal strings on the wire.
 */
export type PointUnits = bigint;

export const POINT_DECIMALS = 3;
const SCALE = 10n ** BigInt(POINT_DECIMALS);

/** "0.314" into 314n. Throws on more than 3 decimals or anything not a number. */
export function parsePoints(text: string): PointUnits {
  const m = /^(\d+)(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (!m) throw new RangeError(`not an amount of points: ${text}`);
  return BigInt(m[1] ?? '0') * SCALE + BigInt((m[2] ?? '').padEnd(POINT_DECIMALS, '0'));
}

/** 314n into "0.314"; 1000n into "1". */
export function formatPoints(units: PointUnits): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const frac = (abs % SCALE).toString().padStart(POINT_DECIMALS, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${(abs / SCALE).toString()}${frac ? `.${frac}` : ''}`;
}

/** What each entry kind of the points ledger pays (SPEC 9 for check-in; the rest are this product's choice). */
export const PointRewards = {
  /** SPEC 9: one point a check-in ... */
  checkIn: 1000n,
  /** ... and 0.314 once the platform's check-ins exceed the threshold. */
  checkInAfterThreshold: 314n,
  /** A rewarded video the platform confirmed as granted. */
  rewardedAd: 100n,
  /** An ambassador, for each invitee whose first order passed its after-sale window unrefunded. */
  ambassadorInvitee: 10_000n,
} as const;

/**
 * SPEC 9 says check-ins halve "once check-ins exceed 1 million" (one Indonesian text says 100,000): the
 * product uses 1,000,000 (a server setting, CHECK_IN_HALVING_AT).
 */
export const checkInHalvingAt = 1_000_000;

/** The reward of the platform's n-th check-in (1-based). */
export function checkInReward(platformCount: bigint, threshold: bigint): PointUnits {
  return platformCount > threshold ? PointRewards.checkInAfterThreshold : PointRewards.checkIn;
}

/** Rewarded ads a person may be paid for in one of their days. */
export const rewardedAdsPerDay = 10;

/** Ledger entry kinds. */
export const PointKinds = ['checkIn', 'rewardedAd', 'ambassador'] as const;
export type PointKind = (typeof PointKinds)[number];

/** The two leaderboards and which ledger kinds each one sums. */
export const Boards = { checkIn: ['checkIn', 'rewardedAd'], ambassador: ['ambassador'] } as const satisfies Record<string, readonly PointKind[]>;
export type BoardName = keyof typeof Boards;

/** Ambassador rewards wait this long after the invitee's order was received (refunds cannot be farmed). */
export const ambassadorHolding = Durations.afterSaleWindow;

/**
 * The ambassador's level and medal (SPEC 3 "level"): from invitees whose first order passed its
 * after-sale window ("qualified") and invitees in all. Level n needs both of its figures.
 */
export const AmbassadorLevels = [
  { level: 0, medal: 'none', invitees: 0, qualified: 0 },
  { level: 1, medal: 'bronze', invitees: 1, qualified: 0 },
  { level: 2, medal: 'silver', invitees: 5, qualified: 1 },
  { level: 3, medal: 'gold', invitees: 20, qualified: 5 },
  { level: 4, medal: 'diamond', invitees: 100, qualified: 25 },
] as const;
export type Medal = (typeof AmbassadorLevels)[number]['medal'];

export function ambassadorLevel(invitees: number, qualified: number): (typeof AmbassadorLevels)[number] {
  let found: (typeof AmbassadorLevels)[number] = AmbassadorLevels[0];
  for (const row of AmbassadorLevels) if (invitees >= row.invitees && qualified >= row.qualified) found = row;
  return found;
}

/** The next level and what it still needs, or null at the top. */
export function nextAmbassadorLevel(invitees: number, qualified: number) {
  const current = ambassadorLevel(invitees, qualified);
  const next = AmbassadorLevels.find((row) => row.level === current.level + 1);
  if (!next) return null;
  return { ...next, needInvitees: Math.max(0, next.invitees - invitees), needQualified: Math.max(0, next.qualified - qualified) };
}

/** An IANA time zone the runtime knows ("Asia/Manila"); the server decides the day in it. */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const defaultTimeZone = 'UTC';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day ("YYYY-MM-DD") of an instant in a time zone. */
const lastDays = new Map<string, { minute: number; day: string }>();

export function dayIn(zone: string, at: number): string {
  // Every zone's offset today is a whole number of minutes, so a day is the same throughout a minute.
  const minute = Math.floor(at / 60_000);
  const last = lastDays.get(zone);
  if (last?.minute === minute) return last.day;
  // Making a formatter loads the zone's rules: far dearer than using one, so one is kept per zone.
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(zone, format);
  }
  const parts = format.formatToParts(new Date(at));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${get('year')}-${get('month')}-${get('day')}`;
  lastDays.set(zone, { minute, day });
  return day;
}

/** The day before a "YYYY-MM-DD" day. */
export function previousDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** The days "YYYY-MM-DD" of a month "YYYY-MM". */
export function daysOfMonth(month: string): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/** The consecutive days signed ending today, or yesterday when today is not signed yet. */
export function streakOf(signedDays: ReadonlySet<string>, today: string): number {
  let day = signedDays.has(today) ? today : previousDay(today);
  let streak = 0;
  while (signedDays.has(day)) {
    streak += 1;
    day = previousDay(day);
  }
  return streak;
}

/** Leaderboard periods (SPEC 9: day, month, total). */
export const LeaderboardPeriods = ['day', 'month', 'total'] as const;
export type LeaderboardPeriod = (typeof LeaderboardPeriods)[number];

/** The aggregate key of a period for a person's day: "d:2026-11-23", "m:2026-11", "t". */
export function periodKey(period: LeaderboardPeriod, day: string): string {
  if (period === 'day') return `d:${day}`;
  if (period === 'month') return `m:${day.slice(0, 7)}`;
  return 't';
}

export const leaderboardPageSize = 20;

/** Rewarded-ad results of the host bridge (Pi.Ads.showAd) and the platform's verdict on an ad id. */
export const AdShowResults = ['AD_REWARDED', 'AD_CLOSED', 'AD_DISPLAY_ERROR', 'AD_NETWORK_ERROR', 'AD_NOT_AVAILABLE', 'ADS_NOT_SUPPORTED', 'USER_UNAUTHENTICATED'] as const;
export type AdShowResult = (typeof AdShowResults)[number];
export const AdAckStatuses = ['granted', 'revoked', 'failed'] as const;
export type AdAckStatus = (typeof AdAckStatuses)[number] | null;
