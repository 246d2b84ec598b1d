import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serve, type ServerType } from '@hono/node-server';
import autocannon from 'autocannon';
import { Hono } from 'hono';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { canonicalRequest, SignedHeader } from '../src/domain/signing';
import { answerUnmatched, createApi } from '../server/app';
import { readConfig, type Config } from '../server/config';
import { migrate, openDatabase, type Db } from '../server/db/database';
import type { Database } from '../server/db/schema';
import { seed } from '../server/db/seed';
import { seedScale } from '../server/db/seedScale';
import { sign } from '../server/http/session';
import { createPlatformClient } from '../server/platform/client';
import { setCatalogueCacheTtl } from '../server/services/catalogueCache';
import { startServer } from '../server/start';

/**
 * The cost curve at marketplace scale (issue 16), on PostgreSQL:
 *
 *   npx tsx bench/scale.ts --products 10000 [--users N] [--seconds 10] [--skip-checkout]
 *
 * Seeds (once) a database `coin_mall_scale_<N>` on TEST_DATABASE_URL's server with the scale seed,
 * then, at 50 connections on loopback, with every request a different query and the public-read cache
 * turned off: req/s, p50 and p99 of every read path beside a bare primary-key select of the same run
 * (ratio of p99s); checkout orders/s with 1 and 2 server processes (WORKERS). Every query of every
 * read path is also run once under auto_explain (ANALYZE, BUFFERS) and the plans are written to
 * bench/results/scale-<N>.txt, with a check that none scans products or orders sequentially.
 */
