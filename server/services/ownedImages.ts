import type { Db } from '../db/database';
import type { Trx } from '../timers/timers';
import { ApiError } from '../http/envelope';

/**
 * The owner check for images a chat message or a work order refers to (issue 15): each must be an
 * upload of the caller's own (server/services/images.ts records the owner). ONE function, so the
 * shared owned-upload check of issue 7 can replace it at merge.
 */
export async function requireOwnImages(db: Db | Trx, ownerId: bigint, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db.selectFrom('images').select('id').where('id', 'in', [...ids]).where('owner_id', '=', ownerId).execute();
  if (rows.length !== new Set(ids).size) throw new ApiError('notFound', { field: 'images', detail: 'not an upload of yours' });
}
