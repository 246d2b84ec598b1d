import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import * as z from 'zod/mini';
import { ChatTimings } from '../../src/domain/customerService';
import type { MessageView } from '../../src/domain/types/customerService';
import { chatBus, type Delivery } from '../chat/bus';
import type { Deps } from '../deps';
import { ApiError, failure, ok } from '../http/envelope';
import { claimLiveStream, registerLiveStream } from '../http/liveStreams';
import type { AppEnv } from '../http/env';
import { requireSession } from '../http/session';
import { parseWith } from '../http/validate';
import { heldDelivery } from '../live/heldDelivery';
import { liveHub, liveReplay, lookBack, type LiveRow } from '../live/live';
import { deliveryIsFor, isStaff, issueStreamTicket, replayAfter, spendStreamTicket } from '../services/chat';

/**
 * The live channel (issue 23): one Server-Sent Events stream per signed-in tab, opened with the chat
 * stream's one-time ticket (an EventSource cannot sign its request). It carries
 * - `notice` events: a change notice `{topic, ref}` for something this person can read (server/live);
 * - the chat's `message` and `read` events (server/chat/bus.ts), so chat rides on the same connection.
 * Every event's id is the pair of positions `<notice>.<message>`; a reconnecting client sends the last
 * one (`Last-Event-ID`, or `lastEventId` in the query) and the server replays the notices and messages
 * stored after it, or sends `refresh` when the notices missed are no longer kept.
 */
const position = /^(\d{1,18})\.(\d{1,18})$/;
const streamQuery = z.strictObject({ ticket: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/)), lastEventId: z.optional(z.string().check(z.regex(position))) });

export function liveRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signed = requireSession(deps);

  app.post('/api/live/ticket', signed, async (c) => ok(c, { ticket: await issueStreamTicket(deps, c.var.user.id) }));

  app.get('/api/live/stream', async (c) => {
    const q = parseWith(streamQuery, c.req.query());
    const header = c.req.header('Last-Event-ID');
    const resume = position.exec(header && position.test(header) ? header : (q.lastEventId ?? ''));
    const user = await spendStreamTicket(deps, q.ticket);
    if (!user) return failure(c, new ApiError('tokenUnavailable'));
    const releaseStream = claimLiveStream(user.id); // at most LiveStreamLimits.perPerson open (issue 34): else 4029
    const staff = isStaff(user);
    const hub = liveHub(deps);
    const bus = chatBus(deps);
    return streamSSE(c, async (stream) => {
      // Writes are queued so events leave in the order they were decided.
      let queue: Promise<void> = Promise.resolve();
      let noticeAt = 0n;
      let messageAt = 0n;
      const write = (event: string, data: string) => {
        const id = `${noticeAt.toString()}.${messageAt.toString()}`;
        queue = queue.then(() => stream.writeSSE({ event, data, id })).catch(() => undefined);
      };
      // Sent already (replayed, or held and live): on PostgreSQL a notice may commit after a newer one, so
      // the recent ids are remembered rather than only the highest.
      const sent = new Set<bigint>();
      const sendNotice = (row: LiveRow) => {
        if (sent.has(row.id) || row.id <= noticeAt - lookBack) return;
        sent.add(row.id);
        if (sent.size > 64) for (const id of sent) if (id <= noticeAt - lookBack) sent.delete(id);
        if (row.id > noticeAt) noticeAt = row.id;
        write('notice', JSON.stringify({ topic: row.topic, ref: row.ref }));
      };
      const sendMessage = (m: MessageView) => {
        if (BigInt(m.id) <= messageAt) return;
        messageAt = BigInt(m.id);
        write('message', JSON.stringify({ type: 'message', message: m }));
      };
      const sendDelivery = (d: Delivery) => {
        if (d.event.type === 'message') sendMessage(d.event.message);
        else write(d.event.type, JSON.stringify(d.event));
      };
      // Listen first, hold live events while the missed ones are read, then merge without duplicates.
      const gate = heldDelivery((item: LiveRow | Delivery) => ('topic' in item ? sendNotice(item) : sendDelivery(item)));
      const offNotices = hub.subscribe(user.id, staff, gate.take);
      const offChat = bus.subscribe((d) => {
        if (deliveryIsFor(d, user)) gate.take(d);
      });
      // The chat bus's listening connection was lost and made again (issue 34): messages notified meanwhile
      // reached nobody here, so they are replayed from the table after this stream's position, and a chat
      // notice has the screens read again what has no position (read receipts).
      const offResync = bus.onResync(() =>
        gate.resync(async () => {
          for (const m of await replayAfter(deps, user, messageAt)) sendMessage(m);
          write('notice', JSON.stringify({ topic: 'chat', ref: null }));
        }),
      );
      let offHubClose = () => undefined as void;
      let offBusClose = () => undefined as void;
      let offRegistry = () => undefined as void;
      const ended = new Promise<void>((resolve) => {
        stream.onAbort(resolve);
        c.req.raw.signal.addEventListener('abort', () => resolve());
        offHubClose = hub.onClose(resolve);
        offBusClose = bus.onClose(resolve);
        // A shutdown ends the stream with a retry hint: the client reconnects elsewhere and resumes.
        offRegistry = registerLiveStream({
          close: async (retryMs) => {
            queue = queue.then(() => stream.write(`retry: ${retryMs}\n\n`)).then(() => undefined).catch(() => undefined);
            await queue;
            resolve();
          },
        });
      });
      try {
        // Both fan-outs listen before the stream says ready: a change or message made in between would be lost.
        await bus.ready;
        const top = await hub.top();
        if (resume) {
          noticeAt = BigInt(resume[1] ?? '0');
          const from = noticeAt;
          messageAt = BigInt(resume[2] ?? '0');
          const missed = await liveReplay(deps.db, user.id, staff, from, top);
          write('ready', '{}');
          if (missed === null) {
            noticeAt = top;
            write('refresh', '{}');
          } else for (const row of missed) sendNotice(row);
          for (const m of await replayAfter(deps, user, messageAt)) sendMessage(m);
        } else {
          // A first connection starts at the newest positions: what the screens loaded is current.
          noticeAt = top;
          const newest = await deps.db.selectFrom('chat_messages').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
          messageAt = newest?.id ?? 0n;
          write('ready', '{}');
        }
        gate.open();
        const beat = setInterval(() => {
          queue = queue.then(() => stream.write(': keep-alive\n\n')).then(() => undefined).catch(() => undefined);
        }, ChatTimings.heartbeat);
        await ended;
        clearInterval(beat);
      } finally {
        gate.end();
        offResync();
        releaseStream();
        offRegistry();
        offHubClose();
        offBusClose();
        offNotices();
        offChat();
      }
    });
  });

  return app;
}
