import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run';

/**
 * Marketplace scale (issue 16). A maintained balance per ledger account (`account_balances`), updated
 * by `post()` in the same transaction as the ledger rows, so a balance is one primary-key read however
 * many rows the account has (a test checks it equals the ledger's sums); and the indexes that let every
 * hot read path answer from an index: an account's movements newest first, a category's and a store's
 * listed products newest first (keyset by id), the console queues.
 */
export const scale: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table account_balances (
        account text primary key,
        balance bigint not null default 0
      );
      insert into account_balances (account, balance) select account, sum(amount)::int8 from ledger_entries group by account;
      create index ledger_entries_account_time on ledger_entries(account, created_at desc, id desc);
      create index products_listed_category on products(category_id, id desc) where status = 'normal';
      create index products_listed_seller on products(seller_id, id desc) where status = 'normal';
    `);
  },
};
