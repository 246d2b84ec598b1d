import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run';

/**
 * The buyer's "To pay" tab (issue 22, finding 7): an unpaid order is in the buyer's tab `toPay`. The
 * column is the generated `buyer_tab` of 0017 with one more case (src/domain/orderRules.ts,
 * buyerOrderTabs; a test checks they agree). Its index also answers a checkout's question "which of
 * this buyer's unpaid orders hold the same goods?" (server/services/checkout.ts, replaceUnpaid).
 */
export const toPayTab: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      drop index orders_buyer_tab;
      alter table orders drop column buyer_tab;
      alter table orders add column buyer_tab text generated always as (case
        when stage = 'unpaid' then 'toPay'
        when stage in ('paid', 'notShipped', 'refundRejected.beforeShipping') then 'pendingShipment'
        when stage in ('sent', 'refundRejected.onTheWay') then 'shipped'
        when stage = 'unrated' then 'unrated'
      end) stored;
      create index orders_buyer_tab on orders(buyer_id, buyer_tab, created_at desc, id) where buyer_tab is not null;
    `);
  },
};
