import { useSyncExternalStore } from 'react';
import { getLanguageType } from '../api/reference';
import { isLanguageCode, languages, type LanguageOption } from '../domain/languages';

/** The language options: the built-in list at first, replaced by the server's list fetched at start (SPEC 1). */
let options: readonly LanguageOption[] = languages;
const listeners = new Set<() => void>();

export async function fetchLanguageOptions(): Promise<void> {
  try {
    const fromServer = await getLanguageType();
    const known = fromServer.filter((o) => isLanguageCode(o.code));
    if (known.length > 0) {
      options = known;
      listeners.forEach((l) => l());
    }
  } catch {
    // the built-in list stays
  }
}

export function useLanguageOptions(): readonly LanguageOption[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => options,
    () => options,
  );
}
