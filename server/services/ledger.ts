import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { addHeldMove, heldMove, registerHeldKind } from '../db/heldMoves';
import { userAccount } from './users';
import { publishLive } from '../live/live';

/**
 * The double-entry ledger. Every movement of money is one transaction (`txn_id`) of two or more
 * rows whose amounts sum to zero. Each account's balance is also kept in `account_balances`, moved by
 * post() in the same transaction (so it always equals the sum of the account's rows; a check runs after
 * every server test file). Accounts:
 *  - `user:<id>`          a person's account balance
 *  - `platform:coin-in`   coins received through the platform (its balance is minus what came in)
 *  - `platform:wallet-in` what the wallet app paid in on a person's behalf
 *  - `platform:topup`     demo and promotional credits the platform grants
 *  - `platform:fees`      handling fees the platform earned (issue 6)
 *  - `escrow:order:<id>`  what a buyer paid for an order, held until the order settles
 *  - `pending:user:<id>`  a seller's income from received orders, held until each order's after-sale
 *                         window passes or its case closes (issue 12); then moved to `user:<id>`, so the
 *                         balance of `user:<id>` is exactly what may be withdrawn
 */
type Conn = Kysely<Database> | Transaction<Database>;

export const Accounts = {
  user: (userId: bigint) => userAccount(userId),
  coinIn: 'platform:coin-in',
  walletIn: 'platform:wallet-in',
  topUp: 'platform:topup',
  fees: 'platform:fees',
  orderEscrow: (orderId: bigint) => `escrow:order:${orderId.toString()}`,
  pendingIncome: (userId: bigint) => `pending:user:${userId.toString()}`,
} as const;

/** The person an account belongs to (their balance or pending income), or null for the platform's and escrow accounts. */
function ownerOfAccount(account: string): bigint | null {
  const match = /^(?:pending:)?user:(\d+)$/.exec(account);
  return match?.[1] ? BigInt(match[1]) : null;
}

export interface Posting {
  account: string;
  amount: bigint;
}

export class LedgerImbalance extends Error {}

/** Writes one transaction; refuses postings that do not sum to zero or carry a zero amount. Answers the txn id. */
export async function post(db: Conn, entry: { kind: string; reference: string | null; postings: Posting[]; at?: Date; txnId?: string }): Promise<string> {
  const sum = entry.postings.reduce((acc, p) => acc + p.amount, 0n);
  if (sum !== 0n) throw new LedgerImbalance(`ledger transaction ${entry.kind} sums to ${sum.toString()}`);
  if (entry.postings.length < 2 || entry.postings.some((p) => p.amount === 0n)) throw new LedgerImbalance(`ledger transaction ${entry.kind} has an empty posting`);
  const txnId = entry.txnId ?? crypto.randomUUID();
  // The people whose balance or pending income this moves see it change (the live channel, issue 23).
  await publishLive(db, [{ topic: 'money', people: entry.postings.map((p) => ownerOfAccount(p.account)) }]);
  await db
    .insertInto('ledger_entries')
    .values(entry.postings.map((p) => ({ txn_id: txnId, account: p.account, amount: p.amount, kind: entry.kind, reference: entry.reference, ...(entry.at ? { created_at: entry.at } : {}) })))
    .execute();
  // The maintained balances move in the same transaction (at its end when it holds its moves back:
  // server/db/heldMoves.ts, the timer runner's batches).
  const moves = new Map<string, bigint>();
  for (const p of entry.postings) moves.set(p.account, (moves.get(p.account) ?? 0n) + p.amount);
  const rows = [...moves].filter(([, amount]) => amount !== 0n).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
  if (rows.every(([account, amount]) => addHeldMove(db, 'balance', account, amount))) return txnId;
  await moveBalances(db, rows);
  return txnId;
}

/** Moves the maintained balances: one row per account, in account order, so two transactions touching the same accounts lock them in the same order. */
async function moveBalances(db: Conn, rows: [account: string, amount: bigint][]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('account_balances')
    .values(rows.map(([account, balance]) => ({ account, balance })))
    .onConflict((oc) => oc.column('account').doUpdateSet({ balance: sql<bigint>`account_balances.balance + excluded.balance` }))
    .execute();
}
registerHeldKind('balance', moveBalances);

/** An account's balance: its maintained row (one primary-key read, however many ledger rows it has). */
export async function accountBalance(db: Conn, account: string): Promise<bigint> {
  const row = await db.selectFrom('account_balances').select('balance').where('account', '=', account).executeTakeFirst();
  return (row?.balance ?? 0n) + heldMove(db, 'balance', account);
}

/** Accounts whose maintained balance differs from the sum of their ledger rows (none, ever; checked after every server test file). */
export async function balanceMismatches(db: Conn): Promise<{ account: string; maintained: bigint; ledger: bigint }[]> {
  const rows = await sql<{ account: string; maintained: bigint | null; ledger: bigint | null }>`
    select coalesce(b.account, l.account) as account, b.balance as maintained, l.total as ledger
    from account_balances b
    full join (select account, sum(amount)::int8 as total from ledger_entries group by account) l on l.account = b.account
    where coalesce(b.balance, 0) <> coalesce(l.total, 0)`.execute(db);
  return rows.rows.map((r) => ({ account: r.account, maintained: r.maintained ?? 0n, ledger: r.ledger ?? 0n }));
}

/** A seller's income not yet withdrawable (for screens: pending vs available). */
export async function pendingIncomeOf(db: Conn, userId: bigint): Promise<bigint> {
  return accountBalance(db, Accounts.pendingIncome(userId));
}

/** The sum over every account: always zero. */
export async function ledgerTotal(db: Db): Promise<bigint> {
  const row = await db.selectFrom('ledger_entries').select(sql<bigint>`coalesce(sum(amount), 0)::int8`.as('total')).executeTakeFirstOrThrow();
  return row.total;
}

/** Transactions whose sum is not zero (none, ever). */
export async function unbalancedTransactions(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('ledger_entries').select('txn_id').groupBy('txn_id').having(sql`sum(amount)`, '<>', 0).execute();
  return rows.map((r) => r.txn_id);
}

/**
 * Locks a person's account for a debit: a transaction-scoped advisory lock keyed by the account, so two
 * debits of the same balance run one after the other and neither overdraws it.
 */
export async function lockAccount(trx: Transaction<Database>, account: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${account}, 0))`.execute(trx);
}

/** Demo data: the platform grants demo_buyer a balance to try the account-balance payment (see seed). */
export async function demoTopUp(db: Conn, userId: bigint, amount: bigint): Promise<void> {
  await post(db, { kind: 'topUp', reference: 'demo', postings: [{ account: Accounts.topUp, amount: -amount }, { account: Accounts.user(userId), amount }] });
}
