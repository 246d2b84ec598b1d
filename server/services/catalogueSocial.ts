import { sql } from 'kysely';
import { commentIssues, type CommentInput } from '../../src/domain/schemas/catalogue';
import type { CommentItem, Page, ProductCard, Relation, SellerApplication, StoreInfo } from '../../src/domain/types/catalogue';
import type { Db } from '../db/database';
import type { Deps } from '../deps';
import { ApiError } from '../http/envelope';
import type { UserRow } from '../http/env';
import { hasRole } from '../http/roles';
import { imageRef, listedStatus, ruleBroken, sellerRef } from './catalogue';
import { shopTrust } from './trust';
import { formatMoney } from '../../src/domain/money';
import { averageRating } from '../../src/domain/trust';

/** Favourites, follows, comments, blocks, reports and seller applications. */

async function listedProduct(db: Db, id: bigint) {
  const p = await db.selectFrom('products').select(['id', 'seller_id', 'status']).where('id', '=', id).executeTakeFirst();
  if (!p || p.status !== listedStatus) throw new ApiError('notFound');
  return p;
}

export async function collect(db: Db, user: UserRow, productId: bigint, on: boolean): Promise<void> {
  if (on) {
    await listedProduct(db, productId);
    await db.insertInto('product_collects').values({ user_id: user.id, product_id: productId }).onConflict((oc) => oc.doNothing()).execute();
  } else {
    await db.deleteFrom('product_collects').where('user_id', '=', user.id).where('product_id', '=', productId).execute();
  }
}

export async function collectedProducts(db: Db, user: UserRow, cursor: string | undefined): Promise<Page<ProductCard & { status: string }>> {
  const limit = 20;
  let q = db
    .selectFrom('product_collects as c')
    .innerJoin('products as p', 'p.id', 'c.product_id')
    .innerJoin('users as u', 'u.id', 'p.seller_id')
    .leftJoin('product_images as pi', (j) => j.onRef('pi.product_id', '=', 'p.id').on('pi.position', '=', 0))
    .leftJoin('images as i', 'i.id', 'pi.image_id')
    .select(['p.id', 'p.title', 'p.price', 'p.condition', 'p.seller_id', 'u.nickname', 'p.category_id', 'p.status', 'i.id as image_id', 'i.width', 'i.height', 'p.rating_sum', 'p.rating_count', 'p.sold'])
    .where('c.user_id', '=', user.id);
  if (cursor) q = q.where('p.id', '<', BigInt(cursor));
  const rows = await q.orderBy('p.id', 'desc').limit(limit + 1).execute();
  const page = rows.slice(0, limit);
  return {
    list: page.map((r) => ({
      id: r.id.toString(),
      title: r.title,
      price: formatMoney(r.price),
      condition: r.condition,
      image: r.image_id ? imageRef(r.image_id, r.width ?? 1, r.height ?? 1) : null,
      sellerId: r.seller_id.toString(),
      sellerName: r.nickname,
      categoryId: r.category_id,
      rating: averageRating(r.rating_sum, r.rating_count),
      ratings: r.rating_count,
      sold: Number(r.sold),
      status: r.status,
    })),
    next: rows.length > limit ? (page.at(-1)?.id.toString() ?? null) : null,
  };
}

async function sellerOrThrow(db: Db, sellerId: bigint) {
  const u = await db.selectFrom('users').select(['id', 'roles']).where('id', '=', sellerId).executeTakeFirst();
  if (!u || !hasRole(u.roles, 'seller')) throw new ApiError('notFound');
  return u;
}

export async function follow(db: Db, user: UserRow, sellerId: bigint, on: boolean): Promise<void> {
  if (on) {
    await sellerOrThrow(db, sellerId);
    if (sellerId === user.id) throw new ApiError('forbidden');
    await db.insertInto('store_follows').values({ user_id: user.id, seller_id: sellerId }).onConflict((oc) => oc.doNothing()).execute();
  } else {
    await db.deleteFrom('store_follows').where('user_id', '=', user.id).where('seller_id', '=', sellerId).execute();
  }
}

