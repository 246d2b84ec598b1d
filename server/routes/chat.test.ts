import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatLimits } from '../../src/domain/customerService';
import type { CheckoutAnswer } from '../../src/domain/types/commerce';
import type { ConversationView, MessageView, WorkOrderView } from '../../src/domain/types/customerService';
import { readConfig } from '../config';
import { startServer } from '../start';
import { ApiCaller } from '../testing/apiClient';
import { insertAddress, insertProduct, userId } from '../testing/commerceFixtures';
import { readServerEvents } from '../testing/sse';
import { startTestServer, type TestServer } from '../testing/testServer';

let server: TestServer;
let buyer: ApiCaller;
let seller: ApiCaller;
let stranger: ApiCaller;
let staff: ApiCaller;
let productId: string;
let sellerId: string;

beforeAll(async () => {
  server = await startTestServer();
  buyer = new ApiCaller(server.url, server.clock.now);
  seller = new ApiCaller(server.url, server.clock.now);
  stranger = new ApiCaller(server.url, server.clock.now);
  staff = new ApiCaller(server.url, server.clock.now);
  await buyer.loginAs('demo_buyer');
  await seller.loginAs('demo_seller');
  await stranger.loginAs('demo_seller2');
  await staff.loginAs('demo_arbiter');
  productId = (await insertProduct(server.deps.db, { seller: 'demo_seller', price: '4', shippingFee: '1' })).productId;
  sellerId = (await userId(server.deps.db, 'demo_seller')).toString();
});
afterAll(async () => {
  await server?.close();
});

const clientId = () => crypto.randomBytes(9).toString('base64url');

async function openWithSeller(caller = buyer): Promise<ConversationView> {
  const answer = await caller.post<ConversationView>('/api/chat/conversation/open', { kind: 'seller', sellerId, subject: { kind: 'product', id: productId } });
  expect(answer.code, answer.msg).toBe('0000');
  return answer.object;
}

async function send(caller: ApiCaller, conversationId: string, body: string, id = clientId()) {
  return caller.post<MessageView>('/api/chat/message/send', { conversationId, clientId: id, body });
}

/** A reader of the SSE stream, the way a browser's EventSource reads it. */
interface StreamReader {
  events: { event: string; id: string | null; data: unknown }[];
  waitFor(count: number, event?: string): Promise<void>;
  close(): void;
}

async function openStream(caller: ApiCaller, lastEventId?: string, baseUrl = server.url): Promise<StreamReader> {
  const ticket = await caller.post<{ ticket: string }>('/api/chat/stream/ticket');
  expect(ticket.code).toBe('0000');
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/chat/stream?ticket=${ticket.object.ticket}`, { headers: lastEventId ? { 'Last-Event-ID': lastEventId } : {}, signal: abort.signal });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const events: StreamReader['events'] = [];
  const waiters: (() => void)[] = [];
  void readServerEvents(res.body as ReadableStream<Uint8Array>, (e) => {
    if (e.data === null) return;
    events.push({ event: e.event, id: e.id, data: JSON.parse(e.data) as unknown });
    for (const w of waiters.splice(0)) w();
  });
  const count = (event?: string) => events.filter((e) => (event ? e.event === event : e.event !== 'ready')).length;
  return {
    events,
    async waitFor(n, event) {
      // Generous: a full run on the 2-core machine once took more than 5 s to carry a notice between processes.
      const deadline = Date.now() + 15_000;
      while (count(event) < n) {
        if (Date.now() > deadline) throw new Error(`waited for ${n} ${event ?? ''} events, have ${count(event)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => abort.abort(),
  };
}

/** Uploads a small picture as the caller, through the image storage. */
async function upload(caller: ApiCaller, colour: string): Promise<{ id: string; urls: { card: string } }> {
  const sharp = (await import('sharp')).default;
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: colour } }).png().toBuffer();
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
  const res = await fetch(`${server.url}/api/upload/image`, { method: 'POST', headers: caller.headersFor('POST', '/api/upload/image'), body: form });
  return ((await res.json()) as { object: { id: string; urls: { card: string } } }).object;
}

const messageIds = (s: StreamReader) => s.events.filter((e) => e.event === 'message').map((e) => e.id);

