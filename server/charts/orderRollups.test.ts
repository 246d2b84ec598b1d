import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketOf, quantileOfBuckets } from '../../src/domain/chartRollups';
import { productionPageSize } from '../../src/domain/chartProduction';
import type { ProductionQuery } from '../../src/domain/schemas/chartProduction';
import type { ProductionView } from '../../src/domain/types/chartProduction';
import type { Db } from '../db/database';
import { chartOrderRollupsBackfill } from '../db/migrations/0032_chart_order_filters';
import { keysFirst, periodDays, productionView, recordsInState, recordsOnArrow } from '../services/chartProduction';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { recordChartStep } from './steps';

/**
 * The order filters of the "In production" view (issue 35, migration 0032) against brute force: random orders
 * (seeded: sellers, delivery countries, items of several categories) take random paths at random times through
 * recordChartStep; for every seller, country and category, and random combinations of them, over several
 * periods, the view read from the order rollups equals a recomputation from chart_steps + orders + order_items
 * + products (arrow counts, party splits, steps that left each state, median and p90 read from the same buckets,
 * records per state now). The view still answers with chart_steps emptied (it reads the rollups: the scan it
 * replaced answered nothing then), the migration's backfill rebuilds the maintained rows exactly, and an order
 * keeps the categories it was placed with when a product is recategorised later.
 */
let t: TestDatabase;
const dayMs = 86_400_000;
const now = Date.parse('2026-11-20T15:30:00Z');

/** mulberry32: the same history on every run and on both databases. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = prng(35);
const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

interface Product {
  id: bigint;
  sku: bigint;
  category: number;
}
const orderIds: bigint[] = [];
let sellers: bigint[] = [];
let categories: number[] = [];
const countries = [1, 2, 3, 5];

/** Paths through the order chart (states as the server records them), with the party of each step. */
const paths: [string, string, string][][] = [
  [['unpaidWindow', 'system', 'expired']],
  [['PAY', 'server', 'paid'], ['sellerConfirmWindow', 'system', 'canceled']],
  [['PAY', 'server', 'paid'], ['CANCEL', 'buyer', 'canceled']],
  [['PAY', 'server', 'paid'], ['REMIND', 'buyer', 'paid'], ['CONFIRM', 'seller', 'notShipped'], ['SHIP', 'seller', 'sent']],
  [['PAY', 'server', 'paid'], ['CONFIRM', 'seller', 'notShipped'], ['SHIP', 'seller', 'sent'], ['CONFIRM_RECEIPT', 'buyer', 'unrated'], ['ratingWindow', 'system', 'completed']],
  [['PAY', 'server', 'paid'], ['CONFIRM', 'seller', 'notShipped'], ['SHIP', 'seller', 'sent'], ['buyerCheckWindow', 'system', 'unrated']],
];

/** A wait of a few seconds to a few days, never a whole number of seconds (a bucket's edge). */
const wait = () => Math.floor(Math.exp(random() * Math.log(5 * dayMs / 1000)) * 1000) + 1 + Math.floor(random() * 998);

