import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fromPromise } from 'xstate';
import { chatConnectionMachine } from '../../machines/chatConnection.machine';
import { streamTicket, streamUrl } from '../../src/api/chat';
import type { StreamEvent } from '../../src/domain/types/customerService';

export type ConnectionState = 'connecting' | 'live' | 'reconnecting' | 'offline';

/**
 * The live chat stream of a screen, run by the chat-connection chart: a one-time ticket from a
 * signed call, an EventSource resuming after the last position seen, DROPPED when it breaks, the
 * chart's back-off, and OFFLINE/ONLINE from the browser. `startAfter` is the newest message the
 * screen already shows (mount the hook once that is known), so a first connection replays anything
 * stored since the screen loaded.
 */
export function useChatStream(onEvent: (event: StreamEvent) => void, startAfter: string | null): ConnectionState {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const source = useRef<EventSource | null>(null);
  const shown = useRef(false);
  const actor = useActorRef(
    chatConnectionMachine.provide({
      actors: {
        openStream: fromPromise<void, { lastEventId: string | null }>(async ({ input }) => {
          source.current?.close();
          const { ticket } = await streamTicket();
          if (!shown.current) throw new Error('the screen is hidden');
          await new Promise<void>((resolve, reject) => {
            const es = new EventSource(streamUrl(ticket, input.lastEventId));
            source.current = es;
            let open = false;
            es.addEventListener('ready', () => {
              open = true;
              resolve();
            });
            const deliver = (e: MessageEvent<string>) => {
              try {
                handler.current(JSON.parse(e.data) as StreamEvent);
              } catch {
                return;
              }
              if (e.lastEventId) actor.send({ type: 'POSITION', id: e.lastEventId });
            };
            es.addEventListener('message', deliver);
            es.addEventListener('read', deliver);
            es.onerror = () => {
              es.close();
              if (source.current === es) source.current = null;
              if (!open) reject(new Error('stream refused'));
              else actor.send({ type: 'DROPPED' });
            };
          });
        }),
      },
    }),
    { input: { lastEventId: startAfter } },
  );
  useEffect(() => {
    shown.current = true;
    // A kept-alive screen shown again: its stream was closed when it was hidden; resume at once.
    if (!source.current && actor.getSnapshot().matches('live')) actor.send({ type: 'DROPPED' });
    if (actor.getSnapshot().matches('reconnecting')) actor.send({ type: 'RETRY_NOW' });
    // Offline, the stream is closed at once: on the way back a new one resumes from the last position.
    const offline = () => {
      source.current?.close();
      source.current = null;
      actor.send({ type: 'OFFLINE' });
    };
    const online = () => actor.send({ type: 'ONLINE' });
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      shown.current = false;
      source.current?.close();
      source.current = null;
    };
  }, [actor]);
  return useSelector(actor, (s) => s.value as ConnectionState);
}