describe('conversations and messages', () => {
  it('a buyer opens a chat about a product; the seller sees it with the product card, the unread count comes from the database', async () => {
    const conversation = await openWithSeller();
    expect(conversation.subject).toMatchObject({ kind: 'product', id: productId });
    const sent = await send(buyer, conversation.id, 'Is the basket still available?');
    expect(sent.code).toBe('0000');
    const list = await seller.get<ConversationView[]>('/api/chat/conversation/list');
    const mine = list.object.find((c) => c.id === conversation.id);
    expect(mine).toMatchObject({ mySide: 'counterpart', unread: 1, otherName: expect.any(String) });
    expect((await seller.get<{ unread: number }>('/api/chat/unread')).object.unread).toBeGreaterThanOrEqual(1);
    // Reading it clears the count and is a read receipt for the buyer.
    expect((await seller.post('/api/chat/message/read', { conversationId: conversation.id, upTo: sent.object.id })).code).toBe('0000');
    expect((await seller.get<ConversationView[]>('/api/chat/conversation/list')).object.find((c) => c.id === conversation.id)?.unread).toBe(0);
    const seen = (await buyer.get<ConversationView>(`/api/chat/conversation/detail?id=${conversation.id}`)).object;
    expect(seen.otherReadUpTo).toBe(sent.object.id);
  });

  it('the same client id twice stores one message and answers it both times', async () => {
    const conversation = await openWithSeller();
    const id = clientId();
    const [a, b] = await Promise.all([send(buyer, conversation.id, 'Twice?', id), send(buyer, conversation.id, 'Twice?', id)]);
    expect(a.code).toBe('0000');
    expect(b.code).toBe('0000');
    expect(a.object.id).toBe(b.object.id);
    const stored = await server.deps.db.selectFrom('chat_messages').select('id').where('client_id', '=', id).execute();
    expect(stored).toHaveLength(1);
  });

  it('a stranger can neither read nor write a conversation that is not theirs (4004); staff only see platform ones', async () => {
    const conversation = await openWithSeller();
    expect((await stranger.get(`/api/chat/message/list?conversationId=${conversation.id}`)).code).toBe('4004');
    expect((await stranger.get(`/api/chat/conversation/detail?id=${conversation.id}`)).code).toBe('4004');
    expect((await send(stranger, conversation.id, 'hello')).code).toBe('4004');
    expect((await stranger.post('/api/chat/message/read', { conversationId: conversation.id, upTo: '1' })).code).toBe('4004');
    expect((await send(staff, conversation.id, 'hello')).code).toBe('4004');
    expect((await stranger.get<ConversationView[]>('/api/chat/conversation/list')).object.some((c) => c.id === conversation.id)).toBe(false);
    expect((await stranger.get('/api/platform/service/conversations')).code).toBe('4003');
  });

  it('refuses empty, oversized and malformed messages with the field (4001), and chatting with oneself', async () => {
    const conversation = await openWithSeller();
    expect((await send(buyer, conversation.id, '   ')).code).toBe('4001');
    const long = await send(buyer, conversation.id, 'x'.repeat(ChatLimits.textMax + 1));
    expect(long.code).toBe('4001');
    expect(long.msg).toContain('body');
    expect((await buyer.post('/api/chat/message/send', { conversationId: conversation.id, clientId: 'short', body: 'x' })).code).toBe('4001');
    expect((await seller.post('/api/chat/conversation/open', { kind: 'seller', sellerId })).code).toBe('4001');
  });

  it('sends a picture through the image storage; only the uploader may send it (4004 for anyone else)', async () => {
    const uploaded = await upload(buyer, '#aa3366');
    const conversation = await openWithSeller();
    const sent = await buyer.post<MessageView>('/api/chat/message/send', { conversationId: conversation.id, clientId: clientId(), body: '', imageId: uploaded.id });
    expect(sent.code, sent.msg).toBe('0000');
    // A chat picture is private: the parties get a signed URL that loads; the bare path is 404.
    expect(sent.object.imageUrl?.startsWith(`${uploaded.urls.card}?exp=`)).toBe(true);
    expect((await fetch(`${server.url}${sent.object.imageUrl ?? ''}`)).status).toBe(200);
    expect((await fetch(`${server.url}${uploaded.urls.card}`)).status).toBe(404);
    expect((await seller.post('/api/chat/message/send', { conversationId: conversation.id, clientId: clientId(), body: '', imageId: uploaded.id })).code).toBe('4004');
    expect((await buyer.post('/api/chat/message/send', { conversationId: conversation.id, clientId: clientId(), body: 'x', imageId: 'f'.repeat(64) })).code).toBe('4004');
  });

  it('a buyer the seller blocked cannot write to that seller (4003)', async () => {
    const conversation = await openWithSeller(stranger);
    await server.deps.db.insertInto('seller_blocks').values({ seller_id: BigInt(sellerId), user_id: await userId(server.deps.db, 'demo_seller2') }).execute();
    const refused = await send(stranger, conversation.id, 'let me in');
    expect(refused.code).toBe('4003');
    expect(refused.msg).toBe('This seller does not accept your messages');
    expect((await send(seller, conversation.id, 'the seller may still write')).code).toBe('0000');
  });

  it('limits messages per minute (4029); a minute later the sender may write again', async () => {
    const c = await stranger.post<ConversationView>('/api/chat/conversation/open', { kind: 'platform' });
    for (let i = 0; i < ChatLimits.messagesPerMinute; i += 1) expect((await send(stranger, c.object.id, `message ${i}`)).code).toBe('0000');
    const tooMany = await send(stranger, c.object.id, 'one too many');
    expect(tooMany.code).toBe('4029');
    expect(tooMany.msg).toBe('You are sending too fast; please wait 60 s');
    server.clock.advance(61_000);
    expect((await send(stranger, c.object.id, 'after a minute')).code).toBe('0000');
  });
});

