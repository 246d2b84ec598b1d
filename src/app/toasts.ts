import { useSyncExternalStore } from 'react';

export interface Toast {
  id: number;
  text: string;
  tone: 'info' | 'error' | 'success';
  /** A way forward from the message ("View cart"): a label and where it goes. */
  action?: { label: string; to: string };
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emitChange = () => listeners.forEach((l) => l());

/** Shows a message for `ms` (SPEC 9: login toast 1.5 s, token-error toast 1 s); an identical message already shown is replaced. */
export function showToast(text: string, tone: Toast['tone'] = 'info', ms = 2500, action?: Toast['action']): void {
  const toast: Toast = { id: nextId++, text, tone, ...(action ? { action } : {}) };
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
