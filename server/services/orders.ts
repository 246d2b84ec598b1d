import { sql } from 'kysely';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { orderEffects, orderMachine, orderRefusalMessage, orderShippingEvents, orderStatusOf, orderWindows, type OrderContext, type OrderEffect } from '../../machines/order.machine';
import { allowedEvents, type Party } from '../../machines/parties';
import { formatMoney } from '../../src/domain/money';
import { escrowStages, stageOf } from '../../src/domain/orderRules';
import { orderStatusCode } from '../../src/domain/orderStatus';
import type { OrderHistoryEntry, OrderMoneySummary, OrderView } from '../../src/domain/types/commerce';
import { applyEventWithActions, restore, store, transitionsFor } from '../charts/apply';
import type { Db } from '../db/database';
import { ApiError } from '../http/envelope';
import { lockForTimer, scheduleTimer, syncChartTimers, windowOf, type TimerHandler, type Trx } from '../timers/timers';
import { addHeldMove, registerHeldKind } from '../db/heldMoves';
import { Durations } from '../../src/domain/constants';
import { accountBalance, Accounts, post, type Posting } from './ledger';
import { postponeWhilePaying } from './paymentsInFlight';
import { publishLive } from '../live/live';
import { recordChartStep } from '../charts/steps';
import { trustAfterOrderStep } from './trust';

/**
 * Orders change only through the order chart (machines/order.machine.ts). To apply an event the
 * server locks the order row, asks the chart (for this party), persists status, stage and snapshot,
 * writes the change to order_events, flags it unread for the other side, brings the durable timers
 * in line with the new state (one per named delay), and carries out the chart's named effects
 * (refundBuyer, payOutSeller, returnStock…) — all in the caller's one database transaction, so a
 * failed step leaves the order, the stock and the ledger as they were.
 */
export const orderTimerKind = 'order';
/** The timer that releases an order's pending income when its after-sale window has passed. */
export const incomeReleaseTimerKind = 'incomeRelease';

/** The top-level state name stored in `orders.status`. */
export const statusOf = orderStatusOf;

/** Ledger rows of an order's own movements carry `order:<id>` as their reference. */
const orderReferencePrefix = 'order:';

export function orderReference(orderId: bigint): string {
  return `${orderReferencePrefix}${orderId.toString()}`;
}

/** The ledger kinds of the order chart's money effects. */
export const OrderLedgerKind = {
  refund: 'orderRefund',
  income: 'orderIncome',
  afterSaleRefund: 'afterSaleRefund',
  incomeReleased: 'incomeReleased',
  incomeReleasedCaseClosed: 'incomeReleasedCaseClosed',
} as const;

export { windowOf };

/** Cancels the record's pending timers and schedules one per delayed transition of the state it is now in. */
export async function syncOrderTimers(trx: Trx, orderId: bigint, snapshot: AnyMachineSnapshot, now: number, created = false): Promise<void> {
  await syncChartTimers(trx, orderTimerKind, orderId.toString(), snapshot, orderWindows, now, created);
}

/** Writes one line of an order's history. */
export async function recordOrderEvent(trx: Trx, orderId: bigint, entry: { event: string; party: Party; from: string; to: string; at: number }): Promise<void> {
  await trx
    .insertInto('order_events')
    .values({ order_id: orderId, event: entry.event, party: entry.party, from_stage: entry.from, to_stage: entry.to, created_at: new Date(entry.at) })
    .execute();
  await recordChartStep(trx, 'order', orderId, entry);
}

// ---------------------------------------------------------------- effects

interface OrderRow {
  id: bigint;
  buyer_id: bigint;
  seller_id: bigint;
  handling_fee: bigint;
  paid_amount: bigint;
}

type Effect = (trx: Trx, order: OrderRow, event: AnyEventObject, now: number) => Promise<void>;