describe('live delivery over Server-Sent Events', () => {
  it('refuses a stream without a valid ticket, and a ticket twice', async () => {
    const res = await fetch(`${server.url}/api/chat/stream?ticket=${'a'.repeat(32)}`);
    expect(((await res.json()) as { code: string }).code).toBe('1002');
    const ticket = (await buyer.post<{ ticket: string }>('/api/chat/stream/ticket')).object.ticket;
    const first = await fetch(`${server.url}/api/chat/stream?ticket=${ticket}`);
    expect(first.headers.get('content-type')).toContain('text/event-stream');
    await first.body?.cancel();
    const again = await fetch(`${server.url}/api/chat/stream?ticket=${ticket}`);
    expect(((await again.json()) as { code: string }).code).toBe('1002');
  });

  it('delivers a message to the other side live, and a read receipt back', async () => {
    const conversation = await openWithSeller();
    const buyerStream = await openStream(buyer);
    const sellerStream = await openStream(seller);
    await buyerStream.waitFor(1, 'ready');
    await sellerStream.waitFor(1, 'ready');
    const sent = await send(seller, conversation.id, 'Yes, still available');
    await buyerStream.waitFor(1, 'message');
    expect(buyerStream.events.find((e) => e.event === 'message')).toMatchObject({ id: sent.object.id, data: { type: 'message', message: { body: 'Yes, still available', side: 'counterpart' } } });
    await buyer.post('/api/chat/message/read', { conversationId: conversation.id, upTo: sent.object.id });
    await sellerStream.waitFor(1, 'read');
    expect(sellerStream.events.find((e) => e.event === 'read')?.data).toMatchObject({ conversationId: conversation.id, side: 'buyer', upTo: sent.object.id });
    buyerStream.close();
    sellerStream.close();
  });

  it('a reconnect with Last-Event-ID replays exactly the missed messages, then goes on live', async () => {
    const conversation = await openWithSeller();
    const first = await openStream(buyer);
    await first.waitFor(1, 'ready');
    const before = await send(seller, conversation.id, 'before the drop');
    await first.waitFor(1, 'message');
    const lastSeen = messageIds(first).at(-1) ?? '';
    expect(lastSeen).toBe(before.object.id);
    first.close();
    // While the buyer is away: three messages in this conversation; one in a conversation that is not the buyer's.
    const missed: string[] = [];
    for (const text of ['one', 'two', 'three']) missed.push((await send(seller, conversation.id, text)).object.id);
    const other = await openWithSeller(stranger);
    await send(stranger, other.id, 'not for the buyer');
    const again = await openStream(buyer, lastSeen);
    await again.waitFor(3, 'message');
    expect(messageIds(again)).toEqual(missed);
    const live = await send(seller, conversation.id, 'live again');
    await again.waitFor(4, 'message');
    expect(messageIds(again)).toEqual([...missed, live.object.id]);
    again.close();
  });

  it('staff see a platform conversation on the desk and answer it live', async () => {
    const c = (await buyer.post<ConversationView>('/api/chat/conversation/open', { kind: 'platform' })).object;
    const staffStream = await openStream(staff);
    await staffStream.waitFor(1, 'ready');
    const question = await send(buyer, c.id, 'Where is my parcel?');
    await staffStream.waitFor(1, 'message');
    expect(messageIds(staffStream)).toContain(question.object.id);
    const desk = await staff.get<ConversationView[]>('/api/platform/service/conversations');
    expect(desk.object[0]).toMatchObject({ id: c.id, mySide: 'counterpart', unread: 1 });
    const context = await staff.get<{ orders: unknown[]; workOrders: unknown[] }>(`/api/platform/service/userContext?userId=${c.buyerId}`);
    expect(context.code).toBe('0000');
    const buyerStream = await openStream(buyer);
    await buyerStream.waitFor(1, 'ready');
    await send(staff, c.id, 'It ships today.');
    await buyerStream.waitFor(1, 'message');
    staffStream.close();
    buyerStream.close();
  });
});

