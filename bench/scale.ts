import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { Hono } from 'hono';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { canonicalRequest, SignedHeader } from '../src/domain/signing';
import { answerUnmatched, createApi } from '../server/app';
import { readConfig, type Config } from '../server/config';
import { migrate, openDatabase, setReadPool, type Db } from '../server/db/database';
import type { Database } from '../server/db/schema';
import { seed } from '../server/db/seed';
import { seedScale } from '../server/db/seedScale';
import { sign } from '../server/http/session';
import { chainOfConfig } from '../server/platform/chain';
import { createPlatformClient } from '../server/platform/client';
import { timerHandlers } from '../server/timers/handlers';
import { runDueTimers } from '../server/timers/timers';
import { answerTally } from './answers';
import { startServerProcess } from './serverProcess';

/**
 * The cost curve at marketplace scale (issue 16), on PostgreSQL:
 *
 *   npx tsx bench/scale.ts --products 10000 [--users N] [--seconds 10] [--skip-checkout | --checkout-only] [--rounds 3] [--warmup 5] [--database name]
 *     [--only <parts of paths' names, comma-separated>] [--profile <dir>: a CPU profile of the measured server]
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
    'checkout-only': { type: 'boolean', default: false },
    rounds: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '5' },
    database: { type: 'string' },
    only: { type: 'string' },
    /** A directory: the measured server process writes a CPU profile there (node --cpu-prof) when it stops. */
    profile: { type: 'string' },
  },
});
const products = Number(values.products);
const users = Number(values.users ?? Math.max(1000, Math.floor(products / 10)));
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const rounds = Math.max(1, Number(values.rounds));
const warmup = Number(values.warmup);
const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = values.database ?? `coin_mall_scale_${products}`;
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
  // Planner statistics and visibility maps as autovacuum would keep them (it is off on some servers, and a migration may
  // just have filled a table; without the visibility map an index-only scan visits the table).
  await sql`vacuum analyze`.execute(db);
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
  /** Answers whose code is not a success (an API refusal is an HTTP 200), and which codes. */
  refused: number;
  codes: string;
  /** CPU µs a request of the server's process and of PostgreSQL's backends on the database. */
  serverUs: number;
  postgresUs: number;
}

async function load(db: Db, target: { url: string; pid: number }, p: ReadPath, duration = seconds): Promise<Figures> {
  const answers = answerTally();
  const before = await cpuSnapshot(db, target.pid);
  const result = await autocannon({
    url: target.url,
    connections,
    duration,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const { url, session } = p.next();
          return { ...req, path: url, headers: session ? signedHeaders(session, 'GET', url) : {} };
        },
        onResponse: (status, body) => answers.onResponse(status, body),
      },
    ],
  });
  const after = await cpuSnapshot(db, target.pid);
  const perRequest = (a: Map<number, number>, b: Map<number, number>) => Math.round((cpuUsed(a, b) * 1e6) / Math.max(1, result.requests.total));
  return { name: p.name, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx, refused: answers.refused, codes: answers.codes(), serverUs: perRequest(before.server, after.server), postgresUs: perRequest(before.postgres, after.postgres) };
}

/** The sequential scans of a plan, each with the rows it read (those it returned and those its filter removed). */
function seqScansIn(plan: string): { table: string; read: number }[] {
  const lines = plan.split('\n');
  return lines.flatMap((line, i) => {
    const scan = /Seq Scan on (\w+).*actual time=[\d.]+\.\.[\d.]+ rows=(\d+)/.exec(line);
    if (!scan) return [];
    const next = lines.slice(i + 1).findIndex((l) => l.includes('->'));
    const removed = lines.slice(i + 1, next < 0 ? undefined : i + 1 + next).map((l) => /Rows Removed by Filter: (\d+)/.exec(l)?.[1]).find(Boolean);
    return [{ table: scan[1] ?? '', read: Number(scan[2]) + Number(removed ?? 0) }];
  });
}

