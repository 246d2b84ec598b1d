import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { resourceMachine } from '../../machines/resource.machine';
import { useFresh } from './freshness';

/**
 * Runs the resource chart for a screen with its loader; returns what to render and how to retry.
 * Fresh by default (src/app/freshness.ts): read again when its kept-alive screen is shown again, on a
 * live notice about what it read, and on a pull to refresh; while it reloads it keeps showing what it
 * showed (`state` stays 'ready' once there is data). `options.keep` opts out of the reading on every
 * showing, with the reason.
 */
export function useResource<T>(load: () => Promise<T>, options: { keep?: string } = {}) {
  const actor = useActorRef(resourceMachine.provide({ actors: { load: fromPromise<unknown, void>(() => fresh()) } }));
  const reload = () => actor.send({ type: 'RELOAD' });
  const fresh = useFresh(load, reload, options.keep);
  const value = useSelector(actor, (s) => s.value as 'loading' | 'ready' | 'failed');
  const data = useSelector(actor, (s) => s.context.data as T | null);
  return { state: data === null ? value : 'ready', data, retry: () => actor.send({ type: 'RETRY' }), reload };
}