/** Returns the reserved stock of an order's items to their SKUs (held to the end of a timer batch: server/db/heldMoves.ts). */
async function returnStock(trx: Trx, order: OrderRow): Promise<void> {
  const items = await trx.selectFrom('order_items').select(['sku_id', 'quantity']).where('order_id', '=', order.id).orderBy('sku_id').execute();
  if (items.every((item) => addHeldMove(trx, 'stock', stockKey(item.sku_id), BigInt(item.quantity)))) return;
  for (const item of items) {
    await trx.updateTable('product_skus').set((eb) => ({ stock: eb('stock', '+', item.quantity) })).where('id', '=', item.sku_id).execute();
  }
}

/** SKU ids as held-move keys, zero-padded so that key order is id order. */
const stockKey = (skuId: bigint) => skuId.toString().padStart(20, '0');

// A batch's held stock returns: the SKU rows locked in id order, then one update.
registerHeldKind('stock', async (trx, moves) => {
  const ids = moves.map(([key]) => BigInt(key));
  await trx.selectFrom('product_skus').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
  await sql`update product_skus s set stock = s.stock + v.quantity::int
    from (select unnest(${moves.map(([key]) => key)}::int8[]) as id, unnest(${moves.map(([, amount]) => amount.toString())}::int8[]) as quantity) v
    where s.id = v.id`.execute(trx);
});

/** What the buyer paid for the order goes back from its escrow to the buyer's balance. */
async function refundBuyer(trx: Trx, order: OrderRow, _event: AnyEventObject, now: number): Promise<void> {
  const held = await accountBalance(trx, Accounts.orderEscrow(order.id));
  if (held <= 0n) return;
  await post(trx, {
    kind: OrderLedgerKind.refund,
    reference: orderReference(order.id),
    postings: [
      { account: Accounts.orderEscrow(order.id), amount: -held },
      { account: Accounts.user(order.buyer_id), amount: held },
    ],
    at: new Date(now),
  });
}

/**
 * The order is received: the seller's income (the amount less the handling fee) goes to the seller's
 * PENDING income, the platform takes the fee; a durable timer moves the income to the seller's balance
 * once the order's after-sale window (counted from receipt) has passed (server/services/pendingIncome.ts).
 */
async function payOutSeller(trx: Trx, order: OrderRow, _event: AnyEventObject, now: number): Promise<void> {
  const held = await accountBalance(trx, Accounts.orderEscrow(order.id));
  if (held <= 0n) return;
  const fee = order.handling_fee < held ? order.handling_fee : held;
  const postings: Posting[] = [
    { account: Accounts.orderEscrow(order.id), amount: -held },
    { account: Accounts.pendingIncome(order.seller_id), amount: held - fee },
  ];
  if (fee > 0n) postings.push({ account: Accounts.fees, amount: fee });
  await post(trx, { kind: OrderLedgerKind.income, reference: orderReference(order.id), postings: postings.filter((p) => p.amount !== 0n), at: new Date(now) });
  await scheduleTimer(trx, { kind: incomeReleaseTimerKind, entityId: order.id.toString(), name: 'afterSaleWindow', event: 'release', dueAt: new Date(now + Durations.afterSaleWindow) });
}

/** The buyer's rating comment appears on each product of the order (once; not where the seller blocked the buyer). */
async function publishRating(trx: Trx, order: OrderRow, event: AnyEventObject, now: number): Promise<void> {
  if (event.type !== 'RATE') return;
  const rating = event as AnyEventObject & { score: number; comment: string; anonymous: boolean };
  if (!rating.comment.trim()) return;
  const blocked = await trx.selectFrom('seller_blocks').select('user_id').where('seller_id', '=', order.seller_id).where('user_id', '=', order.buyer_id).executeTakeFirst();
  if (blocked) return;
  const products = await trx.selectFrom('order_items').select('product_id').distinct().where('order_id', '=', order.id).execute();
  for (const p of products) {
    await trx
      .insertInto('product_comments')
      .values({ product_id: p.product_id, user_id: order.buyer_id, rating: rating.score, content: rating.comment.trim(), anonymous: rating.anonymous, order_id: order.id, created_at: new Date(now) })
      .onConflict((oc) => oc.columns(['order_id', 'product_id']).where('order_id', 'is not', null).doNothing())
      .execute();
  }
}