export async function storeInfo(db: Db, sellerId: bigint): Promise<StoreInfo> {
  await sellerOrThrow(db, sellerId);
  const [seller, trust, followers, products] = await Promise.all([
    sellerRef(db, sellerId),
    shopTrust(db, sellerId),
    db.selectFrom('store_follows').select(sql<string>`count(*)`.as('n')).where('seller_id', '=', sellerId).executeTakeFirstOrThrow(),
    db.selectFrom('products').select(sql<string>`count(*)`.as('n')).where('seller_id', '=', sellerId).where('status', '=', listedStatus).executeTakeFirstOrThrow(),
  ]);
  if (!seller || !trust) throw new ApiError('notFound');
  return { seller, followers: Number(followers.n), products: Number(products.n), trust };
}

export async function relation(db: Db, user: UserRow, productId: bigint | null, sellerId: bigint | null): Promise<Relation> {
  let seller = sellerId;
  let collected = false;
  if (productId !== null) {
    const p = await db.selectFrom('products').select(['seller_id']).where('id', '=', productId).executeTakeFirst();
    if (!p) throw new ApiError('notFound');
    seller = p.seller_id;
    collected = !!(await db.selectFrom('product_collects').select('product_id').where('user_id', '=', user.id).where('product_id', '=', productId).executeTakeFirst());
  }
  const following = seller !== null && !!(await db.selectFrom('store_follows').select('seller_id').where('user_id', '=', user.id).where('seller_id', '=', seller).executeTakeFirst());
  return { collected, following, owner: seller === user.id };
}

export async function followedStores(db: Db, user: UserRow) {
  const rows = await db.selectFrom('store_follows').select('seller_id').where('user_id', '=', user.id).orderBy('created_at', 'desc').limit(200).execute();
  return (await Promise.all(rows.map((r) => sellerRef(db, r.seller_id)))).filter((s) => s !== null);
}

// ---------------------------------------------------------------- comments

export async function comments(db: Db, productId: bigint, viewer: UserRow | null, cursor: string | undefined): Promise<Page<CommentItem>> {
  const product = await db.selectFrom('products').select(['seller_id']).where('id', '=', productId).executeTakeFirst();
  if (!product) throw new ApiError('notFound');
  const limit = 20;
  let q = db
    .selectFrom('product_comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.rating', 'c.content', 'c.anonymous', 'c.created_at', 'u.nickname'])
    .where('c.product_id', '=', productId)
    .where('c.deleted_at', 'is', null);
  if (cursor) q = q.where('c.id', '<', BigInt(cursor));
  const rows = await q.orderBy('c.id', 'desc').limit(limit + 1).execute();
  const page = rows.slice(0, limit);
  const owner = viewer !== null && viewer.id === product.seller_id;
  return {
    list: page.map((r) => ({
      id: r.id.toString(),
      rating: r.rating,
      content: r.content,
      anonymous: r.anonymous,
      authorName: r.anonymous ? null : r.nickname,
      createdAt: r.created_at.toISOString(),
      mine: owner,
    })),
    next: rows.length > limit ? (page.at(-1)?.id.toString() ?? null) : null,
  };
}

export async function addComment(db: Db, user: UserRow, input: CommentInput): Promise<CommentItem> {
  const first = commentIssues(input)[0];
  if (first) ruleBroken(first);
  const product = await listedProduct(db, BigInt(input.productId));
  if (product.seller_id === user.id) throw new ApiError('forbidden');
  const blocked = await db.selectFrom('seller_blocks').select('user_id').where('seller_id', '=', product.seller_id).where('user_id', '=', user.id).executeTakeFirst();
  if (blocked) throw new ApiError('forbidden', {}, null, 'catalogue.blocked');
  const row = await db
    .insertInto('product_comments')
    .values({ product_id: product.id, user_id: user.id, rating: input.rating ?? 5, content: input.content.trim(), anonymous: input.anonymous })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  return { id: row.id.toString(), rating: input.rating ?? 5, content: input.content.trim(), anonymous: input.anonymous, authorName: input.anonymous ? null : user.nickname, createdAt: row.created_at.toISOString(), mine: false };
}

