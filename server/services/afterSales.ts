import { sql } from 'kysely';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import {
  afterSaleEffects,
  afterSaleMachine,
  afterSaleRefusalMessage,
  afterSaleStatusOf,
  afterSaleWindows,
  type AfterSaleContext,
  type AfterSaleEffect,
  type AfterSaleParty,
  type ReturnAddress,
} from '../../machines/afterSale.machine';
import { allowedEvents } from '../../machines/parties';
import { refundSplit } from '../../src/domain/afterSaleRules';
import { afterSaleStatusCode } from '../../src/domain/afterSaleStatus';
import { Durations } from '../../src/domain/constants';
import { formatMoney, parseMoney } from '../../src/domain/money';
import type { AfterSaleApplyInput } from '../../src/domain/schemas/afterSale';
import type { AfterSaleView, EvidenceImage } from '../../src/domain/types/afterSale';
import { applyEventWithActions, initial, restore, store } from '../charts/apply';
import { recordChartStep } from '../charts/steps';
import type { Db } from '../db/database';
import type { Deps } from '../deps';
import { ApiError } from '../http/envelope';
import { lockForTimer, syncChartTimers, windowOf, type TimerHandler, type Trx } from '../timers/timers';
import { imageSigner, imageUrls, markPrivate, requireOwnImages } from './images';
import { Accounts, lockAccount, post, type Posting } from './ledger';
import { applyOrderEvent, OrderLedgerKind, orderReference } from './orders';
import { orderPendingIncome, releaseOnCaseClosed } from './pendingIncome';
import { publishLive } from '../live/live';

/**
 * After-sale cases change only through their chart (machines/afterSale.machine.ts). The buyer's
 * application opens a case and hands the order over to it (the order shows code 12 until the case
 * closes). Each step locks the case, asks the chart for the caller's party, persists the snapshot,
 * writes the case's history (who, what, when, with the step's details), brings the case's durable
 * deadlines in line, and carries out the chart's effects — the refund through the ledger, out of the
 * seller's pending income, and the order's hand-back — all in the caller's one database transaction.
 */
export const afterSaleTimerKind = 'afterSale';

type Db0 = Db | Trx;

interface CaseRow {
  id: bigint;
  order_id: bigint;
  buyer_id: bigint;
  seller_id: bigint;
  chart: { value: unknown; context: unknown };
}

// ---------------------------------------------------------------- evidence

/**
 * The evidence must be images the caller uploaded (through the project's image storage: resized, WebP,
 * size-limited, one per content). ONE function, so a shared owned-upload check can replace it.
 */
export async function requireOwnEvidence(db: Db0, ids: readonly string[], userId: bigint): Promise<void> {
  if (new Set(ids).size !== ids.length) throw new ApiError('invalidField', { field: 'evidence', detail: 'the same image twice' }, null, 'afterSale.rules.evidenceRepeated');
  // Someone else's image is, to the caller, an image that does not exist (4004, like every id a request references).
  await requireOwnImages(db, userId, ids, { field: 'evidence', message: 'messages.uploadFailed', code: 'notFound' });
}

async function keepEvidence(trx: Trx, caseId: bigint, step: 'application' | 'appeal', ids: readonly string[], userId: bigint): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .insertInto('after_sale_evidence')
    .values(ids.map((image_id, position) => ({ case_id: caseId, image_id, step, position, uploaded_by: userId })))
    .execute();
  await markPrivate(trx, ids);
}

// ---------------------------------------------------------------- history and timers

async function recordCaseEvent(trx: Trx, caseId: bigint, entry: { event: string; party: AfterSaleParty; actorId: bigint | null; from: string; to: string; detail: Record<string, unknown>; at: number }): Promise<void> {
  await trx
    .insertInto('after_sale_events')
    .values({ case_id: caseId, event: entry.event, party: entry.party, actor_id: entry.actorId, from_status: entry.from, to_status: entry.to, detail: JSON.stringify(entry.detail), created_at: new Date(entry.at) })
    .execute();
  await recordChartStep(trx, 'afterSale', caseId, entry);
}

async function syncCaseTimers(trx: Trx, caseId: bigint, snapshot: AnyMachineSnapshot, now: number): Promise<void> {
  await syncChartTimers(trx, afterSaleTimerKind, caseId.toString(), snapshot, afterSaleWindows, now);
}

