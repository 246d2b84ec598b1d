import { assign, setup } from 'xstate';
import { fromPromiseStub } from './actorStub';

/**
 * An infinitely scrolled list (home feed, categories, search, store, favourites): the first page
 * loads, more pages load when the end of the list comes into view, until the server says there is no
 * next page. A failed page can be retried; the list can be reloaded from the top: the list shown stays
 * until the new first page replaces it (issue 23), and a reload while a page loads starts over.
 */
export interface PagerContext {
  items: unknown[];
  next: string | null;
}

export interface PageAnswer {
  list: unknown[];
  next: string | null;
}

export const pagerMachine = setup({
  types: {
    context: {} as PagerContext,
    events: {} as { type: 'LOAD_MORE' } | { type: 'RETRY' } | { type: 'RELOAD' },
  },
  actors: {
    loadPage: fromPromiseStub<PageAnswer, { cursor: string | null }>('loadPage'),
  },
  actions: {
    // A page loaded without a cursor is a new first page: it replaces the list (shown until then).
    append: assign(({ context }, page: PageAnswer) => ({ items: context.next === null ? page.list : [...context.items, ...page.list], next: page.next })),
    startOver: assign({ next: () => null }),
  },
  guards: {
    hasMore: (_, page: PageAnswer) => page.next !== null,
  },
}).createMachine({
  id: 'pager',
  context: { items: [], next: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ cursor: context.next }),
        onDone: [
          { guard: { type: 'hasMore', params: ({ event }) => event.output }, target: 'more', actions: { type: 'append', params: ({ event }) => event.output }, meta: { by: 'server' } },
          { target: 'end', actions: { type: 'append', params: ({ event }) => event.output }, meta: { by: 'server' } },
        ],
        onError: { target: 'failed', meta: { by: 'server' } },
      },
      on: { RELOAD: { target: 'loading', reenter: true, actions: 'startOver', meta: { by: 'user' } } },
    },
    more: {
      on: {
        LOAD_MORE: { target: 'loading', meta: { by: 'user' } },
        RELOAD: { target: 'loading', actions: 'startOver', meta: { by: 'user' } },
      },
    },
    end: {
      on: { RELOAD: { target: 'loading', actions: 'startOver', meta: { by: 'user' } } },
    },
    failed: {
      on: {
        RETRY: { target: 'loading', meta: { by: 'user' } },
        RELOAD: { target: 'loading', actions: 'startOver', meta: { by: 'user' } },
      },
    },
  },
});
