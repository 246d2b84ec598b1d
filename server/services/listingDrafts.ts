import { sql } from 'kysely';
import { titleWords, type CategorySuggestion, type ListingDraft } from '../../src/domain/schemas/listing';
import { draftIssues, type ProductInput } from '../../src/domain/schemas/catalogue';
import type { Db } from '../db/database';
import type { UserRow } from '../http/env';
import { imageRef, ruleBroken } from './catalogue';
import { requireOwnImages } from './images';

/** Products read per title word and listing key: the newest ones, so a common word costs no more than a page. */
const samplePerWord = 200;

/**
 * The categories a new listing's title belongs in, from the catalogue's own words (issue 37, finding 1): for each
 * word of the title, the newest listed products whose name holds it, read from the name postings (migration 0018)
 * under the listing keys the seller's products would be seen under (every global product, and the seller's
 * country); their categories ranked by how many of the title's words they share, then by how many products.
 * Each word is one primary-key range per key, bounded by `samplePerWord`.
 */
export async function suggestCategories(db: Db, seller: UserRow, title: string): Promise<CategorySuggestion[]> {
  const words = titleWords(title);
  if (words.length === 0) return [];
  const keys = [-1, ...(seller.country_id > 0 ? [seller.country_id] : [])];
  const { rows } = await sql<{ id: number; key: string; words: number; products: number }>`
    with t as (select distinct lexeme from unnest(to_tsvector('simple', ${words.join(' ')})) where lexeme !~ '^[0-9]+$'),
    m as (
      select t.lexeme, x.product_id from t cross join unnest(${keys}::int4[]) k(key)
      cross join lateral (select sp.product_id from search_postings sp where sp.key = k.key and sp.token = t.lexeme order by sp.product_id desc limit ${samplePerWord}) x
    )
    select c.id, c.key, count(distinct m.lexeme)::int4 as words, count(distinct m.product_id)::int4 as products
    from m join products p on p.id = m.product_id join categories c on c.id = p.category_id
    group by c.id, c.key
    order by words desc, products desc, c.id
    limit 3`.execute(db);
  return rows.map((r) => ({ id: r.id, key: r.key, words: r.words, products: r.products }));
}

/** The seller's draft of a new listing, its pictures as stored; null when there is none. */
export async function loadDraft(db: Db, seller: UserRow): Promise<ListingDraft | null> {
  const row = await db.selectFrom('listing_drafts').select(['body', 'updated_at']).where('seller_id', '=', seller.id).executeTakeFirst();
  if (!row) return null;
  const product = (row.body as { product: ProductInput }).product;
  const stored = product.images.length
    ? await db.selectFrom('images').select(['id', 'width', 'height']).where('id', 'in', product.images).execute()
    : [];
  const byId = new Map(stored.map((r) => [r.id, r]));
  const images = product.images.flatMap((id) => {
    const r = byId.get(id);
    return r ? [imageRef(r.id, r.width, r.height)] : [];
  });
  return { product: { ...product, images: images.map((i) => i.id) }, images, savedAt: row.updated_at.toISOString() };
}

/**
 * Keeps the seller's draft (one per seller, the newest wins). Only the draft rules apply (no repeated or foreign
 * picture, at most ten); an empty draft is allowed here, as the seller may leave before typing anything.
 */
export async function saveDraft(db: Db, seller: UserRow, product: ProductInput, now: Date): Promise<{ savedAt: string }> {
  const issue = draftIssues(product).find((i) => i.field === 'images');
  if (issue) ruleBroken(issue);
  await requireOwnImages(db, seller.id, product.images);
  const body = JSON.stringify({ product });
  await db
    .insertInto('listing_drafts')
    .values({ seller_id: seller.id, body, updated_at: now })
    .onConflict((oc) => oc.column('seller_id').doUpdateSet({ body, updated_at: now }))
    .execute();
  return { savedAt: now.toISOString() };
}

export async function clearDraft(db: Db, seller: UserRow): Promise<{ cleared: boolean }> {
  const result = await db.deleteFrom('listing_drafts').where('seller_id', '=', seller.id).executeTakeFirst();
  return { cleared: Number(result.numDeletedRows) > 0 };
}
