import { afterSaleStatusLabelKey } from '../../src/domain/afterSaleStatus';
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { AnyEventObject } from 'xstate';
import { allowedEvents, type Party } from '../../machines/parties';
import { workOrderMachine } from '../../machines/workOrder.machine';
import { beforeFirstStep } from '../../src/domain/chartSteps';
import { workOrderStatusCode, type WorkOrderCategory, type WorkOrderState } from '../../src/domain/customerService';
import type { WorkOrderInput } from '../../src/domain/schemas/customerService';
import type { WorkOrderReplyView, WorkOrderView } from '../../src/domain/types/customerService';
import { applyEventWithActions, initial, restore, store } from '../charts/apply';
import { recordChartStep } from '../charts/steps';
import type { Db } from '../db/database';
import type { Deps } from '../deps';
import { ApiError } from '../http/envelope';
import type { UserRow } from '../http/env';
import type { Trx } from '../timers/timers';
import { isStaff } from './chat';
import { imageSigner, markPrivate, requireOwnImages } from './images';
import { publishLive } from '../live/live';

/**
 * Work orders (issue 15; SPEC 3 Work order, 5 "A work order needs an order number", 8 "Submission
 * Failed"). A work order is about one of its user's own orders; its status changes only through the
 * work-order chart, for the party the chart names (the user, or staff in the console).
 */

/**
 * The after-sale case status of each order, for the work order to show. ONE small function for the
 * lead to wire to issue 8's after-sale cases at merge (e.g. `after_sale_cases.status` by `order_id`).
 * Until then it reads the after-sale the order chart itself holds (machines/order.machine.ts).
 */
export async function afterSaleStatusOf(db: Db | Trx, orderIds: readonly bigint[]): Promise<Map<bigint, { status: string; labelKey: string }>> {
  const found = new Map<bigint, { status: string; labelKey: string }>();
  if (orderIds.length === 0) return found;
  // The order's latest after-sale case (issue 12): its chart state and SPEC label.
  const rows = await db.selectFrom('after_sales').select(['order_id', 'status']).where('order_id', 'in', [...orderIds]).orderBy('id', 'asc').execute();
  for (const r of rows) found.set(r.order_id, { status: r.status, labelKey: afterSaleStatusLabelKey(r.status) });
  return found;
}

function newWorkOrderNo(now: number): string {
  const d = new Date(now);
  const ymd = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
  return `WO${ymd}${crypto.randomInt(0, 1e8).toString().padStart(8, '0')}`;
}

/** The first step of a work order in chart_steps: filed by its user into the chart's initial state (the chart has no event for it). */
const workOrderFiled = 'FILE';

/** Files a work order about one of the caller's own orders (as its buyer or its seller); any other number is refused. */
export async function createWorkOrder(deps: Deps, user: UserRow, input: WorkOrderInput): Promise<bigint> {
  const { db } = deps;
  const order = await db
    .selectFrom('orders')
    .select(['id'])
    .where('order_no', '=', input.orderNo)
    .where((eb) => eb.or([eb('buyer_id', '=', user.id), eb('seller_id', '=', user.id)]))
    .executeTakeFirst();
  if (!order) throw new ApiError('notFound', { field: 'orderNo' }, null, 'messages.submissionFailed');
  await requireOwnImages(db, user.id, input.images, { field: 'images', message: 'messages.uploadFailed', code: 'notFound' });
  const now = new Date(deps.now());
  const chart = store(initial(workOrderMachine));
  const row = await db.transaction().execute(async (trx) => {
    // Its pictures become private (signed URLs only) in the same transaction that references them.
    await markPrivate(trx, input.images);
    const inserted = await trx
    .insertInto('work_orders')
    .values({
      work_order_no: newWorkOrderNo(deps.now()),
      user_id: user.id,
      order_id: order.id,
      category: input.category,
      description: input.description,
      images: JSON.stringify(input.images),
      status: String(chart.value),
      chart: JSON.stringify(chart),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
    await recordChartStep(trx, 'workOrder', inserted.id, { event: workOrderFiled, party: 'user', from: beforeFirstStep, to: String(chart.value), at: deps.now() });
    await publishLive(trx, [{ topic: 'workOrders', ref: inserted.id, people: [user.id], staff: true }]);
    return inserted;
  });
  return row.id;
}

/** A step of the work-order chart with a reply or a close, by the user (their own only) or staff. */
export async function actOnWorkOrder(deps: Deps, user: UserRow, id: bigint, party: Extract<Party, 'user' | 'staff'>, step: { type: 'REPLY'; body: string } | { type: 'CLOSE' }): Promise<void> {
  if (party === 'staff' && !isStaff(user)) throw new ApiError('forbidden');
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('work_orders').select(['id', 'user_id', 'chart']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row || (party === 'user' && row.user_id !== user.id)) throw new ApiError('notFound');
    const event: AnyEventObject = { type: step.type === 'CLOSE' ? 'CLOSE' : party === 'staff' ? 'STAFF_REPLY' : 'USER_REPLY' };
    const before = restore(workOrderMachine, row.chart);
    const { snapshot } = applyEventWithActions(workOrderMachine, before, event, party);
    const now = new Date(deps.now());
    await recordChartStep(trx, 'workOrder', id, { event: event.type, party, from: String(before.value), to: String(snapshot.value), at: deps.now() });
    await trx
      .updateTable('work_orders')
      .set({ status: String(snapshot.value), chart: JSON.stringify(store(snapshot)), updated_at: now, user_unread: party === 'staff' })
      .where('id', '=', id)
      .execute();
    if (step.type === 'REPLY') {
      await trx.insertInto('work_order_replies').values({ work_order_id: id, author_id: user.id, by_side: party, body: step.body, created_at: now }).execute();
    }
    await publishLive(trx, [{ topic: 'workOrders', ref: id, people: [row.user_id], staff: true }]);
  });
}

