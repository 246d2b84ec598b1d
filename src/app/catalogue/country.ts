import { useSyncExternalStore } from 'react';
import { Defaults } from '../../domain/constants';

/** The buyer's selected country (SPEC 3, Global state): kept on the device, Global (0) by default. */
const key = 'coinmall.country';
const listeners = new Set<() => void>();

interface SelectedCountry {
  id: number;
  name: string;
}
let current: SelectedCountry | null = null;

function read(): SelectedCountry {
  if (current) return current;
  try {
    const raw = localStorage.getItem(key);
    const parsed = raw ? (JSON.parse(raw) as SelectedCountry) : null;
    current = parsed && typeof parsed.id === 'number' && typeof parsed.name === 'string' ? parsed : { id: Defaults.countryId, name: Defaults.countryName };
  } catch {
    current = { id: Defaults.countryId, name: Defaults.countryName };
  }
  return current;
}

export function selectCountry(next: SelectedCountry): void {
  current = next;
  try {
    localStorage.setItem(key, JSON.stringify(next));
  } catch {
    // private mode: kept for this visit only
  }
  for (const l of listeners) l();
}

export function useSelectedCountry(): SelectedCountry {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    read,
    read,
  );
}
