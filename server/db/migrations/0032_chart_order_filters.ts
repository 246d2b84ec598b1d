import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run';

/**
 * The order filters of the gallery's "In production" view (country, category, seller; issue 35) answered from
 * rollups, not from a scan of chart_steps. Kept by the statement that writes each order step
 * (server/charts/steps.ts), like migration 0029's rollups:
 * - chart_order_keys: each order's filter keys, fixed at its first step (its seller, its delivery country, -1
 *   when none, and the distinct categories of its items). A product recategorised later does not move the
 *   order's past or present counts to another category (nor make one negative). Indexed by seller, so the
 *   list of a small seller's orders in a big state is read from that seller's orders.
 * - chart_order_rollups: as chart_step_rollups (per UTC day, transition, party, time bucket, shard), keyed
 *   by (seller_id, country_id, category_id), where 0 stands for "any". An order step counts under
 *   (seller, country, 0) and (seller, country, c) for each of its categories c — the rows a seller filter
 *   reads, its country and category narrowing them — and under (0, country, 0), (0, 0, c) and (0, country, c)
 *   — the rows a country and/or category filter reads without a seller. Each filter combination is one
 *   primary-key range and counts every order once.
 * - chart_order_state_counts: the orders in each state now, keyed the same way (sharded by order).
 * Backfilled from orders, order_items, products, chart_steps and chart_records.
 */

/** The (seller, country, category) keys an order counts under, from its chart_order_keys row `k` (0: any). */
export const orderFilterKeys = `(
    select k.seller_id as seller, k.country_id as country, 0 as category
    union all select k.seller_id, k.country_id, c from unnest(k.category_ids) c
    union all select 0, k.country_id, 0
    union all select 0, k.country_id, c from unnest(k.category_ids) c
    union all select 0, 0, c from unnest(k.category_ids) c
  ) f`;

/** An order's filter keys, read from its row `o` and its items. */
export const orderKeysOf = `o.id, o.seller_id,
    case when jsonb_typeof(o.delivery->'countryId') = 'number' then (o.delivery->>'countryId')::numeric::int else -1 end,
    array(select distinct p.category_id from order_items oi join products p on p.id = oi.product_id where oi.order_id = o.id order by 1)`;

export const chartOrderRollupsBackfill = `
  insert into chart_order_keys (order_id, seller_id, country_id, category_ids)
    select ${orderKeysOf} from orders o where exists (select 1 from chart_records r where r.chart = 'order' and r.record_id = o.id)
    on conflict (order_id) do nothing;
  insert into chart_order_rollups (seller_id, country_id, category_id, day, from_state, event, to_state, party, bucket, shard, steps, ms)
    select f.seller, f.country, f.category, (s.created_at at time zone 'UTC')::date, s.from_state, s.event, s.to_state, s.party,
           case when s.entered_at is null then 0 else 1 + least(99, floor(4 * ln(1 + greatest(0, extract(epoch from s.created_at - s.entered_at))) / ln(2)))::int end,
           (s.id % 4)::smallint, count(*), coalesce(sum(greatest(0, (extract(epoch from s.created_at - s.entered_at) * 1000)::bigint)), 0)
    from chart_steps s join chart_order_keys k on k.order_id = s.record_id cross join lateral ${orderFilterKeys}
    where s.chart = 'order' group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
  insert into chart_order_state_counts (seller_id, country_id, category_id, state, shard, records)
    select f.seller, f.country, f.category, r.state, (r.record_id % 4)::smallint, count(*)
    from chart_records r join chart_order_keys k on k.order_id = r.record_id cross join lateral ${orderFilterKeys}
    where r.chart = 'order' group by 1, 2, 3, 4, 5;
`;

export const chartOrderFilters: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table chart_order_keys (
        order_id bigint primary key,
        seller_id bigint not null,
        country_id integer not null,
        category_ids integer[] not null
      );
      create index chart_order_keys_seller on chart_order_keys(seller_id);
      create table chart_order_rollups (
        seller_id bigint not null,
        country_id integer not null,
        category_id integer not null,
        day date not null,
        from_state text not null,
        event text not null,
        to_state text not null,
        party text not null,
        bucket smallint not null,
        shard smallint not null,
        steps bigint not null,
        ms bigint not null,
        primary key (seller_id, country_id, category_id, day, from_state, event, to_state, party, bucket, shard)
      );
      create table chart_order_state_counts (
        seller_id bigint not null,
        country_id integer not null,
        category_id integer not null,
        state text not null,
        shard smallint not null,
        records bigint not null,
        primary key (seller_id, country_id, category_id, state, shard)
      );
      ${chartOrderRollupsBackfill}
    `);
  },
};
