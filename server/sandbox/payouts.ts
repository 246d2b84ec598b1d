import type { Hono, MiddlewareHandler } from 'hono';
import type { Db } from '../db/database';
import type { Deps } from '../deps';
import type { AppEnv } from '../http/env';
import { SandboxError } from './errors';
import { findWallet, submitAppPayment, type PaymentRow } from './ledger';

/**
 * The sandbox platform's side of withdrawals (issue 13): the person's KYC status, app-to-user payouts
 * that fail for a wallet marked to fail, and a confirmation delay before the simulated chain
 * verifies a submitted payout (SANDBOX_CONFIRM_MS). Kept apart from the payment ledger it extends.
 */

export async function kycOf(db: Db, uid: string): Promise<string> {
  const wallet = await findWallet(db, uid);
  const row = await db.selectFrom('sandbox_wallets').select('kyc').where('uid', '=', wallet.uid).executeTakeFirstOrThrow();
  return row.kyc;
}

/** Submitted payouts whose confirmation delay has passed become verified. */
export async function confirmDuePayouts(db: Db, now: number): Promise<void> {
  await db
    .updateTable('sandbox_payments')
    .set({ transaction_verified: true })
    .where('direction', '=', 'app_to_user')
    .where('transaction_verified', '=', false)
    .where('txid', 'is not', null)
    .where('verified_at', '<=', new Date(now))
    .execute();
}

/**
 * Submits a payout's transaction: refused (and the payment cancelled, no coin moved) when the
 * recipient's wallet is marked to fail; otherwise the coins move and the transaction is verified
 * after the configured delay.
 */
export async function submitPayout(deps: Deps, identifier: string): Promise<PaymentRow> {
  const now = deps.now();
  const existing = await deps.db.selectFrom('sandbox_payments').selectAll().where('identifier', '=', identifier).executeTakeFirst();
  if (existing && existing.direction === 'app_to_user' && existing.txid === null && !existing.cancelled) {
    const wallet = await deps.db.selectFrom('sandbox_wallets').select('payout_fails').where('uid', '=', existing.user_uid).executeTakeFirst();
    if (wallet?.payout_fails) {
      await deps.db.updateTable('sandbox_payments').set({ cancelled: true }).where('identifier', '=', identifier).where('txid', 'is', null).execute();
      throw new SandboxError(400, 'payout_failed', 'the blockchain refused the transaction (sandbox: this wallet is marked to fail payouts)');
    }
  }
  const row = await submitAppPayment(deps.db, identifier, now);
  if (existing?.txid === null && deps.config.sandboxConfirmMs > 0) {
    return deps.db
      .updateTable('sandbox_payments')
      .set({ transaction_verified: false, verified_at: new Date(now + deps.config.sandboxConfirmMs) })
      .where('identifier', '=', identifier)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  return row;
}

/** GET /v2/users/:uid/kyc (sandbox extension of the platform API). */
export function kycRoute(app: Hono<AppEnv>, deps: Deps, keyed: MiddlewareHandler<AppEnv>): void {
  app.get('/v2/users/:uid/kyc', keyed, async (c) => {
    const uid = c.req.param('uid');
    if (!uid) throw new SandboxError(404, 'user_not_found', 'no user');
    return c.json({ uid, kyc: await kycOf(deps.db, uid) });
  });
}
