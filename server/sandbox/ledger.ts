import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { Durations } from '../../src/domain/constants';
import { formatMoney, parseMoney, type Units } from '../../src/domain/money';
import type { Db } from '../db/database';
import type { Database, SandboxPaymentsTable, SandboxWalletsTable } from '../db/schema';
import type { PlatformPayment } from '../platform/client';
import { SandboxError } from './errors';
import { stellarAddressOf } from '../../src/domain/stellarAddress';
import { publicAddressOf, sandboxWalletSeed } from '../platform/chain';

/**
 * The simulated coin network: wallets, access tokens, payments and blockchain transactions in the
 * sandbox_* tables. Every movement of coins is one DB transaction that locks the payment and both
 * wallets; a balance never goes below zero (the table's CHECK holds it, the debit's condition says why).
 */

export type PaymentRow = Selectable<SandboxPaymentsTable>;
export type WalletRow = Selectable<SandboxWalletsTable>;
type Conn = Kysely<Database>;

/** The app's own wallet: where user-to-app payments go and app-to-user payments come from. */
export const appUid = 'app';
/** Not a valid user name (capitals, spaces), so no person can take it. */
export const appUsername = 'Coin Mall App';
export const appOpeningBalance: Units = parseMoney('1000000000');
/** A wallet created at the host's "new user" starts with this. */
export const newWalletBalance: Units = parseMoney('1000');
export const accessTokenLifetime = Durations.day;
export const sandboxNetwork = 'Pi Testnet';

export type Direction = PlatformPayment['direction'];

const opened = new WeakMap<Db, Promise<void>>();

/** Creates the app wallet once per database, lazily, before the first sandbox request is served. */
export function ensureAppWallet(db: Db): Promise<void> {
  let ready = opened.get(db);
  if (!ready) {
    ready = db
      .insertInto('sandbox_wallets')
      .values({ uid: appUid, username: appUsername, balance: appOpeningBalance })
      .onConflict((oc) => oc.column('uid').doNothing())
      .execute()
      .then(() => undefined);
    ready.catch(() => opened.delete(db));
    opened.set(db, ready);
  }
  return ready;
}

let appAddress: string | null = null;

/** A deterministic, valid public address for a wallet (G…, 56 characters, version byte and CRC16 checksum right). */
export function walletAddress(uid: string): string {
  if (uid === appUid) return (appAddress ??= publicAddressOf(sandboxWalletSeed)); // the app wallet signs with its seed: its address is the seed's
  return stellarAddressOf(crypto.createHash('sha256').update(`sandbox-wallet:${uid}`).digest());
}

export function transactionLink(origin: string, txid: string): string {
  return `${origin}/sandbox/platform/transactions/${txid}`;
}

/** The platform's PaymentDTO; `amount` is the exact decimal string (the wire layer turns it into a JSON number). */
export function toPlatformPayment(row: PaymentRow, origin: string): PlatformPayment {
  const direction: Direction = row.direction === 'app_to_user' ? 'app_to_user' : 'user_to_app';
  const user = walletAddress(row.user_uid);
  const app = walletAddress(appUid);
  return {
    identifier: row.identifier,
    user_uid: row.user_uid,
    amount: formatMoney(row.amount),
    memo: row.memo,
    metadata: row.metadata,
    from_address: direction === 'user_to_app' ? user : app,
    to_address: direction === 'user_to_app' ? app : user,
    direction,
    created_at: row.created_at.toISOString(),
    network: sandboxNetwork,
    status: {
      developer_approved: row.developer_approved,
      transaction_verified: row.transaction_verified,
      developer_completed: row.developer_completed,
      cancelled: row.cancelled,
      user_cancelled: row.user_cancelled,
    },
    transaction: row.txid === null ? null : { txid: row.txid, verified: row.transaction_verified, _link: transactionLink(origin, row.txid) },
  };
}

// ---------------------------------------------------------------- wallets and tokens

export async function listWallets(db: Db): Promise<WalletRow[]> {
  return db.selectFrom('sandbox_wallets').selectAll().where('uid', '<>', appUid).orderBy('created_at').orderBy('username').execute();
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === '23505';
}

