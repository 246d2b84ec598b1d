import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadAllMessages } from '../i18n/i18n';

/** Lazy components whose load failed, each with the way to make it load again. */
const failed = new Set<() => void>();

/** Before the shell renders a failed screen again (Retry, back online, shown again): its next render loads anew. */
export function reviveFailedScreens(): void {
  for (const revive of failed) revive();
  failed.clear();
}

/**
 * A lazily loaded component that can be loaded again: React keeps a failed lazy component failed for good,
 * so a failed load is swapped for a fresh one when the shell retries (src/app/ScreenBoundary.tsx), and the
 * network is asked again instead of the app staying blank. Until then it stays failed (no retry loop).
 */
export function retryableLazy(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const make = (): LazyExoticComponent<ComponentType> =>
    lazy(() =>
      load().catch((cause: unknown) => {
        failed.add(() => {
          current = make();
        });
        const error = new Error('the screen could not load', { cause });
        error.name = 'ScreenLoadError'; // the shell says "No connection" for it
        throw error;
      }),
    );
  let current = make();
  return function RetryableScreen() {
    return createElement(current);
  };
}

/** A lazily loaded screen that renders once its code and the whole English catalogue are there. */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): ComponentType {
  return retryableLazy(async () => {
    const [module] = await Promise.all([load(), loadAllMessages()]);
    return module;
  });
}
