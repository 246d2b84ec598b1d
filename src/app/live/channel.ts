import { createActor, fromPromise, type Actor } from 'xstate';
import { chatConnectionMachine } from '../../../machines/chatConnection.machine';
import { liveStreamUrl, liveTicket } from '../../api/live';
import { liveTopics, type LiveTopic } from '../../domain/live';
import type { StreamEvent } from '../../domain/types/customerService';
import { refreshShown } from '../freshness';
import { readsOf } from './topics';

/**
 * The tab's one live channel (issue 23), loaded once someone is signed in: one EventSource on
 * `/api/live/stream` run by the connection chart (machines/chatConnection.machine.ts: a one-time
 * ticket, back-off, OFFLINE/ONLINE, and the last position for `Last-Event-ID`). It carries
 * - change notices: the shown screen's data of that topic is read again through the signed API
 *   (src/app/freshness.ts), notices arriving together in one reload;
 * - `refresh` (the server no longer keeps what was missed): everything shown is read again;
 * - chat's messages and read receipts, handed to the chat screens (screens/chat/useChatStream.ts), and
 *   the unread badges read again.
 */
export type ConnectionState = 'connecting' | 'live' | 'reconnecting' | 'offline';

type ChatListener = (event: StreamEvent) => void;
const chatListeners = new Set<ChatListener>();
const stateListeners = new Set<() => void>();

let actor: Actor<typeof chatConnectionMachine> | null = null;
let source: EventSource | null = null;
let users = 0;
let stopTimer: ReturnType<typeof setTimeout> | undefined;
let pending = new Set<LiveTopic>();
let flush: ReturnType<typeof setTimeout> | undefined;

function changed(topic: LiveTopic) {
  pending.add(topic);
  flush ??= setTimeout(() => {
    const topics = pending;
    pending = new Set();
    flush = undefined;
    refreshShown(readsOf(topics));
  }, 30);
}

/** Counts the streams asked for: a ticket that comes back after a newer ask (or after the channel stopped) opens nothing. */
let asked = 0;

function openStream(lastEventId: string | null): Promise<void> {
  source?.close();
  source = null;
  const mine = (asked += 1);
  return liveTicket().then(
    ({ ticket }) =>
      new Promise<void>((resolve, reject) => {
        // Left while the ticket was on its way (offline and back, or the channel let go): opening now
        // would hold a second stream, one of the browser's six connections to the server, until the tab closes.
        if (mine !== asked || !actor) return reject(new Error('superseded'));
        const es = new EventSource(liveStreamUrl(ticket, lastEventId));
        source = es;
        let open = false;
        const position = (e: MessageEvent<string>) => {
          if (e.lastEventId) actor?.send({ type: 'POSITION', id: e.lastEventId });
        };
        es.addEventListener('ready', (e) => {
          position(e);
          // A first connection: what the screens show loaded before it opened, and may already be older.
          if (lastEventId === null) refreshShown(null);
          open = true;
          resolve();
        });
        es.addEventListener('notice', (e) => {
          position(e);
          try {
            const { topic } = JSON.parse(e.data) as { topic: LiveTopic };
            if ((liveTopics as readonly string[]).includes(topic)) changed(topic);
          } catch {
            // not a notice
          }
        });
        es.addEventListener('refresh', (e) => {
          position(e);
          refreshShown(null);
        });
        const chat = (e: MessageEvent<string>) => {
          position(e);
          try {
            const event = JSON.parse(e.data) as StreamEvent;
            for (const listener of [...chatListeners]) listener(event);
          } catch {
            return;
          }
          changed('chat');
        };
        es.addEventListener('message', chat);
        es.addEventListener('read', chat);
        es.onerror = () => {
          es.close();
          if (source === es) source = null;
          if (!open) reject(new Error('stream refused'));
          else actor?.send({ type: 'DROPPED' });
        };
      }),
  );
}

const offline = () => {
  asked += 1;
  source?.close();
  source = null;
  actor?.send({ type: 'OFFLINE' });
};
const online = () => actor?.send({ type: 'ONLINE' });

/** Opens the channel (once for the tab, however many ask); answers how to let go of it. */
export function startLive(): () => void {
  users += 1;
  clearTimeout(stopTimer);
  if (!actor) {
    actor = createActor(chatConnectionMachine.provide({ actors: { openStream: fromPromise<void, { lastEventId: string | null }>(({ input }) => openStream(input.lastEventId)) } }), { input: { lastEventId: null } });
    actor.subscribe(() => {
      for (const listener of [...stateListeners]) listener();
    });
    actor.start();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    users -= 1;
    // Let go a moment later: a sign-in that re-renders keeps the same connection.
    if (users === 0) stopTimer = setTimeout(stopLive, 1000);
  };
}

function stopLive() {
  if (users > 0) return;
  asked += 1;
  actor?.stop();
  actor = null;
  source?.close();
  source = null;
  window.removeEventListener('offline', offline);
  window.removeEventListener('online', online);
}

/** The person asks to connect again now rather than wait out the back-off (the chat's connection line, while reconnecting). */
export function retryNow(): void {
  actor?.send({ type: 'RETRY_NOW' });
}

export function liveState(): ConnectionState {
  return (actor?.getSnapshot().value as ConnectionState | undefined) ?? 'connecting';
}

export function onLiveState(listener: () => void): () => void {
  stateListeners.add(listener);
  return () => void stateListeners.delete(listener);
}

export function onChatEvent(listener: ChatListener): () => void {
  chatListeners.add(listener);
  return () => void chatListeners.delete(listener);
}