export async function createWallet(db: Db, username: string, now: number): Promise<WalletRow> {
  const taken = await db.selectFrom('sandbox_wallets').select('uid').where('username', '=', username).executeTakeFirst();
  if (taken) throw new SandboxError(409, 'username_taken', `the user name "${username}" is already taken`);
  try {
    return await db
      .insertInto('sandbox_wallets')
      .values({ uid: crypto.randomUUID(), username, balance: newWalletBalance, created_at: new Date(now) })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) throw new SandboxError(409, 'username_taken', `the user name "${username}" is already taken`);
    throw error;
  }
}

export async function findWallet(db: Db, uid: string): Promise<WalletRow> {
  const wallet = uid === appUid ? undefined : await db.selectFrom('sandbox_wallets').selectAll().where('uid', '=', uid).executeTakeFirst();
  if (!wallet) throw new SandboxError(404, 'user_not_found', `no sandbox user with uid "${uid}"`);
  return wallet;
}

export async function issueAccessToken(db: Db, uid: string, now: number): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insertInto('sandbox_access_tokens').values({ token, uid, expires_at: new Date(now + accessTokenLifetime) }).execute();
  return token;
}

/** The wallet an access token was issued for, or 401 when the token is unknown or expired. */
export async function walletOfToken(db: Db, token: string, now: number): Promise<WalletRow> {
  const wallet = await db
    .selectFrom('sandbox_access_tokens as t')
    .innerJoin('sandbox_wallets as w', 'w.uid', 't.uid')
    .select(['w.uid', 'w.username', 'w.balance', 'w.created_at', 'w.kyc', 'w.payout_fails', 'w.wallet_scope'])
    .where('t.token', '=', token)
    .where('t.expires_at', '>', new Date(now))
    .executeTakeFirst();
  if (!wallet) throw new SandboxError(401, 'invalid_access_token', 'the access token is unknown or has expired');
  return wallet;
}

// ---------------------------------------------------------------- payments

export async function findPayment(db: Conn, identifier: string): Promise<PaymentRow> {
  const row = await db.selectFrom('sandbox_payments').selectAll().where('identifier', '=', identifier).executeTakeFirst();
  if (!row) throw new SandboxError(404, 'payment_not_found', `no payment with identifier "${identifier}"`);
  return row;
}

/** Runs `change` on the payment row locked FOR UPDATE, inside one DB transaction. */
function withLockedPayment(db: Db, identifier: string, change: (trx: Conn, row: PaymentRow) => Promise<PaymentRow>): Promise<PaymentRow> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('sandbox_payments').selectAll().where('identifier', '=', identifier).forUpdate().executeTakeFirst();
    if (!row) throw new SandboxError(404, 'payment_not_found', `no payment with identifier "${identifier}"`);
    return change(trx, row);
  });
}

function update(trx: Conn, identifier: string, values: Partial<Pick<PaymentRow, 'developer_approved' | 'transaction_verified' | 'developer_completed' | 'cancelled' | 'user_cancelled' | 'txid'>>) {
  return trx.updateTable('sandbox_payments').set(values).where('identifier', '=', identifier).returningAll().executeTakeFirstOrThrow();
}

