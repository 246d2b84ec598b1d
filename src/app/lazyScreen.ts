import { lazy, type ComponentType } from 'react';
import { loadAllMessages } from '../i18n/i18n';

/** A lazily loaded screen that renders once its code and the whole English catalogue are there. */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => {
    const [module] = await Promise.all([load(), loadAllMessages()]);
    return module;
  });
}
