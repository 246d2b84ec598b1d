import { sql, type Expression, type SqlBool } from 'kysely';
import { productMachine, type ProductEvent } from '../../machines/product.machine';
import { Durations, Limits } from '../../src/domain/constants';
import { formatMoney, parseMoney } from '../../src/domain/money';
import { averageRating } from '../../src/domain/trust';
import { draftIssues, publishIssues, type ProductInput, type PublishIssue } from '../../src/domain/schemas/catalogue';
import type { ImageRef, OwnProduct, OwnProductDetail, Page, ProductCard, ProductDetail, ProductStatus, SearchAnswer, SellerRef } from '../../src/domain/types/catalogue';
import { allowedEvents, type Party } from '../../machines/parties';
import { applyEvent, initial, restore, store } from '../charts/apply';
import { recordChartStep } from '../charts/steps';
import { executePrepared, type Db } from '../db/database';
import type { Deps } from '../deps';
import { ApiError } from '../http/envelope';
import type { UserRow } from '../http/env';
import { hasRole } from '../http/roles';
import { lockForTimer, scheduleTimer, windowOf, type TimerHandler, type Trx } from '../timers/timers';
import { invalidateCatalogue } from './catalogueCache';
import { imageUrls, requireOwnImages } from './images';
import { lexemeRows, lexemesFrom, lexemesOf, nameMatches, type LexemeRow } from './searchPostings';
import { latestRatings, shopTrust } from './trust';

/**
 * The catalogue: products are written only here, and their status changes only through the
 * product lifecycle chart (machines/product.machine.ts), applied and persisted in one transaction.
 */

export const listedStatus: ProductStatus = 'normal';
/**
 * The listed status as a literal of the statement, not a parameter: a prepared statement's generic plan can then
 * use the partial indexes on listed products (products_store_cards), which a parameter would not prove.
 */
const listed = sql.lit(listedStatus);
const timerKind = 'product';

export function imageRef(id: string, width: number, height: number): ImageRef {
  return { id, width, height, urls: imageUrls(id) };
}

/** A rule broken: code 4001 with the rule's message in SPEC's words. */
export function ruleBroken(issue: PublishIssue): never {
  throw new ApiError('invalidField', { field: issue.field, detail: issue.message }, { field: issue.field, message: issue.message }, issue.message);
}

// ---------------------------------------------------------------- reading

/** Visibility for a buyer's selected country (SPEC 3 visible range and sale countries; 0 is Global). */
export function visibleTo(countryId: number): Expression<SqlBool> {
  if (countryId === 0) return sql<SqlBool>`p.visible_range = 'global'`;
  const one = JSON.stringify([countryId]);
  return sql<SqlBool>`((p.visible_range = 'global' and (p.sale_countries @> ${one}::jsonb or p.sale_countries @> '[0]'::jsonb)) or (p.visible_range = 'native' and u.country_id = ${countryId}))`;
}

/** Words of a search typed by a user, as a prefix-matching tsquery; null when nothing searchable is left. */
export function searchQuery(text: string): string | null {
  const words = text.normalize('NFKC').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 6);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

export interface FeedOptions {
  countryId: number;
  categoryId?: number;
  sellerId?: bigint;
  q?: string;
  cursor?: bigint;
  limit: number;
}

export interface CardRow {
  id: bigint;
  title: string;
  price: bigint;
  condition: 'new' | 'secondHand';
  seller_id: bigint;
  nickname: string;
  category_id: number;
  image_id: string | null;
  width: number | null;
  height: number | null;
  /** The trust figures on the product row (migration 0028), in the card indexes with the rest. */
  rating_sum: bigint;
  rating_count: number;
  sold: bigint;
}

/** The card columns every card statement selects, in this order (`p` the product, `u` its seller). */
export const cardColumns = 'p.id, p.title, p.price, p.condition, p.seller_id, u.nickname, p.category_id, p.cover_image_id as image_id, p.cover_width as width, p.cover_height as height, p.rating_sum, p.rating_count, p.sold';

export function toCard(r: CardRow): ProductCard {
  return {
    id: r.id.toString(),
    title: r.title,
    price: formatMoney(r.price),
    condition: r.condition,
    image: r.image_id ? imageRef(r.image_id, r.width ?? 1, r.height ?? 1) : null,
    sellerId: r.seller_id.toString(),
    sellerName: r.nickname,
    categoryId: r.category_id,
    rating: averageRating(r.rating_sum, r.rating_count),
    ratings: Number(r.rating_count),
    sold: Number(r.sold),
  };
}

/** The keys of `product_listing` a buyer's selected country reads (migration 0016): a country its own and 0, "Global" -1. */
export function listingKeys(countryId: number): number[] {
  return countryId === 0 ? [-1] : [countryId, 0];
}

/**
 * The newest `size` visible products below `below` (of one category), as (product_id, seller_id) rows newest first:
 * one short backward range scan of the listing per key (at most two), merged. Bounded by `size` whatever the
 * catalogue and however little of the category the country sees.
 */
function visibleWindow(keys: number[], categoryId: number | undefined, below: bigint | Expression<unknown> | undefined, size: number | Expression<unknown>) {
  const branch = (key: number) =>
    sql`(select l.product_id, l.seller_id from product_listing l where l.country_id = ${key}${categoryId === undefined ? sql`` : sql` and l.category_id = ${categoryId}`}${below === undefined ? sql`` : sql` and l.product_id < ${below}`} order by l.product_id desc limit ${size})`;
  if (keys.length === 1) return branch(keys[0] ?? -1);
  return sql`select * from (${sql.join(keys.map(branch), sql` union all `)}) b order by b.product_id desc limit ${size}`;
}

