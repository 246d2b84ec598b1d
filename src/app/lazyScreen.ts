import { createElement, useEffect, useState, type ComponentType } from 'react';
import { loadAllMessages } from '../i18n/i18n';
import { skeleton } from '../theme/ui.css';

/** What a screen shows while its code loads: the outline of a screen. */
export function ScreenFallback() {
  return createElement(
    'div',
    { 'aria-busy': 'true', style: { padding: 16, display: 'grid', gap: 12 } },
    createElement('div', { className: skeleton, style: { height: 48 } }),
    createElement('div', { className: skeleton, style: { height: 160 } }),
    createElement('div', { className: skeleton, style: { height: 96 } }),
  );
}

/**
 * A lazily loaded component that renders at once when its code is there, and otherwise shows the screen's
 * outline until it is. Not React.lazy: a Suspense boundary that showed its fallback holds the content back
 * for 300 ms more once it is ready (React's fallback throttle), which made every screen opened for the first
 * time paint its heading ~300 ms late (bench/responsiveness.ts: product and cart ~400 ms on a slow phone).
 * A failed load is thrown to the shell's boundary ("No connection", Retry); the next mount (Retry, back
 * online, shown again) asks the network anew, and nothing retries by itself.
 */
export function retryableLazy<P extends object = Record<string, never>>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const start = () =>
    (pending ??= load().then(
      (module) => (loaded = module.default),
      (cause: unknown) => {
        pending = null;
        const error = new Error('the screen could not load', { cause });
        error.name = 'ScreenLoadError'; // the shell says "No connection" for it
        throw error;
      },
    ));
  return function RetryableScreen(props: P) {
    const [, setReady] = useState(loaded !== null);
    const [failure, setFailure] = useState<Error | null>(null);
    useEffect(() => {
      if (loaded) {
        setReady(true); // loaded by another mount between this render and now
        return;
      }
      let mounted = true;
      start().then(
        () => mounted && setReady(true),
        (error: unknown) => mounted && setFailure(error instanceof Error ? error : new Error(String(error))),
      );
      return () => {
        mounted = false;
      };
    }, []);
    if (failure) throw failure;
    return loaded ? createElement(loaded, props) : createElement(ScreenFallback);
  };
}

/** A lazily loaded screen that renders once its code and the whole English catalogue are there. */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): ComponentType {
  return retryableLazy(async () => {
    const [module] = await Promise.all([load(), loadAllMessages()]);
    return module;
  });
}
