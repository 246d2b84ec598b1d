import { useSyncExternalStore } from 'react';
import { currentLocation, rememberReturn } from './navigation';

/**
 * The login sheet's one switch (issue 33): a visitor's action that needs a session opens it over the page
 * they are on. The shell shows the sheet (src/app/LoginSheet.tsx) and closes it once someone is logged in.
 */
let open = false;
const listeners = new Set<() => void>();
const emitChange = () => listeners.forEach((l) => l());

export function openLoginSheet(): void {
  // The e-mail login and registration, reached from the sheet, come back to this page too.
  const { path, search } = currentLocation();
  rememberReturn(`${path}${search}`);
  if (open) return;
  open = true;
  emitChange();
}

export function closeLoginSheet(): void {
  if (!open) return;
  open = false;
  emitChange();
}

export function useLoginSheetOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
    () => open,
  );
}
