import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimits } from '../src/domain/abuseLimits';
import { ResponseCode } from '../src/domain/codes';
import type { CheckoutAnswer } from '../src/domain/types/commerce';
import type { Page, ProductCard } from '../src/domain/types/catalogue';
import { ApiCaller } from './testing/apiClient';
import { insertAddress, insertProduct, stockOf } from './testing/commerceFixtures';
import { createTestDatabase, type TestDatabase } from './testing/testDatabase';
import { timerPollMs } from './timers/timers';

/**
 * Two real server processes (`server/main.ts`, as `npm start` runs it) on one PostgreSQL database:
 * timers fire once, a replayed request is refused by the other process, checkouts split across both
 * never oversell, and a catalogue write in one is not served stale by the other. PostgreSQL only:
 * PGlite is one process's database.
 */
const onPostgres = process.env.TEST_DB === 'postgres';

interface Proc {
  url: string;
  child: ChildProcess;
}

async function startProcess(databaseUrl: string, dataDir: string, env: Record<string, string> = {}): Promise<Proc> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SANDBOX: '1', PI_API_KEY: '', PI_PLATFORM_URL: '', WORKERS: '1', LOG_LEVEL: 'info', RATE_LIMITS: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return await new Promise<Proc>((resolve, reject) => {
    const timeout = setTimeout(() => reject(new Error(`server process did not start: ${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /running at (http:\/\/[^/\s]+)\//.exec(output)?.[1];
      if (url && output.includes('Database ready')) {
        clearTimeout(timeout);
        resolve({ url, child });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server process exited (${code}): ${output}`)));
  });
}

let database: TestDatabase;
let a: Proc;
let b: Proc;
let dataDir = '';

beforeAll(async () => {
  if (!onPostgres) return;
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coin-mall-procs-'));
  a = await startProcess(database.url ?? '', dataDir);
  b = await startProcess(database.url ?? '', dataDir);
}, 120_000);
afterAll(async () => {
  for (const p of [a, b]) {
    if (!p) continue;
    const exited = new Promise((resolve) => p.child.once('exit', resolve));
    p.child.kill('SIGTERM');
    await exited;
  }
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function newBuyer(url: string): Promise<{ caller: ApiCaller; addressId: string }> {
  const name = `two_${crypto.randomBytes(3).toString('hex')}`;
  await fetch(`${url}/sandbox/api/wallets`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: name }) });
  const caller = new ApiCaller(url, Date.now);
  await caller.loginAs(name);
  return { caller, addressId: await insertAddress(database.db, name, 4) };
}

const key = () => crypto.randomBytes(12).toString('hex');