/** Runs each path once on an API whose every query is explained by auto_explain (ANALYZE, BUFFERS), sent back as notices. */
async function explainPaths(paths: ReadPath[], config: Config): Promise<{ text: string; seqScans: string[] }> {
  const notices: string[] = [];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, options: '-c jit=off', types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === 20 ? (v: string) => BigInt(v) : pg.types.getTypeParser(oid, format ?? 'text'))) as typeof pg.types.getTypeParser } });
  const explaining = (client: pg.PoolClient) => {
    client.on('notice', (n) => notices.push(n.message ?? ''));
    void client.query("load 'auto_explain'; set auto_explain.log_min_duration = 0; set auto_explain.log_analyze = on; set auto_explain.log_buffers = on; set auto_explain.log_nested_statements = on; set auto_explain.log_level = notice; set client_min_messages = notice");
  };
  pool.on('connect', explaining);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // The hot catalogue reads run as the product runs them: prepared, with their generic plans.
  const reads = new pg.Pool({ connectionString: databaseUrl, max: 1, options: '-c jit=off -c plan_cache_mode=force_generic_plan', types: pool.options.types });
  reads.on('connect', explaining);
  setReadPool(db, reads);
  const api = new Hono();
  api.route('/', createApi({ db, config, platform: createPlatformClient({ baseUrl: () => 'http://127.0.0.1:9/none', apiKey: 'x' }), chain: chainOfConfig(config, () => 'http://127.0.0.1:9'), now: Date.now }));
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
      if (plan.includes('request_signatures')) continue;
      // Products, search documents, orders, their lines and the ledger are never scanned; users not beyond 10,000
      // rows read (the planner rightly scans the 1,005 users of the smallest size rather than probe 40 ids).
      for (const { table, read } of seqScansIn(plan)) {
        if (/^(products|product_search|orders|ledger_entries|order_items)$/.test(table) || (table === 'users' && read > 10_000)) seqScans.push(`${p.name}: Seq Scan on ${table} (${read.toLocaleString('en')} rows read)`);
      }
    }
  }
  await db.destroy();
  await reads.end();
  return { text, seqScans };
}

/** Starts `server/main.ts` (WORKERS processes) and resolves once every process has opened its database and fired its due timers. */
const clockTicks = 100; // USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s

/** CPU seconds (user + system) a process has used, 0 once it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return 0;
  }
}

/** The server's processes: the one started and its children (the cluster's workers). */
function processTree(pid: number): number[] {
  const children = (() => {
    try {
      return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  })();
  return [pid, ...children.flatMap(processTree)];
}

/** CPU seconds the processes of a snapshot used until a later one (a process that started between them counts from 0). */
function cpuUsed(before: Map<number, number>, after: Map<number, number>): number {
  return [...after].reduce((sum, [pid, t]) => sum + t - (before.get(pid) ?? 0), 0);
}

/** CPU seconds so far of every process of the server, of every PostgreSQL backend on the bench's database (not the server-wide WAL writer and checkpointer: other databases share them), and of this process (the client). */
async function cpuSnapshot(db: Db, serverPid: number): Promise<{ server: Map<number, number>; postgres: Map<number, number>; client: number }> {
  const backends = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(db);
  const cpu = process.cpuUsage();
  return {
    server: new Map(processTree(serverPid).map((pid) => [pid, cpuSeconds(pid)])),
    postgres: new Map(backends.rows.map((r) => [r.pid, cpuSeconds(r.pid)])),
    client: (cpu.user + cpu.system) / 1e6,
  };
}

interface CheckoutSetup {
  hot: { id: bigint; product_id: bigint }[];
  sessions: Session[];
  addresses: Map<bigint, string>;
}

const hotStock = 1_000_000;

/** The same five hot SKUs, buyers (one a connection), sessions and addresses for every run. */
async function prepareCheckout(db: Db): Promise<CheckoutSetup> {
  const hot = await db.selectFrom('product_skus as s').innerJoin('products as p', 'p.id', 's.product_id').select(['s.id', 's.product_id']).where('p.status', '=', 'normal').where('p.visible_range', '=', 'global').orderBy('s.id').limit(5).execute();
  const buyers = await db.selectFrom('users').select('id').where('username', 'like', 'scale_%').where(sql<boolean>`roles = '["buyer"]'::jsonb`).orderBy('id', 'desc').limit(connections).execute();
  const sessions = await sessionsFor(db, buyers.map((b) => b.id));
  const addresses = new Map<bigint, string>();
  for (const b of buyers) {
    const a = await db.insertInto('addresses').values({ user_id: b.id, first_name: 'Ana', last_name: 'Cruz', phone: '+63 912 345 6789', country_id: 4, province_id: null, city_id: null, detail: '12 Rizal Street', is_default: false, deleted_at: null }).returning('id').executeTakeFirstOrThrow();
    addresses.set(b.id, a.id.toString());
  }
  return { hot, sessions, addresses };
}

/** Real signed checkouts through the HTTP API (one hot SKU, one unit, paid by coin), one buyer a connection. */
async function submitLoad(url: string, setup: CheckoutSetup, duration: number) {
  let nextConnection = 0;
  const answers = answerTally();
  const result = await autocannon({
    url,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/api/commodity/orders/submit',
        setupRequest: (req, context: { buyer?: number }) => {
          context.buyer ??= nextConnection++ % setup.sessions.length;
          const s = setup.sessions[context.buyer] as Session;
          const h = pick(setup.hot);
          const body = JSON.stringify({ idempotencyKey: crypto.randomBytes(12).toString('hex'), items: [{ productId: h.product_id.toString(), skuId: h.id.toString(), quantity: 1 }], addressId: setup.addresses.get(s.userId), paymentMethod: 'coin' });
          return { ...req, body, headers: { 'Content-Type': 'application/json', ...signedHeaders(s, 'POST', '/api/commodity/orders/submit') } };
        },
        onResponse: (status, body) => answers.onResponse(status, body),
      },
    ],
  });
  return { result, answers };
}

