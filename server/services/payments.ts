import crypto from 'node:crypto';
import { formatMoney, parseMoney } from '../../src/domain/money';
import type { PaymentMethod } from '../../src/domain/checkout';
import type { CoinPaymentStart, PayResult } from '../../src/domain/types/commerce';
import type { Deps } from '../deps';
import { tryPassword, walletAppLockKey } from './passwordLock';
import { ApiError } from '../http/envelope';
import type { UserRow } from '../http/env';
import { PlatformError, type PlatformPayment } from '../platform/client';
import type { Trx } from '../timers/timers';
import { accountBalance, Accounts, lockAccount, post, type Posting } from './ledger';
import { applyOrderEvent, orderCan } from './orders';

/**
 * Paying orders (SPEC 4, 7): the coin through the platform, the account balance, and the wallet-app
 * balance. Every payment row covers one or more unpaid orders of one buyer. The platform is asked
 * outside any database transaction (in sandbox mode it is this very server and database); what the
 * platform says is checked, then one transaction records it, moves the money in the ledger and marks
 * the orders paid through the order chart. Retried calls find the row already settled and act once.
 */

function platformFailure(error: unknown): ApiError {
  const detail = error instanceof PlatformError ? `the platform answered ${error.status}` : 'the platform could not be reached';
  return new ApiError('platformRefused', { detail }, null, 'messages.paymentsError');
}

/** Locks the buyer's orders (id order) and checks each is theirs and still payable. */
async function payableOrders(trx: Trx, buyerId: bigint, orderIds: bigint[]) {
  const ids = [...new Set(orderIds)].sort((a, b) => (a < b ? -1 : 1));
  const rows = await trx.selectFrom('orders').select(['id', 'buyer_id', 'total_amount', 'chart', 'status']).where('id', 'in', ids).orderBy('id').forUpdate().execute();
  if (rows.length !== ids.length || rows.some((r) => r.buyer_id !== buyerId)) throw new ApiError('notFound');
  for (const r of rows) if (!orderCan(r.chart, { type: 'PAY' })) throw new ApiError('invalidField', { field: 'orderIds', detail: `order ${r.id.toString()} is ${r.status}` }, null, 'commerce.orderNotPayable');
  return rows;
}

/**
 * The review step cannot be skipped by a changed figure: when the client sends the amount its review
 * sheet showed, it must be what the server charges now, or nothing moves (reviewChanged, with the
 * server's amount so the sheet can show it again).
 */
export function requireReviewedAmount(reviewed: string | undefined, amount: bigint): void {
  if (reviewed === undefined) return;
  if (parseMoney(reviewed) !== amount) throw new ApiError('reviewChanged', { field: 'amount' }, { field: 'amount', amount: formatMoney(amount) });
}

/** Marks the orders paid through the chart and records what was received. */
async function markPaid(trx: Trx, orders: { id: bigint; total_amount: bigint }[], method: PaymentMethod, now: number): Promise<void> {
  for (const o of orders) {
    await applyOrderEvent(trx, o.id, { type: 'PAY' }, 'server', now);
    await trx.updateTable('orders').set({ paid_amount: o.total_amount, payment_method: method, paid_at: new Date(now) }).where('id', '=', o.id).execute();
  }
}

