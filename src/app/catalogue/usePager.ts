import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fromPromise } from 'xstate';
import { pagerMachine, type PageAnswer } from '../../../machines/pager.machine';
import { useFreshOnShow, type Freshness } from '../freshness';

/**
 * Runs the paging chart for a list with its page loader; `sentinel` is put after the list to load more
 * when it scrolls into view. `fresh` names the data it shows (src/app/freshness.ts): a kept-alive list
 * is read again from the top when shown again after a change to it.
 */
export function usePager<T>(loadPage: (cursor: string | null) => Promise<{ list: T[]; next: string | null }>, fresh?: Freshness) {
  const actor = useActorRef(
    pagerMachine.provide({
      actors: {
        loadPage: fromPromise<PageAnswer, { cursor: string | null }>(({ input }) => {
          if (input.cursor === null) loading();
          return loadPage(input.cursor);
        }),
      },
    }),
  );
  const state = useSelector(actor, (s) => s.value as 'loading' | 'more' | 'end' | 'failed');
  const items = useSelector(actor, (s) => s.context.items as T[]);
  const sentinel = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) actor.send({ type: 'LOAD_MORE' });
    }, { rootMargin: '600px 0px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [actor, state]);
  const loading = useFreshOnShow(fresh, () => actor.send({ type: 'RELOAD' }));
  return {
    state,
    items,
    sentinel,
    loadMore: () => actor.send({ type: 'LOAD_MORE' }),
    retry: () => actor.send({ type: 'RETRY' }),
    reload: () => actor.send({ type: 'RELOAD' }),
  };
}
