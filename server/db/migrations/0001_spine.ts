import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run';

/** Users, sessions and request signatures, reference data, page views, the ledger, the sandbox platform's tables. */
export const spine: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
        create table users (
          id bigint generated always as identity primary key,
          pi_uid text unique,
          username text not null unique,
          nickname text not null,
          email text unique,
          head_portrait text,
          wallet_address text,
          address text,
          country_id integer not null default 0,
          custom_colour text,
          invite_code text not null unique,
          medal_level integer not null default 0,
          ambassador_level integer not null default 0,
          language text not null default 'en',
          roles jsonb not null default '["buyer"]',
          frozen boolean not null default false,
          frozen_reason text,
          created_at timestamptz not null default now()
        );
        create table sessions (
          token text primary key,
          secret text not null,
          user_id bigint not null,
          access_token text not null,
          created_at timestamptz not null default now(),
          expires_at timestamptz not null,
          revoked_at timestamptz
        );
        create index sessions_user on sessions(user_id);
        create table login_tickets (
          ticket text primary key,
          user_id bigint not null references users(id),
          access_token text not null,
          expires_at timestamptz not null,
          used_at timestamptz
        );
        create table request_signatures (
          signature text primary key,
          seen_at timestamptz not null
        );
        create index request_signatures_seen on request_signatures(seen_at);
        create table regions (
          id integer primary key,
          parent_id integer references regions(id),
          level integer not null,
          name text not null,
          code text not null
        );
        create index regions_parent_level on regions(parent_id, level);
        create index regions_level on regions(level);
        create table languages (
          code text primary key,
          name text not null,
          native_name text not null,
          dir text not null,
          sort integer not null
        );
        create table categories (
          id integer primary key,
          parent_id integer references categories(id),
          key text not null unique,
          icon text not null,
          sort integer not null
        );
        create table page_views (
          id bigint generated always as identity primary key,
          path text not null,
          referrer text,
          user_id bigint references users(id),
          language text not null,
          created_at timestamptz not null default now()
        );
        create table ledger_entries (
          id bigint generated always as identity primary key,
          txn_id text not null,
          account text not null,
          amount bigint not null,
          kind text not null,
          reference text,
          created_at timestamptz not null default now()
        );
        create index ledger_entries_account on ledger_entries(account);
        create index ledger_entries_txn on ledger_entries(txn_id);
        create table sandbox_wallets (
          uid text primary key,
          username text not null unique,
          balance bigint not null check (balance >= 0),
          created_at timestamptz not null default now()
        );
        create table sandbox_access_tokens (
          token text primary key,
          uid text not null references sandbox_wallets(uid),
          expires_at timestamptz not null
        );
        create table sandbox_payments (
          identifier text primary key,
          user_uid text not null references sandbox_wallets(uid),
          amount bigint not null check (amount > 0),
          memo text not null,
          metadata jsonb not null,
          direction text not null,
          developer_approved boolean not null default false,
          transaction_verified boolean not null default false,
          developer_completed boolean not null default false,
          cancelled boolean not null default false,
          user_cancelled boolean not null default false,
          txid text unique,
          created_at timestamptz not null default now()
        );
        create table sandbox_transactions (
          txid text primary key,
          payment_identifier text not null references sandbox_payments(identifier),
          from_uid text not null,
          to_uid text not null,
          amount bigint not null,
          created_at timestamptz not null default now()
        );
      `);
  },
};
