import { sql } from 'kysely';
import type { PersonContext } from '../../src/domain/types/console';
import { formatMoney } from '../../src/domain/money';
import type { Db } from '../db/database';

/**
 * Who a person is, for staff deciding about them (issue 24, finding 15): how old the account is, what
 * they bought and sold, their earlier withdrawals and how those ended, and their after-sale disputes.
 */
export async function personContext(db: Db, userId: bigint): Promise<PersonContext | null> {
  const user = await db.selectFrom('users').select(['id', 'username', 'created_at', 'frozen']).where('id', '=', userId).executeTakeFirst();
  if (!user) return null;
  const orders = await db
    .selectFrom('orders')
    .select([sql<number>`count(*) filter (where buyer_id = ${userId})::int4`.as('bought'), sql<number>`count(*) filter (where seller_id = ${userId})::int4`.as('sold')])
    .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]))
    .executeTakeFirstOrThrow();
  const withdrawals = await db
    .selectFrom('withdrawals')
    .select([
      sql<number>`count(*) filter (where status = 'success')::int4`.as('succeeded'),
      sql<number>`count(*) filter (where status = 'failure')::int4`.as('failed'),
      sql<bigint>`coalesce(sum(amount) filter (where status = 'success'), 0)::int8`.as('withdrawn'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const disputes = await db
    .selectFrom('after_sales')
    .select([sql<number>`count(*) filter (where buyer_id = ${userId})::int4`.as('asBuyer'), sql<number>`count(*) filter (where seller_id = ${userId})::int4`.as('asSeller')])
    .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]))
    .executeTakeFirstOrThrow();
  return {
    userId: user.id.toString(),
    username: user.username,
    memberSince: new Date(user.created_at).toISOString(),
    frozen: user.frozen,
    ordersBought: orders.bought,
    ordersSold: orders.sold,
    withdrawalsSucceeded: withdrawals.succeeded,
    withdrawalsFailed: withdrawals.failed,
    withdrawn: formatMoney(withdrawals.withdrawn),
    disputesAsBuyer: disputes.asBuyer,
    disputesAsSeller: disputes.asSeller,
  };
}
