import { defaultOutsideTimeouts, kindOfError, kindOfStatus, outsideFailed } from '../observability/outside';

/**
 * The coin platform's HTTP API, the same client in production and in sandbox mode: only the base URL
 * and the key differ. Amounts travel as JSON numbers on the platform's wire; this client reads them
 * from the raw text as decimal strings, so no amount is ever a float here.
 */
export interface PlatformUser {
  uid: string;
  username: string;
  /** The person's Pi wallet address, when they granted the app the wallet_address scope (issue 34). */
  wallet_address?: string | null;
}

export interface PlatformPaymentStatus {
  developer_approved: boolean;
  transaction_verified: boolean;
  developer_completed: boolean;
  cancelled: boolean;
  user_cancelled: boolean;
}

export interface PlatformPayment {
  identifier: string;
  user_uid: string;
  /** Decimal string, e.g. "12.5". */
  amount: string;
  memo: string;
  metadata: Record<string, unknown>;
  from_address: string;
  to_address: string;
  direction: 'user_to_app' | 'app_to_user';
  created_at: string;
  network: string;
  status: PlatformPaymentStatus;
  transaction: null | { txid: string; verified: boolean; _link: string };
}

/** The ad network's verdict on a rewarded ad (GET /v2/ads_network/status/:adId); only "granted" pays. */
export interface PlatformAdStatus {
  identifier: string;
  mediator_ack_status: 'granted' | 'revoked' | 'failed' | null;
  mediator_granted_at: string | null;
  mediator_revoked_at: string | null;
}

export class PlatformError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`platform answered ${status}: ${body.slice(0, 200)}`);
  }
}

export interface PlatformClient {
  me(accessToken: string): Promise<PlatformUser>;
  getPayment(identifier: string): Promise<PlatformPayment>;
  approvePayment(identifier: string): Promise<PlatformPayment>;
  completePayment(identifier: string, txid: string): Promise<PlatformPayment>;
  cancelPayment(identifier: string): Promise<PlatformPayment>;
  incompleteServerPayments(): Promise<PlatformPayment[]>;
  createAppToUserPayment(payment: { amount: string; memo: string; metadata: Record<string, unknown>; uid: string }): Promise<PlatformPayment>;
  adStatus(adId: string): Promise<PlatformAdStatus>;
}

/** Quotes every "amount": <number> in a JSON text so that JSON.parse keeps its exact decimal digits. */
export function quoteAmounts(text: string): string {
  return text.replace(/("amount"\s*:\s*)(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g, (_, head: string, num: string) => {
    const exact = /[eE]/.test(num) ? Number(num).toFixed(7) : num;
    return `${head}"${exact}"`;
  });
}

/** Writes decimal-string amounts back as JSON numbers, digit for digit, for the platform's wire. */
export function unquoteAmounts(text: string): string {
  return text.replace(/("amount"\s*:\s*)"(\d+(?:\.\d+)?)"/g, (_, head: string, num: string) => `${head}${num}`);
}

/**
 * `baseUrl` may be a function: in sandbox mode the platform is this very server, whose port is known only once it listens.
 * Every call is bounded by `timeoutMs` (PI_PLATFORM_TIMEOUT_MS), connection and whole answer included; a failed
 * call (no answer in time, a connection refused or reset, a status that is not 2xx) is logged once and counted
 * (server/observability/outside.ts) before it is thrown to the caller, who decides what it means.
 */
export function createPlatformClient(options: { baseUrl: string | (() => string); apiKey: string; timeoutMs?: number }): PlatformClient {
  const base = () => (typeof options.baseUrl === 'function' ? options.baseUrl() : options.baseUrl).replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? defaultOutsideTimeouts.platformMs;
  async function call<T>(name: string, method: string, path: string, auth: string, body?: unknown): Promise<T> {
    const started = performance.now();
    const signal = AbortSignal.timeout(timeoutMs);
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${base()}${path}`, {
        method,
        headers: { Authorization: auth, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : unquoteAmounts(JSON.stringify(body)),
        signal,
      });
      text = await res.text();
    } catch (error) {
      const kind = signal.aborted ? 'timeout' : kindOfError(error);
      outsideFailed('platform', name, kind, { ms: performance.now() - started, detail: kind === 'timeout' ? `no answer within ${timeoutMs} ms` : (error as Error).message });
      throw error;
    }
    if (!res.ok) {
      // A person's own expired token is their answer (401 on /v2/me), not a failure of the platform or of the app's key.
      if (!(name === 'me' && res.status === 401)) outsideFailed('platform', name, kindOfStatus(res.status), { ms: performance.now() - started, status: res.status });
      throw new PlatformError(res.status, text);
    }
    try {
      return JSON.parse(quoteAmounts(text)) as T;
    } catch (error) {
      outsideFailed('platform', name, 'bad_answer', { ms: performance.now() - started, status: res.status, detail: 'not JSON' });
      throw error;
    }
  }
  const key = `Key ${options.apiKey}`;
  const payment = (id: string) => `/v2/payments/${encodeURIComponent(id)}`;
  return {
    me: (accessToken) => call<PlatformUser>('me', 'GET', '/v2/me', `Bearer ${accessToken}`),
    getPayment: (id) => call<PlatformPayment>('getPayment', 'GET', payment(id), key),
    approvePayment: (id) => call<PlatformPayment>('approvePayment', 'POST', `${payment(id)}/approve`, key, {}),
    completePayment: (id, txid) => call<PlatformPayment>('completePayment', 'POST', `${payment(id)}/complete`, key, { txid }),
    cancelPayment: (id) => call<PlatformPayment>('cancelPayment', 'POST', `${payment(id)}/cancel`, key, {}),
    incompleteServerPayments: async () =>
      (await call<{ incomplete_server_payments: PlatformPayment[] }>('incompleteServerPayments', 'GET', '/v2/payments/incomplete_server_payments', key)).incomplete_server_payments,
    createAppToUserPayment: (p) => call<PlatformPayment>('createAppToUserPayment', 'POST', '/v2/payments', key, { payment: p }),
    adStatus: (adId) => call<PlatformAdStatus>('adStatus', 'GET', `/v2/ads_network/status/${encodeURIComponent(adId)}`, key),
  };
}
