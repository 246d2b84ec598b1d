import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run';

/**
 * Products (SPEC 3, Product): money in BIGINT units of 10^-7; the lifecycle chart's snapshot in
 * `chart` and its state in `status`; one SKU row per specification × colour with its own stock.
 */
export const catalogue: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table products (
        id bigint generated always as identity primary key,
        seller_id bigint not null references users(id),
        title text not null,
        description text not null,
        category_id integer not null references categories(id),
        condition text not null check (condition in ('new', 'secondHand')),
        price bigint not null check (price >= 0),
        shipping_fee bigint not null check (shipping_fee >= 0),
        shipping_method text not null check (shipping_method in ('free', 'collect')),
        shipping_place text not null,
        visible_range text not null check (visible_range in ('native', 'global')),
        global_barter boolean not null,
        sale_countries jsonb not null,
        contact_email text not null,
        after_sales text not null default 'supported',
        status text not null,
        chart jsonb not null,
        review_reason text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index products_seller on products(seller_id);
      create index products_status_created on products(status, created_at desc);
      create index products_category on products(category_id, status);
      create table product_images (
        product_id bigint not null references products(id) on delete cascade,
        image_id text not null references images(id),
        position integer not null,
        primary key (product_id, position)
      );
      create table product_skus (
        id bigint generated always as identity primary key,
        product_id bigint not null references products(id) on delete cascade,
        specification text not null,
        colour text not null,
        stock integer not null check (stock >= 0),
        unique (product_id, specification, colour)
      );
    `);
  },
};
