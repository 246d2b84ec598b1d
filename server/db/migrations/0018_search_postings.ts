import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Search by product name at marketplace scale (issue 16). A search is by product name or user name
 * (SPEC /search), so a product's search document is its title alone (it was title and description).
 *
 * `search_postings` holds, for each row of the visible listing (a listed product under a country key,
 * migration 0016), the product's name tokens: each word of the title (as `to_tsvector('simple', title)`
 * keeps it) and each pair of its non-numeric words ("lamp vintage", the two in byte order), at most the
 * title's first 16 words. One primary-key range, read backwards, is then the newest visible products
 * holding a word, or two words together, in a country: a search's first page is bounded by its size
 * whatever the catalogue, how common its words are, how rarely they meet, or how little of them a
 * country sees (the GIN index answers the same question by fetching every match).
 *
 * Kept by triggers in the writer's transaction, per statement (so a bulk load stays one): rows of the
 * listing inserted or deleted (status, range, countries, seller's country; a deleted product cascades),
 * and a listed product whose title changes.
 *
 * Each statement is run alone (function bodies hold semicolons).
 */
const statements = [
  // The documents and their vocabulary, title only.
  `drop index product_search_document`,
  `truncate search_words`,
  `truncate product_search`,
  `insert into product_search (product_id, document) select id, to_tsvector('simple', title) from products`,
  `create index product_search_document on product_search using gin (document)`,
  `create function search_tokens(title text) returns setof text language sql immutable parallel safe as $$
    with w as (select t.lexeme from unnest(to_tsvector('simple'::regconfig, title)) t order by t.positions[1] limit 16)
    select w.lexeme from w
    union all
    select a.lexeme || ' ' || b.lexeme from w a join w b on a.lexeme < b.lexeme where a.lexeme !~ '^[0-9]+$' and b.lexeme !~ '^[0-9]+$'
  $$`,
  `create table search_postings (key integer not null, token text collate "C" not null, product_id bigint not null)`,
  `insert into search_postings (key, token, product_id)
    select l.country_id, t, l.product_id from product_listing l join products p on p.id = l.product_id cross join lateral search_tokens(p.title) t`,
  `alter table search_postings add primary key (key, token, product_id)`,
  `create index search_postings_product on search_postings(product_id)`,
  `create function search_postings_listed() returns trigger language plpgsql as $$
    begin
      insert into search_postings (key, token, product_id)
        select l.country_id, t, l.product_id from new_rows l join products p on p.id = l.product_id cross join lateral search_tokens(p.title) t
        on conflict do nothing;
      return null;
    end $$`,
  `create function search_postings_unlisted() returns trigger language plpgsql as $$
    begin
      delete from search_postings s using old_rows l where s.product_id = l.product_id and s.key = l.country_id;
      return null;
    end $$`,
  `create function search_postings_retitled() returns trigger language plpgsql as $$
    begin
      delete from search_postings where product_id = new.id;
      insert into search_postings (key, token, product_id)
        select l.country_id, t, l.product_id from product_listing l cross join lateral search_tokens(new.title) t where l.product_id = new.id
        on conflict do nothing;
      return null;
    end $$`,
  `create trigger search_postings_listed after insert on product_listing referencing new table as new_rows
    for each statement execute function search_postings_listed()`,
  `create trigger search_postings_unlisted after delete on product_listing referencing old table as old_rows
    for each statement execute function search_postings_unlisted()`,
  `create trigger search_postings_retitled after update of title on products
    for each row when (old.title is distinct from new.title) execute function search_postings_retitled()`,
  `analyze search_postings`,
  `analyze product_search`,
];

export const searchPostings: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
