import crypto from 'node:crypto';
import { Account, Asset, Horizon, Keypair, Memo, Operation, TransactionBuilder } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMoney } from '../../src/domain/money';
import { sandboxWalletSeed, type PayoutOrder } from '../platform/chain';
import type { PlatformPayment } from '../platform/client';
import { startTestServer, type TestServer } from '../testing/testServer';
import { appUid, walletAddress } from './ledger';

/**
 * The sandbox Horizon (issue 27) takes what the production chain code signs, and refuses what a chain
 * (or the platform's promise about an app-to-user payment) would refuse: a wrong signature, a wrong
 * network passphrase, a memo that names no payment, a changed amount or destination, a reused
 * sequence number, expired time bounds. A refused envelope changes nothing.
 */
let server: TestServer;
let horizon: Horizon.Server;
const app = Keypair.fromSecret(sandboxWalletSeed);

beforeAll(async () => {
  server = await startTestServer({ sandboxConfirmMs: 0 });
  horizon = new Horizon.Server(`${server.url}/sandbox/horizon`, { allowHttp: true });
});
afterAll(async () => {
  await server?.close();
});

async function newPayment(amount: string): Promise<PlatformPayment> {
  const username = `hz_${crypto.randomBytes(4).toString('hex')}`;
  const wallet = (await (await fetch(`${server.url}/sandbox/api/wallets`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username }) })).json()) as { uid: string };
  return server.deps.platform.createAppToUserPayment({ amount, memo: 'test payout', metadata: {}, uid: wallet.uid });
}

const seconds = () => Math.floor(server.clock.now() / 1000);

/** An envelope built by hand, to change one thing at a time. */
async function envelope(order: PayoutOrder, change: { signer?: Keypair; passphrase?: string; sequence?: string; maxTime?: number } = {}): Promise<string> {
  const loaded = await horizon.loadAccount(app.publicKey());
  const account = new Account(app.publicKey(), change.sequence ?? loaded.sequenceNumber());
  const tx = new TransactionBuilder(account, { fee: '100000', networkPassphrase: change.passphrase ?? 'Pi Testnet', timebounds: { minTime: 0, maxTime: change.maxTime ?? seconds() + 180 } })
    .addOperation(Operation.payment({ destination: order.to_address, asset: Asset.native(), amount: order.amount }))
    .addMemo(Memo.text(order.identifier))
    .build();
  tx.sign(change.signer ?? app);
  return tx.toEnvelope().toXDR('base64');
}

async function submitRaw(xdr: string): Promise<{ status: number; body: { hash?: string; extras?: { result_codes?: { transaction: string; operations?: string[] }; sandbox_reason?: string } } }> {
  const res = await fetch(`${server.url}/sandbox/horizon/transactions`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `tx=${encodeURIComponent(xdr)}` });
  return { status: res.status, body: (await res.json()) as never };
}

async function appState() {
  const account = await horizon.loadAccount(app.publicKey());
  const wallet = await server.deps.db.selectFrom('sandbox_wallets').select('balance').where('uid', '=', appUid).executeTakeFirstOrThrow();
  const chain = await server.deps.db.selectFrom('sandbox_chain_transactions').select('hash').execute();
  return { sequence: account.sequenceNumber(), balance: wallet.balance, transactions: chain.length };
}

