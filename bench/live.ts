import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseMoney } from '../src/domain/money';
import type { CheckoutAnswer } from '../src/domain/types/commerce';
import { readConfig } from '../server/config';
import { liveHub } from '../server/live/live';
import { demoTopUp } from '../server/services/ledger';
import { startServer } from '../server/start';
import { startTestServer } from '../server/testing/testServer';
import { startServerProcess } from './serverProcess';
import { ApiCaller, type Session } from '../server/testing/apiClient';
import { insertAddress, insertProduct, userId } from '../server/testing/commerceFixtures';

/**
 * The live channel (issue 23 budgets). One server process on PGlite (this one); LISTENERS people, each
 * with a paid order from one seller, keep a live stream open (in a child process, bench/liveReaders.ts,
 * so the server's memory is measured alone). The seller confirms the orders through the signed API at
 * RATE per second, round robin; a change's latency runs from just before the seller's call to the
 * arrival of the order's notice on its buyer's stream (committed, woken, read, fanned out, written,
 * parsed, and handed to this process). Then the memory per open stream (RSS and heap before and after
 * opening them, after a GC), and CYCLES rounds of CYCLE streams opened and closed, with the memory and
 * the hub's count of open streams after each.
 *
 * With TWO_PROCESSES=1 it runs on PostgreSQL (a fresh database at TEST_DATABASE_URL's server) with two
 * server processes: this one, where the seller acts, and another OS process (`server/main.ts`, as
 * `npm start` runs it) that holds every buyer's stream, so each notice crosses processes through
 * LISTEN/NOTIFY. Only the latency is measured then (the memory figures are the one-process run's).
 *
 *   node --expose-gc --import tsx bench/live.ts
 *   LISTENERS=100 CHANGES=200 CYCLE=500 node --expose-gc --import tsx bench/live.ts
 *   TWO_PROCESSES=1 node --import tsx bench/live.ts
 */
const listeners = Number(process.env.LISTENERS ?? 500);
const changes = Number(process.env.CHANGES ?? 500);
const rate = Number(process.env.RATE ?? 25);
const cycle = Number(process.env.CYCLE ?? 2000);
const cycles = Number(process.env.CYCLES ?? 3);
const twoProcesses = process.env.TWO_PROCESSES === '1';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const gc = () => (globalThis as { gc?: () => void }).gc?.();
const memory = async () => {
  for (let i = 0; i < 3; i += 1) {
    gc();
    await sleep(200);
  }
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed + m.external + m.arrayBuffers };
};
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

async function inBatches<T, R>(items: T[], size: number, run: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map((item, j) => run(item, i + j)))));
  return out;
}

function ask<T extends { type: string }>(child: ChildProcess, command: unknown, answer: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const listener = (message: T & { message?: string }) => {
      if (message.type === answer) {
        child.off('message', listener);
        resolve(message);
      } else if (message.type === 'error') reject(new Error(message.message));
    };
    child.on('message', listener);
    child.send(command as never);
  });
}

