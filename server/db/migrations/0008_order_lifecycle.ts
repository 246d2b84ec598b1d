import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run';

/**
 * The order lifecycle (issue 6): `stage` keeps the chart's whole state path next to `status` (its
 * top-level state, the SPEC code's name) so the list tabs can filter on it; every change of an order
 * is one row of order_events (who, what, from, to, when) for the history and the notifications; the
 * unread flags say which side has not yet seen the latest change. A buyer's rating comment on a
 * product remembers its order, so a repeated rating can never publish twice.
 */
export const orderLifecycle: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      alter table orders add column stage text not null default '';
      update orders set stage = status;
      alter table orders add column updated_at timestamptz not null default now();
      alter table orders add column buyer_unread boolean not null default false;
      alter table orders add column seller_unread boolean not null default false;
      create index orders_buyer_stage on orders(buyer_id, stage);
      create index orders_seller_stage on orders(seller_id, stage);
      create table order_events (
        id bigint generated always as identity primary key,
        order_id bigint not null references orders(id) on delete cascade,
        event text not null,
        party text not null,
        from_stage text not null,
        to_stage text not null,
        created_at timestamptz not null default now()
      );
      create index order_events_order on order_events(order_id, id);
      alter table product_comments add column order_id bigint references orders(id);
      create unique index product_comments_order_product on product_comments(order_id, product_id) where order_id is not null;
      create index ledger_entries_reference on ledger_entries(reference);
    `);
  },
};
