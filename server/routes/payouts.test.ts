import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseMoney } from '../../src/domain/money';
import type { PayoutDesk, WithdrawalView } from '../../src/domain/types/withdrawal';
import { WithdrawalRules } from '../../src/domain/withdrawal';
import { appUid, walletAddress } from '../sandbox/ledger';
import { accountBalance, Accounts, demoTopUp } from '../services/ledger';
import { applyWithdrawalEvent, createWithdrawal, drivePayout, observePayoutSteps, reviewWithdrawal, WithdrawalAccounts, withdrawalTimerKind } from '../services/withdrawals';
import { timerHandlers } from '../timers/handlers';
import { pendingTimers, runDueTimers } from '../timers/timers';
import { ApiCaller } from '../testing/apiClient';
import { ledgerIsBalanced } from '../testing/commerceFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';

/**
 * Payouts on the (sandbox) chain, issue 27: one at a time per app wallet, in order, each once with
 * consecutive sequence numbers; and the failures that become waits instead of losses.
 */
let server: TestServer;
let staff: ApiCaller;

beforeAll(async () => {
  server = await startTestServer({ sandboxConfirmMs: 0 });
  staff = new ApiCaller(server.url, server.clock.now);
  await staff.loginAs('demo_arbiter');
});
afterAll(async () => {
  observePayoutSteps(null);
  await server?.close();
});
afterEach(async () => {
  observePayoutSteps(null);
  expect(await ledgerIsBalanced(server.deps.db)).toBe(true);
});


/** A new person (sandbox wallet, signed in once) with `coins` on their Coin Mall balance. */
async function person(prefix: string, coins: string): Promise<{ id: bigint; username: string; caller: ApiCaller }> {
  const username = `${prefix}_${crypto.randomBytes(3).toString('hex')}`;
  await fetch(`${server.url}/sandbox/api/wallets`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username }) });
  const caller = new ApiCaller(server.url, server.clock.now);
  await caller.loginAs(username);
  const row = await server.deps.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  await demoTopUp(server.deps.db, row.id, parseMoney(coins));
  return { id: row.id, username, caller };
}

async function withdrawalOf(userId: bigint, amount: string): Promise<bigint> {
  const user = await server.deps.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  // The person's Pi wallet: the only address the platform pays (issue 34).
  return createWithdrawal(server.deps, user, { address: walletAddress(user.pi_uid ?? ''), amount: parseMoney(amount) });
}

/** Approves (answered at once, issue 34) and joins the payout the approval started in the background. */
const approve = async (id: bigint) => {
  const answer = await staff.post<{ stage: string }>('/api/platform/withdrawal/review', { id: id.toString(), decision: 'approve' });
  await drivePayout(server.deps, id);
  return answer;
};
const stageOf = async (id: bigint) => (await server.deps.db.selectFrom('withdrawals').select(['stage', 'waiting', 'payment_id']).where('id', '=', id).executeTakeFirstOrThrow());
const chainOf = (memo: string) => server.deps.db.selectFrom('sandbox_chain_transactions').select(['hash', 'sequence', 'successful', 'ledger']).where('memo', '=', memo).execute();

