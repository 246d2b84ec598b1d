import { ofetch } from 'ofetch';
import { isSuccess, reactionFor, type Reaction } from '../domain/codes';
import { Durations } from '../domain/constants';
import { canonicalRequest, SignedHeader } from '../domain/signing';
import type { SessionKeys } from '../domain/types/user';
import { noteRead } from '../app/freshness';

/**
 * The signed client (DESIGN: Requests). Every call carries the language header, token, timestamp,
 * access token and an HMAC-SHA256 signature over method, access token, token, timestamp and URL,
 * keyed by the session secret. Answers are {code, msg, object}; a failure is handed to the shell's
 * reaction handler (SPEC 8) and thrown as an ApiFailure for the caller's state machine.
 */
export class ApiFailure extends Error {
  constructor(
    readonly code: string | null,
    message: string,
    readonly object: unknown = null,
    readonly httpStatus = 200,
    /** What the shell does with it (SPEC 8): a frozen account's refusal carries its reason here. */
    readonly reaction?: Reaction,
  ) {
    super(message);
  }
}

interface ClientHooks {
  keys(): SessionKeys | null;
  language(): string;
  react(reaction: Reaction): void;
}

let hooks: ClientHooks = { keys: () => null, language: () => 'en', react: () => undefined };
let lastTimestamp = 0;

/** Called once by the shell at start-up. */
export function configureClient(next: ClientHooks): void {
  hooks = next;
}

/** Timestamps only go forward, so two identical calls in one millisecond never share a signature. */
function nextTimestamp(): string {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return String(lastTimestamp);
}

/**
 * HMAC-SHA256 (crypto-js, deep imports) loaded on the first signed call: a visitor's first screen makes
 * none, and the library is ~3 KB gzip of the first screen's budget. Loaded once, then kept.
 */
let hmac: Promise<(text: string, key: string) => string> | null = null;
function loadHmac(): Promise<(text: string, key: string) => string> {
  hmac ??= Promise.all([import('crypto-js/hmac-sha256'), import('crypto-js/enc-hex')]).then(
    ([{ default: hmacSHA256 }, { default: encHex }]) =>
      (text: string, key: string) =>
        hmacSHA256(text, key).toString(encHex),
    (error: unknown) => {
      hmac = null; // no connection: the next signed call loads it again
      throw error;
    },
  );
  return hmac;
}

export async function signedHeaders(method: string, url: string, keys: SessionKeys | null, language: string): Promise<Record<string, string>> {
  const headers: Record<string, string> = { [SignedHeader.language]: language };
  if (!keys) return headers;
  const sign = await loadHmac();
  const timestamp = nextTimestamp();
  const text = canonicalRequest({ method, accessToken: keys.accessToken, token: keys.token, timestamp, url });
  headers[SignedHeader.token] = keys.token;
  headers[SignedHeader.accessToken] = keys.accessToken;
  headers[SignedHeader.timestamp] = timestamp;
  headers[SignedHeader.auth] = sign(text, keys.secret);
  return headers;
}

type Query = Record<string, string | number | boolean | undefined>;

export interface CallOptions {
  query?: Query;
  body?: unknown;
  /** Form-encoded body (the start-withdrawal call). */
  form?: Record<string, string>;
  /** Do not hand failures to the shell (the caller shows them itself). */
  quiet?: boolean;
  /** A refusal of one of these fields is the caller's to show (the wallet sheet says a wrong password once); others go to the shell. */
  quietFields?: readonly string[];
}

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

interface Answer {
  code?: string;
  msg?: string;
  object?: unknown;
}

declare global {
  interface Window {
    /** A shared link's screen data, asked for by the page before the app started (server/web.ts, sharedLinkScript). */
    cmPrefetch?: { url: string; at: number; answer: Promise<Answer> };
  }
}

/**
 * The page's early answer for this call, if it asked for the same public URL moments ago: taken once,
 * and only a success (anything else, and the call asks the server itself).
 */
async function prefetched(method: string, url: string): Promise<Answer | null> {
  const early = typeof window === 'undefined' ? undefined : window.cmPrefetch;
  if (method !== 'GET' || early?.url !== url) return null;
  window.cmPrefetch = undefined;
  if (Date.now() - early.at > Durations.prefetchFresh) return null;
  const answer = await early.answer.catch(() => null);
  return answer && typeof answer.code === 'string' && isSuccess(answer.code, answer.msg ?? '') ? answer : null;
}

/**
 * Asks for a public GET now, ahead of the call that will want it, which then takes the answer (as a shared
 * link's is taken): a product tile's tap asks for the product page's detail while the page's code loads and
 * renders (issue 33, finding 12). Anything but a success, and that call asks the server itself.
 */
export function askAhead(path: string, query?: Query): void {
  const url = withQuery(path, query);
  window.cmPrefetch = { url, at: Date.now(), answer: fetch(url).then((r) => r.json() as Promise<Answer>).catch(() => ({})) };
}

export async function call<T>(method: 'GET' | 'POST', path: string, options: CallOptions = {}): Promise<T> {
  noteRead(path); // what a loading screen reads (src/app/freshness.ts)
  const url = withQuery(path, options.query);
  const early = await prefetched(method, url);
  if (early) return early.object as T;
  let status = 0;
  let answer: Answer | undefined;
  let headers: Record<string, string>;
  const keys = hooks.keys();
  try {
    headers = await signedHeaders(method, url, keys, hooks.language());
  } catch {
    // the signing code could not load (no connection): the same failure as a request that never left
    const reaction = reactionFor({ httpStatus: 0 });
    if (!options.quiet) hooks.react(reaction);
    throw new ApiFailure(null, 'network', null, 0, reaction);
  }
  let body: BodyInit | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  try {
    const res = await ofetch.raw<Answer>(url, { method, headers, body, timeout: Durations.httpTimeout, ignoreResponseError: true, retry: 0 });
    status = res.status;
    answer = res._data;
  } catch {
    status = 0;
  }
  if (answer && typeof answer.code === 'string' && status < 400 && isSuccess(answer.code, answer.msg ?? '')) {
    return answer.object as T;
  }
  const reaction = reactionFor({ httpStatus: status, code: answer?.code, msg: answer?.msg, object: answer?.object });
  // A session refused after the page already left it (logged out, frozen, another login) expels nobody:
  // the answer speaks of a session that is gone, and acting on it would send the person to /new-my again.
  const stale = reaction.kind === 'expel' && hooks.keys() !== keys;
  const field = answer?.object && typeof answer.object === 'object' && 'field' in answer.object ? String((answer.object as { field: unknown }).field) : null;
  const callerShows = field !== null && (options.quietFields ?? []).includes(field);
  if (!options.quiet && !callerShows && !stale) hooks.react(reaction);
  throw new ApiFailure(answer?.code ?? null, answer?.msg ?? 'network', answer?.object ?? null, status, reaction);
}

/** A signed GET answered with a file (the gallery's CSV export): its text, or an ApiFailure, never handed to the shell. */
export async function callText(path: string, query?: Query): Promise<string> {
  const url = withQuery(path, query);
  const headers = await signedHeaders('GET', url, hooks.keys(), hooks.language());
  const res = await fetch(url, { headers });
  if (!res.ok) throw new ApiFailure(null, 'network', null, res.status, reactionFor({ httpStatus: res.status }));
  return res.text();
}