export interface WorkOrderFilter {
  ids?: bigint[];
  userId?: bigint;
  /** The console's queue: these statuses, the oldest first. */
  queue?: WorkOrderState[];
  page?: number;
  size?: number;
  withReplies?: boolean;
}

export async function workOrderViews(deps: Pick<Deps, 'db' | 'now' | 'config'>, filter: WorkOrderFilter, viewer: UserRow): Promise<WorkOrderView[]> {
  const { db } = deps;
  let q = db
    .selectFrom('work_orders as w')
    .innerJoin('orders as o', 'o.id', 'w.order_id')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .selectAll('w')
    .select(['o.order_no', 'u.nickname as user_name']);
  if (filter.ids) q = q.where('w.id', 'in', filter.ids.length ? filter.ids : [0n]);
  if (filter.userId !== undefined) q = q.where('w.user_id', '=', filter.userId);
  if (filter.queue) q = q.where('w.status', 'in', filter.queue).orderBy('w.created_at', 'asc').orderBy('w.id', 'asc');
  else q = q.orderBy('w.id', 'desc');
  const size = filter.size ?? 20;
  const rows = await q.limit(size).offset(((filter.page ?? 1) - 1) * size).execute();
  if (rows.length === 0) return [];
  const sign = await imageSigner(deps);
  const replies = filter.withReplies
    ? await db
        .selectFrom('work_order_replies as r')
        .innerJoin('users as a', 'a.id', 'r.author_id')
        .select(['r.id', 'r.work_order_id', 'r.by_side', 'r.body', 'r.created_at', 'a.nickname'])
        .where('r.work_order_id', 'in', rows.map((r) => r.id))
        .orderBy('r.id', 'asc')
        .execute()
    : [];
  const afterSales = await afterSaleStatusOf(db, rows.map((r) => r.order_id));
  const party: Party = isStaff(viewer) && rows.every((r) => r.user_id !== viewer.id) ? 'staff' : 'user';
  return rows.map((r) => ({
    id: r.id.toString(),
    workOrderNo: r.work_order_no,
    orderId: r.order_id.toString(),
    orderNo: r.order_no,
    category: r.category as WorkOrderCategory,
    description: r.description,
    imageUrls: r.images.map((id) => sign(id).card),
    status: r.status as WorkOrderState,
    statusCode: workOrderStatusCode(r.status) ?? 0,
    userId: r.user_id.toString(),
    userName: r.user_name,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    afterSale: afterSales.get(r.order_id) ?? null,
    unread: r.user_unread,
    replies: replies
      .filter((x) => x.work_order_id === r.id)
      .map((x): WorkOrderReplyView => ({ id: x.id.toString(), by: x.by_side, authorName: x.nickname, body: x.body, createdAt: x.created_at.toISOString() })),
    allowed: allowedEvents(restore(workOrderMachine, r.chart), party),
  }));
}

/** Work orders staff answered or closed since their user last opened them. */
export async function unreadWorkOrders(db: Db, userId: bigint): Promise<number> {
  const row = await db.selectFrom('work_orders').select(sql<number>`count(*)::int4`.as('n')).where('user_id', '=', userId).where('user_unread', '=', true).executeTakeFirstOrThrow();
  return row.n;
}

export async function markWorkOrderSeen(db: Db, id: bigint): Promise<void> {
  await db.updateTable('work_orders').set({ user_unread: false }).where('id', '=', id).where('user_unread', '=', true).execute();
}
