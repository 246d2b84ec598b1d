import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run';

/**
 * After-sale cases (issue 12): one case per order (its own chart snapshot and status, the SPEC
 * after-sale code's name), its history (who, what, when, with the step's details), and its evidence
 * images (the application's and the appeal's), kept with the case. `appealed_at` orders the arbiter's
 * queue. Orders left in the order chart's old after-sale states (a leaf `afterSales`, the dead end
 * `refundRejected.afterSales`) go back to `unrated` without a case, so their buyers can apply through the
 * new case flow.
 */
export const afterSale: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table after_sales (
        id bigint generated always as identity primary key,
        order_id bigint not null unique references orders(id),
        buyer_id bigint not null references users(id),
        seller_id bigint not null references users(id),
        kind text not null,
        status text not null,
        chart jsonb not null,
        amount bigint not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        appealed_at timestamptz,
        buyer_unread boolean not null default false,
        seller_unread boolean not null default false
      );
      create index after_sales_seller_status on after_sales(seller_id, status);
      create index after_sales_buyer on after_sales(buyer_id, id);
      create index after_sales_appeals on after_sales(status, appealed_at);
      create table after_sale_events (
        id bigint generated always as identity primary key,
        case_id bigint not null references after_sales(id) on delete cascade,
        event text not null,
        party text not null,
        actor_id bigint references users(id),
        from_status text not null,
        to_status text not null,
        detail jsonb not null,
        created_at timestamptz not null default now()
      );
      create index after_sale_events_case on after_sale_events(case_id, id);
      create table after_sale_evidence (
        case_id bigint not null references after_sales(id) on delete cascade,
        image_id text not null references images(id),
        step text not null,
        position integer not null,
        uploaded_by bigint not null references users(id),
        primary key (case_id, step, position)
      );
      update orders
        set status = 'unrated', stage = 'unrated',
            chart = jsonb_set(jsonb_set(chart, '{value}', '"unrated"'), '{context,afterSale}', 'null')
        where stage in ('afterSales', 'refundRejected.afterSales');
    `);
  },
};
