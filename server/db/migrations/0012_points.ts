import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run';

/**
 * Platform points (issue 14): check-ins (one row per user per day of their own time zone: the primary
 * key is the "once a day" rule), rewarded ads (the ad id is unique: it pays once), the append-only
 * points ledger (units of 10^-3; a balance is a sum, never stored), and one score row per user, board
 * and period ("d:2026-11-23", "m:2026-11", "t") kept in the entry's transaction, so that a leaderboard
 * page is an index range instead of an aggregate over the ledger. Users get a time zone and the
 * inviter they named (once; the check against cycles is in the service).
 */
export const points: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      alter table users add column time_zone text;
      alter table users add column invited_by bigint references users(id);
      alter table users add column invited_at timestamptz;
      create index users_invited_by on users(invited_by, id) where invited_by is not null;
      create table check_ins (
        user_id bigint not null references users(id),
        day date not null,
        time_zone text not null,
        reward bigint not null,
        created_at timestamptz not null default now(),
        primary key (user_id, day)
      );
      create table platform_counters (
        name text primary key,
        value bigint not null default 0
      );
      insert into platform_counters(name, value) values ('checkIns', 0);
      create table rewarded_ads (
        ad_id text primary key,
        user_id bigint not null references users(id),
        day date not null,
        status text,
        seconds integer not null default 0,
        reward bigint not null,
        created_at timestamptz not null default now()
      );
      create index rewarded_ads_user_day on rewarded_ads(user_id, day);
      create table points_entries (
        id bigint generated always as identity primary key,
        user_id bigint not null references users(id),
        kind text not null,
        amount bigint not null,
        reference text not null,
        day date not null,
        created_at timestamptz not null default now()
      );
      create unique index points_entries_kind_reference on points_entries(kind, reference);
      create index points_entries_user_kind on points_entries(user_id, kind, day);
      create table points_scores (
        board text not null,
        period text not null,
        user_id bigint not null references users(id),
        score bigint not null,
        primary key (board, period, user_id)
      );
      create index points_scores_rank on points_scores(board, period, score desc, user_id);
      create index users_frozen on users(id) where frozen;
      create table sandbox_ads (
        ad_id text primary key,
        uid text not null,
        status text,
        created_at timestamptz not null default now()
      );
    `);
  },
};