describe('the sandbox Horizon', () => {
  it('serves the app account, its sequence number and balance, and Pi’s base fee', async () => {
    const account = await horizon.loadAccount(app.publicKey());
    expect(account.accountId()).toBe(server.deps.chain.appAddress);
    expect(BigInt(account.sequenceNumber())).toBeGreaterThan(0n);
    expect(account.balances.find((b) => b.asset_type === 'native')?.balance).toMatch(/^\d+\.\d{7}$/);
    expect(await horizon.fetchBaseFee()).toBe(100_000);
    await expect(horizon.loadAccount(Keypair.random().publicKey())).rejects.toThrow();
  });

  it('refuses a wrong signature, a wrong passphrase, a memo of no payment, a changed amount or destination, expired time bounds: nothing changes', async () => {
    const payment = await newPayment('3.5');
    const before = await appState();
    const refusals: [string, string, string, string?][] = [
      ['wrong signature', await envelope(payment, { signer: Keypair.random() }), 'tx_bad_auth'],
      ['wrong passphrase', await envelope(payment, { passphrase: 'Pi Network' }), 'tx_bad_auth'],
      ['memo of no payment', await envelope({ ...payment, identifier: 'no-such-payment' }), 'tx_failed', 'memo_not_a_payment'],
      ['changed amount', await envelope({ ...payment, amount: '35' }), 'tx_failed', 'amount_mismatch'],
      ['changed destination', await envelope({ ...payment, to_address: walletAddress('someone-else') }), 'tx_failed', 'destination_mismatch'],
      ['expired time bounds', await envelope(payment, { maxTime: seconds() - 1 }), 'tx_too_late'],
      ['a sequence number ahead', await envelope(payment, { sequence: (BigInt(before.sequence) + 5n).toString() }), 'tx_bad_seq'],
    ];
    for (const [what, xdr, code, reason] of refusals) {
      const answer = await submitRaw(xdr);
      expect(answer.status, what).toBe(400);
      expect(answer.body.extras?.result_codes?.transaction, what).toBe(code);
      if (reason) expect(answer.body.extras?.sandbox_reason, what).toBe(reason);
    }
    expect(await submitRaw('not an envelope')).toMatchObject({ status: 400 });
    expect(await appState()).toEqual(before);
    expect((await server.deps.platform.getPayment(payment.identifier)).transaction).toBeNull();
    await server.deps.platform.cancelPayment(payment.identifier);
  });

  it('takes the production code’s envelope once; the same envelope again answers the same transaction; a reused sequence is tx_bad_seq', async () => {
    const payment = await newPayment('12.3456789');
    const before = await appState();
    const signed = await server.deps.chain.sign(payment, server.clock.now());
    expect(signed.sequence).toBe((BigInt(before.sequence) + 1n).toString());
    const first = await server.deps.chain.submit(payment.network, signed.envelope);
    expect(first).toEqual({ kind: 'accepted', hash: signed.hash });
    expect(await server.deps.chain.submit(payment.network, signed.envelope)).toEqual({ kind: 'accepted', hash: signed.hash });
    const after = await appState();
    expect(after.sequence).toBe(signed.sequence);
    expect(after.transactions).toBe(before.transactions + 1);
    // amount plus Pi's fee of 0.01 left the app wallet
    expect(before.balance - after.balance).toBe(parseMoney('12.3456789') + parseMoney('0.01'));

    // The platform sees the transaction; it completes with the txid.
    expect((await server.deps.platform.getPayment(payment.identifier)).transaction?.txid).toBe(signed.hash);
    const completed = await server.deps.platform.completePayment(payment.identifier, signed.hash);
    expect(completed.status.developer_completed).toBe(true);

    // Another payment signed over the same sequence number: the chain took that number already.
    const second = await newPayment('1');
    const reused = await envelope(second, { sequence: before.sequence });
    expect((await submitRaw(reused)).body.extras?.result_codes?.transaction).toBe('tx_bad_seq');

    // The chain finds the transaction by hash and by the app account's memo.
    expect(await server.deps.chain.transaction(payment.network, signed.hash)).toMatchObject({ hash: signed.hash, successful: true, memo: payment.identifier });
    expect(await server.deps.chain.transaction(payment.network, 'f'.repeat(64))).toBeNull();
    expect((await server.deps.chain.memoTransactions(payment.network, payment.identifier, server.clock.now() - 60_000)).map((t) => t.hash)).toEqual([signed.hash]);
    expect(await server.deps.chain.memoTransactions(payment.network, second.identifier, server.clock.now() - 60_000)).toEqual([]);
    await server.deps.platform.cancelPayment(second.identifier);
  });
});