/** The user's newest user-to-app payment that was signed but neither completed nor cancelled. */
export async function incompleteUserPayment(db: Conn, uid: string): Promise<PaymentRow | null> {
  const row = await db
    .selectFrom('sandbox_payments')
    .selectAll()
    .where('user_uid', '=', uid)
    .where('direction', '=', 'user_to_app')
    .where('developer_completed', '=', false)
    .where('cancelled', '=', false)
    .where('txid', 'is not', null)
    .orderBy('created_at', 'desc')
    .orderBy('identifier', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** App-to-user payments the app created and has not completed nor cancelled. */
export async function incompleteServerPayments(db: Db): Promise<PaymentRow[]> {
  return db
    .selectFrom('sandbox_payments')
    .selectAll()
    .where('direction', '=', 'app_to_user')
    .where('developer_completed', '=', false)
    .where('cancelled', '=', false)
    .orderBy('created_at')
    .orderBy('identifier')
    .execute();
}

export interface NewPayment {
  uid: string;
  amount: Units;
  memo: string;
  metadata: Record<string, unknown>;
}

function newIdentifier(): string {
  return crypto.randomBytes(18).toString('base64url');
}

/**
 * A user-to-app payment opened by the host's createPayment. Like the real platform, a user who has a
 * signed payment the app has not completed yet cannot start another one until the app handles it.
 */
export async function createUserPayment(db: Db, payment: NewPayment, now: number): Promise<PaymentRow> {
  const pending = await incompleteUserPayment(db, payment.uid);
  if (pending) {
    throw new SandboxError(409, 'ongoing_payment_found', `the user has an incomplete payment (${pending.identifier}) that the app must complete or cancel first`);
  }
  return db
    .insertInto('sandbox_payments')
    .values({
      identifier: newIdentifier(),
      user_uid: payment.uid,
      amount: payment.amount,
      memo: payment.memo,
      metadata: JSON.stringify(payment.metadata),
      direction: 'user_to_app',
      created_at: new Date(now),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An app-to-user payment: the developer created it, so it is approved from the start. */
export async function createAppPayment(db: Db, payment: NewPayment, now: number): Promise<PaymentRow> {
  if (payment.uid === appUid) throw new SandboxError(400, 'invalid_recipient', 'the app cannot pay itself');
  const wallet = await findWallet(db, payment.uid);
  if (!wallet.wallet_scope) throw new SandboxError(400, 'missing_scope', 'the user has not granted the app the wallet_address scope');
  // Like the platform: one app-to-user payment at a time; a stuck one blocks the next.
  const open = await incompleteServerPayments(db);
  if (open.length > 0) throw new SandboxError(409, 'ongoing_payment_found', `the app has an incomplete app-to-user payment (${open[0]?.identifier ?? ''}) to complete or cancel first`);
  return db
    .insertInto('sandbox_payments')
    .values({
      identifier: newIdentifier(),
      user_uid: payment.uid,
      amount: payment.amount,
      memo: payment.memo,
      metadata: JSON.stringify(payment.metadata),
      direction: 'app_to_user',
      developer_approved: true,
      created_at: new Date(now),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Server approval. Idempotent; refused once the payment is cancelled. */
export function approvePayment(db: Db, identifier: string): Promise<PaymentRow> {
  return withLockedPayment(db, identifier, async (trx, row) => {
    if (row.cancelled) throw new SandboxError(400, 'payment_cancelled', 'the payment was cancelled and cannot be approved');
    if (row.developer_approved) return row;
    return update(trx, identifier, { developer_approved: true });
  });
}

/** Server completion with the txid of the blockchain transaction. Idempotent for the same txid. */
export function completePayment(db: Db, identifier: string, txid: string, now: number): Promise<PaymentRow> {
  return withLockedPayment(db, identifier, async (trx, row) => {
    if (row.cancelled) throw new SandboxError(400, 'payment_cancelled', 'the payment was cancelled and cannot be completed');
    if (!row.developer_approved) throw new SandboxError(400, 'payment_not_approved', 'the payment has not been approved by the developer');
    if (row.txid === null) {
      const who = row.direction === 'user_to_app' ? 'the user has not signed the transaction yet' : 'the app has not submitted the transaction yet';
      throw new SandboxError(400, 'transaction_not_found', `the payment has no blockchain transaction: ${who}`);
    }
    if (row.txid !== txid) throw new SandboxError(400, 'txid_mismatch', "the txid does not match the payment's blockchain transaction");
    if (!row.transaction_verified && row.verified_at && row.verified_at.getTime() > now) throw new SandboxError(400, 'transaction_not_verified', 'the blockchain transaction is not verified yet');
    if (row.developer_completed) return row;
    return update(trx, identifier, { developer_completed: true });
  });
}

/** Server cancellation: allowed until the payment is completed; idempotent. */
export function cancelPaymentByApp(db: Db, identifier: string): Promise<PaymentRow> {
  return withLockedPayment(db, identifier, async (trx, row) => {
    if (row.developer_completed) throw new SandboxError(400, 'payment_completed', 'the payment is completed and cannot be cancelled');
    if (row.cancelled) return row;
    return update(trx, identifier, { cancelled: true });
  });
}

/**
 * The person cancels in the wallet (user_cancelled + cancelled), or the host gives up waiting for the
 * app's approval (cancelled only). Not once the person has signed: the coins are on their way.
 */
export function cancelPaymentByUser(db: Db, identifier: string, reason: 'user' | 'approval_timeout'): Promise<PaymentRow> {
  return withLockedPayment(db, identifier, async (trx, row) => {
    if (row.direction !== 'user_to_app') throw new SandboxError(400, 'wrong_direction', 'only a user-to-app payment can be cancelled in the wallet');
    if (row.cancelled) return row;
    if (row.developer_completed) throw new SandboxError(400, 'payment_completed', 'the payment is completed and cannot be cancelled');
    if (row.txid !== null) throw new SandboxError(400, 'payment_signed', 'the payment was already signed and cannot be cancelled in the wallet');
    return update(trx, identifier, reason === 'user' ? { cancelled: true, user_cancelled: true } : { cancelled: true });
  });
}

/** The person signs a user-to-app payment in the wallet: coins move user → app. Idempotent. */
export function signUserPayment(db: Db, identifier: string, now: number): Promise<PaymentRow> {
  return withLockedPayment(db, identifier, async (trx, row) => {
    if (row.direction !== 'user_to_app') throw new SandboxError(400, 'wrong_direction', 'only a user-to-app payment is signed by the user');
    if (row.txid !== null) return row;
    if (row.cancelled) throw new SandboxError(400, 'payment_cancelled', 'the payment was cancelled');
    if (!row.developer_approved) throw new SandboxError(400, 'payment_not_approved', 'the app has not approved the payment yet');
    const txid = await moveCoins(trx, row, row.user_uid, appUid, now);
    return update(trx, identifier, { txid, transaction_verified: true });
  });
}

/** Sandbox only: the app submits an app-to-user payment's blockchain transaction: coins move app → user. Idempotent. */
export function submitAppPayment(db: Db, identifier: string, now: number): Promise<PaymentRow> {
  return withLockedPayment(db, identifier, async (trx, row) => {
    if (row.direction !== 'app_to_user') throw new SandboxError(400, 'wrong_direction', 'only an app-to-user payment is submitted by the app');
    if (row.txid !== null) return row;
    if (row.cancelled) throw new SandboxError(400, 'payment_cancelled', 'the payment was cancelled');
    const txid = await moveCoins(trx, row, appUid, row.user_uid, now);
    return update(trx, identifier, { txid, transaction_verified: true });
  });
}

/** One blockchain transaction: both wallets locked in uid order (no deadlock), debit only if covered. */
async function moveCoins(trx: Conn, payment: PaymentRow, from: string, to: string, now: number): Promise<string> {
  await trx
    .insertInto('sandbox_wallets')
    .values({ uid: appUid, username: appUsername, balance: appOpeningBalance })
    .onConflict((oc) => oc.column('uid').doNothing())
    .execute();
  const locked = await trx.selectFrom('sandbox_wallets').select(['uid', 'balance']).where('uid', 'in', [from, to]).orderBy('uid').forUpdate().execute();
  const payer = locked.find((w) => w.uid === from);
  if (!payer || !locked.some((w) => w.uid === to)) throw new SandboxError(404, 'wallet_not_found', 'a wallet of this payment does not exist');
  const debited = await trx
    .updateTable('sandbox_wallets')
    .set((eb) => ({ balance: eb('balance', '-', payment.amount) }))
    .where('uid', '=', from)
    .where('balance', '>=', payment.amount)
    .returning('balance')
    .executeTakeFirst();
  if (!debited) {
    throw new SandboxError(400, 'insufficient_balance', `the wallet holds ${formatMoney(payer.balance)}, the payment needs ${formatMoney(payment.amount)}`);
  }
  await trx.updateTable('sandbox_wallets').set((eb) => ({ balance: eb('balance', '+', payment.amount) })).where('uid', '=', to).execute();
  const txid = crypto.randomBytes(32).toString('hex');
  await trx
    .insertInto('sandbox_transactions')
    .values({ txid, payment_identifier: payment.identifier, from_uid: from, to_uid: to, amount: payment.amount, created_at: new Date(now) })
    .execute();
  return txid;
}

export async function findTransaction(db: Db, txid: string) {
  const tx = await db.selectFrom('sandbox_transactions').selectAll().where('txid', '=', txid).executeTakeFirst();
  if (!tx) throw new SandboxError(404, 'transaction_not_found', `no transaction with id "${txid}"`);
  return tx;
}