describe('one payout in flight per app wallet', () => {
  it('20 approvals at once: the payouts go out one at a time, each once, with consecutive sequence numbers', async () => {
    const people = await Promise.all(Array.from({ length: 20 }, (_, i) => person(`q${i}`, '10')));
    const ids: bigint[] = [];
    for (const p of people) ids.push(await withdrawalOf(p.id, '3'));
    // Approvals answer at once (issue 34); the payouts go on in the background and are joined below.
    const answers = await Promise.all(ids.map((id) => staff.post('/api/platform/withdrawal/review', { id: id.toString(), decision: 'approve' })));
    expect(answers.map((a) => a.code)).toEqual(ids.map(() => '0000'));
    for (const id of ids) await drivePayout(server.deps, id);

    const rows = await server.deps.db.selectFrom('withdrawals').select(['id', 'stage', 'payment_id', 'txid']).where('id', 'in', ids).execute();
    expect(rows.map((r) => r.stage)).toEqual(ids.map(() => 'success'));
    const chain = [];
    for (const r of rows) {
      const txs = await chainOf(r.payment_id ?? '');
      expect(txs, r.id.toString()).toHaveLength(1);
      expect(txs[0]).toMatchObject({ hash: r.txid, successful: true });
      chain.push(txs[0]!);
      const payment = await server.deps.db.selectFrom('sandbox_payments').select(['developer_completed', 'txid']).where('identifier', '=', r.payment_id ?? '').executeTakeFirstOrThrow();
      expect(payment).toEqual({ developer_completed: true, txid: r.txid });
    }
    // Consecutive sequence numbers, in the order the chain took them.
    const sequences = chain.sort((a, b) => a.ledger - b.ledger).map((t) => t.sequence);
    for (let i = 1; i < sequences.length; i += 1) expect(sequences[i]).toBe((sequences[i - 1] ?? 0n) + 1n);
    // One at a time: in the history, one withdrawal's payout runs from its creation to its confirmation before the next begins.
    const steps = await server.deps.db
      .selectFrom('withdrawal_events')
      .select(['withdrawal_id', 'event'])
      .where('withdrawal_id', 'in', ids)
      .where('event', 'in', ['PAYOUT_CREATED', 'PAYOUT_SIGNED', 'PAYOUT_SUBMITTED', 'CONFIRMED', 'PAYOUT_WAITING'])
      .orderBy('id')
      .execute();
    expect(steps.some((s) => s.event === 'PAYOUT_WAITING')).toBe(false);
    const blocks = steps.map((s) => s.withdrawal_id).filter((w, i, all) => i === 0 || all[i - 1] !== w);
    expect(blocks).toHaveLength(20);
    expect(new Set(blocks).size).toBe(20);
    // No order among them is asserted: approvals sent at once commit in any order, and the queue can only take
    // the oldest of those committed when the slot frees (stop 39's CI: the second approval committed first, and went first).
  });
});

