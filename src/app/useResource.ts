import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { resourceMachine } from '../../machines/resource.machine';
import { useFreshOnShow, type Freshness } from './freshness';

/**
 * Runs the resource chart for a screen with its loader; returns what to render and how to retry.
 * `fresh` names the data it shows (src/app/freshness.ts): a kept-alive screen loads it again when
 * shown again after a change to it.
 */
export function useResource<T>(load: () => Promise<T>, fresh?: Freshness) {
  const actor = useActorRef(
    resourceMachine.provide({
      actors: {
        load: fromPromise<unknown, void>(() => {
          loading();
          return load();
        }),
      },
    }),
  );
  const state = useSelector(actor, (s) => s.value as 'loading' | 'ready' | 'failed');
  const data = useSelector(actor, (s) => s.context.data as T | null);
  const reload = () => actor.send({ type: 'RELOAD' });
  const loading = useFreshOnShow(fresh, reload);
  return { state, data, retry: () => actor.send({ type: 'RETRY' }), reload };
}
