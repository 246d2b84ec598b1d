import { assign, setup } from 'xstate';
import { reconnectDelay } from '../src/domain/customerService';
import { fromPromiseStub } from './actorStub';

/**
 * THE CHAT CONNECTION (issue 15): the browser's live stream of chat messages (Server-Sent Events).
 *
 *   connecting   ── stream open (server) ──────────▶ live          (attempts back to 0)
 *   connecting   ── could not open (server) ───────▶ reconnecting  (one more attempt)
 *   live         ── DROPPED (system) ──────────────▶ reconnecting
 *   reconnecting ── reconnectBackoff (timer) ──────▶ connecting    (1 s, 2 s, 4 s … up to 30 s)
 *   reconnecting ── RETRY_NOW (user) ──────────────▶ connecting
 *   any          ── OFFLINE (system) ──────────────▶ offline       (the device lost its network)
 *   offline      ── ONLINE (system) ───────────────▶ connecting
 *   any          ── POSITION (server) ─────────────▶ (stays)       remembers the last message's position
 *
 * Every (re)connection resumes from the remembered position (`lastEventId`): the server replays what
 * was stored after it, so nothing sent while the connection was down is lost. The stream itself (an
 * EventSource) lives outside the chart; `openStream` asks for a one-time ticket and opens it.
 */
export interface ChatConnectionContext {
  attempt: number;
  lastEventId: string | null;
}

export type ChatConnectionEvent = { type: 'DROPPED' } | { type: 'RETRY_NOW' } | { type: 'OFFLINE' } | { type: 'ONLINE' } | { type: 'POSITION'; id: string };

export const chatConnectionMachine = setup({
  types: {
    context: {} as ChatConnectionContext,
    events: {} as ChatConnectionEvent,
    input: {} as { lastEventId?: string | null } | undefined,
  },
  actors: {
    openStream: fromPromiseStub<void, { lastEventId: string | null }>('openStream'),
  },
  delays: {
    reconnectBackoff: ({ context }) => reconnectDelay(context.attempt),
  },
  actions: {
    countAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
    resetAttempts: assign({ attempt: () => 0 }),
    remember: assign({ lastEventId: ({ context, event }) => (event.type === 'POSITION' ? event.id : context.lastEventId) }),
  },
}).createMachine({
  id: 'chatConnection',
  context: ({ input }) => ({ attempt: 0, lastEventId: input?.lastEventId ?? null }),
  initial: 'connecting',
  on: {
    OFFLINE: { target: '.offline', meta: { by: 'system' } },
    POSITION: { actions: 'remember', meta: { by: 'server' } },
  },
  states: {
    connecting: {
      invoke: {
        id: 'openStream',
        src: 'openStream',
        input: ({ context }) => ({ lastEventId: context.lastEventId }),
        onDone: { target: 'live', actions: 'resetAttempts', meta: { by: 'server' } },
        onError: { target: 'reconnecting', actions: 'countAttempt', meta: { by: 'server' } },
      },
    },
    live: {
      on: { DROPPED: { target: 'reconnecting', actions: 'countAttempt', meta: { by: 'system' } } },
    },
    reconnecting: {
      after: { reconnectBackoff: { target: 'connecting', meta: { by: 'system' } } },
      on: { RETRY_NOW: { target: 'connecting', meta: { by: 'user' } } },
    },
    offline: {
      on: { ONLINE: { target: 'connecting', meta: { by: 'system' } } },
    },
  },
});
