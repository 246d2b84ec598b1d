import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run';

/**
 * A seller's quick replies (issue 37, finding 5): answers a seller saves once and picks in any chat, kept per
 * seller on the server so they follow the seller to every device. `position` is the seller's order (0 first);
 * a reply's text is unique per seller (saving the same answer twice keeps one). At most
 * QuickReplyLimits.perSeller a seller, counted under the seller's row lock when one is added.
 */
export const quickReplies: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table quick_replies (
        id bigint generated always as identity primary key,
        seller_id bigint not null references users(id),
        body text not null,
        position integer not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index quick_replies_seller_body on quick_replies(seller_id, body);
      create index quick_replies_seller_position on quick_replies(seller_id, position);
    `);
  },
};
