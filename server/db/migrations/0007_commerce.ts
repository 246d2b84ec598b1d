import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run';

/**
 * Commerce (SPEC 3 Address and Order, 4 order flow, 7 Commerce and pay, Wallet): delivery addresses,
 * the server-side cart of a logged-in user, checkouts (one per submission, with the client's
 * idempotency key), orders (one per seller per checkout: `status` + `chart` snapshot, amounts in
 * BIGINT units of 10^-7, the buyer's delivery snapshot), their items, and payments (a platform payment
 * id and a txid are each unique, so a retried callback can never pay twice). The wallet app's accounts
 * in sandbox mode live in sandbox_wallet_app_accounts (the server's own sandbox, like the platform).
 */
export const commerce: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table addresses (
        id bigint generated always as identity primary key,
        user_id bigint not null references users(id),
        first_name text not null,
        last_name text not null,
        phone text not null,
        country_id integer not null references regions(id),
        province_id integer references regions(id),
        city_id integer references regions(id),
        street text not null default '',
        building_number text not null default '',
        detail text not null,
        zip_code text not null default '',
        is_default boolean not null default false,
        deleted_at timestamptz,
        created_at timestamptz not null default now()
      );
      create unique index addresses_one_default on addresses(user_id) where is_default and deleted_at is null;
      create index addresses_user on addresses(user_id) where deleted_at is null;
      create table carts (
        user_id bigint primary key references users(id),
        items jsonb not null,
        updated_at timestamptz not null default now()
      );
      create table checkouts (
        id bigint generated always as identity primary key,
        buyer_id bigint not null references users(id),
        idempotency_key text not null,
        created_at timestamptz not null default now(),
        unique (buyer_id, idempotency_key)
      );
      create table orders (
        id bigint generated always as identity primary key,
        order_no text not null unique,
        checkout_id bigint not null references checkouts(id),
        buyer_id bigint not null references users(id),
        seller_id bigint not null references users(id),
        status text not null,
        chart jsonb not null,
        goods_amount bigint not null check (goods_amount >= 0),
        shipping_amount bigint not null check (shipping_amount >= 0),
        total_amount bigint not null check (total_amount > 0),
        handling_fee bigint not null check (handling_fee >= 0),
        paid_amount bigint not null default 0 check (paid_amount >= 0),
        payment_method text check (payment_method in ('coin', 'balance', 'wallet')),
        delivery jsonb not null,
        comments text not null default '',
        created_at timestamptz not null default now(),
        paid_at timestamptz,
        expires_at timestamptz not null
      );
      create index orders_buyer on orders(buyer_id, created_at desc);
      create index orders_seller on orders(seller_id, created_at desc);
      create index orders_checkout on orders(checkout_id);
      create table order_items (
        id bigint generated always as identity primary key,
        order_id bigint not null references orders(id) on delete cascade,
        product_id bigint not null references products(id),
        sku_id bigint not null references product_skus(id),
        title text not null,
        specification text not null,
        colour text not null,
        quantity integer not null check (quantity > 0),
        unit_price bigint not null check (unit_price >= 0),
        shipping_fee bigint not null check (shipping_fee >= 0)
      );
      create index order_items_order on order_items(order_id);
      create table payments (
        id bigint generated always as identity primary key,
        user_id bigint not null references users(id),
        method text not null check (method in ('coin', 'balance', 'wallet')),
        amount bigint not null check (amount > 0),
        status text not null check (status in ('created', 'approved', 'completed', 'cancelled', 'failed')),
        payment_id text unique,
        txid text unique,
        ledger_txn text unique,
        note text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index payments_user on payments(user_id, created_at desc);
      create table payment_orders (
        payment_ref bigint not null references payments(id),
        order_id bigint not null references orders(id),
        primary key (payment_ref, order_id)
      );
      create index payment_orders_order on payment_orders(order_id);
      create table sandbox_wallet_app_accounts (
        username text primary key,
        balance bigint not null check (balance >= 0),
        pay_password_hash text not null,
        merged boolean not null default false,
        created_at timestamptz not null default now()
      );
      insert into sandbox_wallet_app_accounts (username, balance, pay_password_hash, merged) values
        ('demo_buyer', 5000000000, 'sandbox:8d969eef6ecad3c29a3a629280e686cf0c3f5d5a86aff3ca12020c923adc6c92', true),
        ('demo_seller2', 100000000, 'sandbox:8d969eef6ecad3c29a3a629280e686cf0c3f5d5a86aff3ca12020c923adc6c92', false);
    `);
  },
};
