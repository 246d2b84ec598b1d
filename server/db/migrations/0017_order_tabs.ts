import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run';

/**
 * Signed list read paths at scale (issue 16). Each bounded by an index whatever the data size, a deep
 * page as fast as the first:
 *  - the buyer's and the seller's order tabs: each order's tab on either side is a column the database
 *    keeps from its `stage` (generated, stored), so a tab is one equality and one index gives both the
 *    filter and the order (created_at desc, id); the tabs of a side never share a stage. The stage sets
 *    are those of src/domain/orderRules.ts (buyerOrderTabs, sellerOrderTabs); a test checks that the
 *    columns agree with them for every stage. Paging continues after an order (keyset), not by OFFSET.
 *  - the console review queue: each product's report count is kept on the product, moved in the same
 *    transaction as a report is filed, so the queue is read in index order instead of counting the
 *    reports of every product of the status and sorting them all.
 */
export const orderTabs: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      alter table orders add column buyer_tab text generated always as (case
        when stage in ('paid', 'notShipped', 'refundRejected.beforeShipping') then 'pendingShipment'
        when stage in ('sent', 'refundRejected.onTheWay') then 'shipped'
        when stage = 'unrated' then 'unrated'
      end) stored,
      add column seller_tab text generated always as (case
        when stage = 'paid' then 'toConfirm'
        when stage in ('notShipped', 'refundRejected.beforeShipping') then 'pendingShipment'
        when stage in ('sent', 'refundRejected.onTheWay') then 'shipped'
        when stage in ('refundRequested.beforeShipping', 'refundRequested.onTheWay') then 'refunds'
        when stage in ('afterSales.fromUnrated', 'afterSales.fromRated') then 'afterSales'
        when stage in ('unrated', 'rated', 'completed', 'refunded', 'canceled') then 'done'
      end) stored;
      create index orders_buyer_time on orders(buyer_id, created_at desc, id);
      create index orders_buyer_tab on orders(buyer_id, buyer_tab, created_at desc, id) where buyer_tab is not null;
      create index orders_seller_time on orders(seller_id, created_at desc, id);
      create index orders_seller_tab on orders(seller_id, seller_tab, created_at desc, id) where seller_tab is not null;
      drop index orders_buyer;
      drop index orders_seller;
      alter table products add column report_count integer not null default 0;
      update products p set report_count = r.n from (select product_id, count(*)::int4 as n from product_reports group by product_id) r where r.product_id = p.id;
      create index products_review_queue on products(status, report_count desc, updated_at, id);
    `);
  },
};
