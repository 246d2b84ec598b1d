import { Durations } from './constants';

/**
 * Abuse limits (issue 25): the one table of how much a person or an address may ask of the server,
 * and the limits every request body meets before any parsing work. The README repeats it.
 */

/** Bodies: JSON and forms at most this many bytes by default (BODY_LIMIT_BYTES); nesting at most this deep. */
export const BodyLimits = {
  /** JSON and form bodies of the API (configurable with BODY_LIMIT_BYTES). */
  defaultBytes: 256 * 1024,
  /** An image upload: the 5 MB picture of SPEC 9 and its multipart envelope, counted while it streams. */
  uploadBytes: 5 * 1024 * 1024 + 64 * 1024,
  /** Arrays and objects inside one another: no request of the product nests deeper than a few levels. */
  jsonDepth: 32,
  /**
   * After refusing a body too large, the rest is read and dropped for at most this long (and `lingerBytes`,
   * and `lingerIdleMs` without a byte) before the connection closes: closing a socket with unread data
   * resets it, and a reset can reach the client before it has read the refusal (nginx's lingering close
   * does the same, 30 s and 5 s idle). 64 MB covers the 10 MB and 50 MB bodies of issue 34's probes; what
   * is dropped is never held.
   */
  lingerMs: 20_000,
  lingerIdleMs: 2_000,
  lingerBytes: 64 * 1024 * 1024,
} as const;

/** A fixed window: at most `limit` requests in each `windowMs`. */
export interface RateWindow {
  limit: number;
  windowMs: number;
}

/** What a limit counts: per client address, and (signed requests) per person. */
export interface RateRule {
  perAddress: RateWindow;
  perPerson?: RateWindow;
}

const perMinute = (limit: number): RateWindow => ({ limit, windowMs: Durations.minute });

/**
 * Every class of request and its limits. Every request counts in `unsigned` or `signed`, and a request
 * to one of the paths of `RateLimitedPaths` also in that class. Shared by all server processes (a table
 * in PostgreSQL; on PGlite's single process, memory). An exceeded limit is HTTP 429 with Retry-After.
 */
export const RateLimits = {
  /** Logging in (getToken asks the platform's /v2/me; e-mail login checks a password). */
  login: { perAddress: perMinute(30) },
  /** E-mail codes (besides the per-address and per-hour rules of the codes themselves). */
  codes: { perAddress: perMinute(10), perPerson: perMinute(5) },
  /** Wallet-app payment password (merge, pay by wallet-app balance); the password also locks (PasswordLock). */
  paymentPassword: { perAddress: perMinute(30), perPerson: perMinute(10) },
  uploads: { perAddress: perMinute(120), perPerson: perMinute(60) },
  chat: { perAddress: perMinute(240), perPerson: perMinute(60) },
  /** Reports and comments. */
  reports: { perAddress: perMinute(60), perPerson: perMinute(10) },
  workOrders: { perAddress: perMinute(30), perPerson: perMinute(5) },
  /** Every signed endpoint (generous: a busy screen makes a few calls a second). */
  signed: { perAddress: perMinute(3000), perPerson: perMinute(600) },
  /** Every unsigned endpoint: public catalogue reads, analytics, the sandbox. */
  unsigned: { perAddress: perMinute(600) },
} as const satisfies Record<string, RateRule>;

export type RateClass = keyof typeof RateLimits;

/** Paths with a class of their own (besides `signed` / `unsigned`). */
export const RateLimitedPaths: Readonly<Record<string, RateClass>> = {
  '/api/users/user/getToken': 'login',
  '/api/users/user/loginByEmail': 'login',
  '/api/users/user/register': 'login',
  '/api/users/code/send': 'codes',
  '/api/users/user/sendEmailCode': 'codes',
  '/api/wallet/withdraw/sendCode': 'codes',
  '/api/wallet/withdraw/reauthenticate': 'login',
  '/api/pay/wallet': 'paymentPassword',
  '/api/wallet/merge': 'paymentPassword',
  '/api/upload/image': 'uploads',
  '/api/chat/message/send': 'chat',
  '/api/chat/conversation/open': 'chat',
  '/api/commodity/comment/add': 'reports',
  '/api/commodity/product/report': 'reports',
  '/api/workorder/add': 'workOrders',
  '/api/workorder/reply': 'workOrders',
};

/** The wallet-app payment password: after `tries` wrong ones it locks for `lockMs`; a right one clears the count. */
export const PasswordLock = {
  tries: 5,
  lockMs: 15 * Durations.minute,
} as const;

/**
 * Live streams (Server-Sent Events) one person may hold open in one server process (issue 34): one per
 * signed-in tab plus its chat stream, so far above any real use; one more is 4029.
 */
export const LiveStreamLimits = {
  perPerson: 20,
} as const;

/** A rewarded ad belongs to the person who opened an ad session for it, for this long (issue 25). */
export const AdSessionRules = {
  lifeMs: 15 * Durations.minute,
  /** Open (unclaimed) ad sessions a person may hold; opening one more drops the oldest. */
  openPerPerson: 20,
} as const;
