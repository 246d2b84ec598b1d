import { createContext, useContext, useSyncExternalStore } from 'react';
import { navigate as hashNavigate } from 'wouter/use-hash-location';

/** Where the app is: the hash path, and the query (wouter keeps it in the page's search part). */
export function currentLocation(): { path: string; search: string } {
  const hash = window.location.hash.replace(/^#?\/?/, '/');
  const [path = '/', hashQuery] = hash.split('?');
  const search = hashQuery ? `?${hashQuery}` : window.location.search;
  return { path, search };
}

/**
 * Navigates, except to the very location the app is at: that is silently ignored (SPEC 2). A target
 * without a query clears the one the page holds (wouter keeps the page's query when the target has
 * none, so `/product/submit-order` would open with the last screen's `?orders=`: issue 23).
 */
export function go(to: string, options: { replace?: boolean } = {}): void {
  const here = currentLocation();
  const [path, query] = to.split('?');
  const target = { path: path || '/', search: query ? `?${query}` : '' };
  if (target.path === here.path && target.search === here.search) return;
  hashNavigate(query === undefined ? `${to}?` : to, { replace: options.replace ?? false });
}

export function back(fallback = '/index'): void {
  if (window.history.length > 1) window.history.back();
  else go(fallback, { replace: true });
}

/** The query of the screen being rendered (a kept-alive screen keeps the query it was opened with). */
export const ScreenQuery = createContext<URLSearchParams>(new URLSearchParams());
export function useScreenQuery(): URLSearchParams {
  return useContext(ScreenQuery);
}

function subscribeToLocation(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
    window.removeEventListener('popstate', onChange);
  };
}

const locationKey = () => `${window.location.hash}|${window.location.search}`;

/**
 * Re-renders on every change of the hash path or of the query (wouter keeps the query in the page's
 * search part, so a new query on the same path changes no hash).
 */
export function useLocationKey(): string {
  return useSyncExternalStore(subscribeToLocation, locationKey, locationKey);
}

/**
 * Where a visitor was when something asked them to log in (a login route, Buy now, follow, collect):
 * the login entry sends them back there once they are in, with the page's query (so Buy now's order is
 * the one they chose). Kept for the tab only, and for a while: a login long after is an ordinary login.
 */
const storageKey = 'coin-mall.return-to';
const keptMs = 30 * 60 * 1000;

export function rememberReturn(to: string): void {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify({ to, at: Date.now() }));
  } catch {
    // storage blocked: the login lands on the account tab as before
  }
}

/** The page to go back to after a login, once; null when none is waiting. */
export function takeReturn(): string | null {
  try {
    const raw = sessionStorage.getItem(storageKey);
    sessionStorage.removeItem(storageKey);
    const kept = raw ? (JSON.parse(raw) as { to?: unknown; at?: unknown }) : null;
    return kept && typeof kept.to === 'string' && kept.to.startsWith('/') && typeof kept.at === 'number' && Date.now() - kept.at < keptMs ? kept.to : null;
  } catch {
    return null;
  }
}
