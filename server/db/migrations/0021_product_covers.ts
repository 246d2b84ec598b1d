import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A product's cover on the product row (issue 16). A card shows the product's first picture with its size; a page
 * of cards found it by two probes per card (the product's pictures by position, then the image's size), and at a
 * million products those probes were most of a page's cost in PostgreSQL: 160 µs of CPU a feed page with them,
 * 92 without, against 34 for a primary-key select.
 *
 * `products.cover_image_id`, `cover_width`, `cover_height` are the picture at position 0 and its size (null without
 * pictures), kept by triggers per statement on `product_images` (a product's pictures are replaced by a delete and
 * an insert; a bulk load stays one update), and they join the card indexes, so a page's cards are index-only reads
 * again. An image's size never changes once stored.
 *
 * Each statement is run alone (function bodies hold semicolons).
 */
const statements = [
  `alter table products add column cover_image_id text, add column cover_width integer, add column cover_height integer`,
  `update products p set cover_image_id = pi.image_id, cover_width = i.width, cover_height = i.height
    from product_images pi join images i on i.id = pi.image_id
    where pi.product_id = p.id and pi.position = 0`,
  `create function products_cover_refresh() returns trigger language plpgsql as $$
    begin
      update products p set cover_image_id = c.image_id, cover_width = c.width, cover_height = c.height
        from (select t.product_id, pi.image_id, i.width, i.height
              from (select distinct product_id from changed_rows) t
              left join product_images pi on pi.product_id = t.product_id and pi.position = 0
              left join images i on i.id = pi.image_id) c
        where p.id = c.product_id
          and (p.cover_image_id, p.cover_width, p.cover_height) is distinct from (c.image_id, c.width, c.height);
      return null;
    end $$`,
  `create trigger products_cover_inserted after insert on product_images referencing new table as changed_rows
    for each statement execute function products_cover_refresh()`,
  `create trigger products_cover_updated after update on product_images referencing new table as changed_rows
    for each statement execute function products_cover_refresh()`,
  `create trigger products_cover_deleted after delete on product_images referencing old table as changed_rows
    for each statement execute function products_cover_refresh()`,
  `drop index products_cards`,
  `create index products_cards on products(id) include (title, price, condition, seller_id, category_id, cover_image_id, cover_width, cover_height)`,
  `drop index products_store_cards`,
  `create index products_store_cards on products(seller_id, id desc)
    include (title, price, condition, category_id, visible_range, sale_countries, cover_image_id, cover_width, cover_height) where status = 'normal'`,
  `analyze products`,
];

export const productCovers: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