interface CheckoutRun {
  workers: number;
  ordersPerSecond: number;
  /** CPU ms an order of the server's processes, and of everything (server, PostgreSQL, client). */
  serverMs: number;
  totalMs: number;
  line: string;
  oversold: boolean;
}

/**
 * One measured run: the orders left unpaid by earlier runs that would expire before this run ends
 * expire first (the product's own timer runner, its clock run-length + 2 minutes ahead), so no expiry
 * batch returns stock to the hot rows mid-run; planner statistics refreshed (as autovacuum would);
 * stock reset; the processes started (every one has opened its database) and warmed up with
 * real checkouts (every process has taken connections and compiled its paths); then `seconds` of load.
 * Stock + sold is checked over warm-up and run together.
 */
async function checkout(db: Db, setup: CheckoutSetup, workers: number): Promise<CheckoutRun> {
  await runDueTimers(db, timerHandlers, Date.now() + (warmup + seconds + 120) * 1000);
  // Autovacuum is off on this server: without fresh statistics, every timer lookup of a checkout scans
  // all pending timers (which grow with every run), and the later run of a pair is the slower.
  await sql`analyze orders, order_items, order_events, checkouts, timers, request_signatures, product_skus`.execute(db);
  const ids = setup.hot.map((h) => h.id);
  await db.updateTable('product_skus').set({ stock: hotStock }).where('id', 'in', ids).execute();
  // Orders a later checkout of the same goods replaced (issue 22) gave their stock back: count the others.
  const sold = async () =>
    Number(
      (
        await db
          .selectFrom('order_items as i')
          .innerJoin('orders as o', 'o.id', 'i.order_id')
          .select(sql<string>`coalesce(sum(i.quantity), 0)::text`.as('n'))
          .where('i.sku_id', 'in', ids)
          .where('o.status', '!=', 'canceled')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const soldBefore = await sold();
  const port = 18_900 + workers;
  const server = await startServerProcess({ databaseUrl, workers, port });
  try {
    const url = server.url;
    if (warmup > 0) await submitLoad(url, setup, warmup);
    const before = await cpuSnapshot(db, server.pid);
    const { result, answers } = await submitLoad(url, setup, seconds);
    const after = await cpuSnapshot(db, server.pid);
    // An order is an answer with a success code: a refusal (HTTP 200 with a code) is not one.
    const ok = Math.max(1, answers.succeeded);
    const perOrder = (s: number) => ((s * 1000) / ok).toFixed(1);
    const cpuServer = cpuUsed(before.server, after.server);
    const cpuPostgres = cpuUsed(before.postgres, after.postgres);
    const cpuClient = after.client - before.client;
    const cpu = `CPU ms an order: server ${perOrder(cpuServer)}, PostgreSQL ${perOrder(cpuPostgres)}, client ${perOrder(cpuClient)} (${((cpuServer + cpuPostgres + cpuClient) / seconds).toFixed(2)} of ${os.availableParallelism()} cores busy)`;
    await new Promise((r) => setTimeout(r, 1500));
    const left = await db.selectFrom('product_skus').select(sql<string>`sum(stock)::text`.as('n')).where('id', 'in', ids).executeTakeFirstOrThrow();
    const oversold = (await sold()) - soldBefore + Number(left.n) !== 5 * hotStock;
    const line = `checkout, ${workers} process${workers > 1 ? 'es' : ''}: ${(answers.succeeded / seconds).toFixed(0)} orders/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; ${answers.succeeded} orders, ${answers.refused} refused (${answers.codes()}), ${result.non2xx} non-2xx, ${result.errors} errors; stock + sold ${oversold ? 'DOES NOT add up (oversold)' : 'add up'}; ${cpu}`;
    return { workers, ordersPerSecond: answers.succeeded / seconds, serverMs: (cpuServer * 1000) / ok, totalMs: ((cpuServer + cpuPostgres + cpuClient) * 1000) / ok, line, oversold };
  } finally {
    await server.stop();
  }
}

const median = (list: number[]): number => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** 1 and 2 processes in interleaved rounds (1-2, 2-1, 1-2…) under the same conditions; the median of each and their ratio. */
async function checkoutRounds(db: Db): Promise<string[]> {
  const setup = await prepareCheckout(db);
  const lines: string[] = [];
  const runs: CheckoutRun[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const workers of round % 2 ? [2, 1] : [1, 2]) {
      const run = await checkout(db, setup, workers);
      console.log(`  round ${round + 1}: ${run.line}`);
      lines.push(`round ${round + 1}: ${run.line}`);
      runs.push(run);
    }
  }
  const one = median(runs.filter((r) => r.workers === 1).map((r) => r.ordersPerSecond));
  const two = median(runs.filter((r) => r.workers === 2).map((r) => r.ordersPerSecond));
  lines.push(`checkout, ${rounds} interleaved rounds of ${warmup} s warm-up + ${seconds} s: median ${one.toFixed(0)} orders/s with 1 process, ${two.toFixed(0)} with 2: ${(two / Math.max(1, one)).toFixed(2)}×; ${runs.some((r) => r.oversold) ? 'OVERSOLD in some run' : 'never an oversell'}`);
  // What the CPU an order allows on this machine: one process is bounded by its one thread and by the
  // cores it shares with PostgreSQL and the client; two processes by the cores only.
  const cores = os.availableParallelism();
  const serverOne = median(runs.filter((r) => r.workers === 1).map((r) => r.serverMs));
  const totalOne = median(runs.filter((r) => r.workers === 1).map((r) => r.totalMs));
  const totalTwo = median(runs.filter((r) => r.workers === 2).map((r) => r.totalMs));
  const ceilingOne = Math.min(1000 / serverOne, (cores * 1000) / totalOne);
  const ceilingTwo = Math.min((2 * 1000) / serverOne, (cores * 1000) / totalTwo);
  lines.push(`CPU ceilings on ${cores} cores (median CPU an order): 1 process ≤ ${ceilingOne.toFixed(0)} orders/s (its thread: ${serverOne.toFixed(1)} ms, all: ${totalOne.toFixed(1)} ms), 2 processes ≤ ${ceilingTwo.toFixed(0)} (all: ${totalTwo.toFixed(1)} ms): at most ${(ceilingTwo / ceilingOne).toFixed(2)}× on an idle machine; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  return lines;
}

async function main() {
  fs.mkdirSync(outputDir, { recursive: true });
  const db = await ensureDatabase();
  const counts = await sql<{ products: string; orders: string; ledger: string }>`select (select count(*) from products)::text as products, (select count(*) from orders)::text as orders, (select count(*) from ledger_entries)::text as ledger`.execute(db);
  const c = counts.rows[0];
  const header = `scale bench on PostgreSQL: ${c?.products} products, ${c?.orders} orders, ${c?.ledger} ledger rows; ${connections} connections, ${seconds} s a path, loopback; every request a different query`;
  console.log(header);
  if (values['checkout-only']) {
    const lines = await checkoutRounds(db);
    for (const l of lines) console.log(l);
    fs.appendFileSync(path.join(outputDir, `${dbName}-checkout.txt`), `\n=== checkout (${new Date().toISOString()})\n${lines.join('\n')}\n`);
    await db.destroy();
    return;
  }

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

  const config: Config = { ...readConfig({}), rateLimits: false, port: 0, host: '127.0.0.1', dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'coin-mall-scale-')), databaseUrl, sandbox: true, piApiKey: 'sandbox-key' };
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
  fs.writeFileSync(planFile, `${header}\nEXPLAIN (ANALYZE, BUFFERS) of every query of every read path (auto_explain)\nsequential scans over products, search documents, orders, their lines or the ledger (or over 10,000 users) on a read path: ${explained.seqScans.length ? explained.seqScans.join('; ') : 'none'}\n${explained.text}`);
  console.log(`plans: ${path.relative(process.cwd(), planFile)}; sequential scans over products, search documents, orders, their lines or the ledger (or over 10,000 users): ${explained.seqScans.length ? explained.seqScans.join('; ') : 'none'}`);

  const lines: string[] = [];
  if (!values['skip-load']) {
    // Every request a different query, and no public-read cache at all (CATALOGUE_CACHE_MS=0): the database's own
    // cost. The server runs as `npm start` runs it, in its own process (one worker), and the floor, a bare Hono app
    // answering a primary-key select, in another: the load generator shares neither's event loop.
    const app = await startServerProcess({ databaseUrl, workers: 1, port: 18_950, env: { CATALOGUE_CACHE_MS: '0' }, nodeArgs: values.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values.profile)}`] : [] });
    const bare = await startServerProcess({ databaseUrl, workers: 1, port: 18_951, script: 'bench/bareServer.ts', ready: 'ready' });
    try {
      // Warm-up under the same load, discarded: the code of every path compiled, the pools open, the plans prepared
      // (without it the first path measured carries the process's warm-up in its tail).
      const pk: ReadPath = { name: 'bare Hono + PK select', next: () => ({ url: '/pk' }) };
      await load(db, bare, pk, 2);
      const wanted = (p: ReadPath) => !values.only || values.only.split(',').some((part) => p.name.includes(part));
      for (const p of paths) if (wanted(p)) await load(db, app, p, 2);
      // The floor is measured at the start, in the middle and at the end of the run, and its median taken: a fast
      // path's p99 swings with the machine (10-13 ms between runs), and each ratio is to the same run's floor.
      const chosen = paths.filter(wanted);
      const floors = [await load(db, bare, pk)];
      const measured: Figures[] = [];
      for (const [i, p] of chosen.entries()) {
        measured.push(await load(db, app, p));
        if (i === Math.floor(chosen.length / 2)) floors.push(await load(db, bare, pk));
      }
      floors.push(await load(db, bare, pk));
      const floor = [...floors].sort((a, b) => a.p99 - b.p99)[1] as Figures;
      lines.push(`bare primary-key select, three times: p99 ${floors.map((f) => f.p99).join(' / ')} ms, ${floors.map((f) => f.rps).join(' / ')} req/s; the median is the floor`);
      const figures = [floor, ...measured];
      lines.push('path                             req/s   p50 ms   p99 ms   p99 / PK p99   errors  non-2xx  refused   CPU µs a request: server  PostgreSQL');
      for (const f of figures) {
        lines.push(`${f.name.padEnd(30)} ${String(f.rps).padStart(7)} ${String(f.p50).padStart(8)} ${String(f.p99).padStart(8)} ${(f.p99 / Math.max(1, floor.p99)).toFixed(2).padStart(13)}x ${String(f.errors).padStart(8)} ${String(f.non2xx).padStart(8)} ${String(f.refused).padStart(8)} ${String(f.serverUs).padStart(25)} ${String(f.postgresUs).padStart(11)}${f.refused ? `  refused: ${f.codes}` : ''}`);
      }
    } finally {
      await bare.stop();
      await app.stop();
    }
  }
  if (!values['skip-checkout']) lines.push(...(await checkoutRounds(db)));
  for (const l of lines) console.log(l);
  fs.appendFileSync(planFile, `\n=== figures\n${lines.join('\n')}\n`);
  await db.destroy();
}

await main();
