import { useSyncExternalStore } from 'react';

export interface Toast {
  id: number;
  text: string;
  tone: 'info' | 'error' | 'success';
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emitChange = () => listeners.forEach((l) => l());

/** Shows a message for `ms` (SPEC 9: login toast 1.5 s, token-error toast 1 s). */
export function showToast(text: string, tone: Toast['tone'] = 'info', ms = 2500): void {
  const toast = { id: nextId++, text, tone };
  toasts = [...toasts.slice(-2), toast];
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
