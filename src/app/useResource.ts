import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { resourceMachine } from '../../machines/resource.machine';

/** Runs the resource chart for a screen with its loader; returns what to render and how to retry. */
export function useResource<T>(load: () => Promise<T>) {
  const actor = useActorRef(resourceMachine.provide({ actors: { load: fromPromise<unknown, void>(() => load()) } }));
  const state = useSelector(actor, (s) => s.value as 'loading' | 'ready' | 'failed');
  const data = useSelector(actor, (s) => s.context.data as T | null);
  return { state, data, retry: () => actor.send({ type: 'RETRY' }), reload: () => actor.send({ type: 'RELOAD' }) };
}
