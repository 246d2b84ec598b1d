import { sql } from 'kysely';
import type { ConsoleQueue } from '../../src/domain/types/console';
import type { Db } from '../db/database';

type Count = { n: number; oldest: Date | string | null };

/**
 * What waits in each console queue (issue 24: the console as a desk), with the oldest item's time, so
 * staff start with what has waited longest. One query per queue; a queue another area adds (a KYC review)
 * adds one entry here and a section in screens/platform/sections.ts with the same key.
 */
const queues: Record<string, (db: Db) => Promise<Count>> = {
  productReview: (db) =>
    db.selectFrom('products').select([sql<number>`count(*)::int4`.as('n'), sql<Date | null>`min(updated_at)`.as('oldest')]).where('status', '=', 'reviewing').executeTakeFirstOrThrow(),
  appeals: (db) =>
    db.selectFrom('after_sales').select([sql<number>`count(*)::int4`.as('n'), sql<Date | null>`min(coalesce(appealed_at, updated_at))`.as('oldest')]).where('status', '=', 'underAppeal').executeTakeFirstOrThrow(),
  customerService: async (db) => {
    // Conversations with the platform whose last message staff have not read, and open work orders.
    const chats = await db
      .selectFrom('conversations')
      .select([sql<number>`count(*)::int4`.as('n'), sql<Date | null>`min(updated_at)`.as('oldest')])
      .where('seller_id', 'is', null)
      .whereRef('last_message_id', '>', 'counterpart_read_id')
      .executeTakeFirstOrThrow();
    const tickets = await db.selectFrom('work_orders').select([sql<number>`count(*)::int4`.as('n'), sql<Date | null>`min(created_at)`.as('oldest')]).where('status', '=', 'open').executeTakeFirstOrThrow();
    const times = [chats.oldest, tickets.oldest].filter((d): d is Date => d !== null).map((d) => new Date(d).getTime());
    return { n: chats.n + tickets.n, oldest: times.length ? new Date(Math.min(...times)) : null };
  },
  sellerApplications: (db) =>
    db.selectFrom('seller_applications').select([sql<number>`count(*)::int4`.as('n'), sql<Date | null>`min(created_at)`.as('oldest')]).where('status', '=', 'pending').executeTakeFirstOrThrow(),
  kyc: (db) =>
    db.selectFrom('kyc_records').select([sql<number>`count(*)::int4`.as('n'), sql<Date | null>`min(submitted_at)`.as('oldest')]).where('status', '=', 'pending').executeTakeFirstOrThrow(),
  withdrawals: (db) =>
    db.selectFrom('withdrawals').select([sql<number>`count(*)::int4`.as('n'), sql<Date | null>`min(created_at)`.as('oldest')]).where('stage', '=', 'manualReview').executeTakeFirstOrThrow(),
};

export async function consoleQueues(db: Db): Promise<ConsoleQueue[]> {
  const list: ConsoleQueue[] = [];
  for (const [key, count] of Object.entries(queues)) {
    const { n, oldest } = await count(db);
    list.push({ key, count: n, oldestAt: oldest === null ? null : new Date(oldest).toISOString() });
  }
  return list;
}
