import crypto from 'node:crypto';
import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run';

/**
 * Private media (issue 12, item 3). `media_key` is the one server-wide key (32 random bytes, hex) that
 * signs the capability URLs of private images; every server process reads the same row.
 * `private_images` lists every image referenced by after-sale evidence, a chat message or a work order
 * (filled in the same transaction as those rows, and here from the rows that already exist), so the
 * media route tells a public image from a private one with one primary-key lookup. An image that is
 * also a product picture or a head portrait stays public (the indexes below make that check cheap).
 */
export const privateMedia: Migration = {
  async up(db: Kysely<unknown>) {
    const key = crypto.randomBytes(32).toString('hex');
    await runStatements(db, `
      create table media_key (
        id integer primary key check (id = 1),
        key text not null
      );
      insert into media_key (id, key) values (1, '${key}');
      create table private_images (
        image_id text primary key references images(id)
      );
      insert into private_images (image_id)
        select image_id from after_sale_evidence
        union select image_id from chat_messages where image_id is not null
        union select jsonb_array_elements_text(images) from work_orders;
      create index product_images_image on product_images(image_id);
      create index users_head_portrait on users(head_portrait) where head_portrait is not null;
    `);
  },
};