/** The product's owner acts on a comment: delete it, or block its author from commenting on their products. */
export async function ownerOnComment(deps: Deps, owner: UserRow, commentId: bigint, action: 'delete' | 'block'): Promise<void> {
  const c = await deps.db
    .selectFrom('product_comments as c')
    .innerJoin('products as p', 'p.id', 'c.product_id')
    .select(['c.id', 'c.user_id', 'p.seller_id'])
    .where('c.id', '=', commentId)
    .where('c.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!c) throw new ApiError('notFound');
  if (c.seller_id !== owner.id) throw new ApiError('forbidden');
  if (action === 'delete') {
    await deps.db.updateTable('product_comments').set({ deleted_at: new Date(deps.now()) }).where('id', '=', commentId).execute();
  } else {
    await deps.db.insertInto('seller_blocks').values({ seller_id: owner.id, user_id: c.user_id }).onConflict((oc) => oc.doNothing()).execute();
  }
}

export async function report(db: Db, user: UserRow, productId: bigint, reason: string): Promise<void> {
  const product = await listedProduct(db, productId);
  if (product.seller_id === user.id) throw new ApiError('forbidden');
  // The product's maintained report count (the console review queue's order) moves with the report, in its transaction.
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('product_reports').values({ product_id: productId, user_id: user.id, reason }).execute();
    await trx.updateTable('products').set((eb) => ({ report_count: eb('report_count', '+', 1) })).where('id', '=', productId).execute();
  });
}

// ---------------------------------------------------------------- seller applications

function toApplication(r: { id: bigint; store_name: string; real_name: string; email: string; description: string; status: 'pending' | 'approved' | 'refused'; reason: string | null; created_at: Date }, username?: string): SellerApplication {
  return { id: r.id.toString(), storeName: r.store_name, realName: r.real_name, email: r.email, description: r.description, status: r.status, reason: r.reason, createdAt: r.created_at.toISOString(), ...(username ? { username } : {}) };
}

export async function myApplication(db: Db, user: UserRow): Promise<{ seller: boolean; application: SellerApplication | null }> {
  const row = await db.selectFrom('seller_applications').selectAll().where('user_id', '=', user.id).orderBy('id', 'desc').executeTakeFirst();
  return { seller: hasRole(user.roles, 'seller'), application: row ? toApplication(row) : null };
}

export async function applyToSell(db: Db, user: UserRow, input: { storeName: string; realName: string; email: string; description: string }): Promise<SellerApplication> {
  if (hasRole(user.roles, 'seller')) throw new ApiError('forbidden', {}, null, 'catalogue.sellerAuth.alreadySeller');
  const pending = await db.selectFrom('seller_applications').select('id').where('user_id', '=', user.id).where('status', '=', 'pending').executeTakeFirst();
  if (pending) throw new ApiError('forbidden', {}, null, 'catalogue.sellerAuth.alreadyApplied');
  const row = await db
    .insertInto('seller_applications')
    .values({ user_id: user.id, store_name: input.storeName, real_name: input.realName, email: input.email, description: input.description, status: 'pending', reason: null, decided_by: null, decided_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toApplication(row);
}

export async function applications(db: Db, status: 'pending' | 'approved' | 'refused'): Promise<SellerApplication[]> {
  const rows = await db
    .selectFrom('seller_applications as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .selectAll('a')
    .select('u.username')
    .where('a.status', '=', status)
    .orderBy('a.id')
    .limit(200)
    .execute();
  return rows.map((r) => toApplication(r, r.username));
}

/** Staff approve (the user becomes a seller) or refuse (with a reason) a pending application. */
export async function decideApplication(deps: Deps, staff: UserRow, id: bigint, decision: 'approve' | 'refuse', reason: string | undefined): Promise<void> {
  if (decision === 'refuse' && !reason?.trim()) ruleBroken({ field: 'reason', message: 'catalogue.rules.reasonRequired' });
  await deps.db.transaction().execute(async (trx) => {
    const a = await trx.selectFrom('seller_applications').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!a) throw new ApiError('notFound');
    if (a.status !== 'pending') throw new ApiError('invalidField', { field: 'status', detail: `the application is already ${a.status}` });
    await trx
      .updateTable('seller_applications')
      .set({ status: decision === 'approve' ? 'approved' : 'refused', reason: reason?.trim() || null, decided_by: staff.id, decided_at: new Date(deps.now()) })
      .where('id', '=', id)
      .execute();
    if (decision === 'approve') {
      const user = await trx.selectFrom('users').select(['roles']).where('id', '=', a.user_id).forUpdate().executeTakeFirstOrThrow();
      const roles = Array.isArray(user.roles) ? user.roles : [];
      if (!roles.includes('seller')) await trx.updateTable('users').set({ roles: JSON.stringify([...roles, 'seller']) }).where('id', '=', a.user_id).execute();
    }
  });
}
