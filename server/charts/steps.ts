import { sql, type RawBuilder } from 'kysely';
import type { Party } from '../../machines/parties';
import { bucketsPerDoubling, lastBucket, rollupShards } from '../../src/domain/chartRollups';
import type { ServerChart } from '../../src/domain/chartSteps';
import { orderFilterKeys, orderKeysOf } from '../db/migrations/0032_chart_order_filters';
import { chartStepsWritten } from '../observability/metrics';
import type { Trx } from '../timers/timers';

export interface ChartStep {
  /** The chart's event, or a timer's delay name (`sellerConfirmWindow`). */
  event: string;
  party: Party;
  from: string;
  to: string;
  at: number;
}

/**
 * Writes one step of a record on its chart, in the step's own transaction (issue 35): every service that
 * applies a server chart calls this once per step it persists. The time the record entered the state it
 * leaves is its previous step's time, read by the same statement through chart_steps_record.
 */
export async function recordChartStep(trx: Trx, chart: ServerChart, recordId: bigint, step: ChartStep): Promise<void> {
  const at = new Date(step.at);
  // One statement: the step, its day's rollup (src/domain/chartRollups.ts buckets), the record's current
  // state and the per-state counters move together or not at all (a kill -9 loses or doubles nothing). An
  // order's step also moves its rollups and counters per seller, country and category (migration 0032).
  await sql`with s as (
      insert into chart_steps (chart, record_id, event, party, from_state, to_state, entered_at, created_at)
      values (${chart}, ${recordId}, ${step.event}, ${step.party}, ${step.from}, ${step.to},
        (select s.created_at from chart_steps s where s.chart = ${chart} and s.record_id = ${recordId} order by s.id desc limit 1), ${at})
      returning id, chart, record_id, event, party, from_state, to_state, entered_at, created_at),
    v as (
      select chart, record_id, (created_at at time zone 'UTC')::date as day, from_state, event, to_state, party, entered_at,
        case when entered_at is null then 0 else 1 + least(${lastBucket - 1}, floor(${bucketsPerDoubling} * ln(1 + greatest(0, extract(epoch from created_at - entered_at))) / ln(2)))::int end as bucket,
        (id % ${rollupShards})::smallint as shard, coalesce(greatest(0, (extract(epoch from created_at - entered_at) * 1000)::bigint), 0) as ms
      from s),
    rolled as (
      insert into chart_step_rollups (chart, day, from_state, event, to_state, party, bucket, shard, steps, ms)
      select chart, day, from_state, event, to_state, party, bucket, shard, 1, ms from v
      on conflict (chart, day, from_state, event, to_state, party, bucket, shard)
      do update set steps = chart_step_rollups.steps + 1, ms = chart_step_rollups.ms + excluded.ms),
    placed as (
      insert into chart_records (chart, record_id, state, entered_at) select chart, record_id, to_state, created_at from s
      on conflict (chart, record_id) do update set state = excluded.state, entered_at = excluded.entered_at),
    ${chart === 'order' ? orderFilterSteps(recordId) : sql``}
    moves as (
      select v.chart, v.record_id, moved.state, moved.delta from v cross join lateral (values (v.to_state, 1), (v.from_state, -1)) moved(state, delta)
      where v.from_state <> v.to_state and (moved.delta > 0 or v.entered_at is not null))
    insert into chart_state_counts (chart, state, shard, records)
      select chart, state, (record_id % ${rollupShards})::smallint, delta from moves order by state
    on conflict (chart, state, shard) do update set records = chart_state_counts.records + excluded.records`.execute(trx);
  chartStepsWritten.inc({ chart, transition: `${step.from}>${step.event}>${step.to}`, party: step.party });
}

/**
 * The CTEs an order's step adds (migration 0032): the order's filter keys (read from its row and items at its
 * first step, kept in chart_order_keys after), then its rollup and its per-state counters under each
 * (seller, country, category) key, rows in key order (concurrent steps lock shared rows in one order).
 */
function orderFilterSteps(orderId: bigint): RawBuilder<unknown> {
  return sql`keys as (
      select order_id, seller_id, country_id, category_ids from chart_order_keys where order_id = ${orderId}
      union all
      select ${sql.raw(orderKeysOf)} from orders o
      where o.id = ${orderId} and not exists (select 1 from chart_order_keys where order_id = ${orderId})),
    kept as (
      insert into chart_order_keys (order_id, seller_id, country_id, category_ids) select * from keys on conflict (order_id) do nothing),
    order_rolled as (
      insert into chart_order_rollups (seller_id, country_id, category_id, day, from_state, event, to_state, party, bucket, shard, steps, ms)
      select f.seller, f.country, f.category, v.day, v.from_state, v.event, v.to_state, v.party, v.bucket, v.shard, 1, v.ms
      from v cross join keys k cross join lateral ${sql.raw(orderFilterKeys)} order by 1, 2, 3
      on conflict (seller_id, country_id, category_id, day, from_state, event, to_state, party, bucket, shard)
      do update set steps = chart_order_rollups.steps + 1, ms = chart_order_rollups.ms + excluded.ms),
    order_counted as (
      insert into chart_order_state_counts (seller_id, country_id, category_id, state, shard, records)
      select f.seller, f.country, f.category, moved.state, (v.record_id % ${rollupShards})::smallint, moved.delta
      from v cross join keys k cross join lateral ${sql.raw(orderFilterKeys)}
        cross join lateral (values (v.to_state, 1), (v.from_state, -1)) moved(state, delta)
      where v.from_state <> v.to_state and (moved.delta > 0 or v.entered_at is not null)
      order by 1, 2, 3, 4
      on conflict (seller_id, country_id, category_id, state, shard) do update set records = chart_order_state_counts.records + excluded.records),`;
}
