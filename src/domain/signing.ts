/**
 * Request signing (DESIGN: Requests). The client signs every call with HMAC-SHA256, keyed by the
 * per-session secret the server issued at login, over this canonical text. The server rebuilds the
 * same text from the request it received and compares.
 */
export const SignedHeader = {
  language: 'lang',
  token: 'token',
  timestamp: 'timestamp',
  accessToken: 'access-token',
  auth: 'auth',
} as const;

export interface SignatureParts {
  method: string;
  accessToken: string;
  token: string;
  timestamp: string;
  /** Path and query as sent, e.g. "/api/users/user/getUserInfo?x=1". */
  url: string;
}

export function canonicalRequest(p: SignatureParts): string {
  return [p.method.toUpperCase(), p.accessToken, p.token, p.timestamp, p.url].join('\n');
}
