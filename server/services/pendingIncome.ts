import { sql } from 'kysely';
import type { TimerHandler, Trx } from '../timers/timers';
import { cancelTimer, lockForTimer } from '../timers/timers';
import { Accounts, post } from './ledger';
import { incomeReleaseTimerKind, OrderLedgerKind, orderReference } from './orders';

/**
 * A seller's income from an order is pending (`pending:user:<id>`) from receipt until the order's
 * after-sale window has passed, or until its after-sale case has closed; then it moves to the seller's
 * balance (`user:<id>`), which is exactly what may be withdrawn. Refunds of after-sale cases come out of
 * the order's pending income (server/services/afterSales.ts). Each order's share of the pending account
 * is the sum of that account's rows carrying the order's reference.
 */
export async function orderPendingIncome(trx: Trx, orderId: bigint, sellerId: bigint): Promise<bigint> {
  const row = await trx
    .selectFrom('ledger_entries')
    .select(sql<bigint>`coalesce(sum(amount), 0)::int8`.as('total'))
    .where('account', '=', Accounts.pendingIncome(sellerId))
    .where('reference', '=', orderReference(orderId))
    .executeTakeFirstOrThrow();
  return row.total;
}

/**
 * Moves what is left of an order's pending income to the seller's balance (once; nothing left, nothing
 * moves), recorded as what happened: the after-sale window passed, or the order's case closed.
 */
export async function releaseOrderIncome(trx: Trx, orderId: bigint, sellerId: bigint, now: number, why: 'windowPassed' | 'caseClosed' = 'windowPassed'): Promise<void> {
  const left = await orderPendingIncome(trx, orderId, sellerId);
  if (left <= 0n) return;
  await post(trx, {
    kind: why === 'caseClosed' ? OrderLedgerKind.incomeReleasedCaseClosed : OrderLedgerKind.incomeReleased,
    reference: orderReference(orderId),
    postings: [
      { account: Accounts.pendingIncome(sellerId), amount: -left },
      { account: Accounts.user(sellerId), amount: left },
    ],
    at: new Date(now),
  });
}

/** A closed case releases the order's income at once; its window timer has nothing left to do. */
export async function releaseOnCaseClosed(trx: Trx, orderId: bigint, sellerId: bigint, now: number): Promise<void> {
  await cancelTimer(trx, { kind: incomeReleaseTimerKind, entityId: orderId.toString() }, new Date(now));
  await releaseOrderIncome(trx, orderId, sellerId, now, 'caseClosed');
}

/** The after-sale window passed: release the income, unless a case is open (its closing releases it). */
export const fireIncomeRelease: TimerHandler = async (trx, timer, now) => {
  const id = BigInt(timer.entity_id);
  const order = await lockForTimer(timer, trx.selectFrom('orders').select(['id', 'seller_id', 'status']).where('id', '=', id).forUpdate().skipLocked(), () => trx.selectFrom('orders').select('id').where('id', '=', id).executeTakeFirst());
  if (!order || order.status === 'afterSales') return;
  await releaseOrderIncome(trx, order.id, order.seller_id, now);
};
