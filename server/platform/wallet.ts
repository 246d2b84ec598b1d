import { log } from '../observability/log';
import type { PayoutChain } from './chain';
import type { PlatformClient } from './client';

/**
 * The app wallet, checked at start (issue 34): payouts can go only when PI_WALLET_SEED is set, its account
 * exists on the network's Horizon, and it is the wallet the platform says app-to-user payments come from
 * (the `from_address` of the payments it has open). A failed check is one clear log line and `/readyz`
 * answering `payouts: {ready: false, reason}`; the rest of the app is still ready (people can browse and buy).
 */
export interface WalletCheck {
  ready: boolean;
  /** Why payouts cannot go, for an operator; null when they can. */
  reason: string | null;
  /** The seed's public address (never the seed). */
  address: string | null;
}

export async function checkAppWallet(deps: { chain: PayoutChain; platform: PlatformClient; network: string }): Promise<WalletCheck> {
  const address = deps.chain.appAddress;
  const verdict = (reason: string | null): WalletCheck => {
    if (reason) log.error({ check: 'appWallet', address, network: deps.network, reason }, `payouts not ready: ${reason}`);
    else log.info({ check: 'appWallet', address, network: deps.network }, 'app wallet ready for payouts');
    return { ready: reason === null, reason, address };
  };
  if (!address) return verdict('PI_WALLET_SEED is not set: payouts wait');
  let exists: boolean;
  try {
    exists = await deps.chain.accountExists(deps.network);
  } catch (error) {
    return verdict(`Horizon did not answer whether the app wallet's account exists (${(error as Error).message})`);
  }
  if (!exists) return verdict(`the account of PI_WALLET_SEED (${address}) does not exist on ${deps.network}: create and fund it, or set the seed of the app's wallet`);
  let open;
  try {
    open = await deps.platform.incompleteServerPayments();
  } catch (error) {
    return verdict(`the platform did not answer which wallet pays (${(error as Error).message})`);
  }
  const other = open.find((p) => p.direction === 'app_to_user' && p.from_address && p.from_address !== address);
  if (other) return verdict(`the platform pays from ${other.from_address}, but PI_WALLET_SEED is the seed of ${address}`);
  return verdict(null);
}
