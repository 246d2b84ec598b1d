import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run';

/**
 * Abuse limits (issue 25). `rate_limit_counts`: one row per key and fixed window, counted by an atomic
 * upsert from every server process (server/http/rateLimit.ts). `password_locks`: wrong wallet-app
 * payment passwords per wallet-app account, and the time it is locked until. `ad_sessions`: a rewarded
 * ad the person asked for before the host showed it; the ad id it was claimed with, once.
 */
export const abuseLimits: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table rate_limit_counts (
        key text not null,
        window_start bigint not null,
        count integer not null,
        primary key (key, window_start)
      );
      create table password_locks (
        key text primary key,
        failures integer not null,
        locked_until timestamptz,
        updated_at timestamptz not null
      );
      create table ad_sessions (
        id text primary key,
        user_id bigint not null references users(id),
        started_at timestamptz not null,
        expires_at timestamptz not null,
        ad_id text unique,
        claimed_at timestamptz
      );
      create index ad_sessions_user on ad_sessions(user_id, expires_at);
    `);
  },
};
