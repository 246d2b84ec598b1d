import { FeeBumpTransaction, Keypair, TransactionBuilder, type Transaction } from '@stellar/stellar-sdk';
import { Hono, type Context } from 'hono';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import type { Deps } from '../deps';
import type { AppEnv } from '../http/env';
import { sandboxNetwork, walletAddress } from './ledger';

/**
 * A Horizon in the sandbox platform (issue 27), mounted at /sandbox/horizon: the production payout
 * code (server/platform/chain.ts) loads the app wallet's account, reads the base fee, submits its
 * signed envelope and looks transactions up here exactly as it does at Pi's Horizon.
 *
 * POST /transactions decodes the envelope with the same SDK and checks what a chain checks (time
 * bounds, the sequence number, the source account's signature under the network passphrase, the fee
 * and the balance) and what the platform promises for an app-to-user payment (the memo names an open
 * payment of the app, the one payment to its `to_address` for its amount). A transaction taken into a
 * "ledger" uses its sequence number and its fee even when its operation fails (op_underfunded,
 * op_no_destination), as on a real chain; one refused before that changes nothing.
 */

type Conn = Kysely<Database>;

/** Pi's base fee: 0.01 of the coin, in units of 10^-7 (stroops). */
export const sandboxBaseFee = 100_000n;
/** A new account's sequence number (a chain starts it at its ledger number × 2^32). */
const openingSequence = 1000n << 32n;
const problemBase = 'https://stellar.org/horizon-errors/';

/** "12.5" units → "12.5000000": Horizon's amounts have all 7 decimals. */
export function horizonAmount(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return `${negative ? '-' : ''}${(abs / 10_000_000n).toString()}.${(abs % 10_000_000n).toString().padStart(7, '0')}`;
}

function unitsOf(amount: string): bigint | null {
  const match = /^(\d+)(?:\.(\d{1,7}))?$/.exec(amount);
  if (!match) return null;
  return BigInt(match[1] ?? '0') * 10_000_000n + BigInt(((match[2] ?? '') + '0000000').slice(0, 7));
}