async function insertPayment(trx: Trx, userId: bigint, method: PaymentMethod, amount: bigint, orderIds: bigint[], status: 'created' | 'completed', now: number) {
  const payment = await trx
    .insertInto('payments')
    .values({ user_id: userId, method, amount, status, payment_id: null, txid: null, ledger_txn: null, note: null, created_at: new Date(now), updated_at: new Date(now) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('payment_orders').values(orderIds.map((order_id) => ({ payment_ref: payment.id, order_id }))).execute();
  return payment.id;
}

function result(ref: bigint, status: PayResult['status'], orderIds: bigint[]): PayResult {
  return { paymentRef: ref.toString(), status, orderIds: orderIds.map(String) };
}

// ---------------------------------------------------------------- the coin

/** Opens a coin payment for unpaid orders: what the client hands to the host's createPayment. */
export async function startCoinPayment(deps: Deps, user: UserRow, orderIds: bigint[]): Promise<CoinPaymentStart> {
  return deps.db.transaction().execute(async (trx) => {
    const orders = await payableOrders(trx, user.id, orderIds);
    const amount = orders.reduce((acc, o) => acc + o.total_amount, 0n);
    const ids = orders.map((o) => o.id);
    const ref = await insertPayment(trx, user.id, 'coin', amount, ids, 'created', deps.now());
    const nos = await trx.selectFrom('orders').select('order_no').where('id', 'in', ids).orderBy('id').execute();
    return {
      paymentRef: ref.toString(),
      amount: formatMoney(amount),
      memo: `Coin Mall ${nos.map((n) => n.order_no).join(', ')}`.slice(0, 200),
      metadata: { paymentRef: ref.toString(), orderIds: ids.map(String) },
    };
  });
}

async function fetchPlatformPayment(deps: Deps, paymentId: string): Promise<PlatformPayment> {
  try {
    return await deps.platform.getPayment(paymentId);
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) throw new ApiError('notFound', {}, null, 'messages.paymentsError');
    throw platformFailure(error);
  }
}

function refOf(payment: PlatformPayment): bigint {
  const ref = payment.metadata.paymentRef;
  if (typeof ref !== 'string' || !/^[1-9]\d{0,17}$/.test(ref)) throw new ApiError('invalidField', { field: 'paymentId', detail: 'not a payment of this app' }, null, 'messages.paymentsError');
  return BigInt(ref);
}

/** Checks the platform's payment against our row: same person, same amount, user to app. */
async function checkedRow(deps: Deps, user: UserRow, payment: PlatformPayment) {
  if (payment.direction !== 'user_to_app' || payment.user_uid !== user.pi_uid) throw new ApiError('forbidden', {}, null, 'messages.paymentsError');
  const row = await deps.db.selectFrom('payments').selectAll().where('id', '=', refOf(payment)).executeTakeFirst();
  if (!row || row.user_id !== user.id || row.method !== 'coin') throw new ApiError('notFound', {}, null, 'messages.paymentsError');
  let amount: bigint;
  try {
    amount = parseMoney(payment.amount);
  } catch {
    amount = -1n;
  }
  if (amount !== row.amount) throw new ApiError('invalidField', { field: 'amount', detail: 'the payment amount differs from the order' }, null, 'commerce.amountMismatch');
  return row;
}

async function orderIdsOf(deps: Deps | { db: Deps['db'] }, ref: bigint): Promise<bigint[]> {
  const rows = await deps.db.selectFrom('payment_orders').select('order_id').where('payment_ref', '=', ref).orderBy('order_id').execute();
  return rows.map((r) => r.order_id);
}

/** onReadyForServerApproval: fetch the payment, check amount, person and orders, record its id (unique), approve. */
export async function approveCoinPayment(deps: Deps, user: UserRow, paymentId: string): Promise<PayResult> {
  const payment = await fetchPlatformPayment(deps, paymentId);
  const row = await checkedRow(deps, user, payment);
  const orderIds = await orderIdsOf(deps, row.id);
  if (payment.status.cancelled || row.status === 'cancelled') throw new ApiError('invalidField', { field: 'paymentId', detail: 'cancelled' }, null, 'messages.paymentCanceled');
  if (row.status === 'completed') return result(row.id, 'completed', orderIds);
  await deps.db.transaction().execute(async (trx) => {
    const locked = await trx.selectFrom('payments').selectAll().where('id', '=', row.id).forUpdate().executeTakeFirstOrThrow();
    if (locked.payment_id !== null && locked.payment_id !== paymentId) throw new ApiError('invalidField', { field: 'paymentId', detail: 'another payment is already recorded for these orders' }, null, 'messages.paymentsError');
    if (locked.status === 'completed') return;
    if (locked.payment_id === null) {
      await payableOrders(trx, user.id, orderIds);
      const taken = await trx.selectFrom('payments').select('id').where('payment_id', '=', paymentId).executeTakeFirst();
      if (taken) throw new ApiError('invalidField', { field: 'paymentId', detail: 'already recorded' }, null, 'messages.paymentsError');
      await trx.updateTable('payments').set({ payment_id: paymentId, status: 'approved', updated_at: new Date(deps.now()) }).where('id', '=', row.id).execute();
    }
  });
  if (!payment.status.developer_approved) {
    await deps.platform.approvePayment(paymentId).catch((error: unknown) => {
      throw platformFailure(error);
    });
  }
  return result(row.id, 'approved', orderIds);
}

/**
 * onReadyForServerCompletion: re-fetch the payment from the platform (the client's txid is only
 * compared with it), record the txid (unique), move the money and mark the orders paid in one
 * transaction, then complete with the platform. Orders that expired meanwhile are credited to the
 * buyer's balance instead, so no coin is ever lost.
 */
export async function completeCoinPayment(deps: Deps, user: UserRow, paymentId: string, txid: string): Promise<PayResult> {
  const payment = await fetchPlatformPayment(deps, paymentId);
  const row = await checkedRow(deps, user, payment);
  if (row.payment_id !== paymentId) throw new ApiError('invalidField', { field: 'paymentId', detail: 'not approved by this app' }, null, 'messages.paymentsError');
  const tx = payment.transaction;
  if (!tx || !tx.verified || tx.txid !== txid) throw new ApiError('invalidField', { field: 'txid', detail: 'does not match the platform' }, null, 'messages.paymentFailed');
  if (payment.status.cancelled) throw new ApiError('invalidField', { field: 'paymentId', detail: 'cancelled' }, null, 'messages.paymentCanceled');
  return settleCoin(deps, row.id, user.id, paymentId, tx.txid, payment.status.developer_completed);
}

async function settleCoin(deps: Deps, ref: bigint, userId: bigint, paymentId: string, txid: string, platformCompleted: boolean): Promise<PayResult> {
  const now = deps.now();
  const orderIds = await orderIdsOf(deps, ref);
  await deps.db.transaction().execute(async (trx) => {
    const locked = await trx.selectFrom('payments').selectAll().where('id', '=', ref).forUpdate().executeTakeFirstOrThrow();
    if (locked.status === 'completed') return;
    const orders = await trx.selectFrom('orders').select(['id', 'total_amount', 'chart']).where('id', 'in', orderIds).orderBy('id').forUpdate().execute();
    const payable = orders.filter((o) => orderCan(o.chart, { type: 'PAY' }));
    const refund = orders.filter((o) => !payable.includes(o)).reduce((acc, o) => acc + o.total_amount, 0n);
    const postings: Posting[] = [{ account: Accounts.coinIn, amount: -locked.amount }, ...payable.map((o) => ({ account: Accounts.orderEscrow(o.id), amount: o.total_amount }))];
    if (refund > 0n) postings.push({ account: Accounts.user(userId), amount: refund });
    const txnId = await post(trx, { kind: 'coinPayment', reference: `payment:${ref.toString()}`, postings, at: new Date(now) });
    await markPaid(trx, payable, 'coin', now);
    await trx
      .updateTable('payments')
      .set({ status: 'completed', txid, ledger_txn: txnId, note: refund > 0n ? `credited ${formatMoney(refund)} to the balance: orders no longer payable` : null, updated_at: new Date(now) })
      .where('id', '=', ref)
      .execute();
  });
  if (!platformCompleted) {
    await deps.platform.completePayment(paymentId, txid).catch((error: unknown) => {
      throw platformFailure(error);
    });
  }
  return result(ref, 'completed', orderIds);
}

/** onCancel: the platform says the payment was cancelled; the row is closed (the orders stay unpaid). */
export async function cancelCoinPayment(deps: Deps, user: UserRow, paymentId: string): Promise<PayResult> {
  const payment = await fetchPlatformPayment(deps, paymentId);
  const row = await checkedRow(deps, user, payment);
  const orderIds = await orderIdsOf(deps, row.id);
  if (!payment.status.cancelled) throw new ApiError('invalidField', { field: 'paymentId', detail: 'the platform has not cancelled this payment' }, null, 'messages.paymentsError');
  await deps.db
    .updateTable('payments')
    .set({ status: 'cancelled', updated_at: new Date(deps.now()) })
    .where('id', '=', row.id)
    .where('status', 'in', ['created', 'approved'])
    .where((eb) => eb.or([eb('payment_id', 'is', null), eb('payment_id', '=', paymentId)]))
    .execute();
  return result(row.id, 'cancelled', orderIds);
}

/**
 * An incomplete payment the host reported at login: verified with the platform, then completed when
 * its transaction is on the chain and it is ours, otherwise cancelled.
 */
export async function settleIncompletePayment(deps: Deps, user: UserRow, paymentId: string): Promise<PayResult> {
  const payment = await fetchPlatformPayment(deps, paymentId);
  if (payment.user_uid !== user.pi_uid) throw new ApiError('forbidden', {}, null, 'messages.paymentsError');
  let row: Awaited<ReturnType<typeof checkedRow>> | null = null;
  try {
    row = await checkedRow(deps, user, payment);
  } catch {
    row = null;
  }
  const tx = payment.transaction;
  if (row && tx && tx.verified && !payment.status.cancelled) {
    if (row.payment_id === null) {
      await deps.db.updateTable('payments').set({ payment_id: paymentId, status: 'approved' }).where('id', '=', row.id).where('payment_id', 'is', null).execute();
    }
    const fresh = await deps.db.selectFrom('payments').select('payment_id').where('id', '=', row.id).executeTakeFirstOrThrow();
    if (fresh.payment_id === paymentId) return settleCoin(deps, row.id, user.id, paymentId, tx.txid, payment.status.developer_completed);
  }
  if (!payment.status.cancelled && !payment.status.developer_completed) {
    await deps.platform.cancelPayment(paymentId).catch((error: unknown) => {
      throw platformFailure(error);
    });
  }
  if (row) await deps.db.updateTable('payments').set({ status: 'cancelled' }).where('id', '=', row.id).where('status', 'in', ['created', 'approved']).execute();
  return result(row?.id ?? 0n, 'cancelled', row ? await orderIdsOf(deps, row.id) : []);
}

// ---------------------------------------------------------------- the account balance

/** Debits the buyer's balance and marks the orders paid, in one transaction; "Insufficient balance" when short. */
export async function payFromBalance(deps: Deps, user: UserRow, orderIds: bigint[], reviewed?: string): Promise<PayResult> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    await lockAccount(trx, Accounts.user(user.id));
    const orders = await payableOrders(trx, user.id, orderIds);
    const amount = orders.reduce((acc, o) => acc + o.total_amount, 0n);
    requireReviewedAmount(reviewed, amount);
    const balance = await accountBalance(trx, Accounts.user(user.id));
    if (balance < amount) throw new ApiError('invalidField', { field: 'balance', detail: 'insufficient' }, null, 'messages.insufficientBalance');
    const ids = orders.map((o) => o.id);
    const ref = await insertPayment(trx, user.id, 'balance', amount, ids, 'completed', now);
    const txnId = await post(trx, {
      kind: 'balancePayment',
      reference: `payment:${ref.toString()}`,
      postings: [{ account: Accounts.user(user.id), amount: -amount }, ...orders.map((o) => ({ account: Accounts.orderEscrow(o.id), amount: o.total_amount }))],
      at: new Date(now),
    });
    await trx.updateTable('payments').set({ ledger_txn: txnId }).where('id', '=', ref).execute();
    await markPaid(trx, orders, 'balance', now);
    return result(ref, 'completed', ids);
  });
}