// ---------------------------------------------------------------- effects

/**
 * The refund: the buyer receives the refunded amount; the seller's pending income of the order and the
 * platform's fee give back their shares (src/domain/afterSaleRules.ts refundSplit). A seller's income
 * paid out before pending income existed (older orders) is taken from the balance for what the pending
 * income cannot cover, so the buyer is never refused.
 */
async function refundBuyer(trx: Trx, row: CaseRow, context: AfterSaleContext, now: number): Promise<void> {
  const order = await trx.selectFrom('orders').select(['paid_amount', 'handling_fee']).where('id', '=', row.order_id).executeTakeFirstOrThrow();
  const refund = parseMoney(context.refunded ?? context.amount);
  const { fromSeller, fromFees } = refundSplit(refund, order.paid_amount, order.handling_fee);
  const pending = await orderPendingIncome(trx, row.order_id, row.seller_id);
  const fromPending = pending < fromSeller ? (pending > 0n ? pending : 0n) : fromSeller;
  const fromBalance = fromSeller - fromPending;
  if (fromBalance > 0n) await lockAccount(trx, Accounts.user(row.seller_id));
  const postings: Posting[] = [
    { account: Accounts.user(row.buyer_id), amount: refund },
    { account: Accounts.pendingIncome(row.seller_id), amount: -fromPending },
    { account: Accounts.user(row.seller_id), amount: -fromBalance },
    { account: Accounts.fees, amount: -fromFees },
  ];
  await post(trx, { kind: OrderLedgerKind.afterSaleRefund, reference: orderReference(row.order_id), postings: postings.filter((p) => p.amount !== 0n), at: new Date(now) });
  await applyOrderEvent(trx, row.order_id, { type: 'AFTER_SALE_REFUNDED' }, 'server', now);
  await releaseOnCaseClosed(trx, row.order_id, row.seller_id, now);
}

/** Closed without a refund: the order goes back to where it was and the seller's income is released. */
async function closeCase(trx: Trx, row: CaseRow, _context: AfterSaleContext, now: number): Promise<void> {
  await applyOrderEvent(trx, row.order_id, { type: 'AFTER_SALE_CLOSED' }, 'server', now);
  await releaseOnCaseClosed(trx, row.order_id, row.seller_id, now);
}

const effects: Record<AfterSaleEffect, (trx: Trx, row: CaseRow, context: AfterSaleContext, now: number) => Promise<void>> = { refundBuyer, closeCase };

function isEffect(type: string): type is AfterSaleEffect {
  return (afterSaleEffects as readonly string[]).includes(type);
}

// ---------------------------------------------------------------- applying the chart

