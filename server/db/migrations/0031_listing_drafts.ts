import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run';

/**
 * The listing draft (issue 37, finding 1): what a seller had put into a new listing and not yet published, one per
 * seller, kept so that leaving the publish tab (or changing phone) and coming back restores it. The body is the
 * product input as the publish form holds it (checked by the same schema as a publish) and the stored pictures.
 * A published listing clears it.
 */
export const listingDrafts: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(
      db,
      `create table listing_drafts (
        seller_id bigint primary key references users(id) on delete cascade,
        body jsonb not null,
        updated_at timestamptz not null default now()
      );`,
    );
  },
};
