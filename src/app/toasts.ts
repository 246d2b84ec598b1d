import { useSyncExternalStore } from 'react';

export interface Toast {
  id: number;
  text: string;
  tone: 'info' | 'error' | 'success';
  /** A way forward from the message ("View cart"): a label and where it goes. */
  action?: { label: string; to: string };
  /** When it was shown (performance.now()): a later tap that leaves the screen takes it away. */
  shownAt: number;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emitChange = () => listeners.forEach((l) => l());

/** Shows a message for `ms` (SPEC 9: login toast 1.5 s, token-error toast 1 s); an identical message already shown is replaced. */
export function showToast(text: string, tone: Toast['tone'] = 'info', ms = 2500, action?: Toast['action']): void {
  const toast: Toast = { id: nextId++, text, tone, shownAt: performance.now(), ...(action ? { action } : {}) };
  // The same message twice at once (two requests refused for one reason) shows once, for the later one's time.
  toasts = [...toasts.filter((t) => t.text !== text || t.tone !== tone).slice(-2), toast];
  emitChange();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== toast.id);
    emitChange();
  }, ms);
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
    () => toasts,
  );
}

/** The last tap or key press (the shell listens). */
let lastInputAt = -1;
export function noteInput(): void {
  lastInputAt = performance.now();
}

/**
 * The screen changed (issue 33: a toast does not follow the buyer). A toast shown before the tap that left the
 * screen belongs to the screen left and goes; one shown after it (what that tap did: "Saved", then back) stays.
 */
export function leaveScreen(): void {
  const kept = toasts.filter((t) => t.shownAt >= lastInputAt);
  if (kept.length === toasts.length) return;
  toasts = kept;
  emitChange();
}
