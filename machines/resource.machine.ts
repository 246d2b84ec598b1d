import { assign, setup } from 'xstate';
import { isConnectionFailure } from '../src/domain/connection';
import { fromPromiseStub } from './actorStub';

/**
 * Loading one piece of read-only data for a screen (a list of categories, a notice): loading, shown,
 * or failed with a retry. Screens never fetch; they run this chart with their `load` actor provided.
 * RELOAD reads it again from any state, keeping what was loaded until the new answer replaces it; a
 * RELOAD while loading starts the load over (the change it is about may have come after the load
 * started: issue 23). A load that failed for the network (src/domain/connection.ts) is `offline`, not
 * `failed`: the screen says "No connection" and the chart loads again by itself when the device is back
 * online (ONLINE, sent by src/app/useResource.ts); `failed` is the server's answer (not found, refused).
 */
export interface ResourceContext {
  data: unknown;
  attempts: number;
}

export const resourceMachine = setup({
  types: {
    context: {} as ResourceContext,
    events: {} as { type: 'RETRY' } | { type: 'RELOAD' } | { type: 'ONLINE' },
  },
  actors: {
    load: fromPromiseStub<unknown, void>('load'),
  },
  guards: {
    lostConnection: ({ event }) => 'error' in event && isConnectionFailure(event.error),
  },
}).createMachine({
  id: 'resource',
  context: { data: null, attempts: 0 },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ attempts: ({ context }) => context.attempts + 1 }),
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output }), meta: { by: 'server' } },
        onError: [
          { guard: 'lostConnection', target: 'offline', meta: { by: 'system' } },
          { target: 'failed', meta: { by: 'server' } },
        ],
      },
      on: { RELOAD: { target: 'loading', reenter: true, meta: { by: 'user' } } },
    },
    ready: {
      on: { RELOAD: { target: 'loading', meta: { by: 'user' } } },
    },
    offline: {
      on: {
        ONLINE: { target: 'loading', meta: { by: 'system' } },
        RETRY: { target: 'loading', meta: { by: 'user' } },
        RELOAD: { target: 'loading', meta: { by: 'user' } },
      },
    },
    failed: {
      on: { RETRY: { target: 'loading', meta: { by: 'user' } }, RELOAD: { target: 'loading', meta: { by: 'user' } } },
    },
  },
});