const effects: Record<OrderEffect, Effect> = { returnStock, refundBuyer, payOutSeller, publishRating };

function isEffect(type: string): type is OrderEffect {
  return (orderEffects as readonly string[]).includes(type);
}

// ---------------------------------------------------------------- applying the chart

export interface AppliedOrder {
  before: string;
  after: string;
  snapshot: AnyMachineSnapshot;
}

/** A step a guard refused gets the chart's reason in the product's words, where it has one. */
function refusalInWords<T>(current: AnyMachineSnapshot, apply: () => T): T {
  try {
    return apply();
  } catch (error) {
    const guard = error instanceof ApiError ? error.params.guard : undefined;
    const key = guard ? orderRefusalMessage(guard, current.context as OrderContext) : null;
    if (error instanceof ApiError && key) throw new ApiError(error.codeName, error.params, error.object, key);
    throw error;
  }
}

/** Applies one event to one order inside `trx` (the row locked FOR UPDATE). */
export async function applyOrderEvent(trx: Trx, orderId: bigint, event: AnyEventObject, party: Party, now: number): Promise<AppliedOrder> {
  const row = await lockOrder(trx, orderId);
  if (!row) throw new ApiError('notFound');
  return applyToLockedOrder(trx, row, event, party, now);
}

/** The order row as applying an event needs it, locked FOR UPDATE (until the transaction ends). */
function orderForUpdate(trx: Trx, orderId: bigint) {
  return trx
    .selectFrom('orders')
    .select(['id', 'status', 'stage', 'chart', 'buyer_id', 'seller_id', 'handling_fee', 'paid_amount', 'paid_at'])
    .where('id', '=', orderId)
    .forUpdate();
}
function lockOrder(trx: Trx, orderId: bigint) {
  return orderForUpdate(trx, orderId).executeTakeFirst();
}

async function applyToLockedOrder(trx: Trx, row: OrderRow & { paid_at: Date | null; chart: { value: unknown; context: unknown } }, event: AnyEventObject, party: Party, now: number): Promise<AppliedOrder> {
  const orderId = row.id;
  const current = restore(orderMachine, row.chart);
  const { snapshot: next, actions } = refusalInWords(current, () => applyEventWithActions(orderMachine, current, event, party));
  const before = stageOf(current.value);
  const after = stageOf(next.value);
  const otherSideSees = party === 'buyer' || party === 'server' ? { seller_unread: true } : party === 'seller' ? { buyer_unread: true } : { buyer_unread: true, seller_unread: true };
  await trx
    .updateTable('orders')
    .set({ status: statusOf(next.value), stage: after, chart: JSON.stringify(store(next)), updated_at: new Date(now), ...otherSideSees })
    .where('id', '=', orderId)
    .execute();
  await recordOrderEvent(trx, orderId, { event: windowOf(event.type) ?? event.type, party, from: before, to: after, at: now });
  await publishLive(trx, [{ topic: 'orders', ref: orderId, people: [row.buyer_id, row.seller_id] }]);
  if (JSON.stringify(current.value) !== JSON.stringify(next.value)) await syncOrderTimers(trx, orderId, next, now);
  for (const action of actions) {
    if (isEffect(action.type)) await effects[action.type](trx, row, event, now);
  }
  // The trust figures this step moves (sold, ratings, shipped on time), in the step's transaction.
  const score: unknown = event.type === 'RATE' ? (event as AnyEventObject & { score?: unknown }).score : undefined;
  await trustAfterOrderStep(trx, row, { type: event.type, score, before: statusOf(current.value), after: statusOf(next.value) }, now);
  return { before: statusOf(current.value), after: statusOf(next.value), snapshot: next };
}

/** Whether the order chart would take this event now (whoever asks). */
export function orderCan(chart: { value: unknown; context: unknown }, event: AnyEventObject): boolean {
  return transitionsFor(orderMachine, restore(orderMachine, chart), event).length > 0;
}

