import { useSyncExternalStore } from 'react';
import { currentLanguage, subscribe, t } from './i18n';

/** The message function of the current language; components using it re-render when it changes. */
export function useT(): typeof t {
  useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return t;
}

export function useLanguage() {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}
