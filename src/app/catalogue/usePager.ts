import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fromPromise } from 'xstate';
import { pagerMachine, type PageAnswer } from '../../../machines/pager.machine';

/** Runs the paging chart for a list with its page loader; `sentinel` is put after the list to load more when it scrolls into view. */
export function usePager<T>(loadPage: (cursor: string | null) => Promise<{ list: T[]; next: string | null }>) {
  const actor = useActorRef(
    pagerMachine.provide({ actors: { loadPage: fromPromise<PageAnswer, { cursor: string | null }>(({ input }) => loadPage(input.cursor)) } }),
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
  return {
    state,
    items,
    sentinel,
    loadMore: () => actor.send({ type: 'LOAD_MORE' }),
    retry: () => actor.send({ type: 'RETRY' }),
    reload: () => actor.send({ type: 'RELOAD' }),
  };
}
