import { sql, type RawBuilder } from 'kysely';
import { parseMoney } from '../../src/domain/money';
import type { SearchQueryInput, SearchSort } from '../../src/domain/schemas/catalogue';
import type { ProductCard, SearchAnswer } from '../../src/domain/types/catalogue';
import { executePrepared, type Db } from '../db/database';
import { cardColumns, listedStatus, listingKeys, searchQuery, searchStores, toCard, type CardRow } from './catalogue';

/**
 * Search as a buyer uses it (issue 22, finding 5): a sorted and filtered search with its count, suggestions
 * while typing from the catalogue's own words, and popular words when the search opens.
 *
 * A sorted or filtered search reads the visible listing of the buyer's country (product_listing, the same keys
 * as the feed) joined to the GIN-indexed search documents: every match is visible, listed and of this country,
 * then filtered (price range, new or second hand, free shipping), sorted and paged by page number (20 a page,
 * at most 25 pages), with the count of matches up to 1,000 ("1,000+" beyond). Every match is sorted: measured
 * on the demo catalogue only; a word matching a large share of a 1M catalogue would need the postings' bounded walk. The plain search (no sort, no
 * filter) keeps its own plans (server/services/catalogue.ts `search`), newest matches first.
 */
export const refinedPageSize = 20;
const countCap = 1000;

export function isRefined(q: Pick<SearchQueryInput, 'sort' | 'minPrice' | 'maxPrice' | 'condition' | 'freeShipping' | 'page'>): boolean {
  return q.sort !== undefined || q.minPrice !== undefined || q.maxPrice !== undefined || q.condition !== undefined || q.freeShipping !== undefined || q.page !== undefined;
}

const orderings: Record<SearchSort, RawBuilder<unknown>> = {
  relevance: sql`ts_rank(s.document, (select tq.q from tq)) desc, p.id desc`,
  newest: sql`p.id desc`,
  priceAsc: sql`p.price asc, p.id desc`,
  priceDesc: sql`p.price desc, p.id desc`,
};

export interface RefinedAnswer extends SearchAnswer {
  count: { value: number; more: boolean };
}

export async function refinedSearch(db: Db, countryId: number, text: string, q: SearchQueryInput): Promise<RefinedAnswer> {
  // A category browsed without words (issue 33, finding 8) is the same statement with every listed product of the category.
  const browse = text === '' && q.categoryId !== undefined;
  const tsquery = browse ? '' : searchQuery(text);
  if (tsquery === null) return { products: { list: [], next: null }, stores: [], count: { value: 0, more: false } };
  const page = q.page ?? 1;
  const sort = q.sort ?? 'relevance';
  const ordering = browse && sort === 'relevance' ? orderings.newest : orderings[sort];
  const keys = listingKeys(countryId);
  const conditions = [
    sql`l.country_id = any(${keys}::int4[])`,
    q.categoryId === undefined ? sql`true` : sql`l.category_id = ${q.categoryId}`,
    q.minPrice === undefined ? sql`true` : sql`p.price >= ${parseMoney(q.minPrice)}`,
    q.maxPrice === undefined ? sql`true` : sql`p.price <= ${parseMoney(q.maxPrice)}`,
    q.condition === undefined ? sql`true` : sql`p.condition = ${q.condition}`,
    q.freeShipping === undefined ? sql`true` : sql`(p.shipping_method = 'free' or p.shipping_fee = 0)`,
  ];
  const where = sql.join(conditions, sql` and `);
  // A product is listed under one or two of the keys (its country and 0): distinct ids first.
  const matches = browse
    ? sql`select distinct l.product_id from product_listing l join products p on p.id = l.product_id where p.status = ${sql.lit(listedStatus)} and ${where}`
    : sql`select distinct l.product_id from product_listing l join product_search s on s.product_id = l.product_id join products p on p.id = l.product_id
    where s.document @@ (select tq.q from tq) and p.status = ${sql.lit(listedStatus)} and ${where}`;
  const statement = sql<CardRow & { total: number }>`with tq as materialized (select to_tsquery('simple', ${tsquery}) as q),
    hits as materialized (${matches}),
    total as (select count(*)::int4 as n from (select 1 from hits limit ${countCap + 1}) c)
    select ${sql.raw(cardColumns)}, (select n from total) as total
    from hits h join products p on p.id = h.product_id join users u on u.id = p.seller_id ${browse ? sql`` : sql`join product_search s on s.product_id = p.id`}
    order by ${ordering} limit ${refinedPageSize + 1} offset ${(page - 1) * refinedPageSize}`;
  const [rows, stores] = await Promise.all([executePrepared(db, statement.compile(db)), page === 1 && !browse ? searchStores(db, text) : Promise.resolve([])]);
  const n = Number(rows[0]?.total ?? 0);
  const list: ProductCard[] = rows.slice(0, refinedPageSize).map(toCard);
  const next = rows.length > refinedPageSize && page < 25 ? String(page + 1) : null;
  return { products: { list, next }, stores, count: { value: Math.min(n, countCap), more: n > countCap } };
}

/**
 * Suggestions while typing: the catalogue's own words (the vocabulary `search_words`, kept from the search
 * documents by triggers) that the last typed word begins, shortest first, each completing what was typed.
 * One index range scan of the vocabulary's primary key; at most 8.
 */
export async function suggestions(db: Db, text: string): Promise<string[]> {
  const words = text.normalize('NFKC').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 6);
  const last = words.at(-1);
  if (!last || /[^\p{L}\p{N}]$/u.test(text)) return [];
  const before = words.slice(0, -1).join(' ');
  const upper = `${last.slice(0, -1)}${String.fromCodePoint((last.codePointAt(last.length - 1) ?? 0) + 1)}`;
  const rows = await db.selectFrom('search_words').select('word').where('word', '>=', last).where('word', '<', upper).orderBy('word').limit(200).execute();
  return rows
    .map((r) => r.word)
    .filter((w) => w !== last && !/^\d+$/.test(w))
    .sort((a, b) => a.length - b.length || (a < b ? -1 : 1))
    .slice(0, 8)
    .map((w) => (before ? `${before} ${w}` : w));
}

/**
 * Popular words: the words most often in the titles of the newest listed products of the buyer's country
 * (the last 400), at least three letters, not numbers; kept by the route's cache. What a buyer sees people
 * selling now, without keeping a log of what people search.
 */
export async function popularWords(db: Db, countryId: number): Promise<string[]> {
  const keys = listingKeys(countryId);
  const rows = await executePrepared(
    db,
    sql<{ word: string; n: number }>`select w as word, count(*)::int4 as n from (
        select p.title from product_listing l join products p on p.id = l.product_id where l.country_id = any(${keys}::int4[]) order by l.product_id desc limit 400
      ) t cross join lateral unnest(tsvector_to_array(to_tsvector('simple', t.title))) w
      where length(w) >= 3 and w !~ '^[0-9]+$'
      group by w order by n desc, w limit 8`.compile(db),
  );
  return rows.map((r) => r.word);
}
