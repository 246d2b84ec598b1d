import { call } from './client';

/** The live channel (issue 23): a one-time ticket (30 s) for the tab's event stream, which cannot sign its own request. */
export const liveTicket = () => call<{ ticket: string }>('POST', '/api/live/ticket', { quiet: true });
export const liveStreamUrl = (ticket: string, lastEventId: string | null) => `/api/live/stream?ticket=${encodeURIComponent(ticket)}${lastEventId ? `&lastEventId=${encodeURIComponent(lastEventId)}` : ''}`;