/** Is the product visible under one of the keys (and of the category)? A probe of the listing's index. */
function visibleProbe(keys: number[], categoryId: number | undefined, id: Expression<unknown>) {
  return sql<SqlBool>`(select 1 from product_listing l where l.country_id in (${sql.join(keys)}) and l.product_id = ${id}${categoryId === undefined ? sql`` : sql` and l.category_id = ${categoryId}`} limit 1) is not null`;
}

/** Below this many search documents (the planner's count), a search goes straight to the GIN index: everything is small. */
const smallCatalogue = 20_000;
let catalogueSize = { at: 0, big: false };
let forcedPlan: SearchPlan | null = null;

/**
 * How a search finds its products: `postings`, the name postings (searchPostings.ts), on a big catalogue (a search
 * with a category, or with a word left to the GIN index, walks instead); `walk`, the visible listing walked newest
 * first, then the GIN index (matchingIds); `gin`, the GIN index alone, cheapest on a small catalogue.
 */
type SearchPlan = 'postings' | 'walk' | 'gin';

/** Tests: run every search with one plan (all must give the same answers), or choose by size again (null). */
export function forceSearchPlan(plan: SearchPlan | null): void {
  forcedPlan = plan;
}

/**
 * The plan for this catalogue: by the planner's row count of the search documents, read at most once a minute (a
 * plan choice only: every plan gives the same answer).
 */
async function searchPlan(db: Db): Promise<SearchPlan> {
  if (forcedPlan !== null) return forcedPlan;
  const now = Date.now();
  if (now - catalogueSize.at > 60_000) {
    const r = await sql<{ n: number }>`select coalesce((select c.reltuples from pg_class c where c.oid = 'product_search'::regclass), 0)::float8 as n`.execute(db);
    catalogueSize = { at: now, big: (r.rows[0]?.n ?? 0) > smallCatalogue };
  }
  return catalogueSize.big ? 'postings' : 'gin';
}

/**
 * The ids of the users whose user name or nickname holds the words of `query` (a tsquery expression): the expression
 * of the `users_search` GIN index, written once so that every search uses the index.
 */
function usersNamed(query: Expression<unknown>) {
  return sql`select v.id from users v where to_tsvector('simple', v.username || ' ' || v.nickname) @@ ${query}`;
}

/**
 * The GIN step of a search: the matching products (own words, or listed products of a seller whose name
 * matches) below `below`, newest first, each probed against the listing until `wanted` visible ones are found.
 * The bounds are `+ 0` so that it never becomes a walk of the documents' primary key; `gate` (a one-time
 * filter) skips it when the walk before it filled the page.
 */
function ginStep(keys: number[], categoryId: number | undefined, q: Expression<unknown>, below: Expression<unknown>, gate: Expression<unknown>, wanted: number) {
  return sql`
    c as materialized (
      select s.product_id as id from product_search s where s.document @@ ${q} and ${gate} and s.product_id + 0 < coalesce(${below}, 9223372036854775807)
      union
      select x.id from products x where ${gate} and x.status = ${listed} and x.id + 0 < coalesce(${below}, 9223372036854775807)
        and x.seller_id = any(array(select m.id from m))
    ),
    h3 as materialized (select o.id from (select c.id from c order by c.id desc offset 0) o where ${visibleProbe(keys, categoryId, sql.ref('o.id'))} limit ${wanted})`;
}

/** The words of a tsquery made by `searchQuery`. */
function searchWords(tsquery: string): string[] {
  return tsquery.split(' & ').map((t) => t.replace(/:\*$/, ''));
}

/**
 * A search's words as a tsquery whose prefixes are expanded to the lexemes they stand for (`search_words`, the
 * documents' vocabulary): `tea:*` becomes `'tea' | 'teapot'`, which the GIN index looks up entry by entry (and
 * can skip through) instead of merging every posting under the prefix into one bitmap. The same documents match.
 * A word with more than 16 lexemes, or that the parser would not keep as it is, stays a prefix; a word no lexeme
 * starts with becomes itself (matching nothing, as its prefix would).
 */