/** The buyer applies on a received order: the case opens, the order hands over to it. Answers the case id. */
export async function applyForAfterSale(trx: Trx, input: AfterSaleApplyInput, buyerId: bigint, now: number): Promise<bigint> {
  const orderId = BigInt(input.orderId);
  const order = await trx.selectFrom('orders').select(['id', 'buyer_id', 'seller_id', 'paid_amount']).where('id', '=', orderId).forUpdate().executeTakeFirst();
  if (!order || (order.buyer_id !== buyerId && order.seller_id !== buyerId)) throw new ApiError('notFound');
  if (order.buyer_id !== buyerId) throw new ApiError('forbidden');
  const existing = await trx.selectFrom('after_sales').select('id').where('order_id', '=', orderId).executeTakeFirst();
  if (existing) throw new ApiError('invalidField', { field: 'orderId', detail: 'this order already has an after-sale case' }, null, 'afterSale.rules.alreadyApplied');
  const received = await trx.selectFrom('order_events').select('created_at').where('order_id', '=', orderId).where('to_stage', '=', 'unrated').orderBy('id').limit(1).executeTakeFirst();
  if (received && now > received.created_at.getTime() + Durations.afterSaleWindow) {
    throw new ApiError('invalidField', { field: 'status', detail: 'the after-sale window has passed' }, null, 'afterSale.rules.windowClosed');
  }
  const amount = parseMoney(input.amount);
  if (amount > order.paid_amount) throw new ApiError('invalidField', { field: 'amount', detail: `at most ${formatMoney(order.paid_amount)}` }, null, 'afterSale.rules.amountTooHigh');
  await requireOwnEvidence(trx, input.evidence, buyerId);
  const snapshot = initial(afterSaleMachine, { kind: input.kind, amount: formatMoney(amount), description: input.description, evidence: input.evidence });
  const status = afterSaleStatusOf(snapshot.value);
  const inserted = await trx
    .insertInto('after_sales')
    .values({ order_id: orderId, buyer_id: order.buyer_id, seller_id: order.seller_id, kind: input.kind, status, chart: JSON.stringify(store(snapshot)), amount, created_at: new Date(now), updated_at: new Date(now), appealed_at: null, seller_unread: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The order chart decides whether the order may go to after-sales now (received, once).
  await refusingInWords(() => applyOrderEvent(trx, orderId, { type: 'APPLY_AFTER_SALE', caseId: inserted.id.toString() }, 'buyer', now), 'afterSale.rules.notReceived');
  await keepEvidence(trx, inserted.id, 'application', input.evidence, buyerId);
  await publishLive(trx, [{ topic: 'afterSales', ref: inserted.id, people: [order.buyer_id, order.seller_id], staff: true }]);
  await recordCaseEvent(trx, inserted.id, { event: 'APPLY', party: 'buyer', actorId: buyerId, from: '', to: status, detail: { kind: input.kind, amount: formatMoney(amount), description: input.description, evidence: input.evidence }, at: now });
  await syncCaseTimers(trx, inserted.id, snapshot, now);
  return inserted.id;
}

async function refusingInWords<T>(run: () => Promise<T>, fallbackKey: string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError && error.codeName === 'invalidField' && error.params.field === 'status') {
      const guard = typeof error.params.guard === 'string' ? error.params.guard : null;
      throw new ApiError('invalidField', error.params, error.object, (guard && afterSaleRefusalMessage(guard)) ?? error.messageKey ?? fallbackKey);
    }
    throw error;
  }
}

/** Applies one step to one case inside `trx` (the row locked FOR UPDATE). */
export async function applyCaseEvent(trx: Trx, caseId: bigint, event: AnyEventObject, party: AfterSaleParty, actorId: bigint | null, now: number): Promise<void> {
  const row = await trx.selectFrom('after_sales').select(['id', 'order_id', 'buyer_id', 'seller_id', 'chart', 'status']).where('id', '=', caseId).forUpdate().executeTakeFirst();
  if (!row) throw new ApiError('notFound');
  const current = restore(afterSaleMachine, row.chart);
  const { snapshot: next, actions } = await refusingInWords(async () => applyEventWithActions(afterSaleMachine, current, event, party), 'afterSale.rules.notPossibleNow');
  if (event.type === 'APPEAL' && actorId !== null) {
    const evidence = (event as AnyEventObject & { evidence: string[] }).evidence;
    await requireOwnEvidence(trx, evidence, actorId);
    await keepEvidence(trx, caseId, 'appeal', evidence, actorId);
  }
  const from = afterSaleStatusOf(current.value);
  const to = afterSaleStatusOf(next.value);
  const seen = party === 'buyer' ? { seller_unread: true } : party === 'seller' ? { buyer_unread: true } : { buyer_unread: true, seller_unread: true };
  await trx
    .updateTable('after_sales')
    .set({ status: to, chart: JSON.stringify(store(next)), updated_at: new Date(now), ...(to === 'underAppeal' && from !== to ? { appealed_at: new Date(now) } : {}), ...seen })
    .where('id', '=', caseId)
    .execute();
  // The order's own unread flags carry the news to the account tab's badges and the order lists.
  await trx.updateTable('orders').set(seen).where('id', '=', row.order_id).execute();
  const { type, ...detail } = event;
  await recordCaseEvent(trx, caseId, { event: windowOf(type) ?? type, party, actorId, from, to, detail, at: now });
  await publishLive(trx, [{ topic: 'afterSales', ref: caseId, people: [row.buyer_id, row.seller_id], staff: true }]);
  if (JSON.stringify(current.value) !== JSON.stringify(next.value)) await syncCaseTimers(trx, caseId, next, now);
  for (const action of actions) if (isEffect(action.type)) await effects[action.type](trx, row, next.context as AfterSaleContext, now);
}

