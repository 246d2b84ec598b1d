import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { claimLiveStream, registerLiveStream } from '../http/liveStreams';
import * as z from 'zod/mini';
import { ChatTimings } from '../../src/domain/customerService';
import {
  conversationQuery,
  messagesQuery,
  openConversationInput,
  quickReplyAddInput,
  quickReplyDeleteInput,
  quickReplyEditInput,
  quickReplyReorderInput,
  readInput,
  sendMessageInput,
} from '../../src/domain/schemas/customerService';
import type { MessageView } from '../../src/domain/types/customerService';
import { chatBus, type Delivery } from '../chat/bus';
import type { Deps } from '../deps';
import { ApiError, failure, ok } from '../http/envelope';
import type { AppEnv } from '../http/env';
import { requireRole } from '../http/roles';
import { requireSession } from '../http/session';
import { jsonBody, parseWith, queryOf } from '../http/validate';
import {
  conversationOf,
  conversationViews,
  deliveryIsFor,
  issueStreamTicket,
  markRead,
  messagePage,
  openConversation,
  replayAfter,
  sendMessage,
  spendStreamTicket,
  unreadTotal,
} from '../services/chat';
import { heldDelivery } from '../live/heldDelivery';
import { orderViews } from '../services/orders';
import { addQuickReply, deleteQuickReply, editQuickReply, quickReplies, reorderQuickReplies } from '../services/quickReplies';
import { unreadWorkOrders, workOrderViews } from '../services/workOrders';

/**
 * Customer-service chat (issue 15; SPEC 1 customer-service messaging, 2 /contactorList, /chatRoom).
 * SPEC leaves these calls unnamed; they are named in the provider API's style.
 *
 * Live delivery is a Server-Sent Events stream (`streamSSE`). An EventSource cannot sign its request,
 * so a signed call first asks for a one-time ticket good for 30 s, and the stream's URL spends it.
 * Every message event carries its position as the event id; a reconnecting client sends the last one
 * (`Last-Event-ID`, or `lastEventId` in the query for a new EventSource) and the server replays what
 * was stored after it before going live, without duplicates.
 */
const streamQuery = z.strictObject({ ticket: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/)), lastEventId: z.optional(z.string().check(z.regex(/^\d{1,18}$/))) });
const userQuery = z.strictObject({ userId: z.string().check(z.regex(/^[1-9]\d{0,17}$/)) });

