import { Durations } from '../../src/domain/constants';
import { windowOf, type TimerRow, type Trx } from '../timers/timers';

/** How long an order's expiry waits for a payment in flight, at most, and how often it looks again. */
export const InFlightPayment = {
  recheckMs: Durations.minute,
  waitAtMostMs: Durations.day,
} as const;

/**
 * An unpaid order's expiry while its coin payment is in flight at the platform (approved, its id kept,
 * not completed or cancelled yet): the expiry is put off and looked at again a minute later, until the
 * payment settles (the reconciler completes or cancels it). Answers whether it was put off.
 */
export async function postponeWhilePaying(trx: Trx, timer: TimerRow, now: number): Promise<boolean> {
  if (windowOf(timer.event) !== 'unpaidWindow') return false;
  const inFlight = await trx
    .selectFrom('payment_orders as po')
    .innerJoin('payments as p', 'p.id', 'po.payment_ref')
    .select('p.id')
    .where('po.order_id', '=', BigInt(timer.entity_id))
    .where('p.method', '=', 'coin')
    .where('p.status', '=', 'approved')
    .where('p.payment_id', 'is not', null)
    .where('p.updated_at', '>', new Date(now - InFlightPayment.waitAtMostMs))
    .executeTakeFirst();
  if (!inFlight) return false;
  await trx
    .insertInto('timers')
    .values({ kind: timer.kind, entity_id: timer.entity_id, name: timer.name, event: timer.event, due_at: new Date(now + InFlightPayment.recheckMs), fired_at: null, cancelled_at: null, last_error: null })
    .execute();
  return true;
}
