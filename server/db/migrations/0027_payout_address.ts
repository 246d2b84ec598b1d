import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run';

/**
 * The address a payout goes to (issue 34, finding 1; docs/decisions/052). `users.pi_wallet`: the Pi
 * wallet address the platform pays this person's app-to-user payments to, as the platform told us
 * (`/v2/me` with the wallet_address scope, or a payment's `to_address`). `withdrawals.paid_to`: the
 * address the payout's transaction paid (the platform payment's `to_address`), kept when it is signed.
 */
export const payoutAddress: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      alter table users add column pi_wallet text;
      alter table withdrawals add column paid_to text;
    `);
  },
};
