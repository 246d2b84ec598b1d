import { Hono } from 'hono';
import { formatMoney } from '../../src/domain/money';
import { balancePayInput, coinApproveInput, coinCancelInput, coinCompleteInput, orderIdsInput, pageBody, pageQuery } from '../../src/domain/schemas/commerce';
import type { TransactionView } from '../../src/domain/types/commerce';
import type { Deps } from '../deps';
import { ok } from '../http/envelope';
import type { AppEnv } from '../http/env';
import { requireSession } from '../http/session';
import { jsonBody, queryOf } from '../http/validate';
import { Accounts } from '../services/ledger';
import { approveCoinPayment, cancelCoinPayment, completeCoinPayment, payFromBalance, settleIncompletePayment, startCoinPayment } from '../services/payments';

/**
 * Payment (SPEC 4, 7 Commerce and pay): the coin's server side of the host's createPayment callbacks,
 * the account balance, and the caller's transactions.
 */
export function payRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signed = requireSession(deps);
  const ids = (list: string[]) => list.map((s) => BigInt(s));

  app.post('/api/pay/coin/create', signed, async (c) => ok(c, await startCoinPayment(deps, c.var.user, ids((await jsonBody(c, orderIdsInput)).orderIds))));

  app.post('/api/pay/coin/approve', signed, async (c) => ok(c, await approveCoinPayment(deps, c.var.user, (await jsonBody(c, coinApproveInput)).paymentId)));

  app.post('/api/pay/coin/complete', signed, async (c) => {
    const input = await jsonBody(c, coinCompleteInput);
    return ok(c, await completeCoinPayment(deps, c.var.user, input.paymentId, input.txid));
  });

  app.post('/api/pay/coin/cancel', signed, async (c) => ok(c, await cancelCoinPayment(deps, c.var.user, (await jsonBody(c, coinCancelInput)).paymentId)));

  /** An incomplete payment the host reported at login: verified with the platform, completed or cancelled. */
  app.post('/api/pay/coin/incomplete', signed, async (c) => ok(c, await settleIncompletePayment(deps, c.var.user, (await jsonBody(c, coinApproveInput)).paymentId)));

  /** After the review sheet: the amount it showed must be what the orders cost now (reviewChanged otherwise). */
  app.post('/api/pay/balance', signed, async (c) => {
    const input = await jsonBody(c, balancePayInput);
    return ok(c, await payFromBalance(deps, c.var.user, ids(input.orderIds), input.amount));
  });

  /** The caller's payments, newest first (every method). */
  app.get('/api/commodity/pay/trans', signed, async (c) => {
    const q = queryOf(c, pageQuery);
    const size = q.size ?? 20;
    const rows = await deps.db
      .selectFrom('payments')
      .selectAll()
      .where('user_id', '=', c.var.user.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset(((q.page ?? 1) - 1) * size)
      .execute();
    const links = rows.length
      ? await deps.db.selectFrom('payment_orders').select(['payment_ref', 'order_id']).where('payment_ref', 'in', rows.map((r) => r.id)).execute()
      : [];
    return ok(
      c,
      rows.map((r) => ({
        id: r.id.toString(),
        method: r.method,
        amount: formatMoney(r.amount),
        status: r.status,
        txid: r.txid,
        orderIds: links.filter((l) => l.payment_ref === r.id).map((l) => l.order_id.toString()),
        createdAt: r.created_at.toISOString(),
      })),
    );
  });

  /** The movements of the caller's account balance (ledger rows of user:<id>), newest first. */
  app.post('/api/pay/trans/list', signed, async (c) => {
    const q = await jsonBody(c, pageBody);
    const size = q.size ?? 20;
    const rows = await deps.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('account', '=', Accounts.user(c.var.user.id))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset(((q.page ?? 1) - 1) * size)
      .execute();
    const list: TransactionView[] = rows.map((r) => ({ id: r.id.toString(), txnId: r.txn_id, kind: r.kind, amount: formatMoney(r.amount), reference: r.reference, createdAt: r.created_at.toISOString() }));
    return ok(c, list);
  });

  return app;
}
