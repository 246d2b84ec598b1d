import { sql } from 'kysely';
import { openAfterSaleStates } from '../../src/domain/afterSaleStatus';
import { formatMoney } from '../../src/domain/money';
import { personContextRecent, reviewedProductStates } from '../../src/domain/personContext';
import type { PersonContext } from '../../src/domain/types/console';
import type { Db } from '../db/database';

/** The title of an order's first line: what the order is, in words (issue 24: products named). */
const firstTitle = (orderId: ReturnType<typeof sql.ref>) => sql<string>`(select oi.title from order_items oi where oi.order_id = ${orderId} order by oi.id limit 1)`;
const lineCount = (orderId: ReturnType<typeof sql.ref>) => sql<number>`(select count(*)::int4 from order_items oi where oi.order_id = ${orderId})`;

const inList = (states: readonly string[]) => sql.join(states.map((s) => sql`${s}`));

/**
 * Who a person is, for staff deciding about them or answering them (issue 24, findings 15 to 17): how
 * old the account is, what they bought and sold, their earlier withdrawals and how those ended, their
 * after-sale disputes (and how many are open), their shop's record of reviewed products, and the latest
 * orders, cases and withdrawals with the products named.
 */
export async function personContext(db: Db, userId: bigint): Promise<PersonContext | null> {
  const user = await db.selectFrom('users').select(['id', 'username', 'nickname', 'roles', 'created_at', 'frozen']).where('id', '=', userId).executeTakeFirst();
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
  const open = inList(openAfterSaleStates);
  const disputes = await db
    .selectFrom('after_sales')
    .select([
      sql<number>`count(*) filter (where buyer_id = ${userId})::int4`.as('asBuyer'),
      sql<number>`count(*) filter (where seller_id = ${userId})::int4`.as('asSeller'),
      sql<number>`count(*) filter (where status in (${open}))::int4`.as('open'),
    ])
    .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]))
    .executeTakeFirstOrThrow();
  const products = await db
    .selectFrom('products')
    .select([
      sql<number>`count(*) filter (where status in (${inList(reviewedProductStates.published)}))::int4`.as('published'),
      sql<number>`count(*) filter (where status in (${inList(reviewedProductStates.approved)}))::int4`.as('approved'),
      sql<number>`count(*) filter (where status in (${inList(reviewedProductStates.rejected)}))::int4`.as('rejected'),
    ])
    .where('seller_id', '=', userId)
    .executeTakeFirstOrThrow();
  const shop = await db
    .selectFrom('seller_applications')
    .select('store_name')
    .where('user_id', '=', userId)
    .where('status', '=', 'approved')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const recentOrders = await db
    .selectFrom('orders as o')
    .select(['o.id', 'o.order_no', 'o.status', 'o.total_amount', 'o.buyer_id', 'o.created_at', firstTitle(sql.ref('o.id')).as('title'), lineCount(sql.ref('o.id')).as('lines')])
    .where((eb) => eb.or([eb('o.buyer_id', '=', userId), eb('o.seller_id', '=', userId)]))
    .orderBy('o.id', 'desc')
    .limit(personContextRecent)
    .execute();
  const recentCases = await db
    .selectFrom('after_sales as a')
    .innerJoin('orders as o', 'o.id', 'a.order_id')
    .select(['a.id', 'a.status', 'a.amount', 'a.buyer_id', 'a.created_at', 'o.order_no', firstTitle(sql.ref('a.order_id')).as('title')])
    .where((eb) => eb.or([eb('a.buyer_id', '=', userId), eb('a.seller_id', '=', userId)]))
    .orderBy('a.id', 'desc')
    .limit(personContextRecent)
    .execute();
  const recentWithdrawals = await db
    .selectFrom('withdrawals')
    .select(['id', 'status', 'amount', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(personContextRecent)
    .execute();
  return {
    userId: user.id.toString(),
    username: user.username,
    nickname: user.nickname,
    roles: user.roles,
    memberSince: new Date(user.created_at).toISOString(),
    frozen: user.frozen,
    ordersBought: orders.bought,
    ordersSold: orders.sold,
    withdrawalsSucceeded: withdrawals.succeeded,
    withdrawalsFailed: withdrawals.failed,
    withdrawn: formatMoney(withdrawals.withdrawn),
    disputesAsBuyer: disputes.asBuyer,
    disputesAsSeller: disputes.asSeller,
    openDisputes: disputes.open,
    // The shop's name from its approved application; a seller made so otherwise (the demo sellers) trades under the nickname.
    shopName: shop?.store_name ?? (user.roles.includes('seller') ? user.nickname : null),
    products: { published: products.published, approved: products.approved, rejected: products.rejected },
    recentOrders: recentOrders.map((o) => ({
      id: o.id.toString(),
      orderNo: o.order_no,
      status: o.status,
      total: formatMoney(o.total_amount),
      side: o.buyer_id === userId ? 'bought' : 'sold',
      product: o.title ?? '',
      more: Math.max(0, o.lines - 1),
      createdAt: new Date(o.created_at).toISOString(),
    })),
    recentCases: recentCases.map((a) => ({
      id: a.id.toString(),
      orderNo: a.order_no,
      status: a.status,
      amount: formatMoney(a.amount),
      side: a.buyer_id === userId ? 'buyer' : 'seller',
      product: a.title ?? '',
      createdAt: new Date(a.created_at).toISOString(),
    })),
    recentWithdrawals: recentWithdrawals.map((w) => ({ id: w.id.toString(), status: w.status, amount: formatMoney(w.amount), createdAt: new Date(w.created_at).toISOString() })),
  };
}
