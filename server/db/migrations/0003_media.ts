import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run';

/** Uploaded images: one row per distinct picture (its SHA-256), resized copies on disk under the data directory. */
export const media: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table images (
        id text primary key,
        owner_id bigint,
        width integer not null,
        height integer not null,
        bytes integer not null,
        created_at timestamptz not null default now()
      );
      create index images_owner on images(owner_id);
    `);
  },
};
