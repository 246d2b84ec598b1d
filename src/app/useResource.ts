import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import { fromPromise } from 'xstate';
import { resourceMachine } from '../../machines/resource.machine';
import { changeClock, useFreshOnShow, type Freshness } from './freshness';

/**
 * Runs the resource chart for a screen with its loader; returns what to render and how to retry.
 * `fresh` names the data it shows (src/app/freshness.ts): a kept-alive screen loads it again when
 * shown again after a change to it.
 */
export function useResource<T>(load: () => Promise<T>, fresh?: Freshness) {
  const loadedAt = useRef(0);
  const actor = useActorRef(
    resourceMachine.provide({
      actors: {
        load: fromPromise<unknown, void>(() => {
          loadedAt.current = changeClock();
          return load();
        }),
      },
    }),
  );
  const state = useSelector(actor, (s) => s.value as 'loading' | 'ready' | 'failed');
  const data = useSelector(actor, (s) => s.context.data as T | null);
  const reload = () => actor.send({ type: 'RELOAD' });
  useFreshOnShow(fresh, () => loadedAt.current, reload);
  return { state, data, retry: () => actor.send({ type: 'RETRY' }), reload };
}
