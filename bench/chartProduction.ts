import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { migrate, openDatabase, type Db } from '../server/db/database';
import { chartRollupsBackfill } from '../server/db/migrations/0029_chart_rollups';
import { chartOrderRollupsBackfill } from '../server/db/migrations/0032_chart_order_filters';
import { seed } from '../server/db/seed';
import { keysFirst, productionView, recordsInState, stuckRecords } from '../server/services/chartProduction';
import { productionPageSize } from '../src/domain/chartProduction';
import type { ProductionQuery } from '../src/domain/schemas/chartProduction';

/**
 * The gallery's "In production" view at scale (issue 35), on PostgreSQL:
 *
 *   npx tsx bench/chartProduction.ts --orders 200000 [--calls 200] [--database name] [--keep]
 *
 * Makes a database (default `coin_mall_chartprod_<orders>`) on TEST_DATABASE_URL's server, migrated and
 * seeded, adds order histories of `--orders` orders (≈5.5 steps each, over the last 60 days, on the paths
 * orders take: expired, cancelled by the 24 h window, waiting, shipped, received, completed) straight into
 * chart_steps and rebuilds the rollups from them (the migration's backfill), then times `--calls` 30-day
 * views of the order chart (rollups + per-state counters + the stuck count), the stuck list, and beside them a
 * bare primary-key select of orders on the same pool (the floor). p50/p99 in ms.
 *
 * The order filters (migration 0032): each generated order gets filter keys (chart_order_keys: one of 2,000
 * sellers, a few big stores and a long tail; one of 12 delivery countries, skewed; one or two of 40
 * categories) and the order rollups are rebuilt by migration 0032's backfill; then 30-day views filtered by a
 * big seller, a tail seller, a country, a category, country + category and seller + country are timed, and
 * beside them the scan the rollups replaced (the period's steps of the matching orders, keys read from
 * chart_order_keys rather than orders + order_items + products: a lower bound of what it cost).
 */
const { values } = parseArgs({
  options: { orders: { type: 'string', default: '200000' }, calls: { type: 'string', default: '200' }, database: { type: 'string' }, keep: { type: 'boolean', default: false } },
});
const orders = Number(values.orders);
const calls = Number(values.calls);
const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = values.database ?? `coin_mall_chartprod_${orders}`;

async function timed(n: number, run: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await run();
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => Math.round((ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)] ?? 0) * 10) / 10;
  return { p50: at(0.5), p99: at(0.99) };
}

let phase = performance.now();
function log(what: string): void {
  console.log(`  ${what}: ${Math.round((performance.now() - phase) / 1000)} s`);
  phase = performance.now();
}

async function fill(db: Db): Promise<void> {
  // Path templates: (path, step index, event, party, from, to, mean wait before the step in seconds).
  await sql.raw(`create temporary table paths (path int, idx int, event text, party text, from_state text, to_state text, wait_s float8)`).execute(db);
  await sql.raw(`insert into paths values
    (0,0,'SUBMIT','buyer','atCart','unpaid',0), (0,1,'unpaidWindow','system','unpaid','expired',1800),
    (1,0,'SUBMIT','buyer','atCart','unpaid',0), (1,1,'PAY','server','unpaid','paid',120), (1,2,'sellerConfirmWindow','system','paid','canceled',86400),
    (2,0,'SUBMIT','buyer','atCart','unpaid',0), (2,1,'PAY','server','unpaid','paid',120), (2,2,'CONFIRM','seller','paid','notShipped',14400), (2,3,'SHIP','seller','notShipped','sent',28800),
    (3,0,'SUBMIT','buyer','atCart','unpaid',0), (3,1,'PAY','server','unpaid','paid',120), (3,2,'CONFIRM','seller','paid','notShipped',14400), (3,3,'SHIP','seller','notShipped','sent',28800), (3,4,'CONFIRM_RECEIPT','buyer','sent','unrated',259200), (3,5,'ratingWindow','system','unrated','completed',1296000),
    (4,0,'SUBMIT','buyer','atCart','unpaid',0), (4,1,'PAY','server','unpaid','paid',120), (4,2,'CONFIRM','seller','paid','notShipped',14400), (4,3,'SHIP','seller','notShipped','sent',28800), (4,4,'buyerCheckWindow','system','sent','unrated',604800), (4,5,'RATE','buyer','unrated','rated',86400), (4,6,'ratingWindow','system','rated','completed',1209600),
    (5,0,'SUBMIT','buyer','atCart','unpaid',0), (5,1,'PAY','server','unpaid','paid',120), (5,2,'CANCEL','buyer','paid','canceled',3600)`).execute(db);
  // Each order: a path (weights 1:1:2:3:2:1 of 10), a start in the last 60 days, each wait drawn around its mean.
  await sql.raw(`insert into chart_steps (chart, record_id, event, party, from_state, to_state, entered_at, created_at)
    select 'order', o.id, p.event, p.party, case when p.idx = 0 then '' else p.from_state end, p.to_state,
      case when p.idx = 0 then null else o.start + (sum(w.wait) over (partition by o.id order by p.idx rows between unbounded preceding and 1 preceding)) * interval '1 second' end,
      o.start + (sum(w.wait) over (partition by o.id order by p.idx)) * interval '1 second'
    from (select 900000000 + g as id, now() - interval '60 days' * random() as start,
            (array[0,1,2,2,3,3,3,4,4,5])[1 + (g % 10)] as path from generate_series(1, ${orders}) g) o
    join paths p on p.path = o.path
    cross join lateral (select p.wait_s * (0.2 + 1.6 * random()) as wait) w
    order by 1`).execute(db);
  // Steps in the future (a long path started recently) are dropped: their order is still waiting.
  await sql.raw(`delete from chart_steps where chart = 'order' and created_at > now()`).execute(db);
  log('steps');
  // Filter keys of the generated orders, drawn independently of their paths: seller ids 1_000_000_000 +
  // 1..2000 (the first ten take half the orders), countries 1..12 (1 and 2 take half), categories 1..40 (a
  // third of the orders have two).
  await sql.raw(`insert into chart_order_keys (order_id, seller_id, country_id, category_ids)
    select 900000000 + g,
      1000000000 + case when random() < 0.5 then 1 + floor(random() * 10)::int else 11 + floor(random() * 1990)::int end,
      case when random() < 0.5 then 1 + floor(random() * 2)::int else 3 + floor(random() * 10)::int end,
      case when random() < 0.33 then array[1 + floor(random() * 20)::int, 21 + floor(random() * 20)::int] else array[1 + floor(random() * 40)::int] end
    from generate_series(1, ${orders}) g`).execute(db);
  log('order keys');
  await sql.raw(`truncate chart_step_rollups, chart_records, chart_state_counts, chart_order_rollups, chart_order_state_counts`).execute(db);
  for (const statement of chartRollupsBackfill.split(/;\s*\n/).map((s) => s.trim()).filter(Boolean)) await sql.raw(statement).execute(db);
  log('rollups (0029 backfill)');
  for (const statement of chartOrderRollupsBackfill.split(/;\s*\n/).map((s) => s.trim()).filter(Boolean)) await sql.raw(statement).execute(db);
  log('order rollups (0032 backfill)');
  await sql.raw(`analyze`).execute(db);
}

