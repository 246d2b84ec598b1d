import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run';

/**
 * Real payouts on the coin's chain, and KYC kept by the product (issue 27).
 *
 * - `payout_envelopes`: the signed transaction of a withdrawal's payout, stored BEFORE it is submitted
 *   (its hash is the txid the chain will know it by). At most one live envelope per withdrawal; a
 *   replaced one is kept with `replaced_at` (only when the chain has no transaction with the payment's
 *   memo and its time bounds have passed).
 * - `payout_slots`: one row per app wallet; the withdrawal whose payout holds the wallet (one in flight
 *   per app wallet, across server processes). `withdrawals.waiting` says why a payout waits.
 * - `sandbox_accounts`, `sandbox_chain_transactions`: the sandbox Horizon's accounts (sequence numbers)
 *   and the transactions it accepted (or included as failed). `sandbox_wallets.wallet_scope`: whether
 *   the person granted the app `wallet_address` (the platform answers `missing_scope` otherwise).
 * - `kyc_records`, `kyc_events`: each person's identity check with its chart snapshot and history.
 */
export const payoutChain: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table payout_envelopes (
        id bigint generated always as identity primary key,
        withdrawal_id bigint not null references withdrawals(id),
        payment_id text not null,
        network text not null,
        source text not null,
        sequence text not null,
        hash text not null unique,
        envelope text not null,
        max_time timestamptz not null,
        created_at timestamptz not null,
        replaced_at timestamptz
      );
      create unique index payout_envelopes_live on payout_envelopes(withdrawal_id) where replaced_at is null;
      create table payout_slots (
        wallet text primary key,
        withdrawal_id bigint references withdrawals(id),
        claimed_at timestamptz
      );
      alter table withdrawals add column waiting text;
      create index withdrawals_payout_queue on withdrawals(reviewed_at, id) where stage = 'payingOut';
      create table sandbox_accounts (
        address text primary key,
        uid text not null unique references sandbox_wallets(uid),
        sequence bigint not null
      );
      create table sandbox_chain_transactions (
        hash text primary key,
        source text not null,
        sequence bigint not null,
        memo text not null,
        destination text not null,
        amount bigint not null,
        fee bigint not null,
        successful boolean not null,
        result_code text not null,
        envelope text not null,
        ledger integer not null,
        created_at timestamptz not null
      );
      create index sandbox_chain_transactions_source on sandbox_chain_transactions(source, created_at desc);
      create index sandbox_chain_transactions_memo on sandbox_chain_transactions(memo);
      alter table sandbox_wallets add column wallet_scope boolean not null default true;
      create table kyc_records (
        user_id bigint primary key references users(id),
        status text not null check (status in ('none', 'pending', 'passed', 'rejected')),
        chart jsonb not null,
        full_name text,
        birth_date text,
        country text,
        document_type text,
        document_number text,
        rejection text,
        submitted_at timestamptz,
        reviewer_id bigint references users(id),
        reviewed_at timestamptz,
        updated_at timestamptz not null
      );
      create index kyc_records_queue on kyc_records(submitted_at) where status = 'pending';
      create table kyc_events (
        id bigint generated always as identity primary key,
        user_id bigint not null references users(id),
        event text not null,
        party text not null,
        by_user_id bigint references users(id),
        from_status text not null,
        to_status text not null,
        note text,
        created_at timestamptz not null
      );
      create index kyc_events_user on kyc_events(user_id, id);
    `);
  },
};