/** Every wallet has its chain account (address and sequence number); the app's address is its wallet seed's. */
export async function syncAccounts(db: Conn): Promise<void> {
  const missing = await db
    .selectFrom('sandbox_wallets as w')
    .leftJoin('sandbox_accounts as a', 'a.uid', 'w.uid')
    .select('w.uid')
    .where('a.uid', 'is', null)
    .execute();
  if (missing.length === 0) return;
  await db
    .insertInto('sandbox_accounts')
    .values(missing.map((m) => ({ address: walletAddress(m.uid), uid: m.uid, sequence: openingSequence })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

function problem(c: Context, status: 400 | 404 | 500, type: string, title: string, detail: string, extras?: Record<string, unknown>) {
  return c.json({ type: `${problemBase}${type}`, title, status, detail, ...(extras ? { extras } : {}) }, status);
}

class Refusal extends Error {
  constructor(
    readonly transaction: string,
    readonly operations: string[] = [],
    readonly reason: string | null = null,
  ) {
    super(transaction);
  }
}

interface ChainRow {
  hash: string;
  source: string;
  sequence: bigint;
  memo: string;
  fee: bigint;
  successful: boolean;
  envelope: string;
  ledger: number;
  created_at: Date;
}

function record(row: ChainRow) {
  return {
    id: row.hash,
    paging_token: String(row.ledger),
    hash: row.hash,
    successful: row.successful,
    ledger: row.ledger,
    created_at: row.created_at.toISOString(),
    source_account: row.source,
    source_account_sequence: row.sequence.toString(),
    fee_charged: row.fee.toString(),
    max_fee: row.fee.toString(),
    operation_count: 1,
    envelope_xdr: row.envelope,
    memo_type: 'text',
    memo: row.memo,
  };
}

/** The payment the transaction pays for: text memo = an open app-to-user payment, its destination and amount. */
async function checkPayment(trx: Conn, tx: Transaction): Promise<{ identifier: string; userUid: string; destination: string; amount: bigint }> {
  const op = tx.operations[0];
  if (tx.operations.length !== 1 || !op || op.type !== 'payment' || !op.asset.isNative()) throw new Refusal('tx_failed', ['op_malformed'], 'one native payment expected');
  if (tx.memo.type !== 'text' || tx.memo.value === null) throw new Refusal('tx_failed', ['op_malformed'], 'memo_not_a_payment');
  const memo = typeof tx.memo.value === 'string' ? tx.memo.value : new TextDecoder().decode(tx.memo.value);
  const payment = await trx.selectFrom('sandbox_payments').selectAll().where('identifier', '=', memo).where('direction', '=', 'app_to_user').forUpdate().executeTakeFirst();
  if (!payment || payment.cancelled || payment.txid !== null) throw new Refusal('tx_failed', ['op_malformed'], 'memo_not_a_payment');
  const destination = walletAddress(payment.user_uid);
  if (op.destination !== destination) throw new Refusal('tx_failed', ['op_malformed'], 'destination_mismatch');
  if (unitsOf(op.amount) !== payment.amount) throw new Refusal('tx_failed', ['op_malformed'], 'amount_mismatch');
  return { identifier: payment.identifier, userUid: payment.user_uid, destination, amount: payment.amount };
}

/** Takes one envelope into the simulated chain, or refuses it; answers the recorded transaction. */
async function submit(deps: Deps, envelope: string): Promise<ChainRow> {
  const taken = await take(deps, envelope);
  // A transaction whose operation failed is in the ledger all the same (committed); then it is refused.
  if (!taken.successful) throw new Refusal('tx_failed', [taken.result_code]);
  return taken;
}

async function take(deps: Deps, envelope: string): Promise<ChainRow & { result_code: string }> {
  let decoded: Transaction | FeeBumpTransaction;
  try {
    decoded = TransactionBuilder.fromXDR(envelope, sandboxNetwork);
  } catch {
    throw new Refusal('tx_malformed');
  }
  if (decoded instanceof FeeBumpTransaction) throw new Refusal('tx_not_supported');
  const tx = decoded;
  const hash = Buffer.from(tx.hash()).toString('hex');
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const known = await trx.selectFrom('sandbox_chain_transactions').selectAll().where('hash', '=', hash).executeTakeFirst();
    if (known) return known; // Horizon answers a transaction it already has with its result (a failed one with its failure)
    await syncAccounts(trx);
    const account = await trx.selectFrom('sandbox_accounts').selectAll().where('address', '=', tx.source).forUpdate().executeTakeFirst();
    if (!account) throw new Refusal('tx_no_source_account');
    const seconds = BigInt(Math.floor(now / 1000));
    const bounds = tx.timeBounds;
    if (bounds && BigInt(bounds.minTime) > seconds) throw new Refusal('tx_too_early');
    if (bounds && BigInt(bounds.maxTime) !== 0n && seconds > BigInt(bounds.maxTime)) throw new Refusal('tx_too_late');
    if (BigInt(tx.sequence) !== account.sequence + 1n) throw new Refusal('tx_bad_seq');
    const signer = Keypair.fromPublicKey(tx.source);
    if (!tx.signatures.some((s) => signer.verify(tx.hash(), s.signature))) throw new Refusal('tx_bad_auth');
    const fee = sandboxBaseFee * BigInt(tx.operations.length);
    if (BigInt(tx.fee) < fee) throw new Refusal('tx_insufficient_fee');
    const paid = await checkPayment(trx, tx);
    const wallets = await trx.selectFrom('sandbox_wallets').select(['uid', 'balance', 'payout_fails']).where('uid', 'in', [account.uid, paid.userUid]).orderBy('uid').forUpdate().execute();
    const payer = wallets.find((w) => w.uid === account.uid);
    const payee = wallets.find((w) => w.uid === paid.userUid);
    if (!payer || payer.balance < fee) throw new Refusal('tx_insufficient_balance');
    // From here the transaction is in a ledger: its sequence number and its fee are spent, whatever its operation does.
    let result: string = 'tx_success';
    if (!payee || payee.payout_fails) result = 'op_no_destination';
    else if (payer.balance - fee < paid.amount) result = 'op_underfunded';
    const successful = result === 'tx_success';
    await trx.updateTable('sandbox_accounts').set({ sequence: BigInt(tx.sequence) }).where('address', '=', account.address).execute();
    await trx.updateTable('sandbox_wallets').set((eb) => ({ balance: eb('balance', '-', successful ? fee + paid.amount : fee) })).where('uid', '=', account.uid).execute();
    if (successful) {
      await trx.updateTable('sandbox_wallets').set((eb) => ({ balance: eb('balance', '+', paid.amount) })).where('uid', '=', paid.userUid).execute();
      const verifiedAt = new Date(now + deps.config.sandboxConfirmMs);
      await trx
        .updateTable('sandbox_payments')
        .set({ txid: hash, transaction_verified: deps.config.sandboxConfirmMs <= 0, verified_at: verifiedAt })
        .where('identifier', '=', paid.identifier)
        .execute();
      await trx.insertInto('sandbox_transactions').values({ txid: hash, payment_identifier: paid.identifier, from_uid: account.uid, to_uid: paid.userUid, amount: paid.amount, created_at: new Date(now) }).execute();
    }
    const ledger = await trx.selectFrom('sandbox_chain_transactions').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('sandbox_chain_transactions')
      .values({
        hash,
        source: tx.source,
        sequence: BigInt(tx.sequence),
        memo: paid.identifier,
        destination: paid.destination,
        amount: paid.amount,
        fee,
        successful,
        result_code: result,
        envelope,
        ledger: Number(ledger.n) + 1,
        created_at: new Date(now),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return row;
  });
}

/** Horizon's shape of the sandbox chain. Mounted at /sandbox/horizon. */
export function horizonRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const db: Db = deps.db;

  app.get('/fee_stats', async (c) => {
    const ledger = await db.selectFrom('sandbox_chain_transactions').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    const fee = sandboxBaseFee.toString();
    const spread = { max: fee, min: fee, mode: fee, p10: fee, p20: fee, p30: fee, p40: fee, p50: fee, p60: fee, p70: fee, p80: fee, p90: fee, p95: fee, p99: fee };
    return c.json({ last_ledger: String(ledger.n), last_ledger_base_fee: fee, ledger_capacity_usage: '0.01', fee_charged: spread, max_fee: spread });
  });

  app.get('/accounts/:address', async (c) => {
    await syncAccounts(db);
    const address = c.req.param('address');
    const account = await db.selectFrom('sandbox_accounts as a').innerJoin('sandbox_wallets as w', 'w.uid', 'a.uid').select(['a.address', 'a.sequence', 'w.balance']).where('a.address', '=', address).executeTakeFirst();
    if (!account) return problem(c, 404, 'not_found', 'Resource Missing', 'The resource at the url requested was not found.');
    return c.json({
      id: account.address,
      account_id: account.address,
      sequence: account.sequence.toString(),
      paging_token: account.address,
      subentry_count: 0,
      last_modified_ledger: 0,
      thresholds: { low_threshold: 0, med_threshold: 0, high_threshold: 0 },
      flags: { auth_required: false, auth_revocable: false, auth_immutable: false, auth_clawback_enabled: false },
      balances: [{ balance: horizonAmount(account.balance), asset_type: 'native', buying_liabilities: '0.0000000', selling_liabilities: '0.0000000' }],
      signers: [{ key: account.address, weight: 1, type: 'ed25519_public_key' }],
      data: {},
    });
  });

  /** The account's transactions (as source or destination), newest first by default, paged by `cursor`; `memo` filters (a sandbox extra). */
  app.get('/accounts/:address/transactions', async (c) => {
    const address = c.req.param('address');
    const order = c.req.query('order') === 'asc' ? 'asc' : 'desc';
    const limit = Math.min(200, Math.max(1, Number(c.req.query('limit') ?? 10) || 10));
    const cursor = Number(c.req.query('cursor') ?? '');
    const memo = c.req.query('memo');
    let query = db
      .selectFrom('sandbox_chain_transactions')
      .selectAll()
      .where((eb) => eb.or([eb('source', '=', address), eb('destination', '=', address)]))
      .orderBy('ledger', order)
      .limit(limit);
    if (Number.isFinite(cursor) && c.req.query('cursor')) query = query.where('ledger', order === 'desc' ? '<' : '>', cursor);
    if (memo !== undefined) query = query.where('memo', '=', memo);
    const rows = await query.execute();
    const url = new URL(c.req.url);
    const link = (cur: string | undefined) => {
      const next = new URL(url);
      if (cur !== undefined) next.searchParams.set('cursor', cur);
      return { href: next.toString() };
    };
    const last = rows.at(-1);
    return c.json({
      _links: { self: link(undefined), next: link(last ? String(last.ledger) : c.req.query('cursor')), prev: link(rows[0] ? String(rows[0].ledger) : undefined) },
      _embedded: { records: rows.map(record) },
    });
  });

  app.get('/transactions/:hash', async (c) => {
    const row = await db.selectFrom('sandbox_chain_transactions').selectAll().where('hash', '=', c.req.param('hash')).executeTakeFirst();
    if (!row) return problem(c, 404, 'not_found', 'Resource Missing', 'The resource at the url requested was not found.');
    return c.json(record(row));
  });

  app.post('/transactions', async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const envelope = typeof form.tx === 'string' ? form.tx : '';
    if (!envelope) return problem(c, 400, 'transaction_malformed', 'Transaction Malformed', 'the body needs tx=<base64 envelope>');
    try {
      const row = await submit(deps, envelope);
      return c.json({ ...record(row), result_xdr: undefined });
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      if (error.transaction === 'tx_malformed') return problem(c, 400, 'transaction_malformed', 'Transaction Malformed', 'the envelope could not be decoded', { envelope_xdr: envelope });
      return problem(c, 400, 'transaction_failed', 'Transaction Failed', 'The transaction failed when submitted to the network.', {
        envelope_xdr: envelope,
        result_codes: { transaction: error.transaction, ...(error.operations.length > 0 ? { operations: error.operations } : {}) },
        ...(error.reason ? { sandbox_reason: error.reason } : {}),
      });
    }
  });

  app.all('/*', (c) => problem(c, 404, 'not_found', 'Resource Missing', 'The resource at the url requested was not found.'));
  return app;
}
