import type { Db } from '../db/database';

/**
 * The sandbox platform's side of payouts: a transaction the sandbox Horizon took for an app-to-user
 * payment (server/sandbox/horizon.ts) is verified by the platform after the configured delay
 * (SANDBOX_CONFIRM_MS); until then the platform refuses to complete it, as a platform that has not
 * seen the ledger yet would.
 */

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