/** The durable timer handler: a named delay of the order chart fell due. */
export const fireOrderTimer: TimerHandler = async (trx, timer, now) => {
  const id = BigInt(timer.entity_id);
  const row = await lockForTimer(timer, orderForUpdate(trx, id).skipLocked(), () => trx.selectFrom('orders').select('id').where('id', '=', id).executeTakeFirst());
  if (!row || !orderCan(row.chart, { type: timer.event })) return; // the order moved on first: nothing to do
  if (await postponeWhilePaying(trx, timer, now)) return; // its coin payment is in flight: it expires only once that settles
  await applyToLockedOrder(trx, row, { type: timer.event }, 'system', now);
};

// ---------------------------------------------------------------- reading

export interface OrderFilter {
  ids?: bigint[];
  buyerId?: bigint;
  sellerId?: bigint;
  checkoutId?: bigint;
  status?: string;
  /** A tab of the buyer's list (buyerOrderTabs, not 'all'): its maintained column `buyer_tab`, one index with the order. */
  buyerTab?: string;
  /** A tab of the seller's list (sellerOrderTabs, not 'all'): its maintained column `seller_tab`. */
  sellerTab?: string;
  page?: number;
  size?: number;
  /** Keyset paging: the orders after this one (an order of the buyer or seller filtered on) in the list's order; `page` is then not used. */
  after?: bigint;
  oldestFirst?: boolean;
  withHistory?: boolean;
}

/** A keyset cursor must be an order of the list it pages (the caller's as buyer or seller): otherwise 4004. */
async function ownOrder(db: Db | Trx, orderId: bigint, where: OrderFilter): Promise<void> {
  let q = db.selectFrom('orders').select('id').where('id', '=', orderId);
  if (where.buyerId !== undefined) q = q.where('buyer_id', '=', where.buyerId);
  if (where.sellerId !== undefined) q = q.where('seller_id', '=', where.sellerId);
  if (where.buyerId === undefined && where.sellerId === undefined) throw new ApiError('notFound');
  if (!(await q.executeTakeFirst())) throw new ApiError('notFound');
}

/** An order line as the list statement reads it (JSON: ids and amounts as text). */
interface OrderLineJson {
  product_id: string;
  sku_id: string;
  title: string;
  specification: string;
  colour: string;
  quantity: number;
  unit_price: string;
  shipping_fee: string;
  image_id: string | null;
}