// ---------------------------------------------------------------- the wallet-app balance

export function walletPasswordHash(password: string): string {
  return `sandbox:${crypto.createHash('sha256').update(password).digest('hex')}`;
}

/** The wallet app's account of this person, when merged with it (sandbox mode: the server's own sandbox table). */
export async function walletAppAccount(deps: Deps, user: UserRow) {
  const merged = await deps.db.selectFrom('sandbox_wallet_app_accounts').selectAll().where('merged_user_id', '=', user.id).executeTakeFirst();
  return merged ?? deps.db.selectFrom('sandbox_wallet_app_accounts').selectAll().where('username', '=', user.username).where('merged_user_id', 'is', null).executeTakeFirst();
}

/** Pays from the wallet app's balance after its payment password; refused for accounts not merged with the wallet app. */
export async function payFromWallet(deps: Deps, user: UserRow, orderIds: bigint[], password: string, reviewed?: string): Promise<PayResult> {
  const account = await walletAppAccount(deps, user);
  if (!account || !account.merged) throw new ApiError('forbidden', {}, null, 'wallet.notMerged');
  const given = Buffer.from(walletPasswordHash(password));
  const kept = Buffer.from(account.pay_password_hash);
  // Five wrong tries lock the password for 15 minutes, counted with the merge's (issue 25).
  await tryPassword(deps, walletAppLockKey(account.username, user.id), () => given.length === kept.length && crypto.timingSafeEqual(given, kept));
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const orders = await payableOrders(trx, user.id, orderIds);
    const amount = orders.reduce((acc, o) => acc + o.total_amount, 0n);
    requireReviewedAmount(reviewed, amount);
    const debited = await trx
      .updateTable('sandbox_wallet_app_accounts')
      .set((eb) => ({ balance: eb('balance', '-', amount) }))
      .where('username', '=', account.username)
      .where('balance', '>=', amount)
      .returning('balance')
      .executeTakeFirst();
    if (!debited) throw new ApiError('invalidField', { field: 'balance', detail: 'wallet balance not enough' }, null, 'messages.walletBalanceNotEnough');
    const ids = orders.map((o) => o.id);
    const ref = await insertPayment(trx, user.id, 'wallet', amount, ids, 'completed', now);
    const txnId = await post(trx, {
      kind: 'walletPayment',
      reference: `payment:${ref.toString()}`,
      postings: [{ account: Accounts.walletIn, amount: -amount }, ...orders.map((o) => ({ account: Accounts.orderEscrow(o.id), amount: o.total_amount }))],
      at: new Date(now),
    });
    await trx.updateTable('payments').set({ ledger_txn: txnId }).where('id', '=', ref).execute();
    await markPaid(trx, orders, 'wallet', now);
    return result(ref, 'completed', ids);
  });
}