describe.skipIf(!onPostgres)('two server processes on one PostgreSQL database', () => {
  it('a request replayed to the other process is refused (1007)', async () => {
    const caller = new ApiCaller(a.url, Date.now);
    await caller.loginAs('demo_buyer');
    const url = '/api/users/user/getUserBalance';
    const headers = caller.headersFor('GET', url);
    const first = await caller.raw('GET', url, { headers });
    expect(first.code).toBe(ResponseCode.success);
    const replayed = await new ApiCaller(b.url, Date.now).raw('GET', url, { headers });
    expect(replayed.code).toBe(ResponseCode.repeatedRequest);
  });

  it('200 concurrent checkouts split across both for 10 units never sell more than the 10 units', async () => {
    const p = await insertProduct(database.db, { seller: 'demo_seller', skus: [{ specification: 'One', colour: 'Black', stock: 10 }] });
    const sku = p.skuIds[0] ?? '';
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => newBuyer(i % 2 ? b.url : a.url)));
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const buyer = buyers[i % buyers.length];
        if (!buyer) throw new Error('no buyer');
        // Each buyer's session works in either process: half of each buyer's requests go to the other one.
        buyer.caller.baseUrl = i % 4 < 2 ? a.url : b.url;
        return buyer.caller.post<CheckoutAnswer>('/api/commodity/orders/submit', { idempotencyKey: key(), items: [{ productId: p.productId, skuId: sku, quantity: 1 }], addressId: buyer.addressId, paymentMethod: 'coin' });
      }),
    );
    // A buyer's new checkout of the same goods replaces their own unpaid order (issue 22): it may succeed
    // again once its earlier order gave its unit back. Never an oversell: exactly 10 orders hold the 10 units,
    // and every other order that was made is one its own buyer replaced.
    const made = answers.filter((x) => x.code === ResponseCode.success).length;
    const orders = await database.db
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select(['orders.status', sql<string | null>`orders.chart->'context'->'cancel'->>'reason'`.as('reason')])
      .where('order_items.sku_id', '=', BigInt(sku))
      .execute();
    expect(orders).toHaveLength(made);
    expect(orders.filter((o) => o.status !== 'canceled')).toHaveLength(10);
    expect(orders.filter((o) => o.status === 'canceled' && o.reason === 'replaced')).toHaveLength(made - 10);
    expect(await stockOf(database.db, sku)).toBe(0);
  }, 120_000);

  it('a timer that falls due while both run fires once', async () => {
    const p = await insertProduct(database.db, { seller: 'demo_seller', skus: [{ specification: 'One', colour: 'Black', stock: 5 }] });
    const sku = p.skuIds[0] ?? '';
    const buyer = await newBuyer(a.url);
    const answer = await buyer.caller.post<CheckoutAnswer>('/api/commodity/orders/submit', { idempotencyKey: key(), items: [{ productId: p.productId, skuId: sku, quantity: 2 }], addressId: buyer.addressId, paymentMethod: 'coin' });
    expect(answer.code).toBe(ResponseCode.success);
    const order = await database.db.selectFrom('order_items').select('order_id').where('sku_id', '=', BigInt(sku)).executeTakeFirstOrThrow();
    const eventsBefore = await database.db.selectFrom('order_events').select('id').where('order_id', '=', order.order_id).execute();
    expect(await stockOf(database.db, sku)).toBe(3);
    // The unpaid window falls due now, while both processes poll for due timers.
    await sql`update timers set due_at = now() where entity_id = ${order.order_id.toString()} and fired_at is null and cancelled_at is null`.execute(database.db);
    const deadline = Date.now() + 20_000;
    let pending = 1;
    while (pending > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      pending = (await database.db.selectFrom('timers').select('id').where('entity_id', '=', order.order_id.toString()).where('fired_at', 'is', null).where('cancelled_at', 'is', null).where('due_at', '<=', new Date()).execute()).length;
    }
    expect(pending).toBe(0);
    // Both processes have polled at least once more: still one expiry, stock given back once.
    await new Promise((resolve) => setTimeout(resolve, 2 * timerPollMs + 500));
    const eventsAfter = await database.db.selectFrom('order_events').select(['event', 'to_stage']).where('order_id', '=', order.order_id).orderBy('id').execute();
    expect(eventsAfter).toHaveLength(eventsBefore.length + 1);
    expect(await stockOf(database.db, sku)).toBe(5);
    const fired = await database.db.selectFrom('timers').select(['fired_at', 'attempts']).where('entity_id', '=', order.order_id.toString()).where('fired_at', 'is not', null).execute();
    expect(fired).toHaveLength(1);
    expect(fired[0]?.attempts).toBe(0);
  }, 60_000);

  it('a catalogue write in one process is not served stale by the other', async () => {
    const p = await insertProduct(database.db, { seller: 'demo_seller', title: `Fresh item ${key()}`, saleCountries: [0] });
    const seller = new ApiCaller(a.url, Date.now);
    await seller.loginAs('demo_seller');
    const feedOf = async (url: string) => (await new ApiCaller(url, Date.now).get<Page<ProductCard>>('/api/commodity/product/feed?countryId=0&limit=5')).object.list.map((c) => c.id);
    // The other process has the first page cached with the product on it.
    expect(await feedOf(b.url)).toContain(p.productId);
    expect(await feedOf(b.url)).toContain(p.productId);
    expect((await seller.post('/api/commodity/product/takeDown', { id: p.productId })).code).toBe(ResponseCode.success);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await feedOf(b.url)).not.toContain(p.productId);
  });

  it('a rate limit is shared: logins split across two processes are counted once (issue 25)', async () => {
    const c = await startProcess(database.url ?? '', dataDir, { RATE_LIMITS: 'on' });
    const d = await startProcess(database.url ?? '', dataDir, { RATE_LIMITS: 'on' });
    try {
      const limit = RateLimits.login.perAddress.limit;
      // All in one window: start well inside one.
      const window = RateLimits.login.perAddress.windowMs;
      if (Date.now() % window > window - 10_000) await new Promise((resolve) => setTimeout(resolve, window - (Date.now() % window) + 100));
      const statuses: number[] = [];
      for (let i = 0; i < limit + 10; i += 1) {
        const url = i % 2 ? c.url : d.url;
        const res = await fetch(`${url}/api/users/user/getToken`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ accessToken: `shared-${i}` }) });
        statuses.push(res.status);
        await res.text();
      }
      // Each process alone would have let `limit` through; together they let `limit` through in all.
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
      expect(statuses.slice(0, limit).every((s) => s === 200)).toBe(true);
    } finally {
      for (const p of [c, d]) {
        const exited = new Promise((resolve) => p.child.once('exit', resolve));
        p.child.kill('SIGTERM');
        await exited;
      }
    }
  }, 120_000);
});
