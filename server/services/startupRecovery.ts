import type { Deps } from '../deps';
import { reconcilePayments } from './payments';

/**
 * Reconciliation at start (issue 25, finding 8). A crash may leave a coin payment signed on the chain
 * but never completed here, or a payout created at the platform whose id was never kept. At start,
 * before the timer runner fires anything, stranded payments are settled with the platform (so the
 * orders they pay are paid, not expired), and a payout the platform holds for a withdrawal whose
 * creation was interrupted is handed back to the payout driver at once (not after its lease).
 */

/** The platform may be slow or away: start-up waits this long for it, then goes on (the periodic jobs retry). */
const startupPlatformWaitMs = 15_000;

async function within<T>(ms: number, work: Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Withdrawals whose payout creation was interrupted (claimed, no payment id kept) and whose payout the
 * platform does hold: their claim is released, so the payout driver adopts that payout now.
 */
export async function releaseOrphanPayouts(deps: Deps): Promise<number> {
  const claimed = await deps.db.selectFrom('withdrawals').select('id').where('stage', '=', 'payingOut').where('payment_id', 'is', null).where('payout_claimed_at', 'is not', null).execute();
  if (claimed.length === 0) return 0;
  const open = await deps.platform.incompleteServerPayments();
  const held = new Set(open.filter((p) => p.direction === 'app_to_user').map((p) => String(p.metadata.withdrawalId ?? '')));
  let released = 0;
  for (const { id } of claimed) {
    if (!held.has(id.toString())) continue;
    await deps.db.updateTable('withdrawals').set({ payout_claimed_at: null }).where('id', '=', id).where('payment_id', 'is', null).where('stage', '=', 'payingOut').execute();
    released += 1;
  }
  return released;
}

/** Runs before the first timer batch (server/start.ts). Never throws: a start is not stopped by the platform. */
export async function recoverAtStart(deps: Deps): Promise<void> {
  await within(startupPlatformWaitMs, reconcilePayments(deps, 0)).catch((error: unknown) => console.error('[payments] at start:', error));
  await within(startupPlatformWaitMs, releaseOrphanPayouts(deps)).catch((error: unknown) => console.error('[withdrawals] at start:', error));
}