/** The seller's default address (or latest), as a return address: the form's prefill and a deemed agreement's address. */
export async function sellerReturnAddress(db: Db0, sellerId: bigint): Promise<ReturnAddress | null> {
  const a = await db
    .selectFrom('addresses as a')
    .leftJoin('regions as r', 'r.id', 'a.country_id')
    .select(['a.first_name', 'a.last_name', 'a.phone', 'a.street', 'a.building_number', 'a.detail', 'a.zip_code', 'r.name as country'])
    .where('a.user_id', '=', sellerId)
    .where('a.deleted_at', 'is', null)
    .orderBy('a.is_default', 'desc')
    .orderBy('a.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!a) return null;
  return {
    name: `${a.first_name} ${a.last_name}`.trim(),
    phone: a.phone,
    region: a.country ?? '',
    detail: [a.street, a.building_number, a.detail, a.zip_code].filter(Boolean).join(', '),
  };
}

/** The durable timer handler: a deadline of a case fell due. */
export const fireAfterSaleTimer: TimerHandler = async (trx, timer, now) => {
  const id = BigInt(timer.entity_id);
  const row = await lockForTimer(timer, trx.selectFrom('after_sales').select(['id', 'chart', 'kind', 'seller_id']).where('id', '=', id).forUpdate().skipLocked(), () => trx.selectFrom('after_sales').select('id').where('id', '=', id).executeTakeFirst());
  if (!row) return;
  const event: AnyEventObject = { type: timer.event };
  if (windowOf(timer.event) === 'sellerAnswerWindow' && row.kind === 'returnAndRefund') event.returnAddress = await sellerReturnAddress(trx, row.seller_id);
  const snapshot = restore(afterSaleMachine, row.chart);
  if ((afterSaleMachine.getTransitionData(snapshot as never, event as never) ?? []).length === 0) return; // the case moved on first
  await applyCaseEvent(trx, row.id, event, 'system', null, now);
};

// ---------------------------------------------------------------- who is asking

/** The caller's party in a case: its buyer, its seller, or (for anyone else) the arbiter if staff; a stranger gets 4004. */
export async function partyOf(db: Db0, caseId: bigint, userId: bigint, isArbiter: boolean): Promise<'buyer' | 'seller' | 'arbiter'> {
  const row = await db.selectFrom('after_sales').select(['buyer_id', 'seller_id']).where('id', '=', caseId).executeTakeFirst();
  if (row?.buyer_id === userId) return 'buyer';
  if (row?.seller_id === userId) return 'seller';
  if (row && isArbiter) return 'arbiter';
  throw new ApiError('notFound');
}

// ---------------------------------------------------------------- reading

export interface CaseFilter {
  ids?: bigint[];
  buyerId?: bigint;
  sellerId?: bigint;
  statuses?: readonly string[] | null;
  /** The arbiter's queue: appeals, overdue first, then the oldest. */
  appealQueue?: boolean;
  page?: number;
  size?: number;
  withHistory?: boolean;
}

export async function caseViews(deps: Pick<Deps, 'db' | 'now' | 'config'>, where: CaseFilter, viewer: { id: bigint; arbiter: boolean }): Promise<AfterSaleView[]> {
  const { db } = deps;
  let q = db
    .selectFrom('after_sales as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .innerJoin('users as s', 's.id', 'c.seller_id')
    .innerJoin('users as b', 'b.id', 'c.buyer_id')
    .selectAll('c')
    .select(['o.order_no', 'o.paid_amount', 's.nickname as seller_name', 'b.nickname as buyer_name']);
  if (where.ids) {
    if (where.ids.length === 0) return [];
    q = q.where('c.id', 'in', where.ids);
  }
  if (where.buyerId !== undefined) q = q.where('c.buyer_id', '=', where.buyerId);
  if (where.sellerId !== undefined) q = q.where('c.seller_id', '=', where.sellerId);
  if (where.statuses) {
    if (where.statuses.length === 0) return [];
    q = q.where('c.status', 'in', [...where.statuses]);
  }
  q = where.appealQueue
    ? q.orderBy(sql`coalesce((c.chart->'context'->>'overdue')::boolean, false)`, 'desc').orderBy('c.appealed_at', 'asc').orderBy('c.id', 'asc')
    : q.orderBy('c.updated_at', 'desc').orderBy('c.id', 'desc');
  if (where.size) q = q.limit(where.size).offset(((where.page ?? 1) - 1) * where.size);
  const rows = await q.execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const orderIds = rows.map((r) => r.order_id);
  const evidence = await db.selectFrom('after_sale_evidence').selectAll().where('case_id', 'in', ids).orderBy('step').orderBy('position').execute();
  const items = await db.selectFrom('order_items').select(['order_id', 'product_id', 'title']).where('order_id', 'in', orderIds).orderBy('id').execute();
  const images = items.length
    ? await db.selectFrom('product_images').select(['product_id', 'image_id']).where('product_id', 'in', [...new Set(items.map((i) => i.product_id))]).where('position', '=', 0).execute()
    : [];
  const timers = await db
    .selectFrom('timers')
    .select(['entity_id', 'name', 'due_at'])
    .where('kind', '=', afterSaleTimerKind)
    .where('entity_id', 'in', ids.map(String))
    .where('fired_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .orderBy('due_at')
    .execute();
  const history = where.withHistory ? await db.selectFrom('after_sale_events').selectAll().where('case_id', 'in', ids).orderBy('id').execute() : [];
  const orderHistory = where.withHistory ? await db.selectFrom('order_events').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute() : [];
  // Evidence is private: its URLs are signed, and only the parties this view is for are ever sent them.
  const sign = await imageSigner(deps);
  const toImage = (id: string): EvidenceImage => {
    const urls = sign(id);
    return { id, thumb: urls.thumb, full: urls.full };
  };
  return rows.map((c) => {
    const side: AfterSaleView['viewer'] = c.buyer_id === viewer.id ? 'buyer' : c.seller_id === viewer.id ? 'seller' : 'arbiter';
    const snapshot = restore(afterSaleMachine, c.chart);
    const ctx = snapshot.context as AfterSaleContext;
    const first = items.find((i) => i.order_id === c.order_id);
    const image = first ? images.find((im) => im.product_id === first.product_id) : undefined;
    const deadline = timers.find((t) => t.entity_id === c.id.toString());
    return {
      id: c.id.toString(),
      orderId: c.order_id.toString(),
      orderNo: c.order_no,
      viewer: side,
      status: c.status,
      statusCode: afterSaleStatusCode(c.status),
      kind: ctx.kind,
      amount: formatMoney(c.amount),
      paidAmount: formatMoney(c.paid_amount),
      description: ctx.description,
      evidence: evidence.filter((e) => e.case_id === c.id && e.step === 'application').map((e) => toImage(e.image_id)),
      appealEvidence: evidence.filter((e) => e.case_id === c.id && e.step === 'appeal').map((e) => toImage(e.image_id)),
      returnAddress: ctx.returnAddress,
      returnShipment: ctx.returnShipment,
      rejection: ctx.rejection,
      appeal: ctx.appeal ? { statement: ctx.appeal.statement } : null,
      decision: ctx.decision,
      refunded: ctx.refunded,
      closedBy: ctx.closedBy,
      overdue: ctx.overdue,
      deadline: deadline ? { name: deadline.name, at: deadline.due_at.toISOString() } : null,
      can: allowedEvents(snapshot, side),
      buyerName: c.buyer_name,
      sellerName: c.seller_name,
      title: first?.title ?? '',
      image: image ? imageUrls(image.image_id).thumb : null,
      createdAt: c.created_at.toISOString(),
      appealedAt: c.appealed_at ? c.appealed_at.toISOString() : null,
      unread: side === 'buyer' ? c.buyer_unread : side === 'seller' ? c.seller_unread : false,
      chart: store(snapshot),
      history: history
        .filter((h) => h.case_id === c.id)
        .map((h) => ({ event: h.event, by: h.party, from: h.from_status, to: h.to_status, at: h.created_at.toISOString(), detail: h.detail })),
      orderHistory: orderHistory
        .filter((h) => h.order_id === c.order_id)
        .map((h) => ({ event: h.event, by: h.party, from: h.from_stage, to: h.to_stage, at: h.created_at.toISOString() })),
    };
  });
}

/** Reading a case clears the viewer's unread flag. */
export async function markCaseSeen(db: Db, caseId: bigint, viewer: 'buyer' | 'seller' | 'arbiter'): Promise<void> {
  if (viewer === 'arbiter') return;
  await db
    .updateTable('after_sales')
    .set(viewer === 'buyer' ? { buyer_unread: false } : { seller_unread: false })
    .where('id', '=', caseId)
    .execute();
}