const adminDb = await openDatabase({ databaseUrl: admin, dataDir: 'memory://', poolSize: 1 });
const exists = await sql<{ n: string }>`select count(*)::text as n from pg_database where datname = ${name}`.execute(adminDb);
if (exists.rows[0]?.n === '0') await sql.raw(`create database ${name}`).execute(adminDb);
await adminDb.destroy();
const url = new URL(admin);
url.pathname = `/${name}`;
const db = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', poolSize: 4 });
await migrate(db);
const have = await sql<{ n: string }>`select count(*)::text as n from chart_steps where chart = 'order' and record_id > 900000000`.execute(db);
if (have.rows[0]?.n === '0') {
  await seed(db, { demo: true });
  const start = performance.now();
  await fill(db);
  console.log(`filled in ${Math.round((performance.now() - start) / 1000)} s`);
}
const sizes = await sql<{ steps: string; records: string; rollups: string; order_rollups: string; order_counts: string }>`select (select count(*) from chart_steps)::text as steps,
  (select count(*) from chart_records)::text as records, (select count(*) from chart_step_rollups)::text as rollups,
  (select count(*) from chart_order_rollups)::text as order_rollups, (select count(*) from chart_order_state_counts)::text as order_counts`.execute(db);
const s0 = sizes.rows[0];
console.log(`chart_steps ${s0?.steps}, chart_records ${s0?.records}, chart_step_rollups rows ${s0?.rollups}, chart_order_rollups rows ${s0?.order_rollups}, chart_order_state_counts rows ${s0?.order_counts}`);

