import { ApiCaller, type Session } from '../server/testing/apiClient';
import { readServerEvents } from '../server/testing/sse';

/**
 * The people's side of bench/live.ts, in a process of its own (so the server's memory is the server's):
 * opens a live stream per session it is given, reports every change notice that arrives (to the
 * parent, at once), and opens and closes streams in cycles when asked.
 */
type Command = { type: 'open'; url: string; sessions: Session[] } | { type: 'closeAll' } | { type: 'cycle'; url: string; sessions: Session[]; count: number };

const open = new Set<AbortController>();
const send = (message: unknown) => process.send?.(message);

async function openStream(url: string, session: Session, onNotice?: (data: string) => void): Promise<AbortController> {
  const caller = new ApiCaller(url, Date.now, session);
  const ticket = await caller.post<{ ticket: string }>('/api/live/ticket');
  if (ticket.code !== '0000') throw new Error(`ticket: ${ticket.msg}`);
  const abort = new AbortController();
  const res = await fetch(`${url}/api/live/stream?ticket=${ticket.object.ticket}`, { signal: abort.signal });
  let ready: () => void = () => undefined;
  const opened = new Promise<void>((r) => (ready = r));
  void readServerEvents(res.body as ReadableStream<Uint8Array>, (e) => {
    if (e.event === 'ready') ready();
    if (e.event === 'notice') onNotice?.(e.data ?? '');
  });
  await opened;
  return abort;
}

async function inBatches<T>(items: T[], size: number, run: (item: T, index: number) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map((item, j) => run(item, i + j)));
}

process.on('message', (command: Command) => {
  void (async () => {
    if (command.type === 'open') {
      await inBatches(command.sessions, 25, async (session, i) => {
        open.add(await openStream(command.url, session, (data) => send({ type: 'notice', listener: i, data })));
      });
      send({ type: 'opened', count: open.size });
    } else if (command.type === 'closeAll') {
      for (const abort of open) abort.abort();
      open.clear();
      send({ type: 'closed' });
    } else {
      // Open `count` streams (round robin over the sessions), 100 at a time, then close them all.
      const batch: AbortController[] = [];
      await inBatches(
        Array.from({ length: command.count }, (_, i) => command.sessions[i % command.sessions.length] as Session),
        100,
        async (session) => {
          batch.push(await openStream(command.url, session));
        },
      );
      for (const abort of batch) abort.abort();
      send({ type: 'cycled', count: batch.length });
    }
  })().catch((error: unknown) => send({ type: 'error', message: String(error) }));
});
