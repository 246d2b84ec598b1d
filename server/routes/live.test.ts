import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveStreamLimits } from '../../src/domain/abuseLimits';
import { ChatTimings } from '../../src/domain/customerService';
import { ResponseCode } from '../../src/domain/codes';
import type { OrderAction } from '../../src/domain/schemas/orders';
import type { CheckoutAnswer } from '../../src/domain/types/commerce';
import { readConfig } from '../config';
import { liveStreamsOf } from '../http/liveStreams';
import { startServer } from '../start';
import { ApiCaller } from '../testing/apiClient';
import { insertAddress, insertProduct } from '../testing/commerceFixtures';
import { readServerEvents } from '../testing/sse';
import { startTestServer, type TestServer } from '../testing/testServer';

/**
 * The live channel (issue 23): who may open a stream, and that a person's stream carries notices
 * about what that person can read, and nothing about anyone else's records.
 */
let server: TestServer;
let buyer: ApiCaller;
let seller: ApiCaller;
let stranger: ApiCaller;
let staff: ApiCaller;

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
});
afterAll(async () => {
  await server?.close();
});

interface Event {
  event: string;
  id: string | null;
  data: { topic?: string; ref?: string | null; type?: string };
}

interface Stream {
  events: Event[];
  notices(): { topic: string; ref: string | null }[];
  waitFor(test: (events: Event[]) => boolean, what: string): Promise<void>;
  close(): void;
}

/** A reader of the live stream, the way a browser's EventSource reads it. */
async function open(caller: ApiCaller, lastEventId?: string, baseUrl = server.url): Promise<Stream> {
  const ticket = await caller.post<{ ticket: string }>('/api/live/ticket');
  expect(ticket.code).toBe('0000');
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/live/stream?ticket=${ticket.object.ticket}`, { headers: lastEventId ? { 'Last-Event-ID': lastEventId } : {}, signal: abort.signal });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const events: Event[] = [];
  void readServerEvents(res.body as ReadableStream<Uint8Array>, (e) => {
    if (e.data !== null) events.push({ event: e.event, id: e.id, data: JSON.parse(e.data) as Event['data'] });
  });
  const stream: Stream = {
    events,
    notices: () => events.filter((e) => e.event === 'notice').map((e) => ({ topic: e.data.topic ?? '', ref: e.data.ref ?? null })),
    async waitFor(test, what) {
      const deadline = Date.now() + 5000;
      while (!test(events)) {
        if (Date.now() > deadline) throw new Error(`waited for ${what}; have ${JSON.stringify(events)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => abort.abort(),
  };
  await stream.waitFor((es) => es.some((e) => e.event === 'ready'), 'ready');
  return stream;
}

const has = (topic: string, ref: string) => (events: Event[]) => events.some((e) => e.event === 'notice' && e.data.topic === topic && e.data.ref === ref);

async function act(caller: ApiCaller, id: string, action: OrderAction) {
  const answer = await caller.post('/api/commodity/orders/act', { id, action });
  expect(answer.code, `${action.type}: ${answer.msg}`).toBe('0000');
}

async function paidOrder(): Promise<{ id: string; orderNo: string }> {
  const p = await insertProduct(server.deps.db, { seller: 'demo_seller', price: '2', shippingFee: '1' });
  const addressId = await insertAddress(server.deps.db, 'demo_buyer');
  const placed = await buyer.post<CheckoutAnswer>('/api/commodity/orders/submit', { idempotencyKey: crypto.randomUUID(), items: [{ productId: p.productId, skuId: p.skuIds[0], quantity: 1 }], addressId, paymentMethod: 'balance' });
  expect(placed.code, placed.msg).toBe('0000');
  const order = placed.object.orders[0];
  expect((await buyer.post('/api/pay/balance', { orderIds: [order?.id] })).code).toBe('0000');
  return { id: order?.id ?? '', orderNo: order?.orderNo ?? '' };
}

describe('who may open a live stream', () => {
  it('issue 34: one person holds at most LiveStreamLimits.perPerson streams (live and chat together): one more is 4029; another person is not held back; a closed one frees its place', async () => {
    const streams: Stream[] = [];
    for (let i = 0; i < LiveStreamLimits.perPerson; i += 1) streams.push(await open(stranger));
    const over = async (path: string) => {
      const ticket = (await stranger.post<{ ticket: string }>(path === '/api/live/stream' ? '/api/live/ticket' : '/api/chat/stream/ticket')).object.ticket;
      const res = await fetch(`${server.url}${path}?ticket=${ticket}`);
      expect(res.headers.get('content-type')).toContain('application/json');
      return (await res.json()) as { code: string; msg: string; object: { limit: string; max: number } };
    };
    for (const path of ['/api/live/stream', '/api/chat/stream']) {
      const refused = await over(path);
      expect(refused.code).toBe(ResponseCode.tooManyRequests);
      expect(refused.msg).toBe('Too many live connections are open: close some tabs of the app and try again');
      expect(refused.object).toEqual({ limit: 'liveStreams', max: LiveStreamLimits.perPerson });
    }
    const others = await open(seller);
    others.close();
    streams.shift()?.close();
    const { id } = await server.deps.db.selectFrom('users').select('id').where('username', '=', 'demo_seller2').executeTakeFirstOrThrow();
    for (let i = 0; i < 250 && liveStreamsOf(id) >= LiveStreamLimits.perPerson; i += 1) await new Promise((r) => setTimeout(r, 20));
    const again = await open(stranger);
    again.close();
    for (const stream of streams) stream.close();
  });

  it('refuses no ticket, an unknown one, an expired one, and one already spent (by its person or anyone else)', async () => {
    const none = await fetch(`${server.url}/api/live/stream`);
    expect(none.headers.get('content-type')).not.toContain('text/event-stream');
    expect(((await none.json()) as { code: string }).code).not.toBe('0000');
    const unknown = await fetch(`${server.url}/api/live/stream?ticket=${'a'.repeat(32)}`);
    expect(((await unknown.json()) as { code: string }).code).toBe('1002');

    const expired = (await buyer.post<{ ticket: string }>('/api/live/ticket')).object.ticket;
    server.clock.advance(ChatTimings.streamTicketLifetime + 1000);
    const late = await fetch(`${server.url}/api/live/stream?ticket=${expired}`);
    expect(((await late.json()) as { code: string }).code).toBe('1002');

    // The buyer's ticket opens the buyer's stream once; in anyone else's hands afterwards it opens nothing.
    const ticket = (await buyer.post<{ ticket: string }>('/api/live/ticket')).object.ticket;
    const first = await fetch(`${server.url}/api/live/stream?ticket=${ticket}`);
    expect(first.headers.get('content-type')).toContain('text/event-stream');
    await first.body?.cancel();
    const taken = await fetch(`${server.url}/api/live/stream?ticket=${ticket}`, { headers: stranger.headersFor('GET', `/api/live/stream?ticket=${ticket}`) });
    expect(((await taken.json()) as { code: string }).code).toBe('1002');
    // A ticket is only issued to a signed-in person.
    expect((await new ApiCaller(server.url, server.clock.now).post('/api/live/ticket')).code).not.toBe('0000');
  });
});

