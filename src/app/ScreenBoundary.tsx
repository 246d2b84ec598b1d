import { Component, createContext, useSyncExternalStore, type ReactNode } from 'react';
import { useT } from '../i18n/react';
import { button, muted } from '../theme/ui.css';
import { LazyIcon } from './LazyIcon';
import { ScreenHeader } from './ScreenHeader';
import * as css from './shell.css';

/** Whether the device says it is online (`navigator.onLine`, kept live by the online/offline events). */
function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}
const isOnline = () => navigator.onLine;
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}

/** The line under the shell's top while the device is offline. */
export function OfflineBanner() {
  const t = useT();
  const online = useOnline();
  return online ? null : (
    <p className={css.offlineBanner} role="status" data-testid="offline-banner">
      {t('shell.offline')}
    </p>
  );
}

function ScreenFailed({ connection, onRetry }: { connection: boolean; onRetry: () => void }) {
  const t = useT();
  return (
    <>
      <ScreenHeader title={t(connection ? 'shell.noConnection' : 'shell.failed')} />
      <div className={css.blocked} role="alert" data-testid="screen-failed">
        <LazyIcon name={connection ? 'wifiOff' : 'alert'} size={48} />
        <p className={muted}>{t(connection ? 'shell.noConnectionBody' : 'shell.failedBody')}</p>
        <button type="button" className={button({})} onClick={onRetry} data-testid="screen-retry">
          {t('shell.retry')}
        </button>
      </div>
    </>
  );
}

/** Whether this part of the page is inside a screen's boundary (a resource with no connection hands the screen to it: src/app/useResource.ts). */
export const InScreenBoundary = createContext(false);

/**
 * Keeps a failing screen inside the shell: a screen whose code could not load (a dropped connection) or
 * that failed to render shows "No connection · Retry" under the shell's tab bar instead of emptying the
 * whole app. Retry renders the screen again (its chunk is asked for again, src/app/lazyScreen.ts), and so
 * do coming back online and showing the screen again after navigating away.
 */
interface BoundaryState {
  error: unknown;
  shown: boolean;
  online: boolean;
}

export class ScreenBoundary extends Component<{ children: ReactNode; shown: boolean; online: boolean }, BoundaryState> {
  override state: BoundaryState = { error: null, shown: this.props.shown, online: this.props.online };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  /** Shown again after navigating away, or back online: a failed screen is tried again. (A kept-alive screen
   * is re-shown without an update of its hidden render, so this compares with what the boundary last saw.) */
  static getDerivedStateFromProps(props: { shown: boolean; online: boolean }, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.shown === state.shown && props.online === state.online) return null;
    const again = state.error !== null && ((props.shown && !state.shown) || (props.online && !state.online));
    return { shown: props.shown, online: props.online, ...(again ? { error: null } : {}) };
  }

  retry = () => {
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error === null) return <InScreenBoundary.Provider value>{this.props.children}</InScreenBoundary.Provider>;
    const connection = !navigator.onLine || (this.state.error instanceof Error && this.state.error.name === 'ScreenLoadError');
    return <ScreenFailed connection={connection} onRetry={this.retry} />;
  }
}
