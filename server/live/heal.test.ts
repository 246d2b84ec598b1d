import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../src/domain/codes';
import type { Page, ProductCard } from '../../src/domain/types/catalogue';
import type { ConversationView, MessageView } from '../../src/domain/types/customerService';
import { catalogueCacheTtlMs, readConfig } from '../config';
import { setListenerTimings } from '../db/listener';
import { startServer, type RunningServer } from '../start';
import { setCatalogueCacheTtl } from '../services/catalogueCache';
import { ApiCaller } from '../testing/apiClient';
import { expectedErrors } from '../testing/expectedErrors';
import { insertProduct } from '../testing/commerceFixtures';
import { readServerEvents } from '../testing/sse';

/**
 * The live channel heals (issue 34, finding 3): a server process on its own PostgreSQL server, which
 * this test starts, stops for seconds and starts again. The open streams stay served; a chat message
 * and a live notice made after the restart, and while only the listening connections were lost, reach
 * the open streams (replayed from the tables by position when nobody listened); `/readyz` says 503
 * while the database or a listener is down and 200 once healed; the reconnections are counted.
 * PostgreSQL only (PGlite has no LISTEN); skipped with the reason when the server binaries are absent.
 */
const run = promisify(execFile);
const onPostgres = process.env.TEST_DB === 'postgres';

function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const bin = path.join(root, v, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb')) && fs.existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

const bin = onPostgres ? postgresBin() : null;
if (onPostgres && !bin) console.warn('heal.test.ts skipped: no PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin');

async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** initdb refuses root: the cluster's commands run as postgres then. */
const asRoot = process.getuid?.() === 0;
async function pgCommand(command: string, args: string[]): Promise<void> {
  const file = path.join(bin ?? '', command);
  if (asRoot) await run('runuser', ['-u', 'postgres', '--', file, ...args], { timeout: 60_000 });
  else await run(file, args, { timeout: 60_000 });
}

let clusterDir = '';
let dataDir = '';
let port = 0;
let app: RunningServer | null = null;
/** A second server process's worth (its own pool, cache and listeners) on the same database. */
let other: RunningServer | null = null;
let buyer: ApiCaller;
let staff: ApiCaller;
const metricsToken = crypto.randomBytes(16).toString('hex');

const startCluster = () =>
  pgCommand('pg_ctl', ['-D', path.join(clusterDir, 'data'), '-l', path.join(clusterDir, 'log'), '-w', '-t', '30', '-o', `-p ${port} -k ${clusterDir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
const stopCluster = () => pgCommand('pg_ctl', ['-D', path.join(clusterDir, 'data'), '-m', 'fast', '-w', '-t', '30', 'stop']);

beforeAll(async () => {
  if (!bin) return;
  clusterDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coin-mall-heal-pg-'));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coin-mall-heal-data-'));
  if (asRoot) await run('chown', ['postgres', clusterDir]);
  port = await freePort();
  await pgCommand('initdb', ['-D', path.join(clusterDir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync', '--no-instructions']);
  await startCluster();
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`, connectionTimeoutMillis: 10_000 });
  await admin.connect();
  await admin.query('create database heal');
  await admin.end();
  // A long cache life: a page served stale could not be excused by its age.
  const config = { ...readConfig({}), port: 0, host: '127.0.0.1', sandbox: true, piApiKey: 'sandbox-key', rateLimits: false, metricsToken, dataDir, catalogueCacheMs: 60_000, databaseUrl: `postgres://postgres@127.0.0.1:${port}/heal` };
  app = await startServer(config);
  other = await startServer(config, { prepared: true });
  buyer = new ApiCaller(app.url, Date.now);
  staff = new ApiCaller(app.url, Date.now);
  await buyer.loginAs('demo_buyer');
  await staff.loginAs('demo_arbiter');
}, 90_000);

