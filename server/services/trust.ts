import { sql } from 'kysely';
import { averageRating, isReceivedStatus, TrustRules, type ProductRating, type ShopTrust } from '../../src/domain/trust';
import type { Db } from '../db/database';
import { addHeldMove, registerHeldKind } from '../db/heldMoves';
import type { Trx } from '../timers/timers';

/**
 * Trust figures (issue 33, finding 7; decision 055), moved by the steps that make them, in the step's own
 * transaction, so they never drift from their sources (migration 0028 holds the recount of each):
 * - an order's RATE step adds its score to each of its products (once per product) and to its seller's shop;
 * - an order entering a received status (receipt, or the check window) adds its units to each product's `sold`,
 *   and leaving them (a refund after receipt) takes them off again;
 * - an order's first SHIP or MARK_NO_SHIPPING step counts as shipped, and on time within TrustRules.onTimeShipping
 *   of its payment;
 * - a seller's message after one or more of the buyer's counts an answer, timed from the first unanswered one.
 * Timer batches hold their `sold` moves to the end of the batch (server/db/heldMoves.ts, decision 035): a hot
 * product's row is locked once, in id order with the others, so two batches never deadlock on it.
 */

/** Product ids as held-move keys, zero-padded so that key order is id order. */
const productKey = (id: bigint) => id.toString().padStart(20, '0');

registerHeldKind('productSold', async (trx, moves) => {
  const ids = moves.map(([key]) => BigInt(key));
  await trx.selectFrom('products').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
  await sql`update products p set sold = p.sold + v.units
    from (select unnest(${moves.map(([key]) => key)}::int8[]) as id, unnest(${moves.map(([, amount]) => amount.toString())}::int8[]) as units) v
    where p.id = v.id`.execute(trx);
});

type ShopFigure = 'rating_sum' | 'rating_count' | 'shipped' | 'shipped_on_time' | 'replies' | 'reply_ms';

/** Adds to a seller's shop figures: one atomic upsert (concurrent steps of one seller add up, none is lost). */
async function addToShop(trx: Trx, sellerId: bigint, add: Partial<Record<ShopFigure, bigint>>): Promise<void> {
  const v = (k: ShopFigure) => (add[k] ?? 0n).toString();
  await sql`insert into shop_trust (seller_id, rating_sum, rating_count, shipped, shipped_on_time, replies, reply_ms)
    values (${sellerId}, ${v('rating_sum')}::int8, ${v('rating_count')}::int8, ${v('shipped')}::int8, ${v('shipped_on_time')}::int8, ${v('replies')}::int8, ${v('reply_ms')}::int8)
    on conflict (seller_id) do update set rating_sum = shop_trust.rating_sum + excluded.rating_sum, rating_count = shop_trust.rating_count + excluded.rating_count,
      shipped = shop_trust.shipped + excluded.shipped, shipped_on_time = shop_trust.shipped_on_time + excluded.shipped_on_time,
      replies = shop_trust.replies + excluded.replies, reply_ms = shop_trust.reply_ms + excluded.reply_ms`.execute(trx);
}

export interface OrderStepForTrust {
  /** The event taken (SHIP, RATE, …). */
  type: string;
  /** The buyer's score on a RATE step. */
  score?: unknown;
  /** Statuses before and after the step (orders.status). */
  before: string;
  after: string;
}

