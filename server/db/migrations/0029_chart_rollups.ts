import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run';

/**
 * Production figures of the server charts (issue 35, part 2), kept up to date by the statement that writes
 * each step (server/charts/steps.ts), so a kill -9 can neither lose nor double count a step:
 * - chart_step_rollups: per UTC day, chart, transition (from, event, to) and party, the steps and the sum of
 *   the milliseconds spent in the state left, split into fixed log-scale buckets of that time (bucket 0: a
 *   record's first step, which left no state; src/domain/chartRollups.ts) so median and p90 per state are
 *   read without the steps. Rows are sharded by the step's id, so concurrent steps of one transition do not
 *   queue on one row; a read sums the shards.
 * - chart_records: each record's current state and since when (the "records in a state" and stuck lists,
 *   longest waiting first, by the index).
 * - chart_state_counts: records per state now, sharded by record, summed on read (the badges and the gauge).
 * Backfilled from chart_steps.
 */
export const chartRollupsBackfill = `
  insert into chart_step_rollups (chart, day, from_state, event, to_state, party, bucket, shard, steps, ms)
    select chart, (created_at at time zone 'UTC')::date, from_state, event, to_state, party,
           case when entered_at is null then 0 else 1 + least(99, floor(4 * ln(1 + greatest(0, extract(epoch from created_at - entered_at))) / ln(2)))::int end,
           (id % 4)::smallint, count(*), coalesce(sum(greatest(0, (extract(epoch from created_at - entered_at) * 1000)::bigint)), 0)
    from chart_steps group by 1, 2, 3, 4, 5, 6, 7, 8;
  insert into chart_records (chart, record_id, state, entered_at)
    select distinct on (chart, record_id) chart, record_id, to_state, created_at from chart_steps order by chart, record_id, id desc;
  insert into chart_state_counts (chart, state, shard, records)
    select chart, state, (record_id % 4)::smallint, count(*) from chart_records group by 1, 2, 3;
`;

export const chartRollups: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table chart_step_rollups (
        chart text not null,
        day date not null,
        from_state text not null,
        event text not null,
        to_state text not null,
        party text not null,
        bucket smallint not null,
        shard smallint not null,
        steps bigint not null,
        ms bigint not null,
        primary key (chart, day, from_state, event, to_state, party, bucket, shard)
      );
      create table chart_records (
        chart text not null,
        record_id bigint not null,
        state text not null,
        entered_at timestamptz not null,
        primary key (chart, record_id)
      );
      create index chart_records_waiting on chart_records(chart, state, entered_at);
      create table chart_state_counts (
        chart text not null,
        state text not null,
        shard smallint not null,
        records bigint not null,
        primary key (chart, state, shard)
      );
      ${chartRollupsBackfill}
    `);
  },
};