/** The orders as the viewer sees them, with what the viewer may do now. */
export async function orderViews(db: Db | Trx, where: OrderFilter, viewerId: bigint): Promise<OrderView[]> {
  // One statement for the page: each order with its lines (and each line's product's first picture), its nearest
  // open deadline and its last shipping time, read per order from their indexes. A list is the hottest signed
  // read of the seller centre: four round trips a page (and four pool connections at once) cost more than the rows.
  let q = db
    .selectFrom('orders as o')
    .innerJoin('users as s', 's.id', 'o.seller_id')
    .innerJoin('users as b', 'b.id', 'o.buyer_id')
    .selectAll('o')
    .select(['s.nickname as seller_name', 'b.nickname as buyer_name'])
    .select([
      sql<OrderLineJson[]>`coalesce((select json_agg(json_build_object('product_id', i.product_id::text, 'sku_id', i.sku_id::text, 'title', i.title,
        'specification', i.specification, 'colour', i.colour, 'quantity', i.quantity, 'unit_price', i.unit_price::text,
        'shipping_fee', i.shipping_fee::text, 'image_id', im.image_id) order by i.id)
        from order_items i left join product_images im on im.product_id = i.product_id and im.position = 0
        where i.order_id = o.id), '[]'::json)`.as('lines'),
      sql<{ name: string; at: number } | null>`(select json_build_object('name', t.name, 'at', floor(extract(epoch from t.due_at) * 1000)::int8)
        from timers t where t.kind = ${orderTimerKind} and t.entity_id = o.id::text and t.fired_at is null and t.cancelled_at is null
        order by t.due_at limit 1)`.as('deadline'),
      sql<Date | null>`(select max(e.created_at) from order_events e where e.order_id = o.id and e.event in (${sql.join(orderShippingEvents.map((e) => sql.lit(e)))}))`.as('shipped_at'),
    ]);
  if (where.ids) {
    if (where.ids.length === 0) return [];
    q = q.where('o.id', 'in', where.ids);
  }
  if (where.buyerId !== undefined) q = q.where('o.buyer_id', '=', where.buyerId);
  if (where.sellerId !== undefined) q = q.where('o.seller_id', '=', where.sellerId);
  if (where.checkoutId !== undefined) q = q.where('o.checkout_id', '=', where.checkoutId);
  if (where.status) q = q.where('o.status', '=', where.status);
  if (where.buyerTab !== undefined) q = q.where('o.buyer_tab', '=', where.buyerTab);
  if (where.sellerTab !== undefined) q = q.where('o.seller_tab', '=', where.sellerTab);
  const after = where.after;
  if (after !== undefined) {
    // After an order in the list's order (created_at, then id), read from the order itself in the database
    // (its timestamp to the microsecond); an order that is not in the caller's list gives no rows (checked below).
    const at = sql<Date>`(select a.created_at from orders a where a.id = ${after})`;
    q = where.oldestFirst
      ? q.where(sql<boolean>`(o.created_at, o.id) > (${at}, ${after})`)
      : q.where(sql<boolean>`o.created_at <= ${at} and (o.created_at < ${at} or o.id > ${after})`);
  }
  q = where.oldestFirst ? q.orderBy('o.created_at', 'asc').orderBy('o.id', 'asc') : q.orderBy('o.created_at', 'desc').orderBy('o.id', 'asc');
  if (where.size) q = q.limit(where.size).offset(after === undefined ? ((where.page ?? 1) - 1) * where.size : 0);
  const rows = await q.execute();
  if (rows.length === 0) {
    if (after !== undefined) await ownOrder(db, after, where);
    return [];
  }
  const history = where.withHistory ? await db.selectFrom('order_events').selectAll().where('order_id', 'in', rows.map((r) => r.id)).orderBy('id').execute() : [];
  return rows.map((o) => {
    const viewer: 'buyer' | 'seller' = o.buyer_id === viewerId ? 'buyer' : 'seller';
    const snapshot = restore(orderMachine, o.chart);
    const context = snapshot.context as OrderContext;
    const own = o.lines;
    const imageId = own[0]?.image_id ?? null;
    const deadline = o.deadline;
    const lines: OrderHistoryEntry[] = history
      .filter((h) => h.order_id === o.id)
      .map((h) => ({ event: h.event, by: h.party, from: h.from_stage, to: h.to_stage, at: h.created_at.toISOString() }));
    return {
      id: o.id.toString(),
      orderNo: o.order_no,
      status: o.status,
      statusCode: orderStatusCode(o.status),
      stage: o.stage,
      viewer,
      sellerId: o.seller_id.toString(),
      sellerName: o.seller_name,
      buyerId: o.buyer_id.toString(),
      buyerName: o.buyer_name,
      goodsAmount: formatMoney(o.goods_amount),
      shippingAmount: formatMoney(o.shipping_amount),
      totalAmount: formatMoney(o.total_amount),
      handlingFee: formatMoney(o.handling_fee),
      sellerIncome: formatMoney(o.total_amount - o.handling_fee),
      paidAmount: formatMoney(o.paid_amount),
      paymentMethod: o.payment_method,
      createdAt: o.created_at.toISOString(),
      paidAt: o.paid_at ? o.paid_at.toISOString() : null,
      expiresAt: o.expires_at.toISOString(),
      comments: o.comments,
      delivery: {
        name: o.delivery.name,
        phone: o.delivery.phone,
        region: o.delivery.region,
        detail: [o.delivery.street, o.delivery.buildingNumber, o.delivery.detail].filter(Boolean).join(', '),
        // The buyer's e-mail is for the seller of a paid order only.
        email: viewer === 'seller' && o.paid_at !== null ? (o.delivery.email ?? null) : null,
      },
      items: own.map((i) => ({
        productId: i.product_id,
        skuId: i.sku_id,
        title: i.title,
        specification: i.specification,
        colour: i.colour,
        quantity: i.quantity,
        unitPrice: formatMoney(BigInt(i.unit_price)),
        shippingFee: formatMoney(BigInt(i.shipping_fee)),
      })),
      image: imageId ? `/media/${imageId}-thumb.webp` : null,
      chart: store(snapshot),
      can: allowedEvents(snapshot, viewer),
      shipment: context.shipment ? { ...context.shipment, at: o.shipped_at ? new Date(o.shipped_at).toISOString() : null } : null,
      cancel: context.cancel,
      refund: context.refund,
      buyerRating: context.buyerRating,
      sellerRating: context.sellerRating,
      afterSale: context.afterSale,
      deadline: deadline ? { name: deadline.name, at: new Date(Number(deadline.at)).toISOString() } : null,
      unread: viewer === 'buyer' ? o.buyer_unread : o.seller_unread,
      history: lines,
    };
  });
}