// ---------------------------------------------------------------- reconciliation (background job)

/**
 * The background job: coin payments the app approved but never heard completed about (the browser
 * closed after signing) are checked with the platform and settled or closed; the platform's own
 * incomplete server payments (app to user) this app has no record of are cancelled. Safe to run any
 * time, any number of times: every step is idempotent. Answers what it did.
 */
export async function reconcilePayments(deps: Deps, olderThanMs = 60_000): Promise<{ completed: number; cancelled: number }> {
  let completed = 0;
  let cancelled = 0;
  const stale = await deps.db
    .selectFrom('payments')
    .selectAll()
    .where('method', '=', 'coin')
    .where('status', '=', 'approved')
    .where('payment_id', 'is not', null)
    .where('updated_at', '<', new Date(deps.now() - olderThanMs))
    .orderBy('id')
    .limit(100)
    .execute();
  for (const row of stale) {
    if (!row.payment_id) continue;
    const payment = await deps.platform.getPayment(row.payment_id).catch(() => null);
    if (!payment) continue;
    const tx = payment.transaction;
    if (tx && tx.verified && !payment.status.cancelled && parseMoney(payment.amount) === row.amount) {
      await settleCoin(deps, row.id, row.user_id, row.payment_id, tx.txid, payment.status.developer_completed);
      completed += 1;
    } else if (payment.status.cancelled) {
      await deps.db.updateTable('payments').set({ status: 'cancelled', updated_at: new Date(deps.now()) }).where('id', '=', row.id).where('status', '=', 'approved').execute();
      cancelled += 1;
    }
  }
  const serverPayments = await deps.platform.incompleteServerPayments().catch(() => []);
  for (const p of serverPayments) {
    const known = await deps.db.selectFrom('payments').select('id').where('payment_id', '=', p.identifier).executeTakeFirst();
    if (known || p.transaction) continue; // ours, or already on the chain: left to the flow that created it
    if (typeof p.metadata.withdrawalId === 'string') continue; // a withdrawal's payout: its own chart resolves it (services/withdrawals.ts)
    await deps.platform.cancelPayment(p.identifier).catch(() => undefined);
    cancelled += 1;
  }
  return { completed, cancelled };
}