const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '10000' },
    users: { type: 'string' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'skip-checkout': { type: 'boolean', default: false },
    'skip-load': { type: 'boolean', default: false },
  },
});
const products = Number(values.products);
const users = Number(values.users ?? Math.max(1000, Math.floor(products / 10)));
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = `coin_mall_scale_${products}`;
const databaseUrl = (() => {
  const u = new URL(admin);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const outputDir = path.resolve('bench/results');
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
const words = ['vintage', 'smart', 'handmade', 'classic', 'mini', 'eco', 'wooden', 'silk', 'ceramic', 'retro', 'solar', 'tea', 'phone', 'lamp', 'scarf', 'puzzle', 'coffee', 'yoga', 'backpack', 'speaker', 'vase', 'watch', 'kite', 'basket', 'candle'];

async function ensureDatabase(): Promise<Db> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  const exists = (await client.query('select 1 from pg_database where datname = $1', [dbName])).rowCount;
  if (!exists) await client.query(`create database ${dbName}`);
  await client.end();
  const db = await openDatabase({ databaseUrl, dataDir: 'memory://', poolSize: 20 });
  await migrate(db);
  await seed(db, { demo: true });
  const seeded = await db.selectFrom('users').select('id').where('username', '=', 'scale_hot').executeTakeFirst();
  if (!seeded) {
    const started = Date.now();
    console.log(`seeding ${dbName}: ${products.toLocaleString('en')} products, ${users.toLocaleString('en')} users…`);
    await seedScale(db, { products, users, log: (line) => console.log(`  ${line}`) });
    console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  return db;
}

interface Session {
  userId: bigint;
  token: string;
  secret: string;
  accessToken: string;
}

async function sessionsFor(db: Db, userIds: bigint[]): Promise<Session[]> {
  const list = userIds.map((userId) => ({ userId, token: crypto.randomUUID(), secret: crypto.randomBytes(16).toString('hex'), accessToken: crypto.randomUUID() }));
  if (list.length) {
    await db
      .insertInto('sessions')
      .values(list.map((s) => ({ token: s.token, secret: s.secret, user_id: s.userId, access_token: s.accessToken, expires_at: new Date(Date.now() + 86_400_000) })))
      .execute();
  }
  return list;
}

let lastTimestamp = 0;
function signedHeaders(s: Session, method: string, url: string): Record<string, string> {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  const timestamp = String(lastTimestamp);
  return {
    [SignedHeader.language]: 'en',
    [SignedHeader.token]: s.token,
    [SignedHeader.accessToken]: s.accessToken,
    [SignedHeader.timestamp]: timestamp,
    [SignedHeader.auth]: sign(s.secret, canonicalRequest({ method, accessToken: s.accessToken, token: s.token, timestamp, url })),
  };
}

interface ReadPath {
  name: string;
  /** A new request each time: path and query, and the session that signs it (public when absent). */
  next(): { url: string; session?: Session };
}

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(base: string, p: ReadPath): Promise<Figures> {
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const { url, session } = p.next();
          return { ...req, path: url, headers: session ? signedHeaders(session, 'GET', url) : {} };
        },
      },
    ],
  });
  return { name: p.name, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

/** Runs each path once on an API whose every query is explained by auto_explain (ANALYZE, BUFFERS), sent back as notices. */
async function explainPaths(paths: ReadPath[], config: Config): Promise<{ text: string; seqScans: string[] }> {
  const notices: string[] = [];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === 20 ? (v: string) => BigInt(v) : pg.types.getTypeParser(oid, format ?? 'text'))) as typeof pg.types.getTypeParser } });
  pool.on('connect', (client) => {
    client.on('notice', (n) => notices.push(n.message ?? ''));
    void client.query("load 'auto_explain'; set auto_explain.log_min_duration = 0; set auto_explain.log_analyze = on; set auto_explain.log_buffers = on; set auto_explain.log_nested_statements = on; set auto_explain.log_level = notice; set client_min_messages = notice");
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const api = new Hono();
  api.route('/', createApi({ db, config, platform: createPlatformClient({ baseUrl: () => 'http://127.0.0.1:9/none', apiKey: 'x' }), now: Date.now }));
  answerUnmatched(api);
  await sql`select 1`.execute(db);
  let text = '';
  const seqScans: string[] = [];
  for (const p of paths) {
    const { url, session } = p.next();
    notices.length = 0;
    const res = await api.fetch(new Request(`http://localhost${url}`, { headers: session ? signedHeaders(session, 'GET', url) : {} }));
    const body = (await res.json()) as { code?: string };
    const plans = notices.filter((n) => n.includes('Query Text') || n.includes('duration'));
    text += `\n=== ${p.name}: GET ${url} -> ${body.code ?? res.status}\n${plans.join('\n---\n')}\n`;
    for (const plan of plans) {
      if (/Seq Scan on (products|product_search|orders|ledger_entries|order_items|users)\b/.test(plan) && !plan.includes('request_signatures')) seqScans.push(`${p.name}: ${/Seq Scan on \w+/.exec(plan)?.[0] ?? ''}`);
    }
  }
  await db.destroy();
  return { text, seqScans };
}

function startProcesses(workers: number, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, WORKERS: String(workers), PORT: String(port), HOST: '127.0.0.1', SANDBOX: '1', PI_API_KEY: '', PI_PLATFORM_URL: '', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'coin-mall-scale-')) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('running at')) setTimeout(() => resolve(child), workers > 1 ? 3000 : 2000);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${output}`)));
  });
}

async function checkout(db: Db, workers: number): Promise<string> {
  const port = 18_900 + workers;
  const child = await startProcesses(workers, port);
  try {
    const stock = 1_000_000;
    const hot = await db.selectFrom('product_skus as s').innerJoin('products as p', 'p.id', 's.product_id').select(['s.id', 's.product_id']).where('p.status', '=', 'normal').where('p.visible_range', '=', 'global').orderBy('s.id').limit(5).execute();
    await db.updateTable('product_skus').set({ stock }).where('id', 'in', hot.map((h) => h.id)).execute();
    const buyers = await db.selectFrom('users').select('id').where('username', 'like', 'scale_%').where(sql<boolean>`roles = '["buyer"]'::jsonb`).orderBy('id', 'desc').limit(connections).execute();
    const sessions = await sessionsFor(db, buyers.map((b) => b.id));
    const addresses = new Map<bigint, string>();
    for (const b of buyers) {
      const a = await db.insertInto('addresses').values({ user_id: b.id, first_name: 'Ana', last_name: 'Cruz', phone: '+63 912 345 6789', country_id: 4, province_id: null, city_id: null, detail: '12 Rizal Street', is_default: false, deleted_at: null }).returning('id').executeTakeFirstOrThrow();
      addresses.set(b.id, a.id.toString());
    }
    const sold = async () => Number((await db.selectFrom('order_items').select(sql<string>`coalesce(sum(quantity), 0)::text`.as('n')).where('sku_id', 'in', hot.map((h) => h.id)).executeTakeFirstOrThrow()).n);
    const soldBefore = await sold();
    let nextConnection = 0;
    const result = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          path: '/api/commodity/orders/submit',
          setupRequest: (req, context: { buyer?: number }) => {
            context.buyer ??= nextConnection++ % sessions.length;
            const s = sessions[context.buyer] as Session;
            const h = pick(hot);
            const body = JSON.stringify({ idempotencyKey: crypto.randomBytes(12).toString('hex'), items: [{ productId: h.product_id.toString(), skuId: h.id.toString(), quantity: 1 }], addressId: addresses.get(s.userId), paymentMethod: 'coin' });
            return { ...req, body, headers: { 'Content-Type': 'application/json', ...signedHeaders(s, 'POST', '/api/commodity/orders/submit') } };
          },
        },
      ],
    });
    await new Promise((r) => setTimeout(r, 1500));
    const left = await db.selectFrom('product_skus').select(sql<string>`sum(stock)::text`.as('n')).where('id', 'in', hot.map((h) => h.id)).executeTakeFirstOrThrow();
    const oversold = (await sold()) - soldBefore + Number(left.n) !== 5 * stock;
    return `checkout, ${workers} process${workers > 1 ? 'es' : ''}: ${result.requests.average.toFixed(0)} orders/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; ${result['2xx']} ok, ${result.non2xx} refused, ${result.errors} errors; stock + sold ${oversold ? 'DOES NOT add up (oversold)' : 'add up'}`;
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

async function main() {
  fs.mkdirSync(outputDir, { recursive: true });
  const db = await ensureDatabase();
  const counts = await sql<{ products: string; orders: string; ledger: string }>`select (select count(*) from products)::text as products, (select count(*) from orders)::text as orders, (select count(*) from ledger_entries)::text as ledger`.execute(db);
  const c = counts.rows[0];
  const header = `scale bench on PostgreSQL: ${c?.products} products, ${c?.orders} orders, ${c?.ledger} ledger rows; ${connections} connections, ${seconds} s a path, loopback; every request a different query`;
  console.log(header);

  const productIds = (await db.selectFrom('products').select(['id', 'seller_id']).where('status', '=', 'normal').orderBy(sql`random()`).limit(5000).execute());
  const countries = [0, ...(await db.selectFrom('regions').select('id').where('level', '=', 1).execute()).map((r) => r.id)];
  const categories = (await db.selectFrom('categories').select('id').execute()).map((r) => r.id);
  const buyerRows = await db.selectFrom('orders').select('buyer_id').distinct().orderBy('buyer_id').limit(500).execute();
  const sellerRows = await db.selectFrom('users').select('id').where('username', 'like', 'scale_%').where(sql<boolean>`roles @> '["seller"]'::jsonb`).limit(200).execute();
  const hot = await db.selectFrom('users').select('id').where('username', '=', 'scale_hot').executeTakeFirstOrThrow();
  const arbiter = await db.selectFrom('users').select('id').where('username', '=', 'demo_arbiter').executeTakeFirstOrThrow();
  const buyers = await sessionsFor(db, buyerRows.map((r) => r.buyer_id));
  const sellers = await sessionsFor(db, sellerRows.map((r) => r.id));
  const [hotSession] = await sessionsFor(db, [hot.id]);
  const [staff] = await sessionsFor(db, [arbiter.id]);
  if (!hotSession || !staff) throw new Error('no sessions');
  // Deep pages by keyset (issue 16): a seller's order (with its tab) or a movement of the hot account to read on after.
  const sellerOf = new Map(sellers.map((s) => [s.userId, s]));
  const sellerOrders = sellers.length
    ? await db.selectFrom('orders').select(['id', 'seller_id', 'seller_tab']).where('seller_id', 'in', sellers.map((s) => s.userId)).orderBy(sql`random()`).limit(5000).execute()
    : [];
  const hotMovements = await db.selectFrom('ledger_entries').select('id').where('account', '=', `user:${hot.id.toString()}`).orderBy(sql`random()`).limit(5000).execute();
  const limit = () => 15 + Math.floor(Math.random() * 11);
  const cursor = () => pick(productIds).id.toString();

  const config: Config = { ...readConfig({}), port: 0, host: '127.0.0.1', dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'coin-mall-scale-')), databaseUrl, sandbox: true, piApiKey: 'sandbox-key' };
  const paths: ReadPath[] = [
    { name: 'home feed (first page)', next: () => ({ url: `/api/commodity/product/feed?countryId=${pick(countries)}&limit=${limit()}` }) },
    { name: 'home feed (deep page)', next: () => ({ url: `/api/commodity/product/feed?countryId=${pick(countries)}&limit=${limit()}&cursor=${cursor()}` }) },
    { name: 'category search', next: () => ({ url: `/api/commodity/product/feed?countryId=${pick(countries)}&categoryId=${pick(categories)}&limit=${limit()}${Math.random() < 0.5 ? `&cursor=${cursor()}` : ''}` }) },
    { name: 'full-text search', next: () => ({ url: `/api/commodity/product/search?q=${pick(words)}%20${pick(words)}&countryId=${pick(countries)}&limit=${limit()}` }) },
    { name: 'search, no match', next: () => ({ url: `/api/commodity/product/search?q=zq${crypto.randomBytes(3).toString('hex')}&countryId=0&limit=${limit()}` }) },
    { name: 'store page', next: () => ({ url: `/api/commodity/product/feed?countryId=0&sellerId=${pick(productIds).seller_id.toString()}&limit=${limit()}${Math.random() < 0.5 ? `&cursor=${cursor()}` : ''}` }) },
    { name: 'my orders (buyer tabs)', next: () => ({ url: `/api/commodity/orders/buyerList?tab=${pick(['all', 'pendingShipment', 'shipped', 'unrated'])}&size=${limit()}`, session: pick(buyers) }) },
    { name: "seller's order tabs", next: () => ({ url: `/api/commodity/orders/sellerList?tab=${pick(['all', 'toConfirm', 'pendingShipment', 'shipped', 'refunds', 'done'])}&size=${limit()}`, session: pick(sellers) }) },
    {
      name: "seller's tabs, deep (after)",
      next: () => {
        const o = pick(sellerOrders);
        return { url: `/api/commodity/orders/sellerList?tab=${Math.random() < 0.5 ? (o.seller_tab ?? 'all') : 'all'}&size=${limit()}&after=${o.id.toString()}`, session: sellerOf.get(o.seller_id) };
      },
    },
    { name: 'balance (hot account)', next: () => ({ url: '/api/users/user/getUserBalance', session: hotSession }) },
    { name: 'balance details (hot account)', next: () => ({ url: `/api/commodity/orders/balanceDetails?page=${1 + crypto.randomInt(5)}&size=${limit()}`, session: hotSession }) },
    { name: 'balance details, deep (after)', next: () => ({ url: `/api/commodity/orders/balanceDetails?size=${limit()}&after=${pick(hotMovements).id.toString()}`, session: hotSession }) },
    { name: 'console review queue', next: () => ({ url: `/api/platform/product/list?status=${pick(['reviewing', 'frozen'])}`, session: staff }) },
  ];

  const explained = await explainPaths(paths, config);
  const planFile = path.join(outputDir, `scale-${products}.txt`);
  fs.writeFileSync(planFile, `${header}\nEXPLAIN (ANALYZE, BUFFERS) of every query of every read path (auto_explain)\nsequential scans over products, search documents, users, orders or the ledger on a read path: ${explained.seqScans.length ? explained.seqScans.join('; ') : 'none'}\n${explained.text}`);
  console.log(`plans: ${path.relative(process.cwd(), planFile)}; sequential scans over products, search documents, users, orders or the ledger: ${explained.seqScans.length ? explained.seqScans.join('; ') : 'none'}`);

  const lines: string[] = [];
  if (!values['skip-load']) {
    // Every request a different query, and no public-read cache at all: the database's own cost.
    setCatalogueCacheTtl(0);
    const app = await startServer(config);
    const bare = new Hono();
    bare.get('/pk', async (ctx) => {
      const row = await app.deps.db.selectFrom('products').select(['id', 'title', 'price']).where('id', '=', pick(productIds).id).executeTakeFirst();
      return ctx.json({ id: row?.id.toString(), title: row?.title, price: row?.price.toString() });
    });
    const bareServer: ServerType = await new Promise((resolve) => {
      const s = serve({ fetch: bare.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        bareUrl = `http://127.0.0.1:${info.port}`;
        resolve(s);
      });
    });
    for (const p of paths) for (let i = 0; i < 5; i += 1) await fetch(`${app.url}${p.next().url}`).then((r) => r.text());
    const floor = await load(bareUrl, { name: 'bare Hono + PK select', next: () => ({ url: '/pk' }) });
    const figures = [floor];
    for (const p of paths) figures.push(await load(app.url, p));
    lines.push('path                             req/s   p50 ms   p99 ms   p99 / PK p99   errors  non-2xx');
    for (const f of figures) {
      lines.push(`${f.name.padEnd(30)} ${String(f.rps).padStart(7)} ${String(f.p50).padStart(8)} ${String(f.p99).padStart(8)} ${(f.p99 / Math.max(1, floor.p99)).toFixed(2).padStart(13)}x ${String(f.errors).padStart(8)} ${String(f.non2xx).padStart(8)}`);
    }
    await new Promise((r) => setTimeout(r, 3000)); // requests still in flight when the last load stopped
    await new Promise<void>((resolve) => bareServer.close(() => resolve()));
    await app.close();
  }
  if (!values['skip-checkout']) {
    lines.push(await checkout(db, 1));
    lines.push(await checkout(db, 2));
  }
  for (const l of lines) console.log(l);
  fs.appendFileSync(planFile, `\n=== figures\n${lines.join('\n')}\n`);
  await db.destroy();
}

let bareUrl = '';
await main();
