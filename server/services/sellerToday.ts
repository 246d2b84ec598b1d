import { sql } from 'kysely';
import type { SellerToday, SellerTodayItem } from '../../src/domain/types/commerce';
import type { Db } from '../db/database';
import { afterSaleTimerKind } from './afterSales';
import { unreadTotal } from './chat';
import { orderTimerKind } from './orders';
import { shopTrust } from './trust';

/** The after-sale states where the seller acts next (machines/afterSale.machine.ts: ANSWER/REJECT, CONFIRM_RETURN). */
const sellerActsOn = ['applied', 'returnShipped'] as const;

/**
 * What needs the seller today (issue 37, finding 2), for the seller centre's to-do list in one call: per
 * list, how many and the nearest deadline among them. Each count is read from an index: orders by
 * (seller_id, seller_tab) (orders_seller_tab, migration 0017), their open timers by (kind, entity_id)
 * (timers_one_pending), cases by (seller_id, status) (after_sales_seller_status), unread chat as the badge reads it;
 * and the shop's performance (shipped on time, reply time, rating: the trust figures buyers see, one row).
 */
export async function sellerToday(db: Db, sellerId: bigint): Promise<SellerToday> {
  const [orders, cases, unreadChats, performance] = await Promise.all([
    db
      .selectFrom('orders as o')
      .select([
        'o.seller_tab',
        sql<number>`count(*)::int4`.as('n'),
        sql<string | null>`min((select min(t.due_at) from timers t where t.kind = ${orderTimerKind} and t.entity_id = o.id::text and t.fired_at is null and t.cancelled_at is null))`.as('due'),
      ])
      .where('o.seller_id', '=', sellerId)
      .where('o.seller_tab', 'in', ['toConfirm', 'pendingShipment', 'refunds'])
      .groupBy('o.seller_tab')
      .execute(),
    db
      .selectFrom('after_sales as a')
      .select([
        sql<number>`count(*)::int4`.as('n'),
        sql<string | null>`min((select min(t.due_at) from timers t where t.kind = ${afterSaleTimerKind} and t.entity_id = a.id::text and t.fired_at is null and t.cancelled_at is null))`.as('due'),
      ])
      .where('a.seller_id', '=', sellerId)
      .where('a.status', 'in', [...sellerActsOn])
      .executeTakeFirstOrThrow(),
    unreadTotal(db, sellerId),
    shopTrust(db, sellerId),
  ]);
  const item = (count: number, due: string | Date | null): SellerTodayItem => ({ count, dueAt: due === null ? null : new Date(due).toISOString() });
  const tab = (name: string) => {
    const row = orders.find((r) => r.seller_tab === name);
    return item(row?.n ?? 0, row?.due ?? null);
  };
  return {
    toConfirm: tab('toConfirm'),
    toShip: tab('pendingShipment'),
    refunds: tab('refunds'),
    afterSales: item(cases.n, cases.due),
    unreadChats: item(unreadChats, null),
    performance,
  };
}
