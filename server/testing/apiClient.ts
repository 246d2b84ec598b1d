import { canonicalRequest, SignedHeader } from '../../src/domain/signing';
import type { LoginAnswer } from '../../src/domain/types/user';
import { sign } from '../http/session';

export interface Answer<T = unknown> {
  status: number;
  code: string;
  msg: string;
  object: T;
}

export interface Session {
  token: string;
  secret: string;
  accessToken: string;
}

/** A test caller of the provider API: signs like the browser does, with the test clock's time. */
export class ApiCaller {
  constructor(
    public baseUrl: string,
    private readonly now: () => number,
    public session: Session | null = null,
    public language = 'en',
  ) {}

  private lastTimestamp = 0;

  /** Like the browser: timestamps only go forward, so two identical calls never share a signature. */
  private nextTimestamp(): string {
    this.lastTimestamp = Math.max(this.now(), this.lastTimestamp + 1);
    return String(this.lastTimestamp);
  }

  /** The headers a real client would send for this request. */
  headersFor(method: string, url: string, timestamp = this.nextTimestamp()): Record<string, string> {
    const headers: Record<string, string> = { [SignedHeader.language]: this.language };
    if (!this.session) return headers;
    const { token, secret, accessToken } = this.session;
    headers[SignedHeader.token] = token;
    headers[SignedHeader.accessToken] = accessToken;
    headers[SignedHeader.timestamp] = timestamp;
    headers[SignedHeader.auth] = sign(secret, canonicalRequest({ method, accessToken, token, timestamp, url }));
    return headers;
  }

  async raw(method: string, url: string, init: { headers?: Record<string, string>; body?: string; contentType?: string } = {}): Promise<Answer> {
    const headers = { ...(init.contentType ? { 'Content-Type': init.contentType } : {}), ...init.headers };
    const res = await fetch(`${this.baseUrl}${url}`, { method, headers, body: init.body });
    const text = await res.text();
    let parsed: { code?: string; msg?: string; object?: unknown } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      parsed = { code: '', msg: text, object: null };
    }
    return { status: res.status, code: parsed.code ?? '', msg: parsed.msg ?? '', object: parsed.object ?? null };
  }

  async get<T = unknown>(url: string): Promise<Answer<T>> {
    return (await this.raw('GET', url, { headers: this.headersFor('GET', url) })) as Answer<T>;
  }

  async post<T = unknown>(url: string, body: unknown = {}): Promise<Answer<T>> {
    return (await this.raw('POST', url, { headers: this.headersFor('POST', url), body: JSON.stringify(body), contentType: 'application/json' })) as Answer<T>;
  }

  /** Uploads a file the way the browser does: multipart field "file" to /api/upload/image. */
  async upload<T = { id: string; urls: { thumb: string; card: string; full: string } }>(bytes: Uint8Array, type = 'image/png'): Promise<Answer<T>> {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(bytes)], { type }), 'upload');
    const url = '/api/upload/image';
    const res = await fetch(`${this.baseUrl}${url}`, { method: 'POST', headers: this.headersFor('POST', url), body: form });
    const parsed = (await res.json()) as { code: string; msg: string; object: T };
    return { status: res.status, ...parsed };
  }

  /** Logs in as a sandbox wallet user the way the browser does: host auth, then getToken. */
  async loginAs(username: string): Promise<LoginAnswer> {
    const { wallets } = (await (await fetch(`${this.baseUrl}/sandbox/api/wallets`)).json()) as { wallets: { uid: string; username: string }[] };
    const wallet = wallets.find((w) => w.username === username);
    if (!wallet) throw new Error(`no sandbox wallet ${username}`);
    const auth = (await (
      await fetch(`${this.baseUrl}/sandbox/api/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ uid: wallet.uid }) })
    ).json()) as { accessToken: string };
    this.session = null;
    const answer = await this.post<LoginAnswer>('/api/users/user/getToken', { accessToken: auth.accessToken });
    if (answer.code !== '0000') throw new Error(`login failed: ${answer.code} ${answer.msg}`);
    this.session = { token: answer.object.token, secret: answer.object.secret, accessToken: answer.object.accessToken };
    return answer.object;
  }
}
