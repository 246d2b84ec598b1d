import { Hono } from 'hono';
import { sql } from 'kysely';
import * as z from 'zod/mini';
import type { OrderParty } from '../../machines/order.machine';
import { formatMoney } from '../../src/domain/money';
import { buyerOrderTabs, sellerOrderTabs } from '../../src/domain/orderRules';
import { idInput, idString, pageQuery } from '../../src/domain/schemas/commerce';
import { orderActInput, orderListQuery, shipManyInput, type OrderAction } from '../../src/domain/schemas/orders';
import type { BalanceMovementView, OrderBadges } from '../../src/domain/types/commerce';
import type { Db } from '../db/database';
import type { Deps } from '../deps';
import { ApiError, ok } from '../http/envelope';
import type { AppEnv } from '../http/env';
import { requireSession } from '../http/session';
import { jsonBody, queryOf } from '../http/validate';
import { Accounts } from '../services/ledger';
import { sellerToday } from '../services/sellerToday';
import { applyOrderEvent, markSeen, orderMoneySummary, orderViews, type OrderFilter } from '../services/orders';
import { retriedOnDeadlock } from '../db/retry';
import type { Trx } from '../timers/timers';

/**
 * The order lifecycle for both sides (SPEC 2 buyer and seller routes, 4, 5 Order, rating, ship).
 * Every change goes through one door, `act`: the caller's side of the order (buyer or seller) is
 * decided here from the session, never from the request, and the order chart decides whether that
 * side may take that step now. Someone who is neither gets 4004, as if the order did not exist.
 */
const detailQuery = z.strictObject({ id: idString });
const confirmListQuery = z.extend(pageQuery, { after: z.optional(idString) });
/** A page of balance movements: by page number, or after a movement (keyset, the last of the previous page); optionally one order's only. */
const balanceQuery = z.extend(pageQuery, { orderId: z.optional(idString), after: z.optional(idString) });

type Side = 'buyer' | 'seller';

async function sideOf(db: Db | Trx, orderId: bigint, userId: bigint): Promise<Side> {
  const row = await db.selectFrom('orders').select(['buyer_id', 'seller_id']).where('id', '=', orderId).executeTakeFirst();
  if (row?.buyer_id === userId) return 'buyer';
  if (row?.seller_id === userId) return 'seller';
  throw new ApiError('notFound');
}

/** The chart event for an action: the server adds who is asking where the chart records it. */
function eventOf(action: OrderAction, side: Side) {
  return action.type === 'CANCEL' ? { ...action, by: side } : action;
}

/** A step the chart does not allow now gets a message that says what to do. */
async function stepping<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await retriedOnDeadlock('order step', run);
  } catch (error) {
    if (error instanceof ApiError && error.codeName === 'invalidField' && error.params.field === 'status' && !error.messageKey) {
      throw new ApiError('invalidField', error.params, error.object, 'orders.rules.notPossibleNow');
    }
    throw error;
  }
}

/** A list tab by its name: undefined for 'all' (every order), else the tab the database keeps on each order (migration 0017). */
function tabOf(tabs: Record<string, readonly string[] | null>, tab: string | undefined): string | undefined {
  const key = tab ?? 'all';
  if (!Object.hasOwn(tabs, key)) throw new ApiError('invalidField', { field: 'tab', detail: `one of ${Object.keys(tabs).join(', ')}` });
  return tabs[key] ? key : undefined;
}

/** A page of a list: after an order (keyset, a deep page as fast as the first), or by page number. */
function paging(q: { page?: number; size?: number; after?: string }) {
  return { page: q.page ?? 1, size: q.size ?? 20, ...(q.after ? { after: BigInt(q.after) } : {}) };
}

async function countsBy(db: Db, column: 'buyer_id' | 'seller_id', userId: bigint, tabs: Record<string, readonly string[] | null>, unreadColumn: 'buyer_unread' | 'seller_unread') {
  const rows = await db
    .selectFrom('orders')
    .select(['stage', sql<number>`count(*)::int4`.as('n'), sql<number>`count(*) filter (where ${sql.ref(unreadColumn)})::int4`.as('unread')])
    .where(column, '=', userId)
    .groupBy('stage')
    .execute();
  const count = (stages: readonly string[] | null) => rows.filter((r) => stages?.includes(r.stage)).reduce((acc, r) => acc + r.n, 0);
  return { count: (tab: string) => count(tabs[tab] ?? null), unread: rows.reduce((acc, r) => acc + r.unread, 0) };
}

