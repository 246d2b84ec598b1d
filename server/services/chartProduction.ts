import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { AnyStateNode } from 'xstate';
import { machineRegistry } from '../../machines/index';
import { mainPaths, productionPageSize, timerGraceSeconds, usualTimeFactor, usualTimeFloorSeconds } from '../../src/domain/chartProduction';
import { quantileOfBuckets } from '../../src/domain/chartRollups';
import { serverCharts, type ServerChart } from '../../src/domain/chartSteps';
import type { ProductionQuery } from '../../src/domain/schemas/chartProduction';
import type { FunnelStage, ProductionArrow, ProductionRecord, ProductionRecords, ProductionState, ProductionView } from '../../src/domain/types/chartProduction';
import type { Db } from '../db/database';
import { ApiError } from '../http/envelope';

const dayMs = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The period's first and last UTC day (inclusive); a custom range is at most 366 days, its end not before its start. */
export function periodDays(q: Pick<ProductionQuery, 'period' | 'from' | 'to'>, now: number): { from: string; to: string } {
  const today = isoDay(now);
  if (q.period === 'today') return { from: today, to: today };
  if (q.period === '7d') return { from: isoDay(now - 6 * dayMs), to: today };
  if (q.period === '30d') return { from: isoDay(now - 29 * dayMs), to: today };
  const from = Date.parse(`${q.from ?? ''}T00:00:00Z`);
  const to = Date.parse(`${q.to ?? ''}T00:00:00Z`);
  if (!Number.isFinite(from) || !Number.isFinite(to) || to < from || to - from > 366 * dayMs) throw new ApiError('invalidField', { field: 'from' }, { field: 'from' }, 'gallery.production.badPeriod');
  return { from: isoDay(from), to: isoDay(to) };
}

interface ChartTimers {
  /** State path → its earliest timer (seconds) and the timers' names. */
  deadlines: Map<string, number>;
  timerEvents: Set<string>;
  finals: Set<string>;
}

const timersCache = new Map<ServerChart, ChartTimers>();
/** The chart's timers, read from its `after` transitions and its delays (the 24 h confirmation window, the 30 min payment expiry…). */
export function chartTimers(chart: ServerChart): ChartTimers {
  const cached = timersCache.get(chart);
  if (cached) return cached;
  const machine = machineRegistry.find((m) => m.id === chart)?.machine;
  const timers: ChartTimers = { deadlines: new Map(), timerEvents: new Set(), finals: new Set() };
  if (machine) {
    const delays = machine.implementations.delays as Record<string, unknown>;
    for (const name of Object.keys(delays)) timers.timerEvents.add(name);
    const walk = (node: AnyStateNode) => {
      for (const child of Object.values(node.states)) {
        const path = child.path.join('.');
        if (child.type === 'final') timers.finals.add(path);
        for (const t of child.after) {
          const value = typeof t.delay === 'number' ? t.delay : delays[String(t.delay)];
          if (typeof value === 'number') timers.deadlines.set(path, Math.min(timers.deadlines.get(path) ?? Infinity, value / 1000));
        }
        walk(child);
      }
    };
    walk(machine.root);
  }
  timersCache.set(chart, timers);
  return timers;
}

/**
 * The orders matching the filters, by their keys fixed at their first step (chart_order_keys, migration 0032):
 * the order's seller, its delivery country and any of its items' categories.
 */