describe('what a person’s stream carries', () => {
  it('order, balance, work-order and public notices reach the people who can read them, and never a stranger', async () => {
    const streams = { buyer: await open(buyer), seller: await open(seller), stranger: await open(stranger), staff: await open(staff) };
    const order = await paidOrder();
    await act(seller, order.id, { type: 'CONFIRM' });
    await streams.buyer.waitFor(has('orders', order.id), 'the buyer’s order notice');
    await streams.seller.waitFor(has('orders', order.id), 'the seller’s order notice');
    await streams.buyer.waitFor((es) => es.some((e) => e.data.topic === 'money'), 'the buyer’s balance notice');

    const filed = await buyer.post<{ id: string }>('/api/workorder/add', { orderNo: order.orderNo, category: 'delivery', description: 'When does my order ship, please?', images: [] });
    expect(filed.code, filed.msg).toBe('0000');
    expect((await staff.post('/api/platform/workorder/reply', { id: filed.object.id, body: 'Today.' })).code).toBe('0000');
    await streams.buyer.waitFor(has('workOrders', filed.object.id), 'the buyer’s work-order notice');
    await streams.staff.waitFor(has('workOrders', filed.object.id), 'the staff queue’s work-order notice');

    // A notice for everyone reaches the stranger too; by then anything meant for the stranger has arrived.
    const notice = await staff.post<{ id: string }>('/api/console/notices/publish', { title: 'Maintenance tonight', body: 'The shop pauses for ten minutes at 02:00.' });
    expect(notice.code, notice.msg).toBe('0000');
    for (const s of Object.values(streams)) await s.waitFor(has('notices', notice.object.id), 'the public notice');
    expect(streams.stranger.notices()).toEqual([{ topic: 'notices', ref: notice.object.id }]);
    // Staff read queues (work orders, appeals, withdrawals), not people's orders or balances.
    expect(streams.staff.notices().filter((n) => n.topic === 'orders' || n.topic === 'money')).toEqual([]);
    expect(streams.seller.notices().filter((n) => n.topic === 'workOrders')).toEqual([]);
    // A notice is a hint: a topic and an id, never the record.
    for (const e of streams.buyer.events.filter((x) => x.event === 'notice')) expect(Object.keys(e.data).sort()).toEqual(['ref', 'topic']);
    for (const s of Object.values(streams)) s.close();
  });

  it('a reconnecting stream replays what it missed, and says to refresh when the gap is no longer kept', async () => {
    const first = await open(buyer);
    const order = await paidOrder();
    await first.waitFor(has('orders', order.id), 'the order notice');
    const last = first.events.at(-1)?.id ?? '';
    expect(last).toMatch(/^\d+\.\d+$/);
    first.close();
    await act(seller, order.id, { type: 'CONFIRM' });
    await act(seller, order.id, { type: 'SHIP', company: 'DHL', number: 'DHL5566778' });
    const resumed = await open(buyer, last);
    await resumed.waitFor((es) => es.filter((e) => e.event === 'notice' && e.data.topic === 'orders' && e.data.ref === order.id).length >= 2, 'two replayed order notices');
    expect(resumed.events.some((e) => e.event === 'refresh')).toBe(false);
    resumed.close();

    // Notices older than what is kept are gone: the stream cannot replay them and says so.
    const gone = await server.deps.db.deleteFrom('live_notices').returning('id').execute();
    expect(gone.length).toBeGreaterThan(0);
    await act(buyer, order.id, { type: 'CONFIRM_RECEIPT' });
    const stale = await open(buyer, last);
    await stale.waitFor((es) => es.some((e) => e.event === 'refresh'), 'a refresh');
    stale.close();
  });

  it.runIf(process.env.TEST_DB === 'postgres')('a change made through one process reaches a stream open on another (LISTEN/NOTIFY)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-live-'));
    const other = await startServer({ ...readConfig({}), port: 0, host: '127.0.0.1', sandbox: true, piApiKey: 'sandbox-key', dataDir, databaseUrl: server.database.url }, { now: server.clock.now });
    try {
      const remote = await open(buyer, undefined, other.url);
      const order = await paidOrder();
      await act(seller, order.id, { type: 'CONFIRM' });
      await remote.waitFor(has('orders', order.id), 'the order notice on the other process');
      remote.close();
    } finally {
      await other.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