/** Moves the figures an order step changes (called by applyToLockedOrder, in the step's transaction). */
export async function trustAfterOrderStep(trx: Trx, order: { id: bigint; seller_id: bigint; paid_at: Date | null }, step: OrderStepForTrust, now: number): Promise<void> {
  const wasReceived = isReceivedStatus(step.before);
  const isReceived = isReceivedStatus(step.after);
  const rated = step.type === 'RATE' && step.after === 'rated' && typeof step.score === 'number';
  if (wasReceived !== isReceived || rated) {
    const lines = await trx
      .selectFrom('order_items')
      .select(['product_id', sql<string>`sum(quantity)::int8`.as('units')])
      .where('order_id', '=', order.id)
      .groupBy('product_id')
      .orderBy('product_id')
      .execute();
    if (wasReceived !== isReceived) {
      const sign = isReceived ? 1n : -1n;
      const moves = lines.map((l) => [l.product_id, sign * BigInt(l.units)] as const);
      if (!moves.every(([id, units]) => addHeldMove(trx, 'productSold', productKey(id), units))) {
        for (const [id, units] of moves) await trx.updateTable('products').set((eb) => ({ sold: eb('sold', '+', units) })).where('id', '=', id).execute();
      }
    }
    if (rated) {
      const score = BigInt(step.score as number);
      for (const l of lines) {
        await trx
          .updateTable('products')
          .set((eb) => ({ rating_sum: eb('rating_sum', '+', score), rating_count: eb('rating_count', '+', 1) }))
          .where('id', '=', l.product_id)
          .execute();
      }
      await addToShop(trx, order.seller_id, { rating_sum: score, rating_count: 1n });
    }
  }
  if ((step.type === 'SHIP' || step.type === 'MARK_NO_SHIPPING') && step.before !== 'sent' && step.after === 'sent') {
    const onTime = order.paid_at !== null && now - order.paid_at.getTime() <= TrustRules.onTimeShipping;
    await addToShop(trx, order.seller_id, { shipped: 1n, shipped_on_time: onTime ? 1n : 0n });
  }
}

/**
 * A message was stored in a conversation with a seller: when the seller answers one or more of the buyer's
 * messages, the answer counts with its time from the first of them (in the message's transaction).
 */
export async function trustAfterChatMessage(trx: Trx, conversation: { id: bigint; seller_id: bigint | null }, senderId: bigint, messageId: bigint, now: number): Promise<void> {
  if (conversation.seller_id === null || senderId !== conversation.seller_id) return;
  const asked = await sql<{ at: Date | null }>`select min(m.created_at) as at from chat_messages m
    where m.conversation_id = ${conversation.id} and m.side = 'buyer' and m.id < ${messageId}
      and m.id > coalesce((select max(x.id) from chat_messages x where x.conversation_id = ${conversation.id} and x.side = 'counterpart' and x.id < ${messageId}), 0)`.execute(trx);
  const at = asked.rows[0]?.at;
  if (!at) return;
  await addToShop(trx, conversation.seller_id, { replies: 1n, reply_ms: BigInt(Math.max(0, Math.floor(now - new Date(at).getTime()))) });
}

// ---------------------------------------------------------------- reading

/** A shop's figures (the seller's row and when the seller joined): one statement. */
export async function shopTrust(db: Db | Trx, sellerId: bigint): Promise<ShopTrust | null> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('shop_trust as s', 's.seller_id', 'u.id')
    .select(['u.created_at', 's.rating_sum', 's.rating_count', 's.shipped', 's.shipped_on_time', 's.replies', 's.reply_ms'])
    .where('u.id', '=', sellerId)
    .executeTakeFirst();
  if (!row) return null;
  const shipped = Number(row.shipped ?? 0n);
  const replies = Number(row.replies ?? 0n);
  return {
    rating: averageRating(row.rating_sum ?? 0n, row.rating_count ?? 0n),
    ratings: Number(row.rating_count ?? 0n),
    shipped,
    onTimeShare: shipped > 0 ? Number(row.shipped_on_time ?? 0n) / shipped : null,
    responseMs: replies > 0 ? Math.round(Number(row.reply_ms ?? 0n) / replies) : null,
    since: row.created_at.toISOString(),
  };
}

/** A product's latest order ratings that have words (published by the RATE step), newest first. */
export async function latestRatings(db: Db | Trx, productId: bigint): Promise<ProductRating[]> {
  const rows = await db
    .selectFrom('product_comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.rating', 'c.content', 'c.anonymous', 'c.created_at', 'u.nickname'])
    .where('c.product_id', '=', productId)
    .where('c.order_id', 'is not', null)
    .where('c.deleted_at', 'is', null)
    .orderBy('c.id', 'desc')
    .limit(TrustRules.latestRatings)
    .execute();
  return rows.map((r) => ({ id: r.id.toString(), score: r.rating, words: r.content, authorName: r.anonymous ? null : r.nickname, at: r.created_at.toISOString() }));
}