/** Reading an order clears the viewer's unread flag. */
export async function markSeen(db: Db, orderId: bigint, viewer: 'buyer' | 'seller'): Promise<void> {
  await db
    .updateTable('orders')
    .set(viewer === 'buyer' ? { buyer_unread: false } : { seller_unread: false })
    .where('id', '=', orderId)
    .execute();
}

/** getOrderMoneySummary: what a seller's orders hold, paid out, cost in fees and gave back. */
export async function orderMoneySummary(db: Db, sellerId: bigint): Promise<OrderMoneySummary> {
  const held = await db
    .selectFrom('orders')
    .select([sql<bigint>`coalesce(sum(total_amount - handling_fee), 0)::int8`.as('amount'), sql<number>`count(*)::int4`.as('n')])
    .where('seller_id', '=', sellerId)
    .where('stage', 'in', [...escrowStages])
    .executeTakeFirstOrThrow();
  const { income, refund, afterSaleRefund } = OrderLedgerKind;
  const moved = await db
    .selectFrom('ledger_entries as l')
    .innerJoin('orders as o', (j) => j.on(sql<boolean>`l.reference = ${orderReferencePrefix} || o.id::text`))
    .select([
      sql<bigint>`coalesce(sum(l.amount) filter (where l.kind = ${income} and l.account in (${Accounts.user(sellerId)}, ${Accounts.pendingIncome(sellerId)})), 0)::int8`.as('received'),
      sql<number>`count(distinct o.id) filter (where l.kind = ${income})::int4`.as('completed'),
      sql<bigint>`coalesce(sum(l.amount) filter (where l.kind = ${income} and l.account = ${Accounts.fees}), 0)::int8`.as('fees'),
      sql<bigint>`coalesce(sum(l.amount) filter (where l.kind in (${refund}, ${afterSaleRefund}) and l.account like 'user:%' and l.amount > 0), 0)::int8`.as('refunded'),
    ])
    .where('o.seller_id', '=', sellerId)
    .executeTakeFirstOrThrow();
  const pendingIncome = await accountBalance(db, Accounts.pendingIncome(sellerId));
  const available = await accountBalance(db, Accounts.user(sellerId));
  const withdrawn = await db
    .selectFrom('withdrawals')
    .select(sql<bigint>`coalesce(sum(amount), 0)::int8`.as('amount'))
    .where('user_id', '=', sellerId)
    .where('status', '=', 'success')
    .executeTakeFirstOrThrow();
  return {
    notYetAvailable: formatMoney(held.amount + pendingIncome),
    withdrawn: formatMoney(withdrawn.amount),
    pendingIncome: formatMoney(pendingIncome),
    available: formatMoney(available),
    pending: formatMoney(held.amount),
    pendingOrders: held.n,
    received: formatMoney(moved.received),
    completedOrders: moved.completed,
    handlingFees: formatMoney(moved.fees),
    refunded: formatMoney(moved.refunded),
  };
}