describe('work orders', () => {
  async function anOrder(): Promise<{ id: string; orderNo: string }> {
    const addressId = await insertAddress(server.deps.db, 'demo_buyer');
    const placed = await buyer.post<CheckoutAnswer>('/api/commodity/orders/submit', { idempotencyKey: clientId(), items: [{ productId, skuId: (await server.deps.db.selectFrom('product_skus').select('id').where('product_id', '=', BigInt(productId)).executeTakeFirstOrThrow()).id.toString(), quantity: 1 }], addressId, paymentMethod: 'balance' });
    expect(placed.code, placed.msg).toBe('0000');
    const id = placed.object.orders[0]?.id ?? '';
    const row = await server.deps.db.selectFrom('orders').select('order_no').where('id', '=', BigInt(id)).executeTakeFirstOrThrow();
    return { id, orderNo: row.order_no };
  }

  it('is filed for one of the caller\'s own orders; someone else\'s order number is refused with "Submission Failed"', async () => {
    const order = await anOrder();
    const refused = await stranger.post('/api/workorder/add', { orderNo: order.orderNo, category: 'delivery', description: 'Where is this parcel?', images: [] });
    expect(refused.code).toBe('4004');
    expect(refused.msg).toBe('Submission Failed');
    expect((await buyer.post('/api/workorder/add', { orderNo: 'NO-SUCH-ORDER', category: 'delivery', description: 'Where is this parcel?', images: [] })).msg).toBe('Submission Failed');
    expect((await buyer.post('/api/workorder/add', { orderNo: '', category: 'delivery', description: 'Where is this parcel?', images: [] })).code).toBe('4001');
    expect((await buyer.post('/api/workorder/add', { orderNo: order.orderNo, category: 'delivery', description: 'Where?', images: ['a'.repeat(64), 'b'.repeat(64), 'c'.repeat(64), 'd'.repeat(64), 'e'.repeat(64)] })).code).toBe('4001');
    const theirs = await upload(seller, '#123456');
    expect((await buyer.post('/api/workorder/add', { orderNo: order.orderNo, category: 'delivery', description: 'The parcel has not moved for a week.', images: [theirs.id] })).code).toBe('4004');
    const mine = await upload(buyer, '#654321');
    const filed = await buyer.post<WorkOrderView>('/api/workorder/add', { orderNo: order.orderNo, category: 'delivery', description: 'The parcel has not moved for a week.', images: [mine.id] });
    expect(filed.code, filed.msg).toBe('0000');
    // Work-order pictures are private too: a signed URL that loads, the bare path 404.
    expect(filed.object.imageUrls[0]?.startsWith(`${mine.urls.card}?exp=`)).toBe(true);
    expect((await fetch(`${server.url}${filed.object.imageUrls[0] ?? ''}`)).status).toBe(200);
    expect((await fetch(`${server.url}${mine.urls.card}`)).status).toBe(404);
    expect(filed.object).toMatchObject({ orderNo: order.orderNo, status: 'open', statusCode: 0, allowed: expect.arrayContaining(['USER_REPLY', 'CLOSE']) });
  });

  it('a stranger cannot read, reply to or close it (4004); staff answer from the queue (oldest first) and close it', async () => {
    const order = await anOrder();
    const filed = (await buyer.post<WorkOrderView>('/api/workorder/add', { orderNo: order.orderNo, category: 'order', description: 'Please check the order total.', images: [] })).object;
    expect((await stranger.get(`/api/workorder/detail?id=${filed.id}`)).code).toBe('4004');
    expect((await stranger.post('/api/workorder/reply', { id: filed.id, body: 'me too' })).code).toBe('4004');
    expect((await stranger.post('/api/workorder/close', { id: filed.id })).code).toBe('4004');
    expect((await stranger.get<WorkOrderView[]>('/api/workorder/list')).object.some((w) => w.id === filed.id)).toBe(false);
    expect((await buyer.get('/api/platform/workorder/queue')).code).toBe('4003');
    expect((await buyer.post('/api/platform/workorder/reply', { id: filed.id, body: 'I am staff' })).code).toBe('4003');

    const queue = (await staff.get<WorkOrderView[]>('/api/platform/workorder/queue')).object;
    expect(queue.some((w) => w.id === filed.id)).toBe(true);
    const ages = queue.map((w) => w.createdAt);
    expect([...ages].sort()).toEqual(ages);
    const answered = await staff.post<WorkOrderView>('/api/platform/workorder/reply', { id: filed.id, body: 'The total includes shipping.' });
    expect(answered.object).toMatchObject({ status: 'answered', statusCode: 1 });
    expect((await buyer.get<{ workOrders: number }>('/api/chat/unread')).object.workOrders).toBeGreaterThanOrEqual(1);
    expect((await buyer.get<WorkOrderView[]>('/api/workorder/list')).object.find((w) => w.id === filed.id)?.unread).toBe(true);
    const seen = (await buyer.get<WorkOrderView>(`/api/workorder/detail?id=${filed.id}`)).object;
    expect((await buyer.get<WorkOrderView[]>('/api/workorder/list')).object.find((w) => w.id === filed.id)?.unread).toBe(false);
    expect(seen.replies.map((r) => [r.by, r.body])).toEqual([['staff', 'The total includes shipping.']]);
    const followUp = await buyer.post<WorkOrderView>('/api/workorder/reply', { id: filed.id, body: 'Thanks, understood.' });
    expect(followUp.object.status).toBe('open');
    const closed = await staff.post<WorkOrderView>('/api/platform/workorder/close', { id: filed.id });
    expect(closed.object).toMatchObject({ status: 'closed', statusCode: 2, allowed: [] });
    // Closed is final: the chart takes no reply.
    expect((await buyer.post('/api/workorder/reply', { id: filed.id, body: 'one more thing' })).code).toBe('4001');
  });
});

describe('several server processes on one PostgreSQL', () => {
  it.runIf(process.env.TEST_DB === 'postgres')('a message stored through one process reaches a stream open on another (LISTEN/NOTIFY)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-chat-'));
    const other = await startServer({ ...readConfig({}), port: 0, host: '127.0.0.1', sandbox: true, piApiKey: 'sandbox-key', dataDir, databaseUrl: server.database.url }, { now: server.clock.now });
    try {
      const conversation = await openWithSeller();
      const remote = await openStream(buyer, undefined, other.url);
      await remote.waitFor(1, 'ready');
      const sent = await send(seller, conversation.id, 'from the other process');
      expect(sent.code, sent.msg).toBe('0000');
      await remote.waitFor(1, 'message');
      expect(messageIds(remote)).toEqual([sent.object.id]);
      remote.close();
    } finally {
      await other.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
