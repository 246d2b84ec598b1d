import { useActorRef, useSelector } from '@xstate/react';
import { useContext, useEffect } from 'react';
import { fromPromise } from 'xstate';
import { resourceMachine } from '../../machines/resource.machine';
import { useFresh } from './freshness';
import { InScreenBoundary } from './ScreenBoundary';

/**
 * Runs the resource chart for a screen with its loader; returns what to render and how to retry.
 * Fresh by default (src/app/freshness.ts): read again when its kept-alive screen is shown again, on a
 * live notice about what it read, and on a pull to refresh; while it reloads it keeps showing what it
 * showed (`state` stays 'ready' once there is data). `options.keep` opts out of the reading on every
 * showing, with the reason.
 *
 * A load that failed for the network (the chart's `offline`, issue 33 finding 13) is never the screen's
 * own "not available": with nothing to show yet, the screen is handed to the shell's boundary
 * (src/app/ScreenBoundary.tsx), which says "No connection · Retry" and renders the screen anew when the
 * device is back online; with something shown, it stays shown (and outside a screen, the tab bar's badge,
 * it is only `failed`). Either way the chart loads again by
 * itself when the device comes back online.
 */
export function useResource<T>(load: () => Promise<T>, options: { keep?: string } = {}) {
  const actor = useActorRef(resourceMachine.provide({ actors: { load: fromPromise<unknown, void>(() => fresh()) } }));
  const reload = () => actor.send({ type: 'RELOAD' });
  const fresh = useFresh(load, reload, options.keep);
  const value = useSelector(actor, (s) => s.value as 'loading' | 'ready' | 'failed' | 'offline');
  const data = useSelector(actor, (s) => s.context.data as T | null);
  useEffect(() => {
    const online = () => actor.send({ type: 'ONLINE' });
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [actor]);
  const inScreen = useContext(InScreenBoundary);
  if (value === 'offline' && data === null && inScreen) throw connectionLost();
  return { state: data === null ? (value === 'offline' ? 'failed' : value) : 'ready', data, retry: () => actor.send({ type: 'RETRY' }), reload };
}

/** What the shell's boundary says "No connection" for (the same name as a screen whose code could not load). */
function connectionLost(): Error {
  const error = new Error('the screen’s data could not load: no connection');
  error.name = 'ScreenLoadError';
  return error;
}