function expandedQuery(words: string[]) {
  const term = (w: string) => {
    const exact = `'${w.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
    return sql`(select case when to_tsquery('simple', ${`${w}:*`})::text <> ${`${exact}:*`} or count(*) > 16 then to_tsquery('simple', ${`${w}:*`})
        when count(*) = 0 then ${exact}::tsquery
        else ('(' || string_agg('''' || replace(replace(x.word, '\\', '\\\\'), '''', '''''') || '''', ' | ') || ')')::tsquery end
      from (select sw.word from search_words sw where sw.word >= ${w} and sw.word < ${`${w}\u{10FFFF}`} limit 17) x)`;
  };
  return sql.join(words.map(term), sql` && `);
}

/**
 * A search on a small catalogue: the GIN step alone, as the CTEs `m` (the users whose user name or nickname
 * matches), `c` and `h3` (the page's product ids). The tsquery is a scalar subquery, computed once per statement:
 * in a prepared statement's generic plan `to_tsquery('simple', $1)` is not a constant and was parsed again for
 * every row scanned (on PGlite's demo data, 40% of a search statement's run).
 */
function smallCatalogueSteps(keys: number[], categoryId: number | undefined, cursor: bigint | undefined, tsquery: string, wanted: number) {
  const once = sql`(select to_tsquery('simple', ${tsquery}))`;
  return sql`m as materialized (${usersNamed(once)}),
    ${ginStep(keys, categoryId, once, sql`${cursor ?? null}::int8`, sql`true`, wanted)}`;
}

/**
 * The ids of the visible products matching a search (own words or the seller's name), newest first, as one
 * statement whose later steps run only when the earlier ones did not fill the page (one-time filters), so that no
 * search walks the catalogue or sorts every match:
 * 1. a walk of the visible listing newest first over a small window (`w1`, 3 rows a wanted one), checking each product's search
 *    document by primary key: a common word fills the page here;
 * 2. if that window found matches at a rate that promises the rest within a bounded walk, a second window (`w2`)
 *    sized by that rate (with a margin);
 * 3. otherwise (a rare word, words seldom together, no match) the GIN step below the walked windows: few matches, cheap.
 * On a small catalogue (PGlite with the demo data) the GIN step alone, a shorter statement, is cheapest.
 */
function matchingIds(walk: boolean, keys: number[], categoryId: number | undefined, cursor: bigint | undefined, tsquery: string, wanted: number) {
  const typed = sql`to_tsquery('simple', ${tsquery})`;
  const sellers = sql`m as materialized (${usersNamed(typed)})`;
  if (!walk) return sql`with ${smallCatalogueSteps(keys, categoryId, cursor, tsquery, wanted)} select h3.id from h3`;
  // The product documents are matched with the words' expansion (same matches, cheaper in the GIN index).
  const q = sql`(select tq.q from tq)`;
  const first = Math.min(240, Math.max(24, 3 * wanted));
  const second = Math.min(1000, 16 * wanted);
  // The document check is a scalar subquery so that it stays a primary-key probe per walked row (an EXISTS under
  // OR may become a hashed subplan, that is, every match of the word).
  const matches = (w: string) =>
    sql`select ${sql.ref(`${w}.product_id`)} from ${sql.table(w)} where (select 1 from product_search s where s.product_id = ${sql.ref(`${w}.product_id`)} and s.document @@ ${q} limit 1) is not null or ${sql.ref(`${w}.seller_id`)} in (select m.id from m)`;
  return sql`
    with ${sellers},
    tq as materialized (select ${expandedQuery(searchWords(tsquery))} as q),
    w1 as materialized (${visibleWindow(keys, categoryId, cursor, first)}),
    h1 as materialized (${matches('w1')}),
    s1 as materialized (select count(*)::int as seen, min(w1.product_id) as low, (select count(*)::int from h1) as hits from w1),
    g2 as materialized (select s1.seen = ${first} and s1.hits > 0 and s1.hits < ${wanted} and (${wanted} - s1.hits) * s1.seen <= s1.hits * ${second} as go,
      least(${second}, 8 + (${wanted} - s1.hits) * s1.seen * 3 / (2 * greatest(s1.hits, 1))) as size from s1),
    w2 as materialized (select x.* from (${visibleWindow(keys, categoryId, sql`(select s1.low from s1)`, sql`(select g2.size from g2)`)}) x where (select g2.go from g2)),
    h2 as materialized (${matches('w2')}),
    s2 as materialized (select count(*)::int as seen, min(w2.product_id) as low, (select count(*)::int from h2) as hits from w2),
    g3 as materialized (
      select case when s1.seen < ${first} or s1.hits >= ${wanted} then false when not g2.go then true else s2.seen = g2.size and s1.hits + s2.hits < ${wanted} end as go,
        case when g2.go then s2.low else s1.low end as below
      from s1, g2, s2),
    ${ginStep(keys, categoryId, q, sql`(select g3.below from g3)`, sql`(select g3.go from g3)`, wanted)}
    select h1.product_id as id from h1 union all select h2.product_id from h2 union all select h3.id from h3`;
}

/**
 * A page of product cards (`CardRow`: the product, its seller's nickname, its first picture) meeting `condition`,
 * newest first: one template, cheaper to build on every request than the query builder. The first picture and its
 * size are the product's cover columns (migration 0021), in the card indexes with the rest.
 */
function cardStatement(condition: Expression<SqlBool>, wanted: number) {
  return sql<CardRow>`select ${sql.raw(cardColumns)}
    from products p join users u on u.id = p.seller_id
    where ${condition} order by p.id desc limit ${wanted}`;
}

/**
 * A search over the name postings: the products whose name holds the words (nameMatches) and the listed products
 * of sellers whose user name or nickname holds them, each newest first and bounded by the page, merged. Null when a
 * word is left to the GIN index (the walk answers it).
 */
async function postingIds(db: Db, keys: number[], cursor: bigint | undefined, tsquery: string, wanted: number, known?: string[][] | null) {
  const lexemes = known === undefined ? await lexemesOf(db, searchWords(tsquery)) : known;
  if (lexemes === null) return null;
  const named = nameMatches(lexemes, keys, cursor, wanted);
  const below = cursor === undefined ? sql`` : sql` and x.id < ${cursor}`;
  const bySeller = sql`select y.id from (${usersNamed(sql`to_tsquery('simple', ${tsquery})`)} offset 0) m
    cross join lateral (select x.id from products x where x.seller_id = m.id and x.status = ${listed}${below} and ${visibleProbe(keys, undefined, sql.ref('x.id'))} order by x.id desc limit ${wanted}) y`;
  return named === null ? bySeller : sql`select n.product_id from (${named}) n union all ${bySeller}`;
}

/**
 * Listed products visible to the country, newest first, one keyset page at a time. The visible listing
 * (`product_listing`, kept by triggers) gives the page's ids; a store's page walks the seller's listed
 * products (products_store_cards, which holds their card columns). Then the page's cards by primary key.
 */
export async function feed(db: Db, options: FeedOptions, known?: { lexemes: string[][] | null }): Promise<Page<ProductCard>> {
  const tsquery = options.q === undefined ? null : searchQuery(options.q);
  if (options.q !== undefined && tsquery === null) return { list: [], next: null };
  const wanted = options.limit + 1;
  let condition: Expression<SqlBool>;
  if (options.sellerId !== undefined) {
    const parts = [sql<SqlBool>`p.status = ${listed}`, visibleTo(options.countryId), sql<SqlBool>`p.seller_id = ${options.sellerId}`];
    if (options.categoryId !== undefined) parts.push(sql<SqlBool>`p.category_id = ${options.categoryId}`);
    if (options.cursor !== undefined) parts.push(sql<SqlBool>`p.id < ${options.cursor}`);
    if (tsquery !== null) {
      parts.push(sql<SqlBool>`(exists (select 1 from product_search s where s.product_id = p.id and s.document @@ to_tsquery('simple', ${tsquery})) or to_tsvector('simple', u.username || ' ' || u.nickname) @@ to_tsquery('simple', ${tsquery}))`);
    }
    condition = sql<SqlBool>`${sql.join(parts, sql` and `)}`;
  } else if (tsquery === null) {
    condition = sql<SqlBool>`p.id = any(array(select v.product_id from (${visibleWindow(listingKeys(options.countryId), options.categoryId, options.cursor, wanted)}) v))`;
  } else {
    const plan = await searchPlan(db);
    const keys = listingKeys(options.countryId);
    const byName = plan === 'postings' && options.categoryId === undefined ? await postingIds(db, keys, options.cursor, tsquery, wanted, known?.lexemes) : null;
    condition = sql<SqlBool>`p.id = any(array(${byName ?? matchingIds(plan !== 'gin', keys, options.categoryId, options.cursor, tsquery, wanted)}))`;
  }
  const rows = await executePrepared(db, cardStatement(condition, wanted).compile(db));
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return { list: page.map(toCard), next: rows.length > options.limit && last ? last.id.toString() : null };
}

export async function sellerRef(db: Db, sellerId: bigint): Promise<SellerRef | null> {
  return (await sellerRefs(db, [sellerId])).get(sellerId) ?? null;
}

/** Several sellers in one query (a list never asks once per row). */
async function sellerRefs(db: Db, sellerIds: bigint[]): Promise<Map<bigint, SellerRef>> {
  if (sellerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('regions as r', 'r.id', 'u.country_id')
    .select(['u.id', 'u.username', 'u.nickname', 'u.head_portrait', 'u.country_id', 'r.name as country_name'])
    .where('u.id', 'in', [...new Set(sellerIds)])
    .execute();
  return new Map(rows.map((u) => [u.id, { id: u.id.toString(), username: u.username, nickname: u.nickname, headPortrait: u.head_portrait, countryId: u.country_id, countryName: u.country_name ?? 'Global' }]));
}

/** Sellers (stores) whose user name or nickname matches the search. */
export async function searchStores(db: Db, text: string): Promise<SellerRef[]> {
  const tsquery = searchQuery(text);
  if (!tsquery) return [];
  const query = db
    .selectFrom('users as u')
    .leftJoin('regions as r', 'r.id', 'u.country_id')
    .select(['u.id', 'u.username', 'u.nickname', 'u.head_portrait', 'u.country_id', 'r.name as country_name', 'u.roles'])
    // The matching ids from the GIN index first (an InitPlan), so a limit never tempts the planner into scanning every user.
    .where(sql<SqlBool>`u.id = any(array(${usersNamed(sql`to_tsquery('simple', ${tsquery})`)}))`)
    .limit(20);
  const rows = await executePrepared(db, query.compile());
  return rows.filter((u) => hasRole(u.roles, 'seller')).map(storeOf);
}

interface StoreRow {
  id: bigint;
  username: string;
  nickname: string;
  head_portrait: string | null;
  country_id: number;
  country_name: string | null;
}

function storeOf(u: StoreRow): SellerRef {
  return { id: u.id.toString(), username: u.username, nickname: u.nickname, headPortrait: u.head_portrait, countryId: u.country_id, countryName: u.country_name ?? 'Global' };
}

/** A row of the one-statement search: a product card (`store` false) or a matching user (`store` true), the other's columns null. */
type SearchRow = { store: boolean; roles: unknown } & { [K in keyof CardRow]: CardRow[K] | null } & { [K in keyof StoreRow]: StoreRow[K] | null };

/**
 * A search as the search page asks it: a page of the matching products and, on the first page, the stores
 * (sellers) whose user name or nickname matches, exactly as `feed` and `searchStores` answer them.
 * On a small catalogue (PGlite with the demo data) the first page is one statement, the product cards and the
 * matching users as one union: the users whose name matches (`m`) are found once, for the product ids (the GIN
 * step, as in `feed`) and for the stores. PGlite runs one statement at a time, so under load every statement's
 * fixed cost (protocol, execution start, result conversion) queues behind the others: at 50 connections, one
 * statement instead of two took uncached search p99 from 175-210 ms to 122-142 ms (same machine, back to back).
 * On a big catalogue the product ids come from the name postings or the walk (`feed`), and the two are asked at once.
 */
export async function search(db: Db, options: FeedOptions & { q: string }): Promise<SearchAnswer> {
  const tsquery = searchQuery(options.q);
  if (options.cursor !== undefined || tsquery === null) return { products: await feed(db, options), stores: [] };
  const plan = await searchPlan(db);
  if (plan === 'postings' && options.categoryId === undefined) return searchByName(db, options, tsquery);
  if (plan !== 'gin') {
    const [products, stores] = await Promise.all([feed(db, options), searchStores(db, options.q)]);
    return { products, stores };
  }
  const wanted = options.limit + 1;
  const none = <T>(type: string) => sql<T | null>`null::${sql.raw(type)}`;
  const cards = sql`select c.*, false as store, null::text as username, null::text as head_portrait, null::integer as country_id, null::text as country_name, null::jsonb as roles
    from (${cardStatement(sql<SqlBool>`p.id = any(array(select h3.id from h3))`, wanted)}) c`;
  // As `searchStores`: 20 matching users, then the sellers among them.
  const stores = db
    .selectFrom('users as u')
    .leftJoin('regions as r', 'r.id', 'u.country_id')
    .select([
      'u.id',
      none<string>('text').as('title'),
      none<bigint>('bigint').as('price'),
      none<string>('text').as('condition'),
      none<bigint>('bigint').as('seller_id'),
      'u.nickname',
      none<number>('integer').as('category_id'),
      none<string>('text').as('image_id'),
      none<number>('integer').as('width'),
      none<number>('integer').as('height'),
      none<bigint>('bigint').as('rating_sum'),
      none<number>('integer').as('rating_count'),
      none<bigint>('bigint').as('sold'),
      sql<boolean>`true`.as('store'),
      'u.username',
      'u.head_portrait',
      'u.country_id',
      'r.name as country_name',
      'u.roles',
    ])
    .where(sql<SqlBool>`u.id = any(array(select m.id from m))`)
    .limit(20);
  const statement = sql<SearchRow>`with ${smallCatalogueSteps(listingKeys(options.countryId), options.categoryId, undefined, tsquery, wanted)} (${cards}) union all (${stores})`;
  const rows = await executePrepared(db, statement.compile(db));
  // Newest first as the card branch orders them (sorted again here: a union's order is the plan's, not promised).
  const found = (rows.filter((r) => !r.store) as unknown as CardRow[]).sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const page = found.slice(0, options.limit);
  const last = page.at(-1);
  return {
    products: { list: page.map(toCard), next: found.length > options.limit && last ? last.id.toString() : null },
    stores: rows.filter((r) => r.store && hasRole(r.roles, 'seller')).map((r) => storeOf(r as StoreRow)),
  };
}

/**
 * The first page of a search over the name postings: what the words stand for and the users whose name matches, in
 * one statement; then the page of products, unless no product can match (a word no product name holds, and no user
 * name matching: a search for nothing that exists costs one statement).
 */
async function searchByName(db: Db, options: FeedOptions & { q: string }, tsquery: string): Promise<SearchAnswer> {
  const words = searchWords(tsquery);
  type Row = Partial<LexemeRow> & { [K in keyof StoreRow]: StoreRow[K] | null } & { roles: unknown; store: boolean };
  const none = sql`null::int4 as i, null::bool as plain, null::text[] as lexemes`;
  const rows = await executePrepared(
    db,
    sql<Row>`select w.*, null::int8 as id, null::text as username, null::text as nickname, null::text as head_portrait, null::int4 as country_id, null::text as country_name, null::jsonb as roles, false as store from (${lexemeRows(words)}) w
      union all
      (select ${none}, u.id, u.username, u.nickname, u.head_portrait, u.country_id, r.name, u.roles, true from users u left join regions r on r.id = u.country_id
        where u.id = any(array(${usersNamed(sql`to_tsquery('simple', ${tsquery})`)})) limit 20)`.compile(db),
  );
  const users = rows.filter((r) => r.store);
  const lexemes = lexemesFrom(words, rows.filter((r) => !r.store) as LexemeRow[]);
  const stores = users.filter((u) => hasRole(u.roles, 'seller')).map((u) => storeOf(u as StoreRow));
  if (lexemes !== null && lexemes.some((l) => l.length === 0) && users.length === 0) return { products: { list: [], next: null }, stores };
  return { products: await feed(db, options, { lexemes }), stores };
}

async function imagesOf(db: Db, productId: bigint): Promise<ImageRef[]> {
  return (await imagesOfMany(db, [productId])).get(productId) ?? [];
}

/** The pictures of several products in one query, each product's in position order. */
async function imagesOfMany(db: Db, productIds: bigint[]): Promise<Map<bigint, ImageRef[]>> {
  const byProduct = new Map<bigint, ImageRef[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .selectFrom('product_images as pi')
    .innerJoin('images as i', 'i.id', 'pi.image_id')
    .select(['pi.product_id', 'i.id', 'i.width', 'i.height'])
    .where('pi.product_id', 'in', productIds)
    .orderBy('pi.product_id')
    .orderBy('pi.position')
    .execute();
  for (const r of rows) byProduct.set(r.product_id, [...(byProduct.get(r.product_id) ?? []), imageRef(r.id, r.width, r.height)]);
  return byProduct;
}

async function productRow(db: Db, id: bigint) {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The public product detail: listed products only (owners and staff see others through their own screens). */
export async function productDetail(db: Db, id: bigint, viewer: UserRow | null): Promise<ProductDetail> {
  const p = await productRow(db, id);
  const privileged = viewer !== null && p !== undefined && (p.seller_id === viewer.id || hasRole(viewer.roles, 'arbiter'));
  if (!p || (p.status !== listedStatus && !privileged)) throw new ApiError('notFound');
  // The rating is the buyers' order ratings kept on the product row (issue 33): plain comments carry no order and
  // no rating of the goods, so they no longer count.
  const [images, skus, category, seller, ratings, shop, collects, countries] = await Promise.all([
    imagesOf(db, p.id),
    db.selectFrom('product_skus').select(['id', 'specification', 'colour', 'stock']).where('product_id', '=', p.id).orderBy('id').execute(),
    db.selectFrom('categories').select(['key']).where('id', '=', p.category_id).executeTakeFirst(),
    sellerRef(db, p.seller_id),
    latestRatings(db, p.id),
    shopTrust(db, p.seller_id),
    db.selectFrom('product_collects').select(sql<string>`count(*)`.as('n')).where('product_id', '=', p.id).executeTakeFirstOrThrow(),
    countryNames(db, p.sale_countries),
  ]);
  return {
    id: p.id.toString(),
    title: p.title,
    description: p.description,
    images,
    categoryId: p.category_id,
    categoryKey: category?.key ?? 'other',
    condition: p.condition,
    skus: skus.map((s) => ({ id: s.id.toString(), specification: s.specification, colour: s.colour, stock: s.stock })),
    price: formatMoney(p.price),
    shippingFee: formatMoney(p.shipping_fee),
    shippingMethod: p.shipping_method,
    shippingPlace: p.shipping_place,
    saleCountries: countries,
    visibleRange: p.visible_range,
    globalBarter: p.global_barter,
    contactEmail: p.contact_email,
    afterSales: p.after_sales,
    status: p.status as ProductStatus,
    seller: seller ?? { id: p.seller_id.toString(), username: '', nickname: '', headPortrait: null, countryId: 0, countryName: 'Global' },
    rating: { average: averageRating(p.rating_sum, p.rating_count), count: p.rating_count },
    sold: Number(p.sold),
    latestRatings: ratings,
    shop: shop ?? { rating: null, ratings: 0, shipped: 0, onTimeShare: null, responseMs: null, since: p.created_at.toISOString() },
    collects: Number(collects.n),
  };
}

async function countryNames(db: Db, ids: number[]): Promise<{ id: number; name: string }[]> {
  const known = ids.filter((id) => id !== 0);
  const rows = known.length ? await db.selectFrom('regions').select(['id', 'name']).where('id', 'in', known).execute() : [];
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return ids.map((id) => ({ id, name: id === 0 ? 'Global' : names.get(id) ?? String(id) }));
}

// ---------------------------------------------------------------- the seller's own products

function ownOf(p: { id: bigint; title: string; price: bigint; status: string; review_reason: string | null; updated_at: Date; chart: { value: unknown; context: unknown } }, image: ImageRef | null): OwnProduct {
  const snapshot = restore(productMachine, p.chart);
  return {
    id: p.id.toString(),
    title: p.title,
    price: formatMoney(p.price),
    image,
    status: p.status as ProductStatus,
    reason: p.review_reason,
    allowed: allowedEvents(snapshot, 'seller'),
    updatedAt: p.updated_at.toISOString(),
  };
}

export async function ownProducts(db: Db, sellerId: bigint, status?: ProductStatus): Promise<OwnProduct[]> {
  let q = db
    .selectFrom('products as p')
    .leftJoin('product_images as pi', (j) => j.onRef('pi.product_id', '=', 'p.id').on('pi.position', '=', 0))
    .leftJoin('images as i', 'i.id', 'pi.image_id')
    .select(['p.id', 'p.title', 'p.price', 'p.status', 'p.review_reason', 'p.updated_at', 'p.chart', 'i.id as image_id', 'i.width', 'i.height'])
    .where('p.seller_id', '=', sellerId)
    .where('p.status', 'not in', ['deleted', 'backup']);
  if (status) q = q.where('p.status', '=', status);
  const rows = await q.orderBy('p.updated_at', 'desc').orderBy('p.id', 'desc').limit(500).execute();
  return rows.map((r) => ownOf(r, r.image_id ? imageRef(r.image_id, r.width ?? 1, r.height ?? 1) : null));
}

/** The form's values of one's own product, for editing. Another seller's product is "not found". */
export async function ownProductDetail(db: Db, seller: UserRow, id: bigint): Promise<OwnProductDetail> {
  const p = await productRow(db, id);
  if (!p || p.seller_id !== seller.id || p.status === 'deleted' || p.status === 'backup') throw new ApiError('notFound');
  const [images, skus] = await Promise.all([
    imagesOf(db, p.id),
    db.selectFrom('product_skus').select(['specification', 'colour', 'stock']).where('product_id', '=', p.id).orderBy('id').execute(),
  ]);
  const input: ProductInput = {
    images: images.map((i) => i.id),
    title: p.title,
    description: p.description,
    categoryId: p.category_id,
    condition: p.condition,
    skus: skus.map((s) => ({ specification: s.specification, colour: s.colour, stock: String(s.stock) })),
    price: formatMoney(p.price),
    shippingMethod: p.shipping_method,
    shippingFee: formatMoney(p.shipping_fee),
    shippingPlace: p.shipping_place,
    visibleRange: p.visible_range,
    globalBarter: p.global_barter,
    saleCountries: p.sale_countries,
    contactEmail: p.contact_email,
  };
  return { ...ownOf(p, images[0] ?? null), input, images };
}

// ---------------------------------------------------------------- writing

/**
 * The server's own checks beyond the shared rules: the images must be the seller's own uploads (those
 * the product already shows were checked when they were added, or are the demo data's), the category
 * and countries must exist.
 */
async function checkReferences(db: Db | Trx, seller: UserRow, input: ProductInput, submit: boolean, kept: readonly string[] = []): Promise<void> {
  const issues = submit ? publishIssues(input, { sellerCountryId: seller.country_id }) : draftIssues(input);
  const first = issues[0];
  if (first) ruleBroken(first);
  if (input.images.length) {
    const keptSet = new Set(kept);
    await requireOwnImages(db, seller.id, input.images.filter((id) => !keptSet.has(id)));
    const rows = await db.selectFrom('images').select(['id', 'bytes']).where('id', 'in', input.images).execute();
    if (rows.length !== new Set(input.images).size) ruleBroken({ field: 'images', message: 'messages.uploadFailed' });
    if (rows.some((r) => r.bytes > Limits.imageBytesMax)) ruleBroken({ field: 'images', message: 'catalogue.rules.imageTooLarge' });
  }
  if (input.categoryId !== null) {
    const category = await db.selectFrom('categories').select('id').where('id', '=', input.categoryId).executeTakeFirst();
    if (!category) ruleBroken({ field: 'categoryId', message: 'catalogue.rules.categoryRequired' });
  }
  const countries = input.saleCountries.filter((id) => id !== 0);
  if (countries.length) {
    const rows = await db.selectFrom('regions').select('id').where('level', '=', 1).where('id', 'in', countries).execute();
    if (rows.length !== new Set(countries).size) ruleBroken({ field: 'saleCountries', message: 'catalogue.rules.saleCountriesRequired' });
  }
}

/** Column values of a product from the form. A draft may leave fields empty; they are stored as blanks until submitted. */
function columnsOf(input: ProductInput) {
  const money = (text: string) => {
    try {
      return parseMoney(text || '0');
    } catch {
      return 0n;
    }
  };
  return {
    title: input.title.trim(),
    description: input.description.trim(),
    category_id: input.categoryId ?? 10,
    condition: input.condition ?? 'new',
    price: money(input.price),
    shipping_fee: money(input.shippingFee),
    shipping_method: input.shippingMethod ?? 'free',
    shipping_place: input.shippingPlace.trim(),
    visible_range: input.visibleRange ?? 'global',
    global_barter: input.globalBarter ?? false,
    sale_countries: JSON.stringify(input.saleCountries),
    contact_email: input.contactEmail.trim(),
  };
}

/** Keeps the product's stored search document in step with its title (a search is by product name or user name, SPEC /search). */
export async function indexForSearch(trx: Trx | Db, productId: bigint): Promise<void> {
  await sql`insert into product_search (product_id, document)
    select id, to_tsvector('simple', title) from products where id = ${productId}
    on conflict (product_id) do update set document = excluded.document`.execute(trx);
}

async function writeChildren(trx: Trx, productId: bigint, input: ProductInput): Promise<void> {
  await trx.deleteFrom('product_images').where('product_id', '=', productId).execute();
  if (input.images.length) {
    await trx.insertInto('product_images').values(input.images.map((image_id, position) => ({ product_id: productId, image_id, position }))).execute();
  }
  const wanted = input.skus
    .filter((s) => s.specification.trim() && s.colour.trim())
    .map((s) => ({ specification: s.specification.trim(), colour: s.colour.trim(), stock: /^\d+$/.test(s.stock.trim()) ? Math.min(Number(s.stock.trim()), 2_000_000_000) : 0 }));
  const existing = await trx.selectFrom('product_skus').select(['id', 'specification', 'colour']).where('product_id', '=', productId).execute();
  const key = (s: { specification: string; colour: string }) => `${s.specification}\u0000${s.colour}`;
  const byKey = new Map(existing.map((s) => [key(s), s.id]));
  const keep = new Set<string>();
  for (const s of wanted) {
    const k = key(s);
    if (keep.has(k)) continue;
    keep.add(k);
    const id = byKey.get(k);
    if (id !== undefined) await trx.updateTable('product_skus').set({ stock: s.stock }).where('id', '=', id).execute();
    else await trx.insertInto('product_skus').values({ product_id: productId, ...s }).execute();
  }
  const gone = existing.filter((s) => !keep.has(key(s))).map((s) => s.id);
  if (gone.length) {
    // A combination already ordered stays (orders refer to it) with no stock; the others go.
    await trx
      .deleteFrom('product_skus')
      .where('id', 'in', gone)
      .where(sql<SqlBool>`not exists (select 1 from order_items oi where oi.sku_id = product_skus.id)`)
      .execute();
    await trx.updateTable('product_skus').set({ stock: 0 }).where('id', 'in', gone).execute();
  }
}

type ChartSnapshot = ReturnType<typeof initial>;

/** One step of a product on its chart: the event, who took it, the state it left and the one it reached. */
interface ProductStep {
  event: string;
  party: Party;
  before: ChartSnapshot;
  snapshot: ChartSnapshot;
}

async function persist(trx: Trx, id: bigint, step: ProductStep, now: number, extra: Partial<ReturnType<typeof columnsOf>> = {}): Promise<void> {
  const { snapshot } = step;
  const status = String(snapshot.value) as ProductStatus;
  await recordChartStep(trx, 'product', id, { event: step.event, party: step.party, from: String(step.before.value), to: status, at: now });
  const context = snapshot.context as { reason: string | null };
  await trx
    .updateTable('products')
    .set({ ...extra, status, chart: JSON.stringify(store(snapshot)), review_reason: context.reason, updated_at: new Date(now) })
    .where('id', '=', id)
    .execute();
  if (status === 'deleted') {
    await scheduleTimer(trx, { kind: timerKind, entityId: id.toString(), name: 'deletedRetention', event: 'xstate.after.deletedRetention.product.deleted', dueAt: new Date(now + Durations.day * 30) });
  }
}

/** A seller publishes: the product is saved as a draft, or submitted for review. Only sellers may. */
export async function publishProduct(deps: Deps, seller: UserRow, input: ProductInput, submit: boolean): Promise<OwnProduct> {
  if (!hasRole(seller.roles, 'seller')) throw new ApiError('forbidden');
  await checkReferences(deps.db, seller, input, submit);
  const id = await deps.db.transaction().execute(async (trx) => {
    const before = initial(productMachine);
    const event = submit ? 'SUBMIT' : 'SAVE_DRAFT';
    const snapshot = applyEvent(productMachine, before, { type: event }, 'seller');
    const row = await trx
      .insertInto('products')
      .values({ seller_id: seller.id, ...columnsOf(input), status: String(snapshot.value), chart: JSON.stringify(store(snapshot)), review_reason: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordChartStep(trx, 'product', row.id, { event, party: 'seller', from: String(before.value), to: String(snapshot.value), at: deps.now() });
    await writeChildren(trx, row.id, input);
    await indexForSearch(trx, row.id);
    return row.id;
  });
  invalidateCatalogue(deps.db);
  return (await ownProducts(deps.db, seller.id)).find((p) => p.id === id.toString()) ?? ownOf(await productRowOrThrow(deps.db, id), null);
}

async function productRowOrThrow(db: Db, id: bigint) {
  const p = await productRow(db, id);
  if (!p) throw new ApiError('notFound');
  return p;
}

/** Locks one's own product; another seller's product is refused (4003), a missing one is 4004. */
async function lockOwn(trx: Trx, seller: UserRow, id: bigint) {
  const p = await trx.selectFrom('products').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!p || p.status === 'backup') throw new ApiError('notFound');
  if (p.seller_id !== seller.id) throw new ApiError('forbidden');
  return p;
}

/**
 * Edits one's own product. A draft or a failed product is saved as a draft or submitted; a product in
 * review, listed or taken down is edited (reviewed again), and then every rule applies.
 */
export async function editProduct(deps: Deps, seller: UserRow, id: bigint, input: ProductInput, submit: boolean): Promise<OwnProduct> {
  if (!hasRole(seller.roles, 'seller')) throw new ApiError('forbidden');
  await deps.db.transaction().execute(async (trx) => {
    const p = await lockOwn(trx, seller, id);
    const snapshot = restore(productMachine, p.chart);
    const early = p.status === 'draft' || p.status === 'reviewFailed';
    const event: ProductEvent = early ? { type: submit ? 'SUBMIT' : 'SAVE_DRAFT' } : { type: 'EDIT' };
    const next = applyEvent(productMachine, snapshot, event, 'seller');
    const kept = (await trx.selectFrom('product_images').select('image_id').where('product_id', '=', id).execute()).map((r) => r.image_id);
    await checkReferences(trx, seller, input, event.type !== 'SAVE_DRAFT', kept);
    await writeChildren(trx, id, input);
    await persist(trx, id, { event: event.type, party: 'seller', before: snapshot, snapshot: next }, deps.now(), columnsOf(input));
    await indexForSearch(trx, id);
  });
  invalidateCatalogue(deps.db);
  const p = await productRowOrThrow(deps.db, id);
  return ownOf(p, (await imagesOf(deps.db, id))[0] ?? null);
}

const sellerEvents = { submit: 'SUBMIT', takeDown: 'TAKE_DOWN', relist: 'RELIST', delete: 'DELETE' } as const;
export type SellerAction = keyof typeof sellerEvents;

/** Submit, take down, relist or delete one's own product, through the chart. */
export async function sellerAction(deps: Deps, seller: UserRow, id: bigint, action: SellerAction): Promise<OwnProduct> {
  if (!hasRole(seller.roles, 'seller')) throw new ApiError('forbidden');
  const current = action === 'submit' ? await ownProductDetail(deps.db, seller, id).catch(() => null) : null;
  await deps.db.transaction().execute(async (trx) => {
    const p = await lockOwn(trx, seller, id);
    if (current) await checkReferences(trx, seller, current.input, true, current.input.images);
    const before = restore(productMachine, p.chart);
    const next = applyEvent(productMachine, before, { type: sellerEvents[action] }, 'seller');
    await persist(trx, id, { event: sellerEvents[action], party: 'seller', before, snapshot: next }, deps.now());
  });
  invalidateCatalogue(deps.db);
  const p = await productRowOrThrow(deps.db, id);
  return ownOf(p, (await imagesOf(deps.db, id))[0] ?? null);
}

export type StaffDecision = 'approve' | 'reject' | 'freeze' | 'unfreeze';

/** Platform staff review a product (approve, or fail with a reason) and freeze or unfreeze it. */
export async function staffDecision(deps: Deps, id: bigint, decision: StaffDecision, reason: string | undefined): Promise<void> {
  const party: Party = 'staff';
  if ((decision === 'reject' || decision === 'freeze') && !reason?.trim()) ruleBroken({ field: 'reason', message: 'catalogue.rules.reasonRequired' });
  const event: ProductEvent =
    decision === 'approve' ? { type: 'APPROVE' } : decision === 'unfreeze' ? { type: 'UNFREEZE' } : { type: decision === 'reject' ? 'REJECT' : 'FREEZE', reason: reason?.trim() ?? '' };
  await deps.db.transaction().execute(async (trx) => {
    const p = await trx.selectFrom('products').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!p) throw new ApiError('notFound');
    const before = restore(productMachine, p.chart);
    const next = applyEvent(productMachine, before, event, party);
    await persist(trx, id, { event: event.type, party, before, snapshot: next }, deps.now());
  });
  invalidateCatalogue(deps.db);
}

/** Products waiting for staff: in review (default), listed, or frozen; with their report counts. */
export async function reviewQueue(db: Db, status: ProductStatus) {
  const rows = await db
    .selectFrom('products as p')
    .select(['p.id', 'p.title', 'p.price', 'p.status', 'p.review_reason', 'p.updated_at', 'p.chart', 'p.description', 'p.seller_id', 'p.report_count as reports'])
    .where('p.status', '=', status)
    // The maintained count (moved with each report, migration 0017): the index (status, report_count desc, updated_at, id) gives this order.
    .orderBy('p.report_count', 'desc')
    .orderBy('p.updated_at', 'asc')
    .orderBy('p.id', 'asc')
    .limit(100)
    .execute();
  const [imagesByProduct, sellers] = await Promise.all([imagesOfMany(db, rows.map((r) => r.id)), sellerRefs(db, rows.map((r) => r.seller_id))]);
  return rows.map((r) => {
    const images = imagesByProduct.get(r.id) ?? [];
    const snapshot = restore(productMachine, r.chart);
    return {
      ...ownOf(r, images[0] ?? null),
      allowed: allowedEvents(snapshot, 'staff'),
      description: r.description,
      images,
      seller: sellers.get(r.seller_id) as SellerRef,
      reports: r.reports,
    };
  });
}

/** Fires a deleted product's retention timer: it becomes a backup (kept for the orders that refer to it). */
export const fireProductTimer: TimerHandler = async (trx, timer, now) => {
  const id = BigInt(timer.entity_id);
  const p = await lockForTimer(timer, trx.selectFrom('products').selectAll().where('id', '=', id).forUpdate().skipLocked(), () => trx.selectFrom('products').select('id').where('id', '=', id).executeTakeFirst());
  if (!p || p.status !== 'deleted') return;
  const next = applyEvent(productMachine, restore(productMachine, p.chart), { type: timer.event }, 'system');
  await recordChartStep(trx, 'product', id, { event: windowOf(timer.event) ?? timer.event, party: 'system', from: p.status, to: String(next.value), at: now });
  await trx
    .updateTable('products')
    .set({ status: String(next.value), chart: JSON.stringify(store(next)), updated_at: new Date(now) })
    .where('id', '=', id)
    .execute();
};
