import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The visible listing (issue 16, marketplace scale). `product_listing` holds one row per listed product
 * and per key a buyer's country reads it under, so a category page or a search walk is a short index range
 * scan whatever the catalogue and however little of a category a country sees:
 *
 * - key -1: every listed global product (what a buyer with "Global" selected sees);
 * - key 0: global products on sale everywhere (`sale_countries` holds 0), seen from every country;
 * - key c > 0: global products on sale in country c (unless already under 0), and native products of
 *   sellers of country c.
 *
 * A buyer of country c reads keys c and 0 (disjoint), a "Global" buyer key -1. It is kept by triggers in
 * the same transaction as the write: products inserted (one statement-level insert per statement, so a
 * bulk load stays a bulk load), products whose status, range, countries, category or seller change, a
 * seller whose country changes (their native products), and deleted products (the foreign key cascades).
 * The rows of the products that already exist are written here.
 *
 * With it, `search_words` (below), the search documents' vocabulary.
 *
 * Each statement is run alone (function bodies hold semicolons, so runStatements' split does not fit).
 */
const statements = [
  `create table product_listing (
    country_id integer not null,
    category_id integer not null,
    product_id bigint not null references products(id) on delete cascade,
    seller_id bigint not null,
    primary key (country_id, category_id, product_id) include (seller_id)
  )`,
  `create index product_listing_country on product_listing(country_id, product_id) include (category_id, seller_id)`,
  `create index product_listing_product on product_listing(product_id)`,
  // The keys a listed product is read under (see above); the same text in every writer below.
  `create function product_listing_keys(visible_range text, sale_countries jsonb, seller_country integer) returns setof integer
    language sql immutable as $$
      select -1 where visible_range = 'global'
      union all select 0 where visible_range = 'global' and sale_countries @> '[0]'::jsonb
      union all select distinct e::integer from jsonb_array_elements_text(case when jsonb_typeof(sale_countries) = 'array' then sale_countries else '[]'::jsonb end) e
        where visible_range = 'global' and not sale_countries @> '[0]'::jsonb and e ~ '^[1-9][0-9]{0,8}$'
      union all select seller_country where visible_range = 'native' and seller_country is not null and seller_country > 0
    $$`,
  `create function product_listing_inserted() returns trigger language plpgsql as $$
    begin
      insert into product_listing (country_id, category_id, product_id, seller_id)
        select k.key, p.category_id, p.id, p.seller_id from new_rows p join users u on u.id = p.seller_id
        cross join lateral product_listing_keys(p.visible_range, p.sale_countries, u.country_id) k(key)
        where p.status = 'normal';
      return null;
    end $$`,
  `create function product_listing_changed() returns trigger language plpgsql as $$
    begin
      delete from product_listing where product_id = new.id;
      insert into product_listing (country_id, category_id, product_id, seller_id)
        select k.key, p.category_id, p.id, p.seller_id from products p join users u on u.id = p.seller_id
        cross join lateral product_listing_keys(p.visible_range, p.sale_countries, u.country_id) k(key)
        where p.id = new.id and p.status = 'normal';
      return null;
    end $$`,
  `create function product_listing_seller_moved() returns trigger language plpgsql as $$
    begin
      delete from product_listing l using products p where p.id = l.product_id and p.seller_id = new.id and p.visible_range = 'native';
      insert into product_listing (country_id, category_id, product_id, seller_id)
        select k.key, p.category_id, p.id, p.seller_id from products p
        cross join lateral product_listing_keys(p.visible_range, p.sale_countries, new.country_id) k(key)
        where p.seller_id = new.id and p.status = 'normal' and p.visible_range = 'native';
      return null;
    end $$`,
  `create trigger product_listing_inserted after insert on products referencing new table as new_rows
    for each statement execute function product_listing_inserted()`,
  `create trigger product_listing_changed after update of status, visible_range, sale_countries, category_id, seller_id on products
    for each row when (old.status is distinct from new.status or old.visible_range is distinct from new.visible_range
      or old.sale_countries is distinct from new.sale_countries or old.category_id is distinct from new.category_id
      or old.seller_id is distinct from new.seller_id)
    execute function product_listing_changed()`,
  `create trigger product_listing_seller_moved after update of country_id on users
    for each row when (old.country_id is distinct from new.country_id)
    execute function product_listing_seller_moved()`,
  // Backfill: every listed product that exists.
  `insert into product_listing (country_id, category_id, product_id, seller_id)
    select k.key, p.category_id, p.id, p.seller_id from products p join users u on u.id = p.seller_id
    cross join lateral product_listing_keys(p.visible_range, p.sale_countries, u.country_id) k(key)
    where p.status = 'normal'`,
  `analyze product_listing`,
  // The search vocabulary: every lexeme of every product's search document (byte order, as a tsquery prefix
  // compares), so a search word typed as a prefix can be expanded to the few lexemes it stands for and the GIN
  // index looks those up exactly instead of merging every entry under the prefix. Only grows (a stale word
  // matches nothing); filled per statement from the documents written.
  `create table search_words (word text collate "C" primary key)`,
  `create function search_words_added() returns trigger language plpgsql as $$
    begin
      insert into search_words (word) select distinct w from new_rows d cross join lateral unnest(tsvector_to_array(d.document)) w
        on conflict do nothing;
      return null;
    end $$`,
  `create trigger search_words_inserted after insert on product_search referencing new table as new_rows
    for each statement execute function search_words_added()`,
  `create trigger search_words_updated after update on product_search referencing new table as new_rows
    for each statement execute function search_words_added()`,
  `insert into search_words (word) select distinct w from product_search d cross join lateral unnest(tsvector_to_array(d.document)) w`,
];

export const listing: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