async function main() {
  if (!(globalThis as { gc?: unknown }).gc) console.log('(run with node --expose-gc for steadier memory figures)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-bench-live-'));
  // 500 people log in at once from one address: the login limit (issue 25) would refuse them, as it should.
  if (twoProcesses) process.env.TEST_DB = 'postgres';
  const onPostgres = twoProcesses ? await startTestServer({}, { poolSize: 20 }) : null;
  const server = onPostgres ?? (await startServer({ ...readConfig({}), rateLimits: false, port: 0, host: '127.0.0.1', dataDir, distDir: path.resolve('dist'), databaseUrl: null, sandbox: true, piApiKey: 'sandbox-key' }));
  const { db } = server.deps;
  const databaseUrl = onPostgres?.database.url ?? null;
  // The streams' process: the other one on PostgreSQL, this one on PGlite.
  const streamsAt = databaseUrl ? await startServerProcess({ databaseUrl, workers: 1, port: 18_971, env: { LOG_LEVEL: 'info' } }) : null;
  const streamsUrl = streamsAt?.url ?? server.url;
  const readers = fork(path.resolve('bench/liveReaders.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    console.log(databaseUrl ? `two server processes on PostgreSQL: the seller acts on ${server.url}, the ${listeners} buyers' streams are held by ${streamsUrl}` : `server (PGlite) on ${server.url}; ${listeners} buyers with a paid order each…`);
    const seller = new ApiCaller(server.url, Date.now);
    await seller.loginAs('demo_seller');
    const product = await insertProduct(db, { seller: 'demo_seller', price: '1', shippingFee: '0', skus: [{ specification: 'One', colour: 'Plain', stock: 1_000_000 }] });
    const buyers = await inBatches(Array.from({ length: listeners }, (_, i) => i), 10, async (i) => {
      const name = `lb${i}_${crypto.randomBytes(2).toString('hex')}`;
      await fetch(`${server.url}/sandbox/api/wallets`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: name }) });
      const caller = new ApiCaller(server.url, Date.now);
      await caller.loginAs(name);
      await demoTopUp(db, await userId(db, name), parseMoney('100'));
      const addressId = await insertAddress(db, name);
      const placed = await caller.post<CheckoutAnswer>('/api/commodity/orders/submit', { idempotencyKey: crypto.randomUUID(), items: [{ productId: product.productId, skuId: product.skuIds[0], quantity: 1 }], addressId, paymentMethod: 'balance' });
      const orderId = placed.object.orders[0]?.id ?? '';
      const paid = await caller.post('/api/pay/balance', { orderIds: [orderId] });
      if (placed.code !== '0000' || paid.code !== '0000') throw new Error(`order: ${placed.msg} ${paid.msg}`);
      return { session: caller.session as Session, orderId };
    });

    const before = await memory();
    const arrived = new Map<string, number>();
    readers.on('message', (m: { type: string; listener?: number; data?: string }) => {
      if (m.type !== 'notice' || m.listener === undefined) return;
      const notice = JSON.parse(m.data ?? '{}') as { topic?: string; ref?: string };
      const mine = buyers[m.listener];
      if (notice.topic === 'orders' && mine && notice.ref === mine.orderId && !arrived.has(notice.ref)) arrived.set(notice.ref, performance.now());
    });
    await ask(readers, { type: 'open', url: streamsUrl, sessions: buyers.map((b) => b.session) }, 'opened');
    await sleep(1000);
    const after = await memory();
    if (!streamsAt) console.log(
      `${listeners} streams open (hub counts ${liveHub(server.deps).streams}): server RSS ${mb(before.rss)} → ${mb(after.rss)}, ${((after.rss - before.rss) / listeners / 1024).toFixed(1)} KB per open stream (budget 40 KB); heap ${((after.heap - before.heap) / listeners / 1024).toFixed(1)} KB per stream`,
    );

    // The seller confirms the orders, round robin over the buyers, at `rate` a second.
    const sentAt = new Map<string, number>();
    const answeredAt = new Map<string, number>();
    const acks: number[] = [];
    let refused = 0;
    const started = performance.now();
    const calls: Promise<void>[] = [];
    for (let c = 0; c < Math.min(changes, buyers.length); c += 1) {
      const due = started + (c * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const buyer = buyers[c];
      if (!buyer) continue;
      const t0 = performance.now();
      sentAt.set(buyer.orderId, t0);
      calls.push(
        seller.post('/api/commodity/orders/act', { id: buyer.orderId, action: { type: 'CONFIRM' } }).then((a) => {
          acks.push(performance.now() - t0);
          answeredAt.set(buyer.orderId, performance.now());
          if (a.code !== '0000') refused += 1;
        }),
      );
    }
    await Promise.all(calls);
    await sleep(2000);
    const latencies: number[] = [];
    const afterAnswer: number[] = [];
    let missing = 0;
    for (const [orderId, at] of sentAt) {
      const got = arrived.get(orderId);
      if (got === undefined) missing += 1;
      else {
        latencies.push(got - at);
        afterAnswer.push(got - (answeredAt.get(orderId) ?? at));
      }
    }
    console.log(`the seller's call alone (the change committed and answered): p50 ${percentile(acks, 50).toFixed(1)} ms, p99 ${percentile(acks, 99).toFixed(1)} ms`);
    console.log(`the notice on the buyer's stream, counted from the seller's answer (negative: it came first): p50 ${percentile(afterAnswer, 50).toFixed(1)} ms, p99 ${percentile(afterAnswer, 99).toFixed(1)} ms`);
    console.log(
      `${sentAt.size} changes (the seller confirms an order) at ${rate}/s to ${listeners} open streams: on the buyer's stream p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms (budget p99 1000 ms); missing ${missing}, refused ${refused}; load average ${os.loadavg()[0]?.toFixed(1) ?? '?'} on ${os.cpus().length} cores`,
    );
    await ask(readers, { type: 'closeAll' }, 'closed');
    await sleep(1000);
    if (streamsAt) return;

    const base = await memory();
    console.log(`all closed (hub counts ${liveHub(server.deps).streams}): RSS ${mb(base.rss)}, heap ${mb(base.heap)}`);
    for (let round = 1; round <= cycles; round += 1) {
      const t0 = performance.now();
      await ask(readers, { type: 'cycle', url: server.url, sessions: buyers.map((b) => b.session), count: cycle }, 'cycled');
      await sleep(1000);
      const m = await memory();
      console.log(`round ${round}: ${cycle} streams opened and closed in ${((performance.now() - t0) / 1000).toFixed(1)} s; hub counts ${liveHub(server.deps).streams} open; RSS ${mb(m.rss)} (${m.rss >= base.rss ? '+' : ''}${mb(m.rss - base.rss)}), heap ${mb(m.heap)} (${m.heap >= base.heap ? '+' : ''}${mb(m.heap - base.heap)})`);
    }
  } finally {
    readers.kill();
    await streamsAt?.stop();
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