export function orderRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signed = requireSession(deps);
  const { db } = deps;

  const list = (filter: OrderFilter, viewerId: bigint) => orderViews(db, filter, viewerId);

  /** One order with its history, for its buyer or its seller only; reading it marks it seen. */
  app.get('/api/commodity/orders/detail', signed, async (c) => {
    const id = BigInt(queryOf(c, detailQuery).id);
    const side = await sideOf(db, id, c.var.user.id);
    await markSeen(db, id, side);
    const [view] = await list({ ids: [id], withHistory: true }, c.var.user.id);
    return ok(c, view);
  });

  /** Any step of the order chart, by the caller's side of the order. */
  app.post('/api/commodity/orders/act', signed, async (c) => {
    const { id, action } = await jsonBody(c, orderActInput);
    const orderId = BigInt(id);
    const me = c.var.user.id;
    await stepping(() =>
      db.transaction().execute(async (trx) => {
        const side = await sideOf(trx, orderId, me);
        await applyOrderEvent(trx, orderId, eventOf(action, side), side satisfies OrderParty, deps.now());
      }),
    );
    const [view] = await list({ ids: [orderId], withHistory: true }, me);
    return ok(c, view);
  });

  /** The buyer cancels an unpaid order; its stock returns. (Kept for the payment screens; `act` does the same.) */
  app.post('/api/commodity/orders/cancel', signed, async (c) => {
    const orderId = BigInt((await jsonBody(c, idInput)).id);
    const me = c.var.user.id;
    await stepping(() =>
      db.transaction().execute(async (trx) => {
        if ((await sideOf(trx, orderId, me)) !== 'buyer') throw new ApiError('notFound');
        await applyOrderEvent(trx, orderId, { type: 'CANCEL', by: 'buyer', reason: '' }, 'buyer', deps.now());
      }),
    );
    const [view] = await list({ ids: [orderId] }, me);
    return ok(c, view);
  });

  /** Ships one or several of the seller's orders, each with its express company and number: all or none. */
  app.post('/api/commodity/orders/shipMany', signed, async (c) => {
    const { items } = await jsonBody(c, shipManyInput);
    const ids = items.map((i) => BigInt(i.id));
    if (new Set(ids).size !== ids.length) throw new ApiError('invalidField', { field: 'items', detail: 'an order is listed twice' });
    const me = c.var.user.id;
    await stepping(() =>
      db.transaction().execute(async (trx) => {
        for (const item of [...items].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1))) {
          const orderId = BigInt(item.id);
          if ((await sideOf(trx, orderId, me)) !== 'seller') throw new ApiError('notFound');
          await applyOrderEvent(trx, orderId, { type: 'SHIP', company: item.company, number: item.number }, 'seller', deps.now());
        }
      }),
    );
    return ok(c, await list({ ids }, me));
  });

  // ------------------------------------------------------------ lists
  app.get('/api/commodity/orders/buyerList', signed, async (c) => {
    const q = queryOf(c, orderListQuery);
    return ok(c, await list({ buyerId: c.var.user.id, buyerTab: tabOf(buyerOrderTabs, q.tab), ...paging(q) }, c.var.user.id));
  });

  app.get('/api/commodity/orders/sellerList', signed, async (c) => {
    const q = queryOf(c, orderListQuery);
    return ok(c, await list({ sellerId: c.var.user.id, sellerTab: tabOf(sellerOrderTabs, q.tab), ...paging(q) }, c.var.user.id));
  });

  /** The seller's paid orders awaiting confirmation, the oldest (nearest its 24 h deadline) first. */
  app.get('/api/commodity/orders/getOrderConfirmList', signed, async (c) => {
    const q = queryOf(c, confirmListQuery);
    return ok(c, await list({ sellerId: c.var.user.id, sellerTab: 'toConfirm' satisfies keyof typeof sellerOrderTabs, oldestFirst: true, ...paging(q) }, c.var.user.id));
  });

  app.get('/api/commodity/orders/getOrderMoneySummary', signed, async (c) => ok(c, await orderMoneySummary(db, c.var.user.id)));

  /** What needs the seller today, with counts and the nearest deadlines: the seller centre's to-do list (issue 37, finding 2). */
  app.get('/api/commodity/orders/sellerToday', signed, async (c) => ok(c, await sellerToday(db, c.var.user.id)));

  /** What changed for the caller, as counts for the account tab and the order list tabs. */
  app.get('/api/commodity/orders/badges', signed, async (c) => {
    const me = c.var.user.id;
    const buyer = await countsBy(db, 'buyer_id', me, buyerOrderTabs, 'buyer_unread');
    const seller = await countsBy(db, 'seller_id', me, sellerOrderTabs, 'seller_unread');
    const badges: OrderBadges = {
      buyer: { unread: buyer.unread, toPay: buyer.count('toPay'), pendingShipment: buyer.count('pendingShipment'), shipped: buyer.count('shipped'), unrated: buyer.count('unrated') },
      seller: { unread: seller.unread, toConfirm: seller.count('toConfirm'), pendingShipment: seller.count('pendingShipment'), refunds: seller.count('refunds'), afterSales: seller.count('afterSales') },
    };
    return ok(c, badges);
  });

  /** The movements of the caller's balance, newest first, each with its order (a payment names its first order). */
  app.get('/api/commodity/orders/balanceDetails', signed, async (c) => {
    const q = queryOf(c, balanceQuery);
    const size = q.size ?? 20;
    const me = c.var.user.id;
    // The balance and the pending income (issue 12): each movement says which it is.
    const accounts = [Accounts.user(me), Accounts.pendingIncome(me)];
    const after = q.after ? BigInt(q.after) : undefined;
    const skip = after === undefined ? ((q.page ?? 1) - 1) * size : 0;
    let refs: string[] | null = null;
    if (q.orderId) {
      // One order's movements: its own (refund, income) and those of the payments that covered it.
      const links = await db.selectFrom('payment_orders').select('payment_ref').where('order_id', '=', BigInt(q.orderId)).execute();
      refs = [`order:${q.orderId}`, ...links.map((r) => `payment:${r.payment_ref.toString()}`)];
    }
    /**
     * One account's movements, newest first, from the index (account, created_at desc, id desc): after a
     * movement (keyset: its time read from the database to the microsecond; one of another account gives
     * no rows), as many as the page needs. An IN list of both accounts would read and sort all of them.
     */
    const branch = (account: string) => {
      let b = db.selectFrom('ledger_entries').select(['id', 'account', 'kind', 'amount', 'reference', 'created_at']).where('account', '=', account);
      if (refs) b = b.where('reference', 'in', refs);
      if (after !== undefined) b = b.where(sql<boolean>`(created_at, id) < ((select e.created_at from ledger_entries e where e.id = ${after} and e.account in (${sql.join(accounts)})), ${after})`);
      return b.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(skip + size);
    };
    const [one, two] = accounts.map(branch) as [ReturnType<typeof branch>, ReturnType<typeof branch>];
    const rows = await db
      .selectFrom(one.as('a'))
      .selectAll()
      .unionAll(db.selectFrom(two.as('b')).selectAll())
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset(skip)
      .execute();
    if (rows.length === 0 && after !== undefined) {
      // A cursor must be one of the caller's own movements.
      const own = await db.selectFrom('ledger_entries').select('id').where('id', '=', after).where('account', 'in', accounts).executeTakeFirst();
      if (!own) throw new ApiError('notFound');
    }
    const orderIdOf = new Map<string, bigint>();
    const paymentRefs: bigint[] = [];
    for (const r of rows) {
      const m = /^(order|payment):(\d+)$/.exec(r.reference ?? '');
      if (m?.[1] === 'order' && m[2]) orderIdOf.set(r.reference ?? '', BigInt(m[2]));
      if (m?.[1] === 'payment' && m[2]) paymentRefs.push(BigInt(m[2]));
    }
    if (paymentRefs.length) {
      const links = await db.selectFrom('payment_orders').select(['payment_ref', 'order_id']).where('payment_ref', 'in', paymentRefs).orderBy('order_id').execute();
      for (const l of links) if (!orderIdOf.has(`payment:${l.payment_ref.toString()}`)) orderIdOf.set(`payment:${l.payment_ref.toString()}`, l.order_id);
    }
    const ids = [...new Set(orderIdOf.values())];
    const orders = ids.length ? await db.selectFrom('orders').select(['id', 'order_no']).where('id', 'in', ids).execute() : [];
    const movements: BalanceMovementView[] = rows.map((r) => {
      const orderId = orderIdOf.get(r.reference ?? '');
      const order = orderId === undefined ? undefined : orders.find((o) => o.id === orderId);
      return { id: r.id.toString(), kind: r.kind, amount: formatMoney(r.amount), pending: r.account !== Accounts.user(me), createdAt: r.created_at.toISOString(), order: order ? { id: order.id.toString(), orderNo: order.order_no } : null };
    });
    return ok(c, movements);
  });

  return app;
}