async function placeOrder(db: Db, products: Product[], buyerId: bigint, n: number): Promise<bigint> {
  const seller = pick(sellers);
  const items = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(products));
  const country = n % 17 === 0 ? null : pick(countries);
  const checkout = await db.insertInto('checkouts').values({ buyer_id: buyerId, idempotency_key: `order-rollups-${n}` }).returning('id').executeTakeFirstOrThrow();
  const order = await db
    .insertInto('orders')
    .values({
      order_no: `ORT${n}`,
      checkout_id: checkout.id,
      buyer_id: buyerId,
      seller_id: seller,
      status: 'unpaid',
      chart: JSON.stringify({ value: 'unpaid', context: {} }),
      goods_amount: 10n,
      shipping_amount: 0n,
      total_amount: 10n,
      handling_fee: 0n,
      payment_method: null,
      delivery: JSON.stringify({ name: 'N', phone: '1', region: 'R', street: 'S', ...(country === null ? {} : { countryId: country }) }) as never,
      expires_at: new Date(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_items')
    .values(items.map((p) => ({ order_id: order.id, product_id: p.id, sku_id: p.sku, title: 't', specification: 's', colour: 'c', quantity: 1, unit_price: 10n, shipping_fee: 0n })))
    .execute();
  return order.id;
}

/** Steps an order along a random path from `start`, stopping at the first step that would be after now. */
async function walk(db: Db, id: bigint, start: number): Promise<void> {
  let at = start;
  let from = 'unpaid';
  await db.transaction().execute(async (trx) => {
    await recordChartStep(trx, 'order', id, { event: 'SUBMIT', party: 'buyer', from: 'atCart', to: 'unpaid', at });
    for (const [event, party, to] of pick(paths)) {
      at += wait();
      if (at > now) return;
      await recordChartStep(trx, 'order', id, { event, party: party as 'buyer', from, to, at });
      from = to;
    }
  });
}

beforeAll(async () => {
  t = await createTestDatabase({ poolSize: 4 });
  const rows = await sql<{ id: bigint; sku: bigint; category: number; seller: bigint }>`
    select distinct on (p.category_id) p.id, s.id as sku, p.category_id as category, p.seller_id as seller
    from products p join product_skus s on s.product_id = p.id order by p.category_id, p.id limit 6`.execute(t.db);
  const products = rows.rows.map((r) => ({ id: BigInt(r.id), sku: BigInt(r.sku), category: Number(r.category) }));
  categories = [...new Set(products.map((p) => p.category))];
  sellers = (await t.db.selectFrom('users').select('id').orderBy('id').limit(4).execute()).map((u) => u.id);
  const buyer = sellers[0] ?? 1n;
  for (let n = 0; n < 90; n++) {
    const id = await placeOrder(t.db, products, buyer, n);
    orderIds.push(id);
    await walk(t.db, id, now - 40 * dayMs + Math.floor(random() * 40 * dayMs));
  }
}, 120_000);
afterAll(async () => {
  await t?.drop();
});

interface Step {
  record_id: bigint;
  event: string;
  party: string;
  from_state: string;
  to_state: string;
  entered_at: Date | null;
  created_at: Date;
}

/** The orders matching the filters, read from orders, order_items and products as they are. */
async function matchingOrders(db: Db, q: ProductionQuery): Promise<Set<bigint>> {
  const r = await sql<{ id: bigint }>`select o.id from orders o where
      (${q.seller ?? null}::int8 is null or o.seller_id = ${q.seller ?? null}::int8)
      and (${q.country ?? null}::int8 is null or (o.delivery->>'countryId')::int8 = ${q.country ?? null}::int8)
      and (${q.category ?? null}::int8 is null or exists (select 1 from order_items oi join products p on p.id = oi.product_id
        where oi.order_id = o.id and p.category_id = ${q.category ?? null}::int8))`.execute(db);
  return new Set(r.rows.map((row) => BigInt(row.id)));
}

interface Brute {
  arrows: Map<string, { count: number; byParty: Record<string, number> }>;
  left: Map<string, number>;
  median: Map<string, number | null>;
  p90: Map<string, number | null>;
  now: Map<string, number>;
}

/** The view's figures recomputed from every step of the matching orders. */
async function bruteForce(db: Db, q: ProductionQuery, matching: Set<bigint>): Promise<Brute> {
  const { from, to } = periodDays(q, now);
  const all = (await db.selectFrom('chart_steps').selectAll().where('chart', '=', 'order').orderBy('id').execute()) as Step[];
  const mine = all.filter((s) => matching.has(BigInt(s.record_id)));
  const arrows = new Map<string, { count: number; byParty: Record<string, number> }>();
  const buckets = new Map<string, Map<number, number>>();
  const current = new Map<bigint, string>();
  for (const s of mine) {
    current.set(BigInt(s.record_id), s.to_state);
    const day = s.created_at.toISOString().slice(0, 10);
    if (day < from || day > to) continue;
    const key = `${s.from_state}>${s.event}>${s.to_state}`;
    const a = arrows.get(key) ?? { count: 0, byParty: {} };
    a.count++;
    a.byParty[s.party] = (a.byParty[s.party] ?? 0) + 1;
    arrows.set(key, a);
    if (s.entered_at) {
      const b = buckets.get(s.from_state) ?? new Map<number, number>();
      const bucket = bucketOf((s.created_at.getTime() - s.entered_at.getTime()) / 1000);
      buckets.set(s.from_state, b.set(bucket, (b.get(bucket) ?? 0) + 1));
    }
  }
  const nowCounts = new Map<string, number>();
  for (const state of current.values()) nowCounts.set(state, (nowCounts.get(state) ?? 0) + 1);
  const left = new Map([...buckets].map(([state, b]) => [state, [...b.values()].reduce((x, y) => x + y, 0)]));
  return {
    arrows,
    left,
    median: new Map([...buckets].map(([state, b]) => [state, quantileOfBuckets(b, 0.5)])),
    p90: new Map([...buckets].map(([state, b]) => [state, quantileOfBuckets(b, 0.9)])),
    now: nowCounts,
  };
}

function expectViewEqualsBrute(view: ProductionView, brute: Brute, label: string): void {
  expect(view.filtered, label).toBe(true);
  expect(new Map(view.arrows.map((a) => [`${a.from}>${a.event}>${a.to}`, { count: a.count, byParty: a.byParty }])), label).toEqual(brute.arrows);
  const shown = view.states.filter((s) => s.now !== 0);
  expect(new Map(shown.map((s) => [s.state, s.now])), `${label} now`).toEqual(brute.now);
  for (const s of view.states) {
    expect(s.left, `${label} ${s.state} left`).toBe(brute.left.get(s.state) ?? 0);
    expect(s.medianSeconds, `${label} ${s.state} median`).toBe(brute.median.get(s.state) ?? null);
    expect(s.p90Seconds, `${label} ${s.state} p90`).toBe(brute.p90.get(s.state) ?? null);
  }
}

/** Every single filter value, and random combinations of two or three (some matching nothing). */
function filterCases(): ProductionQuery[] {
  const periods: Pick<ProductionQuery, 'period' | 'from' | 'to'>[] = [{ period: '30d' }, { period: '7d' }, { period: 'today' }, { period: 'custom', from: '2026-10-01', to: '2026-11-20' }];
  const cases: ProductionQuery[] = [];
  for (const seller of sellers) cases.push({ chart: 'order', period: '30d', seller: String(seller) });
  for (const country of [...countries, 4]) cases.push({ chart: 'order', period: '30d', country: String(country) });
  for (const category of categories) cases.push({ chart: 'order', period: '30d', category: String(category) });
  for (let i = 0; i < 24; i++) {
    const q: ProductionQuery = { chart: 'order', ...pick(periods) };
    const dims = pick([['seller', 'country'], ['seller', 'category'], ['country', 'category'], ['seller', 'country', 'category'], ['category'], ['seller']]);
    if (dims.includes('seller')) q.seller = String(pick(sellers));
    if (dims.includes('country')) q.country = String(pick(countries));
    if (dims.includes('category')) q.category = String(pick(categories));
    cases.push(q);
  }
  return cases;
}

describe(`order filters from the rollups equal brute force over chart_steps + orders (issue 35, ${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('for every seller, country and category and random combinations, over several periods', async () => {
    expect(categories.length).toBeGreaterThanOrEqual(3);
    let nonEmpty = 0;
    for (const q of filterCases()) {
      const matching = await matchingOrders(t.db, q);
      const brute = await bruteForce(t.db, q, matching);
      expectViewEqualsBrute(await productionView(t.db, q, now), brute, JSON.stringify(q));
      if (brute.arrows.size > 0) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(20);
  }, 120_000);

  it("a state's record list, filtered, lists only the matching orders and as many as the state's count", async () => {
    let checked = 0;
    const plans = new Set<boolean>();
    for (const q of filterCases().slice(0, 14)) {
      const matching = await matchingOrders(t.db, q);
      const view = await productionView(t.db, q, now);
      for (const state of view.states.filter((s) => s.now > 0)) {
        const listed = await recordsInState(t.db, q, state.state, 1, now);
        expect(listed.list.every((r) => matching.has(BigInt(r.id))), `${JSON.stringify(q)} ${state.state}`).toBe(true);
        if (!listed.more) expect(listed.list.length, `${JSON.stringify(q)} ${state.state}`).toBe(state.now);
        // The same page, longest waiting first, whichever way it was read (the filter's keys first, or a walk of the state).
        const brute = await t.db.selectFrom('chart_records').select('record_id').where('chart', '=', 'order').where('state', '=', state.state)
          .where('record_id', 'in', [...matching, -1n]).orderBy('entered_at').orderBy('record_id').limit(listed.list.length).execute();
        expect(listed.list.map((r) => r.id), `${JSON.stringify(q)} ${state.state}`).toEqual(brute.map((r) => r.record_id.toString()));
        plans.add(await keysFirst(t.db, q, state.state, productionPageSize + 1));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect([...plans].sort(), 'both ways of reading a filtered list were used').toEqual([false, true]);
  });

  it('the filtered view reads the rollups: it answers the same with chart_steps emptied (the old scan answered nothing)', async () => {
    const q: ProductionQuery = { chart: 'order', period: '30d', country: String(countries[0]) };
    const brute = await bruteForce(t.db, q, await matchingOrders(t.db, q));
    expect(brute.arrows.size).toBeGreaterThan(0);
    const undo = new Error('rolled back');
    await expect(
      t.db.transaction().execute(async (trx) => {
        await sql`delete from chart_steps where chart = 'order'`.execute(trx);
        expectViewEqualsBrute(await productionView(trx, q, now), brute, 'without chart_steps');
        throw undo;
      }),
    ).rejects.toBe(undo);
  });

  it('steps of orders sharing a seller, country and category from two connections at once (then the backfill check below)', async () => {
    const products = (await sql<{ id: bigint; sku: bigint; category: number }>`select p.id, s.id as sku, p.category_id as category from products p
      join product_skus s on s.product_id = p.id where p.category_id = ${categories[0] ?? 0} order by p.id limit 1`.execute(t.db)).rows;
    const saved = sellers;
    sellers = [saved[1] ?? 1n];
    const ids: bigint[] = [];
    for (let n = 0; n < 10; n++) ids.push(await placeOrder(t.db, products.map((p) => ({ id: BigInt(p.id), sku: BigInt(p.sku), category: Number(p.category) })), saved[0] ?? 1n, 500 + n));
    sellers = saved;
    const path: [string, string, string, string][] = [['SUBMIT', 'buyer', 'atCart', 'unpaid'], ['PAY', 'server', 'unpaid', 'paid'], ['CONFIRM', 'seller', 'paid', 'notShipped'], ['SHIP', 'seller', 'notShipped', 'sent']];
    const lane = async (mine: bigint[]) => {
      for (const [i, [event, party, from, to]] of path.entries()) {
        for (const id of mine) {
          // One step, one transaction, as the services do.
          await t.db.transaction().execute((trx) => recordChartStep(trx, 'order', id, { event, party: party as 'buyer', from, to, at: now - 50_000 + i * 10_001 }));
        }
      }
    };
    await Promise.all([lane(ids.slice(0, 5)), lane(ids.slice(5))]);
    const q: ProductionQuery = { chart: 'order', period: 'today', seller: String(saved[1]), category: String(categories[0]) };
    expectViewEqualsBrute(await productionView(t.db, q, now), await bruteForce(t.db, q, await matchingOrders(t.db, q)), 'two connections');
  });

  it("the migration's backfill rebuilds exactly the rows the steps kept", async () => {
    const dump = async () => ({
      keys: (await sql`select order_id::text, seller_id::text, country_id, category_ids::text from chart_order_keys order by 1`.execute(t.db)).rows,
      rollups: (await sql`select seller_id::text, country_id, category_id, day::text, from_state, event, to_state, party, bucket, shard, steps::text, ms::text
        from chart_order_rollups order by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10`.execute(t.db)).rows,
      counts: (await sql`select seller_id::text, country_id, category_id, state, sum(records)::text as n from chart_order_state_counts
        group by 1, 2, 3, 4 having sum(records) <> 0 order by 1, 2, 3, 4`.execute(t.db)).rows,
    });
    const kept = await dump();
    expect(kept.rollups.length).toBeGreaterThan(100);
    await t.db.transaction().execute(async (trx) => {
      await sql`truncate chart_order_keys, chart_order_rollups, chart_order_state_counts`.execute(trx);
      for (const statement of chartOrderRollupsBackfill.split(/;\s*\n/).map((x) => x.trim()).filter(Boolean)) await sql.raw(statement).execute(trx);
    });
    expect(await dump()).toEqual(kept);
  });

  it('an order keeps the categories it was placed with when a product is recategorised; no count goes negative', async () => {
    const [first, second] = categories;
    const product = (await sql<{ id: bigint; sku: bigint }>`select p.id, s.id as sku from products p join product_skus s on s.product_id = p.id
      where p.category_id = ${first} order by p.id limit 1`.execute(t.db)).rows[0];
    if (first === undefined || second === undefined || !product) throw new Error('the seed has fewer than two categories');
    // A new order of one product of the first category, paid: waiting for the seller.
    const buyer = sellers[0] ?? 1n;
    const id = await placeOrder(t.db, [{ id: BigInt(product.id), sku: BigInt(product.sku), category: first }], buyer, 1000);
    await t.db.transaction().execute(async (trx) => {
      await recordChartStep(trx, 'order', id, { event: 'SUBMIT', party: 'buyer', from: 'atCart', to: 'unpaid', at: now - 3_600_500 });
      await recordChartStep(trx, 'order', id, { event: 'PAY', party: 'server', from: 'unpaid', to: 'paid', at: now - 3_000_500 });
    });
    const order = { id, product_id: BigInt(product.id) };
    const q = (category: number): ProductionQuery => ({ chart: 'order', period: '30d', category: String(category) });
    const before = await Promise.all([productionView(t.db, q(first), now), productionView(t.db, q(second), now)]);
    await t.db.updateTable('products').set({ category_id: second }).where('id', '=', BigInt(order.product_id)).execute();
    await t.db.transaction().execute(async (trx) => {
      await recordChartStep(trx, 'order', BigInt(order.id), { event: 'CONFIRM', party: 'seller', from: 'paid', to: 'notShipped', at: now - 1000 });
    });
    const after = await Promise.all([productionView(t.db, q(first), now), productionView(t.db, q(second), now)]);
    const nowIn = (v: ProductionView, state: string) => v.states.find((s) => s.state === state)?.now ?? 0;
    // Counted under the category it was placed with, moved from paid to notShipped there; nothing moves in the other.
    expect(nowIn(after[0], 'paid')).toBe(nowIn(before[0], 'paid') - 1);
    expect(nowIn(after[0], 'notShipped')).toBe(nowIn(before[0], 'notShipped') + 1);
    expect(nowIn(after[1], 'paid')).toBe(nowIn(before[1], 'paid'));
    expect(nowIn(after[1], 'notShipped')).toBe(nowIn(before[1], 'notShipped'));
    const negative = await sql<{ n: string }>`select count(*)::text as n from (select 1 from chart_order_state_counts
      group by seller_id, country_id, category_id, state having sum(records) < 0) x`.execute(t.db);
    expect(negative.rows[0]?.n).toBe('0');
    // The arrow's records, filtered by that category, list it.
    const listed = await recordsOnArrow(t.db, q(first), { from: 'paid', event: 'CONFIRM', to: 'notShipped' }, 1, now);
    expect(listed.list.map((r) => r.id)).toContain(String(order.id));
  });
});
