import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run';

/** Durable timers: a chart's named delays, kept in the database so they survive restarts and fire once. */
export const timers: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table timers (
        id bigint generated always as identity primary key,
        kind text not null,
        entity_id text not null,
        name text not null,
        event text not null,
        due_at timestamptz not null,
        fired_at timestamptz,
        cancelled_at timestamptz,
        attempts integer not null default 0,
        last_error text,
        created_at timestamptz not null default now()
      );
      create unique index timers_one_pending on timers(kind, entity_id, name) where fired_at is null and cancelled_at is null;
      create index timers_due on timers(due_at) where fired_at is null and cancelled_at is null;
    `);
  },
};