const now = Date.now();
const someIds = (await sql<{ id: bigint }>`select id from orders order by id limit 50`.execute(db)).rows.map((r) => r.id);
await timed(20, () => productionView(db, { chart: 'order', period: '30d' }, now));
const floor = await timed(calls, () => sql`select id, status from orders where id = ${someIds[Math.floor(Math.random() * someIds.length)] ?? 1n}`.execute(db));
const view30 = await timed(calls, () => productionView(db, { chart: 'order', period: '30d' }, now));
const view7 = await timed(calls, () => productionView(db, { chart: 'order', period: '7d' }, now));
const stuck = await timed(Math.min(calls, 50), () => stuckRecords(db, 'order', now));
const stuckCount = (await stuckRecords(db, 'order', now)).length;
console.log(`(under load) PK-select floor  p50 ${floor.p50} ms  p99 ${floor.p99} ms`);
console.log(`(under load) 30-day view      p50 ${view30.p50} ms  p99 ${view30.p99} ms  (${(view30.p99 / Math.max(0.1, floor.p99)).toFixed(1)}x floor)`);
console.log(`(under load) 7-day view       p50 ${view7.p50} ms  p99 ${view7.p99} ms`);
console.log(`(under load) stuck list       p50 ${stuck.p50} ms  p99 ${stuck.p99} ms  (${stuckCount} listed)`);
// The order filters: from the order rollups, and the scan they replaced.
const filters: [string, Omit<ProductionQuery, 'chart' | 'period'>][] = [
  ['big seller', { seller: '1000000001' }],
  ['tail seller', { seller: '1000001500' }],
  ['country', { country: '1' }],
  ['category', { category: '7' }],
  ['country + category', { country: '1', category: '7' }],
  ['seller + country', { seller: '1000000001', country: '1' }],
];
const scan = (f: Omit<ProductionQuery, 'chart' | 'period'>) => sql`select from_state, event, to_state, party,
    case when entered_at is null then 0 else 1 + least(99, floor(4 * ln(1 + greatest(0, extract(epoch from created_at - entered_at))) / ln(2)))::int end as bucket, count(*)
  from chart_steps s where s.chart = 'order' and s.created_at >= current_date - 29
    and exists (select 1 from chart_order_keys k where k.order_id = s.record_id
      ${f.seller ? sql`and k.seller_id = ${BigInt(f.seller)}` : sql``} ${f.country ? sql`and k.country_id = ${Number(f.country)}` : sql``}
      ${f.category ? sql`and ${Number(f.category)} = any(k.category_ids)` : sql``})
  group by 1, 2, 3, 4, 5`.execute(db);
for (const [label, f] of filters) {
  const q: ProductionQuery = { chart: 'order', period: '30d', ...f };
  const view = await productionView(db, q, now);
  const rolled = await timed(calls, () => productionView(db, q, now));
  const scanned = await timed(Math.max(3, Math.min(10, Math.floor(calls / 20))), () => scan(f));
  const steps = view.arrows.reduce((n, a) => n + a.count, 0);
  console.log(`(under load) 30-day view, ${label.padEnd(18)} p50 ${rolled.p50} ms  p99 ${rolled.p99} ms  (${steps} steps in period; replaced scan p50 ${scanned.p50} ms, max ${scanned.p99} ms)`);
}
// A tap on a state of a filtered view: its first page of records, in the state holding the most orders, for each
// filter and a rare country + category pair (~0.2 % of orders); which way it was read is printed (keys first or walk).
const rare = (await sql<{ country_id: number; category: number; n: string }>`select country_id, c as category, count(*)::text as n
  from chart_order_keys, unnest(category_ids) c group by 1, 2 order by abs(count(*) - (select count(*) / 500 from chart_order_keys)) limit 1`.execute(db)).rows[0];
const biggest = (await sql<{ state: string; n: string }>`select state, sum(records)::text as n from chart_state_counts where chart = 'order' group by 1 order by sum(records) desc limit 1`.execute(db)).rows[0];
const listFilters: [string, Omit<ProductionQuery, 'chart' | 'period'>][] = [...filters, ...(rare ? [[`rare pair (${rare.n})`, { country: String(rare.country_id), category: String(rare.category) }] as [string, Omit<ProductionQuery, 'chart' | 'period'>]] : [])];
for (const [label, f] of listFilters) {
  const q = { chart: 'order' as const, ...f };
  const state = biggest?.state ?? 'completed';
  const way = (await keysFirst(db, q, state, productionPageSize + 1)) ? 'keys first' : 'walk';
  const list = await timed(Math.max(5, Math.floor(calls / 10)), () => recordsInState(db, q, state, 1, now));
  // The walk alone (the list before migration 0033), beside it.
  const walk = await timed(3, () => sql`select record_id from chart_records r where chart = 'order' and state = ${state} and exists (select 1 from chart_order_keys k where k.order_id = r.record_id
      ${f.seller ? sql`and k.seller_id = ${BigInt(f.seller)}` : sql``} ${f.country ? sql`and k.country_id = ${Number(f.country)}` : sql``}
      ${f.category ? sql`and ${Number(f.category)} = any(k.category_ids)` : sql``}) order by entered_at, record_id limit ${productionPageSize + 1}`.execute(db));
  console.log(`(under load) records in '${state}' (${biggest?.n} orders), ${label.padEnd(18)} p50 ${list.p50} ms  p99 ${list.p99} ms  (${way}; the walk alone p50 ${walk.p50} ms)`);
}
const plan = await sql<{ 'QUERY PLAN': string }>`explain select record_id from chart_records where chart = 'order' and state = 'paid' and entered_at < now() - interval '1 day' order by entered_at limit 100`.execute(db);
console.log(`stuck list plan: ${plan.rows.map((r) => r['QUERY PLAN']).join(' | ')}`);
await db.destroy();
if (!values.keep) {
  const again = await openDatabase({ databaseUrl: admin, dataDir: 'memory://', poolSize: 1 });
  await sql.raw(`drop database ${name}`).execute(again);
  await again.destroy();
}
