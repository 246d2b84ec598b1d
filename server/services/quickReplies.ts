import { QuickReplyLimits } from '../../src/domain/customerService';
import type { QuickReplyView } from '../../src/domain/types/customerService';
import type { Db } from '../db/database';
import { ApiError } from '../http/envelope';
import type { Trx } from '../timers/timers';

/**
 * A seller's quick replies (issue 37, finding 5): saved answers the seller picks in any chat, stored per seller
 * (migration 0030). Every call works on the caller's own replies only: a reply of another seller is 4004, as if it
 * did not exist. Each change runs under the seller's row lock, so two devices adding at once still keep at most
 * QuickReplyLimits.perSeller, and positions stay 0..n-1 in the seller's order.
 */

const duplicate = () => new ApiError('invalidField', { field: 'body', detail: 'already saved' }, { field: 'body' }, 'chat.quick.problems.duplicate');

/** The seller's replies, in their order. */
export async function quickReplies(db: Db | Trx, sellerId: bigint): Promise<QuickReplyView[]> {
  const rows = await db.selectFrom('quick_replies').select(['id', 'body']).where('seller_id', '=', sellerId).orderBy('position').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id.toString(), body: r.body }));
}

/** One change under the seller's row lock (users row: the seller's replies change one at a time). */
async function asSeller<T>(db: Db, sellerId: bigint, change: (trx: Trx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', sellerId).forUpdate().executeTakeFirstOrThrow();
    return change(trx);
  });
}

async function ownReply(trx: Trx, sellerId: bigint, id: bigint) {
  const row = await trx.selectFrom('quick_replies').select(['id', 'body']).where('id', '=', id).where('seller_id', '=', sellerId).executeTakeFirst();
  if (!row) throw new ApiError('notFound');
  return row;
}

async function bodyTaken(trx: Trx, sellerId: bigint, body: string, except: bigint | null): Promise<boolean> {
  let q = trx.selectFrom('quick_replies').select('id').where('seller_id', '=', sellerId).where('body', '=', body);
  if (except !== null) q = q.where('id', '!=', except);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Adds a reply at the end of the list: at most QuickReplyLimits.perSeller, the same text once. */
export async function addQuickReply(db: Db, sellerId: bigint, body: string, now: Date): Promise<QuickReplyView[]> {
  return asSeller(db, sellerId, async (trx) => {
    const { n } = await trx.selectFrom('quick_replies').select((eb) => eb.fn.countAll<string>().as('n')).where('seller_id', '=', sellerId).executeTakeFirstOrThrow();
    if (Number(n) >= QuickReplyLimits.perSeller) {
      throw new ApiError('invalidField', { field: 'body', detail: `at most ${QuickReplyLimits.perSeller} quick replies`, max: String(QuickReplyLimits.perSeller) }, { field: 'body' }, 'chat.quick.problems.full');
    }
    if (await bodyTaken(trx, sellerId, body, null)) throw duplicate();
    await trx.insertInto('quick_replies').values({ seller_id: sellerId, body, position: Number(n), created_at: now, updated_at: now }).execute();
    return quickReplies(trx, sellerId);
  });
}

export async function editQuickReply(db: Db, sellerId: bigint, id: bigint, body: string, now: Date): Promise<QuickReplyView[]> {
  return asSeller(db, sellerId, async (trx) => {
    await ownReply(trx, sellerId, id);
    if (await bodyTaken(trx, sellerId, body, id)) throw duplicate();
    await trx.updateTable('quick_replies').set({ body, updated_at: now }).where('id', '=', id).execute();
    return quickReplies(trx, sellerId);
  });
}

/** Renumbers the seller's replies 0..n-1 in the given order of ids. */
async function renumber(trx: Trx, ids: bigint[], now: Date): Promise<void> {
  for (const [position, id] of ids.entries()) await trx.updateTable('quick_replies').set({ position, updated_at: now }).where('id', '=', id).execute();
}

export async function deleteQuickReply(db: Db, sellerId: bigint, id: bigint, now: Date): Promise<QuickReplyView[]> {
  return asSeller(db, sellerId, async (trx) => {
    await ownReply(trx, sellerId, id);
    await trx.deleteFrom('quick_replies').where('id', '=', id).execute();
    await renumber(trx, (await quickReplies(trx, sellerId)).map((r) => BigInt(r.id)), now);
    return quickReplies(trx, sellerId);
  });
}

/** A new order: `ids` names every one of the seller's replies exactly once (else 4001, nothing moved). */
export async function reorderQuickReplies(db: Db, sellerId: bigint, ids: string[], now: Date): Promise<QuickReplyView[]> {
  return asSeller(db, sellerId, async (trx) => {
    const own = new Set((await quickReplies(trx, sellerId)).map((r) => r.id));
    const named = new Set(ids);
    if (named.size !== ids.length || named.size !== own.size || ids.some((id) => !own.has(id))) {
      throw new ApiError('invalidField', { field: 'ids', detail: 'name each of your quick replies once' }, { field: 'ids' });
    }
    await renumber(trx, ids.map(BigInt), now);
    return quickReplies(trx, sellerId);
  });
}
