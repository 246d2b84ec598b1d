import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fromPromise } from 'xstate';
import { pagerMachine, type PageAnswer } from '../../../machines/pager.machine';
import { useFresh } from '../freshness';

/**
 * Runs the paging chart for a list with its page loader; `sentinel` is put after the list to load more
 * when it scrolls into view. Fresh by default (src/app/freshness.ts): read again from the top when its
 * kept-alive screen is shown again, on a live notice about what it read, and on a pull to refresh; the
 * list it showed stays until the new first page replaces it. `options.keep` opts out of the reading on
 * every showing, with the reason.
 */
export function usePager<T>(loadPage: (cursor: string | null) => Promise<{ list: T[]; next: string | null }>, options: { keep?: string } = {}) {
  const actor = useActorRef(pagerMachine.provide({ actors: { loadPage: fromPromise<PageAnswer, { cursor: string | null }>(({ input }) => fresh(input.cursor)) } }));
  const reload = () => actor.send({ type: 'RELOAD' });
  const fresh = useFresh(loadPage, reload, options.keep);
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
    reload,
  };
}
