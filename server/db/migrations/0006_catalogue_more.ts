import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run';

/**
 * The rest of the catalogue (issue 4): seller applications, favourites (collects), store follows,
 * comments with rating and anonymous flag, blocked users, product reports, and the search indexes:
 * PostgreSQL full-text, a stored `tsvector` per product (title and description, kept by the
 * catalogue service on every save) with a GIN index, and a GIN expression index on user names, so
 * search never computes over or scans the catalogue. The products table itself is untouched; only
 * indexes are added beside it. Same SQL on PGlite and PostgreSQL.
 */
export const catalogueMore: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table seller_applications (
        id bigint generated always as identity primary key,
        user_id bigint not null references users(id),
        store_name text not null,
        real_name text not null,
        email text not null,
        description text not null default '',
        status text not null check (status in ('pending', 'approved', 'refused')),
        reason text,
        decided_by bigint references users(id),
        decided_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index seller_applications_user on seller_applications(user_id, created_at desc);
      create index seller_applications_status on seller_applications(status, created_at);
      create table product_collects (
        user_id bigint not null references users(id),
        product_id bigint not null references products(id) on delete cascade,
        created_at timestamptz not null default now(),
        primary key (user_id, product_id)
      );
      create index product_collects_user on product_collects(user_id, created_at desc);
      create table store_follows (
        user_id bigint not null references users(id),
        seller_id bigint not null references users(id),
        created_at timestamptz not null default now(),
        primary key (user_id, seller_id)
      );
      create index store_follows_seller on store_follows(seller_id);
      create table product_comments (
        id bigint generated always as identity primary key,
        product_id bigint not null references products(id) on delete cascade,
        user_id bigint not null references users(id),
        rating integer not null check (rating between 1 and 5),
        content text not null,
        anonymous boolean not null default false,
        deleted_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index product_comments_product on product_comments(product_id, id desc);
      create table seller_blocks (
        seller_id bigint not null references users(id),
        user_id bigint not null references users(id),
        created_at timestamptz not null default now(),
        primary key (seller_id, user_id)
      );
      create table product_reports (
        id bigint generated always as identity primary key,
        product_id bigint not null references products(id) on delete cascade,
        user_id bigint not null references users(id),
        reason text not null,
        created_at timestamptz not null default now()
      );
      create index product_reports_product on product_reports(product_id);
      create table product_search (
        product_id bigint primary key references products(id) on delete cascade,
        document tsvector not null
      );
      create index product_search_document on product_search using gin (document);
      create index products_sale_countries on products using gin (sale_countries);
      create index products_feed on products(status, id desc);
      create index users_search on users using gin (to_tsvector('simple', username || ' ' || nickname));
    `);
  },
};
