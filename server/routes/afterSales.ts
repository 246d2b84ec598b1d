import { Hono } from 'hono';
import { sql } from 'kysely';
import * as z from 'zod/mini';
import { afterSaleActInput, afterSaleApplyInput, sellerAfterSaleTabs } from '../../src/domain/schemas/afterSale';
import { orderListQuery } from '../../src/domain/schemas/orders';
import { idString, pageQuery } from '../../src/domain/schemas/commerce';
import type { SellerMoneyView } from '../../src/domain/types/afterSale';
import { formatMoney } from '../../src/domain/money';
import type { Deps } from '../deps';
import { ApiError, ok } from '../http/envelope';
import type { AppEnv } from '../http/env';
import { hasRole, requireRole } from '../http/roles';
import { requireSession } from '../http/session';
import { jsonBody, queryOf } from '../http/validate';
import { applyCaseEvent, applyForAfterSale, caseViews, markCaseSeen, partyOf, sellerReturnAddress } from '../services/afterSales';
import { accountBalance, Accounts, pendingIncomeOf } from '../services/ledger';

/**
 * After-sale cases for the buyer, the seller and the platform arbiter (SPEC 2 /mine/order/aftersale,
 * /mine/seller/aftersale-list, /mine/seller/refundorderlist; 4 after-sale flow; 6 arbiter). Every step
 * goes through one door, `act`: the caller's party (buyer, seller, or arbiter for staff who are neither)
 * is decided here from the session, and the case's chart decides whether that party may take the step
 * now. A stranger gets 4004, the wrong party 4003, a step the chart does not allow now 4001.
 */
const detailQuery = z.strictObject({ id: idString });

export function afterSaleRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signed = requireSession(deps);
  const { db } = deps;
  const viewerOf = (user: { id: bigint; roles: unknown }) => ({ id: user.id, arbiter: hasRole(user.roles, 'arbiter') });

  /** The buyer applies on a received order (refund only, or return and refund) with 1 to 4 evidence images. */
  app.post('/api/aftersale/apply', signed, async (c) => {
    const input = await jsonBody(c, afterSaleApplyInput);
    const id = await db.transaction().execute((trx) => applyForAfterSale(trx, input, c.var.user.id, deps.now()));
    const [view] = await caseViews(deps, { ids: [id], withHistory: true }, viewerOf(c.var.user));
    return ok(c, view);
  });

  /** Any step of the case's chart, by the caller's party. */
  app.post('/api/aftersale/act', signed, async (c) => {
    const { id, action } = await jsonBody(c, afterSaleActInput);
    const caseId = BigInt(id);
    const viewer = viewerOf(c.var.user);
    await db.transaction().execute(async (trx) => {
      const party = await partyOf(trx, caseId, viewer.id, viewer.arbiter);
      await applyCaseEvent(trx, caseId, action, party, viewer.id, deps.now());
    });
    const [view] = await caseViews(deps, { ids: [caseId], withHistory: true }, viewer);
    return ok(c, view);
  });

  /** One case with its history and the order's, for its buyer, its seller or the arbiter; reading marks it seen. */
  app.get('/api/aftersale/detail', signed, async (c) => {
    const caseId = BigInt(queryOf(c, detailQuery).id);
    const viewer = viewerOf(c.var.user);
    const party = await partyOf(db, caseId, viewer.id, viewer.arbiter);
    await markCaseSeen(db, caseId, party);
    const [view] = await caseViews(deps, { ids: [caseId], withHistory: true }, viewer);
    return ok(c, view);
  });

  /** The seller's return address to prefill the agreement (the seller's default address). */
  app.get('/api/aftersale/returnAddress', signed, async (c) => ok(c, await sellerReturnAddress(db, c.var.user.id)));

  app.get('/api/aftersale/buyerList', signed, async (c) => {
    const q = queryOf(c, pageQuery);
    return ok(c, await caseViews(deps, { buyerId: c.var.user.id, page: q.page ?? 1, size: q.size ?? 20 }, viewerOf(c.var.user)));
  });

  app.get('/api/aftersale/sellerList', signed, async (c) => {
    const q = queryOf(c, orderListQuery);
    const tab = q.tab ?? 'all';
    if (!Object.hasOwn(sellerAfterSaleTabs, tab)) throw new ApiError('invalidField', { field: 'tab', detail: `one of ${Object.keys(sellerAfterSaleTabs).join(', ')}` });
    const statuses = sellerAfterSaleTabs[tab as keyof typeof sellerAfterSaleTabs];
    return ok(c, await caseViews(deps, { sellerId: c.var.user.id, statuses, page: q.page ?? 1, size: q.size ?? 20 }, viewerOf(c.var.user)));
  });

  /** The seller's tab counts (the list's badges): cases in each tab, and those with news for the seller. */
  app.get('/api/aftersale/badges', signed, async (c) => {
    const rows = await db
      .selectFrom('after_sales')
      .select(['status', sql<number>`count(*)::int4`.as('n')])
      .where('seller_id', '=', c.var.user.id)
      .groupBy('status')
      .execute();
    const counts = Object.fromEntries(
      Object.entries(sellerAfterSaleTabs).map(([tab, statuses]) => [tab, rows.filter((r) => statuses === null || (statuses as readonly string[]).includes(r.status)).reduce((a, r) => a + r.n, 0)]),
    );
    return ok(c, counts);
  });

  /** The arbiter's queue: appeals awaiting a decision, overdue (72 h) first, then the oldest. */
  app.get('/api/aftersale/appeals', signed, requireRole('arbiter'), async (c) => {
    const q = queryOf(c, pageQuery);
    return ok(c, await caseViews(deps, { statuses: ['underAppeal'], appealQueue: true, page: q.page ?? 1, size: q.size ?? 20 }, viewerOf(c.var.user)));
  });

  /** The seller's money: income still pending (inside after-sale windows) and the available balance. */
  app.get('/api/aftersale/money', signed, async (c) => {
    const me = c.var.user.id;
    const view: SellerMoneyView = { pendingIncome: formatMoney(await pendingIncomeOf(db, me)), available: formatMoney(await accountBalance(db, Accounts.user(me))) };
    return ok(c, view);
  });

  return app;
}