export function chatRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signed = requireSession(deps);
  const staff = requireRole('arbiter');
  const seller = requireRole('seller');
  const { db } = deps;

  app.post('/api/chat/conversation/open', signed, async (c) => {
    const id = await openConversation(deps, c.var.user, await jsonBody(c, openConversationInput));
    const [view] = await conversationViews(deps, c.var.user, { ids: [id] });
    return ok(c, view);
  });

  app.get('/api/chat/conversation/list', signed, async (c) => ok(c, await conversationViews(deps, c.var.user)));

  app.get('/api/chat/conversation/detail', signed, async (c) => {
    const { row } = await conversationOf(db, BigInt(queryOf(c, conversationQuery).id), c.var.user);
    const [view] = await conversationViews(deps, c.var.user, { ids: [row.id] });
    return ok(c, view);
  });

  app.get('/api/chat/message/list', signed, async (c) => {
    const q = queryOf(c, messagesQuery);
    const { row } = await conversationOf(db, BigInt(q.conversationId), c.var.user);
    return ok(c, await messagePage(deps, row.id, q.before ? BigInt(q.before) : null));
  });

  /** Stored, then acknowledged with the stored message (its position is its id). */
  app.post('/api/chat/message/send', signed, async (c) => ok(c, await sendMessage(deps, c.var.user, await jsonBody(c, sendMessageInput))));

  app.post('/api/chat/message/read', signed, async (c) => {
    const input = await jsonBody(c, readInput);
    await markRead(deps, c.var.user, BigInt(input.conversationId), BigInt(input.upTo));
    return ok(c, null);
  });

  /** For the account tab's badge: unread chat messages, and work orders answered since last opened. */
  app.get('/api/chat/unread', signed, async (c) => ok(c, { unread: await unreadTotal(db, c.var.user.id), workOrders: await unreadWorkOrders(db, c.var.user.id) }));

  app.post('/api/chat/stream/ticket', signed, async (c) => ok(c, { ticket: await issueStreamTicket(deps, c.var.user.id) }));

  app.get('/api/chat/stream', async (c) => {
    const q = parseWith(streamQuery, c.req.query());
    const header = c.req.header('Last-Event-ID');
    const last = header && /^\d{1,18}$/.test(header) ? BigInt(header) : q.lastEventId ? BigInt(q.lastEventId) : null;
    const user = await spendStreamTicket(deps, q.ticket);
    if (!user) return failure(c, new ApiError('tokenUnavailable'));
    const releaseStream = claimLiveStream(user.id); // at most LiveStreamLimits.perPerson open (issue 34): else 4029
    const bus = chatBus(deps);
    return streamSSE(c, async (stream) => {
      // Writes are queued so events leave in the order they were decided.
      let queue: Promise<void> = Promise.resolve();
      const write = (data: string, id: string | null, event: string) => {
        queue = queue.then(() => stream.writeSSE({ data, event, ...(id ? { id } : {}) })).catch(() => undefined);
      };
      let sent = last ?? 0n;
      const sendMessageEvent = (m: MessageView) => {
        if (BigInt(m.id) <= sent) return; // replayed already
        sent = BigInt(m.id);
        write(JSON.stringify({ type: 'message', message: m }), m.id, 'message');
      };
      // Listen first, hold live events while the missed ones are read, then merge without duplicates.
      const deliver = (d: Delivery) => {
        if (d.event.type === 'message') sendMessageEvent(d.event.message);
        else write(JSON.stringify(d.event), null, d.event.type);
      };
      const gate = heldDelivery(deliver);
      const unsubscribe = bus.subscribe((d) => {
        if (deliveryIsFor(d, user)) gate.take(d);
      });
      // The bus's listening connection was lost and made again (issue 34): messages notified meanwhile are
      // replayed from the table after this stream's position, live ones held meanwhile.
      const offResync = bus.onResync(() =>
        gate.resync(async () => {
          for (const m of await replayAfter(deps, user, sent)) sendMessageEvent(m);
        }),
      );
      let offClose = () => undefined as void;
      let offRegistry = () => undefined as void;
      const ended = new Promise<void>((resolve) => {
        stream.onAbort(resolve);
        c.req.raw.signal.addEventListener('abort', () => resolve());
        offClose = bus.onClose(resolve);
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
        // The bus listens before the stream says ready: a message sent in between would be lost (issue 28).
        await bus.ready;
        write(JSON.stringify({ type: 'ready' }), null, 'ready');
        if (last !== null) for (const m of await replayAfter(deps, user, last)) sendMessageEvent(m);
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
        offClose();
        unsubscribe();
      }
    });
  });

  // ------------------------------------------------ a seller's quick replies (issue 37, finding 5)

  /**
   * The caller's own quick replies only (sellers; anyone else 4003): each call answers the whole list in the seller's
   * order. Another seller's reply is 4004; more than QuickReplyLimits.perSeller, the same text twice, empty or too
   * long text, or a reorder that does not name each reply once is 4001 with a message.
   */
  app.get('/api/chat/quickReply/list', signed, seller, async (c) => ok(c, await quickReplies(db, c.var.user.id)));
  app.post('/api/chat/quickReply/add', signed, seller, async (c) => {
    const input = await jsonBody(c, quickReplyAddInput);
    return ok(c, await addQuickReply(db, c.var.user.id, input.body, new Date(deps.now())));
  });
  app.post('/api/chat/quickReply/edit', signed, seller, async (c) => {
    const input = await jsonBody(c, quickReplyEditInput);
    return ok(c, await editQuickReply(db, c.var.user.id, BigInt(input.id), input.body, new Date(deps.now())));
  });
  app.post('/api/chat/quickReply/delete', signed, seller, async (c) => {
    const input = await jsonBody(c, quickReplyDeleteInput);
    return ok(c, await deleteQuickReply(db, c.var.user.id, BigInt(input.id), new Date(deps.now())));
  });
  app.post('/api/chat/quickReply/reorder', signed, seller, async (c) => {
    const input = await jsonBody(c, quickReplyReorderInput);
    return ok(c, await reorderQuickReplies(db, c.var.user.id, input.ids, new Date(deps.now())));
  });

  // ------------------------------------------------ the console's customer-service desk (staff)

  /** Conversations with the platform, those whose last word is the user's (waiting) first. */
  app.get('/api/platform/service/conversations', signed, staff, async (c) => ok(c, await conversationViews(deps, c.var.user, { platformDesk: true })));

  /** The user's orders and work orders, shown beside the chat. */
  app.get('/api/platform/service/userContext', signed, staff, async (c) => {
    const userId = BigInt(queryOf(c, userQuery).userId);
    const orders = await orderViews(db, { buyerId: userId, page: 1, size: 20 }, userId);
    const workOrders = await workOrderViews(deps, { userId, size: 20 }, c.var.user);
    return ok(c, { orders, workOrders });
  });

  return app;
}
