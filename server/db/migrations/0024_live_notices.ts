import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The live channel's change notices (issue 23): one row per notice, its id the position a reconnecting
 * stream resumes after. Kept for a quarter of an hour (LiveTimings.keep); a notice names a topic and a
 * record, never the record's data.
 */
const statements = [
  `create table live_notices (
    id bigint generated always as identity primary key,
    audience text not null check (audience in ('person', 'staff', 'all')),
    person_id bigint,
    topic text not null,
    ref text,
    created_at timestamptz not null default now()
  )`,
  `create index live_notices_person on live_notices(person_id, id) where person_id is not null`,
  `create index live_notices_created on live_notices(created_at)`,
];

export const liveNotices: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
