import type { AuthResult, SessionKeys, UserInfo } from '../domain/types/user';

/** Session state kept in local storage (SPEC 1: session state persists and survives a reload). */
export interface StoredSession {
  session: SessionKeys | null;
  userInfo: UserInfo | null;
  authResult: AuthResult | null;
}

const key = 'coin-mall.session';

export function readStoredSession(): StoredSession | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredSession>;
    return { session: parsed.session ?? null, userInfo: parsed.userInfo ?? null, authResult: parsed.authResult ?? null };
  } catch {
    return null;
  }
}

export function writeStoredSession(value: StoredSession): void {
  try {
    if (value.session === null && value.userInfo === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or blocked: the session lasts for this visit
  }
}

/** A ticket handed over in the address hash (`#/index?token=…`) or, after wouter moves it, the page query. */
export function takeHashTicket(): string | null {
  const hashQuery = window.location.hash.split('?')[1] ?? '';
  const ticket = new URLSearchParams(hashQuery).get('token') ?? new URLSearchParams(window.location.search).get('token');
  if (!ticket) return null;
  const url = new URL(window.location.href);
  url.searchParams.delete('token');
  url.hash = url.hash.split('?')[0] ?? '';
  window.history.replaceState(null, '', url.href);
  return ticket;
}
