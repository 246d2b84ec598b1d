import { useEffect, useRef, useSyncExternalStore } from 'react';
import { liveState, onChatEvent, onLiveState, startLive, type ConnectionState } from '../../src/app/live/channel';
import type { StreamEvent } from '../../src/domain/types/customerService';

export type { ConnectionState };

/**
 * The chat's live events for a screen, riding on the tab's one live channel (src/app/live/channel.ts,
 * issue 23): its messages and read receipts, and the connection's state (connecting, live,
 * reconnecting, offline). The channel resumes after its last position when it reconnects, so nothing
 * sent while it was down is lost.
 */
export function useChatStream(onEvent: (event: StreamEvent) => void): ConnectionState {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    const release = startLive();
    const off = onChatEvent((event) => handler.current(event));
    return () => {
      off();
      release();
    };
  }, []);
  return useSyncExternalStore(onLiveState, liveState, liveState);
}
