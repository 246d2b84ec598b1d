import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run';

/**
 * Hardening (issue 11): who uploaded which picture. An image is one row per distinct picture (its
 * SHA-256), so two people who upload the same file share it; each of them may use it, nobody else.
 * Every reference to an upload (product images, head portrait, evidence and chat images) is checked
 * against this table (server/services/images.ts, requireOwnImages).
 */
export const hardening: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table image_uploads (
        image_id text not null references images(id) on delete cascade,
        user_id bigint not null,
        created_at timestamptz not null default now(),
        primary key (image_id, user_id)
      );
      insert into image_uploads (image_id, user_id) select id, owner_id from images where owner_id is not null;
      insert into image_uploads (image_id, user_id)
        select distinct pi.image_id, p.seller_id from product_images pi join products p on p.id = pi.product_id
        on conflict do nothing;
    `);
  },
};
