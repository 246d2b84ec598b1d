import { getNextTransitions, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { orderMachine, stockReturningStates } from '../../machines/order.machine';
import { formatMoney } from '../../src/domain/money';
import { orderStatusCode } from '../../src/domain/orderStatus';
import type { OrderView } from '../../src/domain/types/commerce';
import { allowedEvents, applyEvent, restore, store, transitionsFor, type Party } from '../charts/apply';
import type { Db } from '../db/database';
import { ApiError } from '../http/envelope';
import { cancelTimer, scheduleTimer, type TimerHandler, type Trx } from '../timers/timers';

/**
 * Orders change only through the order chart: load the row locked, apply the event for the party,
 * persist `status` + `chart` in the same transaction, then bring the durable timers in line with the
 * new state (the chart's named delays) and run the effects of entering a state (stock returns).
 */
export const orderTimerKind = 'order';

/** The top-level state name stored in `orders.status` (issue 6 may nest states below it). */
export function statusOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') return Object.keys(value)[0] ?? 'unknown';
  return 'unknown';
}

function delayMs(name: string): number {
  const delays = (orderMachine.implementations.delays ?? {}) as Record<string, unknown>;
  const d = delays[name];
  return typeof d === 'number' ? d : Number(name);
}

/** Cancels the record's pending timers and schedules one per delayed transition of the state it is now in. */
export async function syncOrderTimers(trx: Trx, orderId: bigint, snapshot: AnyMachineSnapshot, now: number): Promise<void> {
  const entityId = orderId.toString();
  await cancelTimer(trx, { kind: orderTimerKind, entityId }, new Date(now));
  for (const t of getNextTransitions(snapshot)) {
    const m = /^xstate\.after\.([^.]+)\./.exec(t.eventType);
    if (!m?.[1]) continue;
    const ms = delayMs(m[1]);
    if (!Number.isFinite(ms)) continue;
    await scheduleTimer(trx, { kind: orderTimerKind, entityId, name: m[1], event: t.eventType, dueAt: new Date(now + ms) });
  }
}

/** Returns the reserved stock of an order's items to their SKUs. */
async function returnStock(trx: Trx, orderId: bigint): Promise<void> {
  const items = await trx.selectFrom('order_items').select(['sku_id', 'quantity']).where('order_id', '=', orderId).orderBy('sku_id').execute();
  for (const item of items) {
    await trx.updateTable('product_skus').set((eb) => ({ stock: eb('stock', '+', item.quantity) })).where('id', '=', item.sku_id).execute();
  }
}

export interface AppliedOrder {
  before: string;
  after: string;
  snapshot: AnyMachineSnapshot;
}

/** Applies one event to one order inside `trx` (the row locked FOR UPDATE). */
export async function applyOrderEvent(trx: Trx, orderId: bigint, event: AnyEventObject, party: Party, now: number): Promise<AppliedOrder> {
  const row = await trx.selectFrom('orders').select(['id', 'status', 'chart']).where('id', '=', orderId).forUpdate().executeTakeFirst();
  if (!row) throw new ApiError('notFound');
  const current = restore(orderMachine, row.chart);
  const next = applyEvent(orderMachine, current, event, party);
  const before = statusOf(current.value);
  const after = statusOf(next.value);
  await trx.updateTable('orders').set({ status: after, chart: JSON.stringify(store(next)) }).where('id', '=', orderId).execute();
  if (JSON.stringify(current.value) !== JSON.stringify(next.value)) {
    await syncOrderTimers(trx, orderId, next, now);
    if (before === 'unpaid' && stockReturningStates.includes(after)) await returnStock(trx, orderId);
  }
  return { before, after, snapshot: next };
}

/** Whether the order chart would take this event now, for this party (without changing anything). */
export function orderCan(chart: { value: unknown; context: unknown }, event: AnyEventObject): boolean {
  return transitionsFor(orderMachine, restore(orderMachine, chart), event).length > 0;
}

/** The durable timer handler: a named delay of the order chart fell due. */
export const fireOrderTimer: TimerHandler = async (trx, timer, now) => {
  const row = await trx.selectFrom('orders').select(['chart']).where('id', '=', BigInt(timer.entity_id)).executeTakeFirst();
  if (!row || !orderCan(row.chart, { type: timer.event })) return; // the order moved on first: nothing to do
  await applyOrderEvent(trx, BigInt(timer.entity_id), { type: timer.event }, 'system', now);
};

/** The orders as the viewer sees them, with what the viewer may do now. */
export async function orderViews(db: Db | Trx, where: { ids?: bigint[]; buyerId?: bigint; checkoutId?: bigint; status?: string; page?: number; size?: number }, viewerId: bigint): Promise<OrderView[]> {
  let q = db.selectFrom('orders as o').innerJoin('users as s', 's.id', 'o.seller_id').selectAll('o').select(['s.nickname as seller_name']);
  if (where.ids) {
    if (where.ids.length === 0) return [];
    q = q.where('o.id', 'in', where.ids);
  }
  if (where.buyerId !== undefined) q = q.where('o.buyer_id', '=', where.buyerId);
  if (where.checkoutId !== undefined) q = q.where('o.checkout_id', '=', where.checkoutId);
  if (where.status) q = q.where('o.status', '=', where.status);
  q = q.orderBy('o.created_at', 'desc').orderBy('o.id', 'asc');
  if (where.size) q = q.limit(where.size).offset(((where.page ?? 1) - 1) * where.size);
  const rows = await q.execute();
  if (rows.length === 0) return [];
  const items = await db.selectFrom('order_items').selectAll().where('order_id', 'in', rows.map((r) => r.id)).orderBy('id').execute();
  return rows.map((o) => {
    const party: Party = o.buyer_id === viewerId ? 'buyer' : 'seller';
    const snapshot = restore(orderMachine, o.chart);
    return {
      id: o.id.toString(),
      orderNo: o.order_no,
      status: o.status,
      statusCode: orderStatusCode(o.status),
      sellerId: o.seller_id.toString(),
      sellerName: o.seller_name,
      buyerId: o.buyer_id.toString(),
      goodsAmount: formatMoney(o.goods_amount),
      shippingAmount: formatMoney(o.shipping_amount),
      totalAmount: formatMoney(o.total_amount),
      handlingFee: formatMoney(o.handling_fee),
      paidAmount: formatMoney(o.paid_amount),
      paymentMethod: o.payment_method,
      createdAt: o.created_at.toISOString(),
      paidAt: o.paid_at ? o.paid_at.toISOString() : null,
      expiresAt: o.expires_at.toISOString(),
      delivery: { name: o.delivery.name, phone: o.delivery.phone, region: o.delivery.region, detail: [o.delivery.street, o.delivery.buildingNumber, o.delivery.detail].filter(Boolean).join(', ') },
      items: items
        .filter((i) => i.order_id === o.id)
        .map((i) => ({
          productId: i.product_id.toString(),
          skuId: i.sku_id.toString(),
          title: i.title,
          specification: i.specification,
          colour: i.colour,
          quantity: i.quantity,
          unitPrice: formatMoney(i.unit_price),
          shippingFee: formatMoney(i.shipping_fee),
        })),
      can: allowedEvents(snapshot, party),
    };
  });
}