function orderFilter(q: Pick<ProductionQuery, 'country' | 'category' | 'seller'>, recordId: RawBuilder<unknown>): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from chart_order_keys k where k.order_id = ${recordId} and ${orderKeyMatch(q)})`;
}

/** The conditions on an order's keys `k` (chart_order_keys) for the filters (indexed: seller, country, categories). */
function orderKeyMatch(q: Pick<ProductionQuery, 'country' | 'category' | 'seller'>): RawBuilder<SqlBool> {
  const parts: RawBuilder<unknown>[] = [];
  if (q.seller) parts.push(sql`k.seller_id = ${BigInt(q.seller)}`);
  if (q.country) parts.push(sql`k.country_id = ${Number(q.country)}::int`);
  if (q.category) parts.push(sql`k.category_ids @> array[${Number(q.category)}::int]`);
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

/**
 * The rows of chart_order_rollups and chart_order_state_counts that answer the filters (0: any), one primary-key
 * range: with a seller, that seller's rows for the category (or 0) and the country when given; without one, the
 * rows of the country (or 0) and category (or 0).
 */
function orderKeyRange(q: Pick<ProductionQuery, 'country' | 'category' | 'seller'>): RawBuilder<unknown> {
  const category = sql`category_id = ${BigInt(q.category ?? 0)}::int8`;
  if (q.seller) return sql`seller_id = ${BigInt(q.seller)} and ${category}${q.country ? sql` and country_id = ${BigInt(q.country)}::int8` : sql``}`;
  return sql`seller_id = 0 and country_id = ${BigInt(q.country ?? 0)}::int8 and ${category}`;
}

const filtered = (q: Pick<ProductionQuery, 'chart' | 'country' | 'category' | 'seller'>) => q.chart === 'order' && Boolean(q.seller ?? q.country ?? q.category);

interface RollupRow {
  from_state: string;
  event: string;
  to_state: string;
  party: string;
  bucket: number;
  steps: string;
}

/**
 * The period's steps per transition, party and time bucket: from the rollups (migration 0029); with order
 * filters, from the order rollups keyed by seller, country and category (migration 0032).
 */
async function periodRollups(db: Db, q: ProductionQuery, from: string, to: string): Promise<RollupRow[]> {
  if (!filtered(q)) {
    const r = await sql<RollupRow>`select from_state, event, to_state, party, bucket, sum(steps)::text as steps from chart_step_rollups
      where chart = ${q.chart} and day between ${from}::date and ${to}::date group by 1, 2, 3, 4, 5`.execute(db);
    return r.rows;
  }
  const r = await sql<RollupRow>`select from_state, event, to_state, party, bucket, sum(steps)::text as steps from chart_order_rollups
    where ${orderKeyRange(q)} and day between ${from}::date and ${to}::date group by 1, 2, 3, 4, 5`.execute(db);
  return r.rows;
}

async function nowCounts(db: Db, q: ProductionQuery): Promise<Map<string, number>> {
  const r = filtered(q)
    ? await sql<{ state: string; n: string }>`select state, sum(records)::text as n from chart_order_state_counts where ${orderKeyRange(q)} group by 1 having sum(records) <> 0`.execute(db)
    : await sql<{ state: string; n: string }>`select state, sum(records)::text as n from chart_state_counts where chart = ${q.chart} group by 1 having sum(records) <> 0`.execute(db);
  return new Map(r.rows.map((row) => [row.state, Number(row.n)]));
}

/** Each state's 90th-percentile holding time over the last 30 days (seconds), for the "far past the usual time" rule. */
async function usualTimes(db: Db, chart: ServerChart, now: number): Promise<Map<string, number>> {
  const r = await sql<{ from_state: string; bucket: number; steps: string }>`select from_state, bucket, sum(steps)::text as steps from chart_step_rollups
    where chart = ${chart} and day between ${isoDay(now - 29 * dayMs)}::date and ${isoDay(now)}::date and bucket > 0 group by 1, 2`.execute(db);
  const byState = new Map<string, Map<number, number>>();
  for (const row of r.rows) byState.set(row.from_state, (byState.get(row.from_state) ?? new Map()).set(row.bucket, Number(row.steps)));
  const usual = new Map<string, number>();
  for (const [state, buckets] of byState) {
    const p90 = quantileOfBuckets(buckets, 0.9);
    if (p90 !== null) usual.set(state, p90);
  }
  return usual;
}

/** Per state, the seconds after which a record waiting in it is stuck: past its timer's deadline, or far past its usual time. */
async function stuckAfter(db: Db, chart: ServerChart, now: number): Promise<Map<string, number>> {
  const timers = chartTimers(chart);
  const usual = await usualTimes(db, chart, now);
  const after = new Map<string, number>();
  for (const [state, deadline] of timers.deadlines) after.set(state, deadline + timerGraceSeconds);
  for (const [state, p90] of usual) {
    if (!after.has(state) && !timers.finals.has(state)) after.set(state, Math.max(usualTimeFloorSeconds, usualTimeFactor * p90));
  }
  return after;
}

export async function productionView(db: Db, q: ProductionQuery, now: number): Promise<ProductionView> {
  const { from, to } = periodDays(q, now);
  const [rows, counts, stuck] = await Promise.all([periodRollups(db, q, from, to), nowCounts(db, q), stuckCount(db, q.chart, now)]);
  const timers = chartTimers(q.chart);
  const arrows = new Map<string, ProductionArrow>();
  const buckets = new Map<string, Map<number, number>>();
  for (const row of rows) {
    const n = Number(row.steps);
    const key = `${row.from_state}\u0000${row.event}\u0000${row.to_state}`;
    const arrow = arrows.get(key) ?? { from: row.from_state, event: row.event, to: row.to_state, count: 0, byParty: {}, timer: timers.timerEvents.has(row.event) };
    arrow.count += n;
    arrow.byParty[row.party] = (arrow.byParty[row.party] ?? 0) + n;
    arrows.set(key, arrow);
    if (row.bucket > 0) {
      const b = buckets.get(row.from_state) ?? new Map<number, number>();
      b.set(row.bucket, (b.get(row.bucket) ?? 0) + n);
      buckets.set(row.from_state, b);
    }
  }
  const names = new Set<string>([...counts.keys(), ...buckets.keys(), ...[...arrows.values()].map((a) => a.to)]);
  names.delete('');
  const states: ProductionState[] = [...names].sort().map((state) => {
    const b = buckets.get(state) ?? new Map<number, number>();
    return {
      state,
      now: counts.get(state) ?? 0,
      left: [...b.values()].reduce((s, n) => s + n, 0),
      medianSeconds: quantileOfBuckets(b, 0.5),
      p90Seconds: quantileOfBuckets(b, 0.9),
      deadlineSeconds: timers.deadlines.get(state) ?? null,
    };
  });
  const arrowList = [...arrows.values()].sort((a, b) => b.count - a.count || a.from.localeCompare(b.from));
  return { chart: q.chart, from, to, filtered: filtered(q), states, arrows: arrowList, funnel: funnelOf(q.chart, arrowList), stuck };
}

/** Steps into each stage of the main path in the period, their share of the first stage's, and the arrows from it that left the path. */
export function funnelOf(chart: ServerChart, arrows: readonly ProductionArrow[]): FunnelStage[] {
  const path = mainPaths[chart];
  const into = (state: string) => arrows.filter((a) => a.to === state && a.from !== state).reduce((s, a) => s + a.count, 0);
  const first = path[0] === undefined ? 0 : into(path[0]);
  return path.map((state, i) => {
    const reached = into(state);
    const elsewhere = new Map<string, number>();
    for (const a of arrows) if (a.from === state && a.to !== state && a.to !== path[i + 1]) elsewhere.set(a.to, (elsewhere.get(a.to) ?? 0) + a.count);
    return { state, reached, share: first === 0 ? 0 : reached / first, elsewhere: [...elsewhere].map(([to, count]) => ({ to, count })).sort((a, b) => b.count - a.count) };
  });
}

const recordOf = (now: number) => (r: { record_id: bigint; state: string; entered_at: Date }): ProductionRecord => ({
  id: r.record_id.toString(),
  state: r.state,
  since: r.entered_at.toISOString(),
  waitingSeconds: Math.max(0, Math.round((now - r.entered_at.getTime()) / 1000)),
});

/**
 * The records in a state now, longest waiting first; for orders, those matching the filters. Read one of two ways,
 * whichever the counters say reads fewer rows: walking the state's waiting range (chart_records_waiting) and
 * checking each order's keys, which stops after a page's worth of matches; or, when few orders match the filter at
 * all, reading those orders' keys first (indexed by seller, country and category) and keeping those in the state.
 * The walk alone read a state of 380k orders to find a page of a rare country + category pair (~2.2 s).
 */
export async function recordsInState(db: Db, q: Pick<ProductionQuery, 'chart' | 'country' | 'category' | 'seller'>, state: string, page: number, now: number): Promise<ProductionRecords> {
  const chart = q.chart;
  const offset = (page - 1) * productionPageSize;
  const page1 = (rows: { record_id: bigint; state: string; entered_at: Date }[]) => ({ list: rows.slice(0, productionPageSize).map(recordOf(now)), page, more: rows.length > productionPageSize });
  if (filtered(q) && (await keysFirst(db, q, state, offset + productionPageSize + 1))) {
    const r = await sql<{ record_id: bigint; state: string; entered_at: Date }>`with matching as materialized (select k.order_id from chart_order_keys k where ${orderKeyMatch(q)})
      select r.record_id, r.state, r.entered_at from matching m join chart_records r on r.chart = 'order' and r.record_id = m.order_id
      where r.state = ${state} order by r.entered_at, r.record_id limit ${productionPageSize + 1} offset ${offset}`.execute(db);
    return page1(r.rows);
  }
  const rows = await db.selectFrom('chart_records').select(['record_id', 'state', 'entered_at']).where('chart', '=', chart).where('state', '=', state)
    .$if(filtered(q), (b) => b.where(orderFilter(q, sql`chart_records.record_id`)))
    .orderBy('entered_at').orderBy('record_id').limit(productionPageSize + 1).offset(offset).execute();
  return page1(rows);
}

/**
 * Whether a filtered list of a state reads fewer rows from the filter's orders than from a walk of the state: the
 * walk reads about `wanted` × (orders in the state ÷ matching orders in it), at most the whole state; the other
 * reads every order matching the filter, in any state. Both figures come from the per-state counters.
 */
export async function keysFirst(db: Db, q: Pick<ProductionQuery, 'country' | 'category' | 'seller'>, state: string, wanted: number): Promise<boolean> {
  const r = await sql<{ matching: string | null; in_state: string | null; state_total: string | null }>`select
      (select sum(records) from chart_order_state_counts where ${orderKeyRange(q)})::text as matching,
      (select sum(records) from chart_order_state_counts where ${orderKeyRange(q)} and state = ${state})::text as in_state,
      (select sum(records) from chart_state_counts where chart = 'order' and state = ${state})::text as state_total`.execute(db);
  const row = r.rows[0];
  const matching = Number(row?.matching ?? 0);
  const inState = Number(row?.in_state ?? 0);
  const stateTotal = Number(row?.state_total ?? 0);
  const walk = inState <= 0 ? stateTotal : Math.min(stateTotal, (wanted * stateTotal) / inState);
  return matching < walk;
}

/** The records that took an arrow in the period, latest first. */
export async function recordsOnArrow(db: Db, q: ProductionQuery, arrow: { from: string; event: string; to: string }, page: number, now: number): Promise<ProductionRecords> {
  const { from, to } = periodDays(q, now);
  const r = await sql<{ record_id: bigint; state: string; entered_at: Date }>`select s.record_id, s.to_state as state, s.created_at as entered_at from chart_steps s
    where s.chart = ${q.chart} and s.created_at >= ${from}::date and s.created_at < ${to}::date + 1
      and s.from_state = ${arrow.from} and s.event = ${arrow.event} and s.to_state = ${arrow.to}
      ${filtered(q) ? sql`and ${orderFilter(q, sql`s.record_id`)}` : sql``}
    order by s.created_at desc, s.id desc limit ${productionPageSize + 1} offset ${(page - 1) * productionPageSize}`.execute(db);
  return { list: r.rows.slice(0, productionPageSize).map(recordOf(now)), page, more: r.rows.length > productionPageSize };
}

/**
 * The stuck records: waiting in a state past its timer's deadline (a timer that should have fired and did not)
 * or far past the state's usual time, most late first; one index range per state (chart_records_waiting).
 */
export async function stuckRecords(db: Db, chart: ServerChart, now: number): Promise<ProductionRecord[]> {
  const after = await stuckAfter(db, chart, now);
  const found: ProductionRecord[] = [];
  for (const [state, seconds] of after) {
    const rows = await db.selectFrom('chart_records').select(['record_id', 'state', 'entered_at']).where('chart', '=', chart).where('state', '=', state)
      .where('entered_at', '<', new Date(now - seconds * 1000)).orderBy('entered_at').limit(100).execute();
    for (const row of rows) {
      const record = recordOf(now)(row);
      found.push({ ...record, lateSeconds: Math.max(0, record.waitingSeconds - (seconds - (chartTimers(chart).deadlines.has(state) ? timerGraceSeconds : 0))) });
    }
  }
  return found.sort((a, b) => (b.lateSeconds ?? 0) - (a.lateSeconds ?? 0));
}

/** How many records are stuck (at most 1000 a state), one index-only count per state. */
export async function stuckCount(db: Db, chart: ServerChart, now: number): Promise<number> {
  const after = await stuckAfter(db, chart, now);
  const counts = await Promise.all([...after].map(async ([state, seconds]) => {
    const r = await sql<{ n: string }>`select count(*)::text as n from (select 1 from chart_records where chart = ${chart} and state = ${state}
      and entered_at < ${new Date(now - seconds * 1000)} limit 1000) s`.execute(db);
    return Number(r.rows[0]?.n ?? 0);
  }));
  return counts.reduce((a, b) => a + b, 0);
}

const csvCell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** The view as CSV: one line per state and per arrow (no personal data). */
export function productionCsv(view: ProductionView): string {
  const parties = [...new Set(view.arrows.flatMap((a) => Object.keys(a.byParty)))].sort();
  const lines = [
    ['kind', 'chart', 'from_day', 'to_day', 'state_or_from', 'event', 'to', 'now', 'left_or_count', 'median_seconds', 'p90_seconds', 'timer', ...parties.map((p) => `by_${p}`)],
    ...view.states.map((s) => ['state', view.chart, view.from, view.to, s.state, '', '', s.now, s.left, s.medianSeconds === null ? null : Math.round(s.medianSeconds), s.p90Seconds === null ? null : Math.round(s.p90Seconds), '', ...parties.map(() => '')]),
    ...view.arrows.map((a) => ['arrow', view.chart, view.from, view.to, a.from, a.event, a.to, '', a.count, '', '', a.timer ? 'yes' : 'no', ...parties.map((p) => a.byParty[p] ?? 0)]),
  ];
  return lines.map((l) => l.map(csvCell).join(',')).join('\n') + '\n';
}

/** Records per state of every server chart now, for the Prometheus gauge (the maintained counters). */
export async function chartStateGauge(db: Db): Promise<{ chart: string; state: string; records: number }[]> {
  const r = await sql<{ chart: string; state: string; n: string }>`select chart, state, sum(records)::text as n from chart_state_counts group by 1, 2 having sum(records) <> 0`.execute(db);
  return r.rows.map((row) => ({ chart: row.chart, state: row.state, records: Number(row.n) }));
}

/** Stuck records per server chart, for the Prometheus gauge and its alert (docs/deploy.md). */
export async function chartStuckGauge(db: Db, now: number): Promise<{ chart: string; records: number }[]> {
  const found: { chart: string; records: number }[] = [];
  for (const chart of serverCharts) found.push({ chart, records: await stuckCount(db, chart, now) });
  return found;
}
