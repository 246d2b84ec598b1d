import { currentLocation, go, rememberReturn } from './navigation';
import { openLoginSheet } from './loginSheet';

/** A visitor's way to log in and come back to the page that asked for it (the memory is in ./navigation.ts). */

/** Opens the login entry, which brings the visitor back to this page once they are in. */
export function logInAndComeBack(): void {
  const { path, search } = currentLocation();
  rememberReturn(`${path}${search}`);
  go('/new-my');
}

/**
 * A visitor's action that needs a session (Buy now, collect, follow): the login sheet opens over this page,
 * its first tap logs in, and the visitor stays here (issue 33: no toast, no jump to another screen).
 */
export function askToLogIn(): void {
  openLoginSheet();
}

/**
 * Detours (issue 33): a step taken on another screen on the way (a first address from the checkout) comes back
 * to the very page that sent the person there, its query (Buy now's goods) kept. The page travels in the
 * detour's `back` query (so a reload keeps it); when this tab opened the detour, coming back is the history's
 * Back, so the page is the kept-alive one, with its choices, and Back from it does not visit it twice.
 */
let openedFrom: string | null = null;

export function detourTo(to: string): void {
  const { path, search } = currentLocation();
  const from = `${path}${search}`;
  openedFrom = from;
  go(`${to}${to.includes('?') ? '&' : '?'}back=${encodeURIComponent(from)}`);
}

/** Where a detour opened with `query` goes back to: the page that sent it there, else `fallback`. */
export function detourReturn(query: URLSearchParams, fallback: string): string {
  const back = query.get('back');
  if (back === 'submit') return '/product/submit-order'; // a link of an earlier version
  return back && back.startsWith('/') && !back.startsWith('//') ? back : fallback;
}

/** Ends a detour: back to the page that opened it (see detourTo), else to `fallback`. */
export function returnFromDetour(query: URLSearchParams, fallback: string): void {
  const to = detourReturn(query, fallback);
  if (openedFrom !== null && openedFrom === to && window.history.length > 1) {
    openedFrom = null;
    window.history.back();
    return;
  }
  openedFrom = null;
  go(to, { replace: true });
}