describe('errors become states, not losses', () => {
  it('the app wallet too low: the withdrawal waits (money held, nothing signed), the console shows an alert; topped up, it goes', async () => {
    const p = await person('low', '10');
    const id = await withdrawalOf(p.id, '5');
    const app = await server.deps.db.selectFrom('sandbox_wallets').select('balance').where('uid', '=', appUid).executeTakeFirstOrThrow();
    await server.deps.db.updateTable('sandbox_wallets').set({ balance: parseMoney('1') }).where('uid', '=', appUid).execute();
    expect((await approve(id)).object.stage).toBe('payingOut');
    expect(await stageOf(id)).toMatchObject({ stage: 'payingOut', waiting: 'appBalanceLow' });
    expect(await accountBalance(server.deps.db, WithdrawalAccounts.hold(id))).toBe(parseMoney('5') + WithdrawalRules.fee);
    expect(await server.deps.db.selectFrom('payout_envelopes').select('id').where('withdrawal_id', '=', id).execute()).toEqual([]);
    const desk = (await staff.get<PayoutDesk>('/api/platform/withdrawal/payouts')).object;
    expect(desk).toMatchObject({ alert: true, wallet: server.deps.chain.appAddress, balance: '1', inFlight: id.toString() });
    expect(desk.waiting).toContainEqual({ id: id.toString(), amount: '5', reason: 'appBalanceLow' });
    // The person sees it is on its way, not failed.
    expect((await p.caller.get<WithdrawalView>(`/api/wallet/wallet/pcm/getPcmWithdrawDetailByOrder?orderId=${id}`)).object).toMatchObject({ status: 'toBeConfirmed', waiting: 'appBalanceLow' });
    // Nobody but staff reads the desk.
    expect((await p.caller.get('/api/platform/withdrawal/payouts')).code).toBe('4003');

    await server.deps.db.updateTable('sandbox_wallets').set({ balance: app.balance }).where('uid', '=', appUid).execute();
    expect(await drivePayout(server.deps, id)).toBe('success');
    expect(await stageOf(id)).toMatchObject({ stage: 'success', waiting: null });
    expect((await staff.get<PayoutDesk>('/api/platform/withdrawal/payouts')).object).toMatchObject({ alert: false, inFlight: null });
  });

  it('missing_scope: the person is asked to authenticate again with wallet_address; the queue does not wait for them', async () => {
    const shy = await person('shy', '10');
    const other = await person('other', '10');
    const uid = (await server.deps.db.selectFrom('users').select('pi_uid').where('id', '=', shy.id).executeTakeFirstOrThrow()).pi_uid ?? '';
    await server.deps.db.updateTable('sandbox_wallets').set({ wallet_scope: false }).where('uid', '=', uid).execute();
    const first = await withdrawalOf(shy.id, '2');
    const second = await withdrawalOf(other.id, '2');
    await approve(first);
    await approve(second);
    expect(await stageOf(first)).toMatchObject({ stage: 'payingOut', waiting: 'walletAuthRequired', payment_id: null });
    expect((await stageOf(second)).stage).toBe('success');
    const view = (await shy.caller.get<WithdrawalView>(`/api/wallet/wallet/pcm/getPcmWithdrawDetailByOrder?orderId=${first}`)).object;
    expect(view.waiting).toBe('walletAuthRequired');

    // The person authenticates again, granting wallet_address this time: the payout goes on.
    const auth = (await (await fetch(`${server.url}/sandbox/api/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ uid, scopes: ['username', 'payments', 'wallet_address'] }) })).json()) as { accessToken: string };
    expect((await shy.caller.post('/api/wallet/withdraw/reauthenticate', { accessToken: auth.accessToken })).code).toBe('0000');
    expect(await drivePayout(server.deps, first)).toBe('success');
    const history = (await shy.caller.get<WithdrawalView>(`/api/wallet/wallet/pcm/getPcmWithdrawDetailByOrder?orderId=${first}`)).object.history.map((h) => `${h.event}:${h.by}`);
    expect(history).toEqual(['SUBMIT:user', 'APPROVE:staff', 'PAYOUT_WAITING:server', 'REAUTHENTICATED:user', 'PAYOUT_CREATED:server', 'PAYOUT_SIGNED:server', 'PAYOUT_SUBMITTED:server', 'CONFIRMED:server']);
  });

  it('tx_bad_seq: the same envelope is never replaced while it may still be taken; after its time bounds, a new one; one transaction', async () => {
    const p = await person('seq', '10');
    const id = await withdrawalOf(p.id, '4');
    const staffRow = await server.deps.db.selectFrom('users').selectAll().where('username', '=', 'demo_arbiter').executeTakeFirstOrThrow();
    await reviewWithdrawal(server.deps, staffRow, id, { decision: 'approve' });
    observePayoutSteps((step) => {
      if (step === 'signed') throw new Error('stopped after signing');
    });
    await expect(drivePayout(server.deps, id)).rejects.toThrow('stopped after signing');
    observePayoutSteps(null);
    // Something else spends the app account's next sequence number meanwhile.
    const app = server.deps.chain.appAddress ?? '';
    await server.deps.db.updateTable('sandbox_accounts').set((eb) => ({ sequence: eb('sequence', '+', 1n) })).where('address', '=', app).execute();

    expect(await drivePayout(server.deps, id)).toBe('payingOut');
    const envelopes = () => server.deps.db.selectFrom('payout_envelopes').select(['hash', 'sequence', 'replaced_at']).where('withdrawal_id', '=', id).orderBy('id').execute();
    expect(await envelopes()).toHaveLength(1); // still within its time bounds: kept
    server.clock.advance(181_000);
    expect(await drivePayout(server.deps, id)).toBe('success');
    const both = await envelopes();
    expect(both).toHaveLength(2);
    expect(both[0]?.replaced_at).not.toBeNull();
    expect(BigInt(both[1]?.sequence ?? '0')).toBe(BigInt(both[0]?.sequence ?? '0') + 1n);
    const paymentId = (await stageOf(id)).payment_id ?? '';
    expect((await chainOf(paymentId)).map((t) => t.hash)).toEqual([both[1]?.hash]);
  });

  it('tx_bad_seq because the payment was already paid by another envelope: recorded once, never paid twice', async () => {
    const p = await person('dup', '10');
    const id = await withdrawalOf(p.id, '4');
    const staffRow = await server.deps.db.selectFrom('users').selectAll().where('username', '=', 'demo_arbiter').executeTakeFirstOrThrow();
    await reviewWithdrawal(server.deps, staffRow, id, { decision: 'approve' });
    observePayoutSteps((step) => {
      if (step === 'signed') throw new Error('stopped after signing');
    });
    await expect(drivePayout(server.deps, id)).rejects.toThrow('stopped after signing');
    observePayoutSteps(null);
    // Another envelope for the same payment (same sequence, other time bounds) reaches the chain first.
    const row = await stageOf(id);
    const payment = await server.deps.platform.getPayment(row.payment_id ?? '');
    server.clock.advance(5_000);
    const other = await server.deps.chain.sign(payment, server.clock.now());
    expect((await server.deps.chain.submit(payment.network, other.envelope)).kind).toBe('accepted');
    expect(await drivePayout(server.deps, id)).toBe('success');
    expect((await chainOf(payment.identifier)).map((t) => t.hash)).toEqual([other.hash]);
    expect((await stageOf(id)).stage).toBe('success');
    const view = (await p.caller.get<WithdrawalView>(`/api/wallet/wallet/pcm/getPcmWithdrawDetailByOrder?orderId=${id}`)).object;
    expect(view.txid).toBe(other.hash);
    expect(await accountBalance(server.deps.db, Accounts.user(p.id))).toBe(parseMoney('10') - parseMoney('4') - WithdrawalRules.fee);
  });
});

describe('issue 34: one order of locks, a withdrawal before its timers', () => {
  it('the timer runner and the payout driver on the same withdrawal at once: no deadlock (on PostgreSQL), the timer fires later or not at all', async () => {
    const p = await person('order', '10');
    const id = await withdrawalOf(p.id, '3');
    const staffRow = await server.deps.db.selectFrom('users').selectAll().where('username', '=', 'demo_arbiter').executeTakeFirstOrThrow();
    await reviewWithdrawal(server.deps, staffRow, id, { decision: 'approve' });
    const [timer] = await pendingTimers(server.deps.db, withdrawalTimerKind, id.toString());
    if (!timer) throw new Error('no payout timer');
    await server.deps.db.updateTable('timers').set({ due_at: new Date(server.clock.now() - 1000) }).where('id', '=', timer.id).execute();
    // The payout driver holds the withdrawal; the runner claims the due timer meanwhile; then the driver's step cancels the timer.
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let locked = () => undefined as void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const driver = server.deps.db.transaction().execute(async (trx) => {
      await trx.selectFrom('withdrawals').select('id').where('id', '=', id).forUpdate().execute();
      locked();
      await gate;
      await applyWithdrawalEvent(trx, id, { type: 'PAYOUT_CREATED', paymentId: `order-${id.toString()}` }, 'server', server.clock.now());
    });
    await holding;
    const runner = runDueTimers(server.deps.db, timerHandlers, server.clock.now());
    await new Promise((r) => setTimeout(r, 500));
    release();
    const [drove, ran] = await Promise.allSettled([driver, runner]);
    expect(drove.status === 'rejected' ? String(drove.reason) : 'ok').toBe('ok');
    expect(ran.status === 'rejected' ? String(ran.reason) : 'ok').toBe('ok');
    // The driver's step replaced the timer; the one the runner had claimed was never counted as a failure.
    const row = await server.deps.db.selectFrom('timers').select(['cancelled_at', 'fired_at', 'attempts']).where('id', '=', timer.id).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(0);
    expect(row.cancelled_at !== null || row.fired_at !== null).toBe(true);
    expect((await stageOf(id)).payment_id).toBe(`order-${id.toString()}`);
  });
});
