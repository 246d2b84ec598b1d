import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run';

/**
 * Accounts (issue 3): e-mail + password credentials beside the coin login, e-mail codes (hashed,
 * expiring, single-use, counted tries), the mail outbox, the per-user global flags, notices and
 * their reads, the log of freezes and unfreezes, and failed e-mail logins (for throttling).
 */
export const accounts: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table credentials (
        user_id bigint primary key references users(id),
        password_hash text not null,
        updated_at timestamptz not null default now()
      );
      create table email_codes (
        id bigint generated always as identity primary key,
        purpose text not null check (purpose in ('register', 'reset', 'email')),
        email text not null,
        user_id bigint references users(id),
        code_hash text not null,
        attempts integer not null default 0,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz,
        dead boolean not null default false
      );
      create index email_codes_address on email_codes(email, created_at desc);
      create index email_codes_user on email_codes(user_id, created_at desc);
      create table outbox (
        id bigint generated always as identity primary key,
        to_address text not null,
        subject text not null,
        body text not null,
        via text not null,
        created_at timestamptz not null
      );
      create index outbox_created on outbox(created_at desc);
      create table user_flags (
        user_id bigint primary key references users(id),
        risk_warning_read boolean not null default false,
        follow_page_read boolean not null default false,
        tips_read boolean not null default false,
        agreement_accepted boolean not null default false,
        wallet_setup_cancelled boolean not null default false
      );
      create table notices (
        id bigint generated always as identity primary key,
        title text not null,
        body text not null,
        author_id bigint not null references users(id),
        created_at timestamptz not null
      );
      create index notices_created on notices(created_at desc);
      create table notice_reads (
        notice_id bigint not null references notices(id) on delete cascade,
        user_id bigint not null references users(id),
        read_at timestamptz not null,
        primary key (notice_id, user_id)
      );
      create table freeze_log (
        id bigint generated always as identity primary key,
        user_id bigint not null references users(id),
        staff_id bigint references users(id),
        action text not null check (action in ('freeze', 'unfreeze')),
        reason text not null,
        created_at timestamptz not null
      );
      create index freeze_log_user on freeze_log(user_id, created_at desc);
      create table login_failures (
        id bigint generated always as identity primary key,
        email text not null,
        at timestamptz not null
      );
      create index login_failures_email on login_failures(email, at desc);
    `);
  },
};