afterAll(async () => {
  setListenerTimings(null);
  setCatalogueCacheTtl(catalogueCacheTtlMs);
  await other?.close();
  await app?.close();
  if (clusterDir) {
    await stopCluster().catch(() => undefined);
    fs.rmSync(clusterDir, { recursive: true, force: true });
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

interface Event {
  event: string;
  id: string | null;
  data: { topic?: string; ref?: string | null; type?: string; message?: { id: string; body: string } };
}

interface Stream {
  events: Event[];
  ended: () => boolean;
  waitFor(test: (events: Event[]) => boolean, what: string, ms: number): Promise<void>;
  close(): void;
}

async function open(caller: ApiCaller, url: string, ticketPath: string): Promise<Stream> {
  const ticket = await caller.post<{ ticket: string }>(ticketPath);
  expect(ticket.code, ticket.msg).toBe('0000');
  const abort = new AbortController();
  const res = await fetch(`${app?.url}${url}?ticket=${ticket.object.ticket}`, { signal: abort.signal });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const events: Event[] = [];
  let ended = false;
  void readServerEvents(res.body as ReadableStream<Uint8Array>, (e) => {
    if (e.data !== null) events.push({ event: e.event, id: e.id, data: JSON.parse(e.data) as Event['data'] });
  }).then(() => (ended = true));
  const stream: Stream = {
    events,
    ended: () => ended,
    async waitFor(test, what, ms) {
      const deadline = Date.now() + ms;
      while (!test(events)) {
        if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}; have ${JSON.stringify(events)}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => abort.abort(),
  };
  await stream.waitFor((es) => es.some((e) => e.event === 'ready'), 'ready', 10_000);
  return stream;
}

const hasMessage = (body: string) => (events: Event[]) => events.some((e) => e.event === 'message' && e.data.message?.body === body);
const hasNotice = (ref: string) => (events: Event[]) => events.some((e) => e.event === 'notice' && e.data.ref === ref);

/** A server's /readyz (the first server's unless another is named). */
async function readiness(url = app?.url): Promise<{ status: number; checks: Record<string, boolean> }> {
  try {
    const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5000) });
    return { status: res.status, checks: ((await res.json()) as { checks: Record<string, boolean> }).checks };
  } catch {
    return { status: 0, checks: {} };
  }
}

async function until<T>(read: () => Promise<T>, test: (value: T) => boolean, what: string, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (test(value)) return value;
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}; last ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The metric's samples by their `listener` label. */
async function metric(name: string): Promise<Record<string, number>> {
  const text = await (await fetch(`${app?.url}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })).text();
  const values: Record<string, number> = {};
  for (const m of text.matchAll(new RegExp(`^${name}\\{listener="(\\w+)"\\} (\\S+)$`, 'gm'))) values[m[1] ?? ''] = Number(m[2]);
  return values;
}

/** Sent by the buyer to the platform's desk: the staff's streams carry it. Retried while the database comes back. */
async function send(conversationId: string, body: string): Promise<void> {
  await until(
    () => buyer.post<MessageView>('/api/chat/message/send', { conversationId, clientId: crypto.randomUUID(), body }),
    (a) => a.code === '0000',
    `sending ${body}`,
    15_000,
  );
}

/**
 * A notice for the staff published as another server process publishes it (server/live/live.ts
 * `publishLive`): the row and the NOTIFY in one transaction, on a connection of its own. (Published
 * in this process, the hubs here would be woken in-process and the listener would prove nothing.)
 */
async function notice(ref: string): Promise<void> {
  const publish = async () => {
    const c = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/heal`, connectionTimeoutMillis: 5000, query_timeout: 5000 });
    c.on('error', () => undefined);
    try {
      await c.connect();
      await c.query('begin');
      await c.query("insert into live_notices (audience, person_id, topic, ref) values ('staff', null, 'workOrders', $1)", [ref]);
      await c.query("select pg_notify('coin_mall_live', '')");
      await c.query('commit');
      return true;
    } catch {
      return false;
    } finally {
      await c.end().catch(() => undefined);
    }
  };
  await until(publish, Boolean, `publishing ${ref}`, 15_000);
}

const feedOf = async (url: string) => (await new ApiCaller(url, Date.now).get<Page<ProductCard>>('/api/commodity/product/feed?countryId=0&limit=5')).object.list.map((c) => c.id);

/** A product taken down through one server is gone at once from the other's cached first page. */
async function catalogueShared(label: string): Promise<void> {
  if (!app || !other) throw new Error('no servers');
  const p = await insertProduct(app.deps.db, { seller: 'demo_seller', title: `Heal ${label} ${crypto.randomUUID().slice(0, 8)}`, saleCountries: [0] });
  const seller = new ApiCaller(app.url, Date.now);
  await seller.loginAs('demo_seller');
  expect(await feedOf(other.url)).toContain(p.productId);
  expect((await seller.post('/api/commodity/product/takeDown', { id: p.productId })).code).toBe(ResponseCode.success);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await feedOf(other.url), `the other server's cached page ${label}`).not.toContain(p.productId);
}

