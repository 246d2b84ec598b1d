import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run';

/**
 * Withdrawal to a wallet address (issue 13): the withdrawal record with its chart snapshot, its
 * history, the kept payout id and txid (each unique: a payout is never recorded twice), at most one
 * withdrawal in flight per person; the e-mail code purpose `withdraw`; the time of the person's last
 * platform re-authentication; the small wallet flags of SPEC 7 (ad popups shown once, the QR tip,
 * the two-factor key acknowledgement). The sandbox platform learns KYC, failing payouts and a
 * confirmation delay; a wallet-app account remembers the account it was merged with.
 */
export const withdrawal: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      alter table email_codes drop constraint email_codes_purpose_check;
      alter table email_codes add constraint email_codes_purpose_check check (purpose in ('register', 'reset', 'email', 'withdraw'));
      create table withdrawals (
        id bigint generated always as identity primary key,
        user_id bigint not null references users(id),
        status text not null,
        stage text not null,
        chart jsonb not null,
        address text not null,
        amount bigint not null check (amount > 0),
        fee bigint not null check (fee >= 0),
        payment_id text unique,
        txid text unique,
        from_address text,
        reviewer_id bigint references users(id),
        reviewed_at timestamptz,
        payout_claimed_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        finished_at timestamptz
      );
      create index withdrawals_user on withdrawals(user_id, created_at desc);
      create index withdrawals_stage on withdrawals(stage, created_at);
      create unique index withdrawals_one_in_flight on withdrawals(user_id) where status = 'toBeConfirmed';
      create table withdrawal_events (
        id bigint generated always as identity primary key,
        withdrawal_id bigint not null references withdrawals(id) on delete cascade,
        event text not null,
        party text not null,
        from_stage text not null,
        to_stage text not null,
        note text,
        created_at timestamptz not null
      );
      create index withdrawal_events_withdrawal on withdrawal_events(withdrawal_id, id);
      alter table users add column reauthenticated_at timestamptz;
      create table wallet_flags (
        user_id bigint primary key references users(id),
        wallet_ad_shown_at timestamptz,
        withdraw_ad_shown_at timestamptz,
        tk_happy_count integer not null default 0,
        qr_tip_status boolean not null default false,
        fa_key_saved_at timestamptz
      );
      alter table sandbox_wallets add column kyc text not null default 'none' check (kyc in ('passed', 'pending', 'none'));
      alter table sandbox_wallets add column payout_fails boolean not null default false;
      alter table sandbox_payments add column verified_at timestamptz;
      alter table sandbox_wallet_app_accounts add column merged_user_id bigint unique references users(id);
      update sandbox_wallets set kyc = 'passed' where username in ('demo_buyer', 'demo_seller');
    `);
  },
};
