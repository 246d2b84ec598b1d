import type { Db } from '../db/database';
import { walletAddress } from '../sandbox/ledger';

/**
 * The Pi wallet address the sandbox platform pays a person's app-to-user payments to (their
 * payment's to_address): the only address a withdrawal may go to (issue 34).
 */
export async function piWalletOfUser(db: Db, username: string): Promise<string> {
  const row = await db.selectFrom('users').select('pi_uid').where('username', '=', username).executeTakeFirstOrThrow();
  if (!row.pi_uid) throw new Error(`${username} has no platform account`);
  return walletAddress(row.pi_uid);
}