// Readiness and metrics are soft expectations: run on code that does not heal, the test reports them
// all, then stops where a change made after the restart never reaches the open stream.
describe.skipIf(!bin)('the live channel heals after PostgreSQL goes away (issue 34)', () => {
  it('keeps open streams served across a restart and a lost listener, delivers what changed meanwhile, and says so in /readyz and /metrics', async () => {
    const conversation = (await buyer.post<ConversationView>('/api/chat/conversation/open', { kind: 'platform' })).object;
    const live = await open(staff, '/api/live/stream', '/api/live/ticket');
    const chat = await open(staff, '/api/chat/stream', '/api/chat/stream/ticket');
    // Before: everything listens and flows.
    await send(conversation.id, 'before');
    await notice('before');
    await live.waitFor((es) => hasMessage('before')(es) && hasNotice('before')(es), 'the message and notice before the outage', 5000);
    await chat.waitFor(hasMessage('before'), 'the message before the outage', 5000);
    await catalogueShared('before the outage');
    expect((await readiness()).status).toBe(200);
    const reconnectionsBefore = await metric('coin_mall_db_listener_reconnections_total');

    // The database server stops for several seconds (fast: every connection is cut), then starts again. What the
    // timer runner logs meanwhile (it cannot reach the database) is kept for the check below, not printed.
    const outage = expectedErrors();
    await stopCluster();
    const down = await until(readiness, (r) => r.status === 503, '/readyz 503 while the database is down', 5000);
    expect(down.checks.database).toBe(false);
    expect.soft(down.checks.listeners, '/readyz names the listeners down').toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(live.ended() || chat.ended(), 'the open streams are still served').toBe(false);
    expect.soft(await metric('coin_mall_db_listener_up'), 'the listeners are down in /metrics').toMatchObject({ chat: 0, live: 0, catalogue: 0 });
    await startCluster();
    // At once, while the listeners may still be waiting to retry: whichever way, it must arrive.
    await send(conversation.id, 'after restart');
    await notice('after restart');
    await until(readiness, (r) => r.status === 200, '/readyz 200 once healed', 15_000);
    outage.stop();
    for (const line of outage.lines()) expect(`${line.msg} ${String((line.fields.err as Error | undefined)?.message)}`, 'only the outage is logged as an error').toMatch(/ECONNREFUSED|terminat|Connection|connect/i);
    // The other server heals on its own retry schedule: the process-wide listener metrics and its cached catalogue
    // page (cleared when its listener is back) follow it. Under load it was still retrying when they were read.
    await until(() => readiness(other?.url), (r) => r.status === 200, "the other server's /readyz 200 once healed", 15_000);
    await live.waitFor((es) => hasMessage('after restart')(es) && hasNotice('after restart')(es), 'the message and notice after the restart', 15_000);
    await chat.waitFor(hasMessage('after restart'), 'the message after the restart on the chat stream', 15_000);
    const reconnections = await metric('coin_mall_db_listener_reconnections_total');
    for (const name of ['chat', 'live', 'catalogue']) expect.soft(reconnections[name] ?? 0, `${name} reconnections counted`).toBeGreaterThan(reconnectionsBefore[name] ?? 0);
    expect.soft(await metric('coin_mall_db_listener_up'), 'the listeners are up in /metrics').toMatchObject({ chat: 1, live: 1, catalogue: 1 });
    await catalogueShared('after the restart');

    // Only the listening connections are lost, with a slow first retry: the database answers, so a
    // message and a notice are stored while nobody listens; /readyz says 503 for the listeners alone.
    setListenerTimings({ firstRetryMs: 2500 });
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/heal`, connectionTimeoutMillis: 5000 });
    await admin.connect();
    try {
      // Both servers' catalogue listeners, the first one's chat and live listeners.
      const cut = await admin.query<{ n: number }>("select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name like 'coin_mall_listen_%'");
      expect(cut.rows[0]?.n).toBe(4);
    } finally {
      await admin.end();
    }
    const deaf = await until(readiness, (r) => r.status === 503, '/readyz 503 while the listeners are down', 2000);
    expect(deaf.checks).toMatchObject({ database: true, listeners: false });
    await send(conversation.id, 'while deaf');
    await notice('while deaf');
    expect((await readiness()).checks.listeners, 'still down when the message and notice were stored').toBe(false);
    await live.waitFor((es) => hasMessage('while deaf')(es) && hasNotice('while deaf')(es), 'the message and notice stored while nobody listened', 15_000);
    await chat.waitFor(hasMessage('while deaf'), 'the message stored while nobody listened, on the chat stream', 15_000);
    await until(readiness, (r) => r.status === 200, '/readyz 200 once listening again', 15_000);
    // Each arrived once, in order.
    const bodies = live.events.filter((e) => e.event === 'message').map((e) => e.data.message?.body);
    expect(bodies).toEqual(['before', 'after restart', 'while deaf']);
    live.close();
    chat.close();
  }, 60_000);
});
