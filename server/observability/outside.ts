import { log } from './log';
import { outsideFailures } from './metrics';

/**
 * Calls that leave the process (issue 34): the Pi platform, Horizon, the S3 store, SMTP. Each failed call is
 * one JSON log line and one sample of `coin_mall_outside_failures_total{target, kind}`, written where the call
 * is made (server/platform/client.ts, server/platform/chain.ts, server/media/store.ts, server/services/mail.ts), so a wrong PI_API_KEY
 * or minutes of payout retries against a hung Horizon show in the logs and the metrics, however the caller
 * then treats the failure. Labels are bounded: a target from the list below and a kind from `OutsideFailureKind`.
 *
 * How long a call that leaves the process may take, in milliseconds: a hung platform, Horizon,
 * store or mail server delays nothing a person waits on longer than this. Connect: the TCP (and TLS) connection; request: the
 * whole call, answer included (S3: a silence of that long on an open connection).
 */
export interface OutsideTimeouts {
  /** OUTSIDE_CONNECT_TIMEOUT_MS, 5000. */
  connectMs: number;
  /** PI_PLATFORM_TIMEOUT_MS, 15000. */
  platformMs: number;
  /** HORIZON_TIMEOUT_MS, 15000 (each request; a payout step makes a few). */
  horizonMs: number;
  /** MEDIA_S3_TIMEOUT_MS, 10000. */
  s3Ms: number;
  /** SMTP_TIMEOUT_MS, 10000: the greeting, each answer of the dialogue, and the whole message. */
  smtpMs: number;
}

export const defaultOutsideTimeouts: OutsideTimeouts = { connectMs: 5000, platformMs: 15_000, horizonMs: 15_000, s3Ms: 10_000, smtpMs: 10_000 };

export type OutsideTarget = 'platform' | 'horizon' | 's3' | 'smtp';

export type OutsideFailureKind =
  /** No answer within the configured time (connect or request). */
  | 'timeout'
  /** The connection was refused, reset or closed before an answer. */
  | 'unreachable'
  /** An answer with status 401/403: a wrong key or credentials. */
  | 'unauthorized'
  /** Any other 4xx the caller did not expect as an answer. */
  | 'http_4xx'
  | 'http_5xx'
  /** An answer that could not be read (not JSON, cut short). */
  | 'bad_answer';

export function kindOfStatus(status: number): OutsideFailureKind {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 408 || status === 504) return 'timeout';
  if (status >= 500) return 'http_5xx';
  if (status >= 400) return 'http_4xx';
  return 'bad_answer';
}

/** The kind of a thrown network error (fetch, the AWS SDK, axios): a time-out, or a connection that failed. */
export function kindOfError(error: unknown): OutsideFailureKind {
  const seen = new Set<unknown>();
  const texts: string[] = [];
  let e: unknown = error;
  while (typeof e === 'object' && e !== null && !seen.has(e)) {
    seen.add(e);
    const { name, code, message } = e as { name?: unknown; code?: unknown; message?: unknown };
    texts.push(`${String(name ?? '')} ${String(code ?? '')} ${String(message ?? '')}`);
    e = (e as { cause?: unknown }).cause;
  }
  const text = texts.join(' | ');
  // A connection that failed says so by its code; a time-out may be named in more general words.
  if (/ECONNRESET|ECONNREFUSED|EPIPE|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|UND_ERR_SOCKET|socket hang up|other side closed/i.test(text)) return 'unreachable';
  if (/TimeoutError|AbortError|ETIMEDOUT|ECONNABORTED|UND_ERR_CONNECT_TIMEOUT|UND_ERR_HEADERS_TIMEOUT|UND_ERR_BODY_TIMEOUT|timed? ?out|timeout/i.test(text)) return 'timeout';
  if (/fetch failed|network/i.test(text)) return 'unreachable';
  return 'bad_answer';
}

/**
 * Records one failed outside call. `call` names the operation (a fixed word per call site, e.g. 'getPayment');
 * `detail` is a short text for people (a status, an error message), never a body, a key or a seed.
 */
export function outsideFailed(target: OutsideTarget, call: string, kind: OutsideFailureKind, fields: { ms: number; detail?: string; status?: number }): void {
  outsideFailures.inc({ target, kind });
  log.warn({ outside: target, call, kind, ms: Math.round(fields.ms), ...(fields.status === undefined ? {} : { status: fields.status }), ...(fields.detail ? { detail: fields.detail.slice(0, 200) } : {}) }, `${target} call failed`);
}

/** A deadline over a whole outside operation: the promise, or a rejection with a `TimeoutError` after `ms`. */
export function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`${what}: no answer within ${ms} ms`);
      error.name = 'TimeoutError';
      reject(error);
    }, ms);
    timer.unref();
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
