import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseMoney } from '../../src/domain/money';
import { isStellarAddress, stellarAddressOf } from '../../src/domain/stellarAddress';
import type { WithdrawableAnswer, WithdrawalList, WithdrawalReviewItem, WithdrawalView, WalletBalanceAnswer, MergeAnswer } from '../../src/domain/types/withdrawal';
import { ApiCaller, type Answer } from '../testing/apiClient';
import { ledgerIsBalanced, userId } from '../testing/commerceFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';
import { accountBalance, Accounts, demoTopUp } from '../services/ledger';
import { createWithdrawal, drivePayout, observePayoutSteps, resumePayouts, reviewWithdrawal, WithdrawalAccounts } from '../services/withdrawals';
import { timerHandlers } from '../timers/handlers';
import { runDueTimers } from '../timers/timers';
import { WithdrawalRules } from '../../src/domain/withdrawal';
import { piWalletOfUser } from '../testing/piWallet';

let server: TestServer;
let buyer: ApiCaller;
let seller2: ApiCaller;
let staff: ApiCaller;
let seller: ApiCaller;

const confirmMs = 60_000;
const address = () => stellarAddressOf(crypto.randomBytes(32));

beforeAll(async () => {
  server = await startTestServer({ sandboxConfirmMs: confirmMs });
  buyer = new ApiCaller(server.url, server.clock.now);
  seller2 = new ApiCaller(server.url, server.clock.now);
  staff = new ApiCaller(server.url, server.clock.now);
  seller = new ApiCaller(server.url, server.clock.now);
  await buyer.loginAs('demo_buyer');
  await seller2.loginAs('demo_seller2');
  await staff.loginAs('demo_arbiter');
  await seller.loginAs('demo_seller');
  for (const [name, email] of [
    ['demo_buyer', 'buyer@example.com'],
    ['demo_seller2', 'seller2@example.com'],
    ['demo_seller', 'seller@example.com'],
  ] as const) {
    await server.deps.db.updateTable('users').set({ email }).where('username', '=', name).execute();
  }
});
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  expect(await ledgerIsBalanced(server.deps.db)).toBe(true);
});

/** startWithdrawalPcm is form-encoded (SPEC 7). */
async function start(caller: ApiCaller, fields: Record<string, string>): Promise<Answer<{ id: string }>> {
  const url = '/api/wallet/wallet/pcm/startWithdrawalPcm';
  return (await caller.raw('POST', url, { headers: caller.headersFor('POST', url), body: new URLSearchParams(fields).toString(), contentType: 'application/x-www-form-urlencoded' })) as Answer<{ id: string }>;
}

/** Asks for a code and reads it from the dev mailbox (the outbox), moving the clock past the resend window. */
async function codeFor(caller: ApiCaller, email: string): Promise<string> {
  server.clock.advance(61_000);
  const sent = await caller.post('/api/wallet/withdraw/sendCode');
  expect(sent.code).toBe('0000');
  const mail = await server.deps.db.selectFrom('outbox').select('body').where('to_address', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return /\b(\d{6})\b/.exec(mail.body)?.[1] ?? '';
}

async function reauth(caller: ApiCaller, username: string): Promise<void> {
  const { wallets } = (await (await fetch(`${server.url}/sandbox/api/wallets`)).json()) as { wallets: { uid: string; username: string }[] };
  const uid = wallets.find((w) => w.username === username)?.uid;
  const { accessToken } = (await (await fetch(`${server.url}/sandbox/api/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ uid }) })).json()) as { accessToken: string };
  expect((await caller.post('/api/wallet/withdraw/reauthenticate', { accessToken })).code).toBe('0000');
}

const form = (to: string, amount: string, code: string) => ({ address: to, confirmAddress: to, amount, code, keySaved: 'true' });
const balanceOf = async (name: string) => accountBalance(server.deps.db, Accounts.user(await userId(server.deps.db, name)));
const payoutsOf = async (id: string) => (await server.deps.db.selectFrom('sandbox_payments').select(['identifier', 'metadata', 'txid']).where('direction', '=', 'app_to_user').execute()).filter((p) => p.metadata.withdrawalId === id);
const stageOf = async (id: string) => (await server.deps.db.selectFrom('withdrawals').select('stage').where('id', '=', BigInt(id)).executeTakeFirstOrThrow()).stage;

/** Withdraws through the API: code, re-authentication, start. */
async function submit(caller: ApiCaller, username: string, email: string, amount: string, address?: string): Promise<string> {
  const to = address ?? (await piWalletOfUser(server.deps.db, username));
  await reauth(caller, username);
  const answer = await start(caller, form(to, amount, await codeFor(caller, email)));
  expect(answer.code, answer.msg).toBe('0000');
  return answer.object.id;
}

describe('who may withdraw', () => {
  it('answers the reasons: KYC from the platform, e-mail bound, a withdrawal in flight, the balance', async () => {
    const mine = (await buyer.get<WithdrawableAnswer>('/api/commodity/userPermission/isUserWithdrawable')).object;
    expect(mine).toMatchObject({ withdrawable: true, blocker: null, kyc: 'passed', fee: '0.01', balance: '500', maxAmount: '499.99' });
    const pending = (await seller2.get<WithdrawableAnswer>('/api/commodity/userPermission/isUserWithdrawable')).object;
    expect(pending.kyc).toBe('pending');
    expect(pending.blockers).toEqual(['kycNotPassed', 'noBalance']);
    const refused = await start(seller2, form(address(), '1', '123456'));
    expect(refused.msg).toBe('KYC not passed');
    const noEmail = (await staff.get<WithdrawableAnswer>('/api/commodity/userPermission/isUserWithdrawable')).object;
    expect(noEmail.blockers).toContain('noEmail');
    expect((await staff.post('/api/wallet/withdraw/sendCode')).code).toBe('4003');
  });

  it('checks every rule of the form with SPEC’s words, the same schema as the screen', async () => {
    const to = await piWalletOfUser(server.deps.db, 'demo_buyer');
    const cases: [Record<string, string>, string][] = [
      [form('', '1', '123456'), 'Your wallet address is empty'],
      [form('abandon ability able about above absent absorb abstract absurd abuse access accident', '1', '123456'), 'Do not fill a mnemonic'],
      [form(to.slice(0, -1) + (to.endsWith('A') ? 'B' : 'A'), '1', '123456'), 'The wallet address is not valid'],
      [{ ...form(to, '1', '123456'), confirmAddress: address() }, 'Wallet address mismatch'],
      [form(to, '', '123456'), 'Enter the amount'],
      [form(to, '1.123456789', '123456'), 'Enter an amount with at most 7 decimals'],
      [form(to, '1', ''), 'Verification code cannot be empty'],
      [form(to, '1', '123'), 'Verification code is less than 6 characters'],
      [{ ...form(to, '1', '123456'), keySaved: 'false' }, 'Confirm that you have saved your two-factor key'],
      [form(to, '500', '123456'), 'Insufficient balance'],
    ];
    for (const [fields, msg] of cases) {
      const answer = await start(buyer, fields);
      expect([answer.code, answer.msg], JSON.stringify(fields)).toEqual(['4001', msg]);
    }
    // A JSON body is not the form SPEC names.
    expect((await buyer.post('/api/wallet/wallet/pcm/startWithdrawalPcm', form(to, '1', '123456'))).code).toBe('4000');
    // A new address needs a fresh platform authentication; then a wrong code is "Verification failed".
    expect((await start(buyer, form(to, '1', '123456'))).msg).toBe('Confirm it is you: authenticate again before withdrawing to a new address');
    await reauth(buyer, 'demo_buyer');
    await codeFor(buyer, 'buyer@example.com');
    expect((await start(buyer, form(to, '1', '000000'))).msg).toBe('Verification failed');
    expect(await balanceOf('demo_buyer')).toBe(parseMoney('500'));
  });
});

describe('a withdrawal, from the form to the chain', () => {
  it('reserves amount and fee, is reviewed, paid out once, confirmed, and lands in the person’s wallet', async () => {
    const walletBefore = await server.deps.db.selectFrom('sandbox_wallets').select('balance').where('username', '=', 'demo_buyer').executeTakeFirstOrThrow();
    const id = await submit(buyer, 'demo_buyer', 'buyer@example.com', '100');
    expect(await balanceOf('demo_buyer')).toBe(parseMoney('399.99'));
    expect(await accountBalance(server.deps.db, WithdrawalAccounts.hold(BigInt(id)))).toBe(parseMoney('100.01'));
    // One in flight at a time.
    expect((await buyer.get<WithdrawableAnswer>('/api/commodity/userPermission/isUserWithdrawable')).object.blocker).toBe('inFlight');
    expect((await buyer.get<WalletBalanceAnswer>('/api/wallet/wallet/getUserBalance')).object).toMatchObject({ accountBalance: '399.99', withdrawable: '399.98' });

    // The console's queue, oldest first, with the person's KYC beside it.
    const queue = (await staff.get<{ list: WithdrawalReviewItem[] }>('/api/platform/withdrawal/list')).object.list;
    expect(queue.find((w) => w.id === id)).toMatchObject({ username: 'demo_buyer', kyc: 'passed', amount: '100', stage: 'manualReview' });
    // Nobody else reviews: not the person, not a stranger.
    expect((await buyer.post('/api/platform/withdrawal/review', { id, decision: 'approve' })).code).toBe('4003');
    expect((await seller2.get(`/api/wallet/wallet/pcm/getPcmWithdrawDetailByOrder?orderId=${id}`)).code).toBe('4004');

    // Approve ten times at once: one payout.
    const answers = await Promise.all(Array.from({ length: 10 }, () => staff.post<{ stage: string }>('/api/platform/withdrawal/review', { id, decision: 'approve' })));
    expect(answers.filter((a) => a.code === '0000')).toHaveLength(1);
    // The approval answers at once; the payout goes on in the background (issue 34), joined here.
    expect(await drivePayout(server.deps, BigInt(id))).toBe('awaitingConfirmation');
    expect(await payoutsOf(id)).toHaveLength(1);
    expect(await stageOf(id)).toBe('awaitingConfirmation');

    // The chain verifies after the sandbox's confirmation delay; the poll timer finds it.
    expect(await drivePayout(server.deps, BigInt(id))).toBe('awaitingConfirmation');
    server.clock.advance(confirmMs + 1);
    expect(await runDueTimers(server.deps.db, timerHandlers, server.clock.now())).toBeGreaterThan(0);
    expect(await drivePayout(server.deps, BigInt(id))).toBe('success');
    expect(await payoutsOf(id)).toHaveLength(1);

    const detail = (await buyer.get<WithdrawalView>(`/api/wallet/wallet/pcm/getPcmWithdrawDetailByOrder?orderId=${id}`)).object;
    expect(detail).toMatchObject({ status: 'success', amount: '100', fee: '0.01', arrived: true });
    // The sandbox's wallets have valid addresses (version byte and checksum).
    expect(isStellarAddress(detail.fromAddress ?? '')).toBe(true);
    // Issue 34: the record shows the address the transaction paid, the Pi wallet the person confirmed.
    const wallet = await piWalletOfUser(server.deps.db, 'demo_buyer');
    const paid = await server.deps.db.selectFrom('sandbox_chain_transactions').select('destination').where('hash', '=', detail.txid ?? '').executeTakeFirstOrThrow();
    expect(paid.destination).toBe(wallet);
    expect(detail).toMatchObject({ walletAddress: wallet, toAddress: wallet, paidTo: wallet });
    expect(detail.history.map((h) => `${h.event}:${h.by}`)).toEqual(['SUBMIT:user', 'APPROVE:staff', 'PAYOUT_CREATED:server', 'PAYOUT_SIGNED:server', 'PAYOUT_SUBMITTED:server', 'confirmationPoll:system', 'CONFIRMED:server']);
    const list = (await buyer.get<WithdrawalList>('/api/wallet/wallet/pcm/getPcmWithdrawList')).object;
    expect(list.totalWithdrawn).toBe('100');
    expect(list.list[0]).toMatchObject({ id, status: 'success' });
    const walletAfter = await server.deps.db.selectFrom('sandbox_wallets').select('balance').where('username', '=', 'demo_buyer').executeTakeFirstOrThrow();
    expect(walletAfter.balance - walletBefore.balance).toBe(parseMoney('100'));
    expect(await accountBalance(server.deps.db, WithdrawalAccounts.hold(BigInt(id)))).toBe(0n);
    const completed = await server.deps.db.selectFrom('sandbox_payments').select('developer_completed').where('identifier', '=', (await payoutsOf(id))[0]?.identifier ?? '').executeTakeFirstOrThrow();
    expect(completed.developer_completed).toBe(true);
  });

  it('staff do not review their own withdrawal', async () => {
    const staffId = await userId(server.deps.db, 'demo_arbiter');
    await demoTopUp(server.deps.db, staffId, parseMoney('3'));
    const user = await server.deps.db.selectFrom('users').selectAll().where('id', '=', staffId).executeTakeFirstOrThrow();
    const own = await createWithdrawal(server.deps, user, { address: await piWalletOfUser(server.deps.db, 'demo_arbiter'), amount: parseMoney('1') });
    expect((await staff.post('/api/platform/withdrawal/review', { id: own.toString(), decision: 'approve' })).code).toBe('4003');
    expect((await staff.post('/api/platform/withdrawal/review', { id: '999999', decision: 'approve' })).code).toBe('4004');
    const { reviewWithdrawal } = await import('../services/withdrawals');
    const other = await server.deps.db.selectFrom('users').selectAll().where('username', '=', 'demo_seller').executeTakeFirstOrThrow();
    await reviewWithdrawal(server.deps, other, own, { decision: 'reject', reason: 'cleanup' });
    expect(await accountBalance(server.deps.db, Accounts.user(staffId))).toBe(parseMoney('3'));
  });

  it('rejected in review with a reason: amount and fee go back', async () => {
    const before = await balanceOf('demo_buyer');
    const id = await submit(buyer, 'demo_buyer', 'buyer@example.com', '5');
    expect((await staff.post('/api/platform/withdrawal/review', { id, decision: 'reject', reason: '' })).msg).toBe('Give a reason');
    expect((await staff.post('/api/platform/withdrawal/review', { id, decision: 'reject', reason: 'Name differs from KYC' })).code).toBe('0000');
    expect(await balanceOf('demo_buyer')).toBe(before);
    const detail = (await buyer.get<WithdrawalView>(`/api/wallet/wallet/pcm/getPcmWithdrawDetailByOrder?orderId=${id}`)).object;
    expect(detail).toMatchObject({ status: 'failure', rejection: 'Name differs from KYC', arrivalAt: null });
  });

  it('a payout the chain refuses fails, and the amount and the fee come back', async () => {
    await server.deps.db.updateTable('sandbox_wallets').set({ payout_fails: true }).where('username', '=', 'demo_buyer').execute();
    const before = await balanceOf('demo_buyer');
    const id = await submit(buyer, 'demo_buyer', 'buyer@example.com', '7');
    expect((await staff.post<{ stage: string }>('/api/platform/withdrawal/review', { id, decision: 'approve' })).object.stage).toBe('payingOut');
    expect(await drivePayout(server.deps, BigInt(id))).toBe('failure');
    expect(await balanceOf('demo_buyer')).toBe(before);
    expect((await buyer.get<WithdrawalView>(`/api/wallet/wallet/pcm/getPcmWithdrawDetailByOrder?orderId=${id}`)).object).toMatchObject({ status: 'failure', failure: 'op_no_destination' });
    await server.deps.db.updateTable('sandbox_wallets').set({ payout_fails: false }).where('username', '=', 'demo_buyer').execute();
  });
});

describe('the address a person confirms is the address the coins go to (issue 34)', () => {
  it('the form is told the Pi wallet; another typed address is refused before anything is reserved or the code used', async () => {
    const wallet = await piWalletOfUser(server.deps.db, 'demo_buyer');
    await server.deps.db.updateTable('users').set({ pi_wallet: null }).where('username', '=', 'demo_buyer').execute();
    // Not kept yet: asked of the platform with the session's access token (the wallet_address scope), then kept.
    expect((await buyer.get<WithdrawableAnswer>('/api/commodity/userPermission/isUserWithdrawable')).object.piWallet).toBe(wallet);
    expect((await server.deps.db.selectFrom('users').select('pi_wallet').where('username', '=', 'demo_buyer').executeTakeFirstOrThrow()).pi_wallet).toBe(wallet);

    const before = await balanceOf('demo_buyer');
    const records = async () => (await server.deps.db.selectFrom('withdrawals').select('id').where('user_id', '=', await userId(server.deps.db, 'demo_buyer')).execute()).length;
    const recordsBefore = await records();
    await reauth(buyer, 'demo_buyer');
    const code = await codeFor(buyer, 'buyer@example.com');
    const typed = address();
    const refused = await start(buyer, form(typed, '3', code));
    expect([refused.code, refused.msg]).toEqual(['4092', `Coins can only go to your Pi wallet ${wallet}. The address you typed is another one; nothing was taken from your balance.`]);
    expect(refused.object).toEqual({ field: 'address', piWallet: wallet });
    expect(await balanceOf('demo_buyer')).toBe(before);
    expect(await records()).toBe(recordsBefore);
    expect(await server.deps.db.selectFrom('withdrawals').select('id').where('address', '=', typed).execute()).toEqual([]);
    // Straight at the service too (no route in the way): refused under the account lock, nothing reserved.
    const user = await server.deps.db.selectFrom('users').selectAll().where('username', '=', 'demo_buyer').executeTakeFirstOrThrow();
    await expect(createWithdrawal(server.deps, user, { address: typed, amount: parseMoney('3') })).rejects.toMatchObject({ codeName: 'notYourPiWallet' });
    expect(await balanceOf('demo_buyer')).toBe(before);
    // The code was not used up: the same code withdraws to the Pi wallet.
    const ok = await start(buyer, form(wallet, '3', code));
    expect(ok.code, ok.msg).toBe('0000');
    expect((await staff.post('/api/platform/withdrawal/review', { id: ok.object.id, decision: 'reject', reason: 'test' })).code).toBe('0000');
    expect(await balanceOf('demo_buyer')).toBe(before);
  });

  it('a platform payment to another address than the one confirmed is cancelled before anything is signed: money back, nothing on chain', async () => {
    // A withdrawal confirmed before the platform had named the wallet (none kept), to an address that is not it.
    await server.deps.db.updateTable('users').set({ pi_wallet: null }).where('username', '=', 'demo_seller2').execute();
    const sellerId = await userId(server.deps.db, 'demo_seller2');
    await demoTopUp(server.deps.db, sellerId, parseMoney('5'));
    const before = await balanceOf('demo_seller2');
    const user = await server.deps.db.selectFrom('users').selectAll().where('id', '=', sellerId).executeTakeFirstOrThrow();
    const typed = address();
    const id = await createWithdrawal(server.deps, user, { address: typed, amount: parseMoney('4') });
    const staffRow = await server.deps.db.selectFrom('users').selectAll().where('username', '=', 'demo_arbiter').executeTakeFirstOrThrow();
    await reviewWithdrawal(server.deps, staffRow, id, { decision: 'approve' });
    expect(await drivePayout(server.deps, id)).toBe('failure');
    const payouts = await payoutsOf(id.toString());
    expect(payouts).toHaveLength(1);
    const [payment] = payouts;
    expect(payment?.txid).toBeNull();
    expect((await server.deps.db.selectFrom('sandbox_payments').select('cancelled').where('identifier', '=', payment?.identifier ?? '').executeTakeFirstOrThrow()).cancelled).toBe(true);
    expect(await server.deps.db.selectFrom('sandbox_chain_transactions').select('hash').where('memo', '=', payment?.identifier ?? '').execute()).toEqual([]);
    expect(await balanceOf('demo_seller2')).toBe(before);
    const row = await server.deps.db.selectFrom('withdrawals').select(['paid_to', 'chart']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.paid_to).toBeNull();
    expect((row.chart.context as { failure: string | null }).failure).toBe('address_mismatch');
    // The platform named the wallet in its payment: kept, so the form shows it from now on.
    expect((await server.deps.db.selectFrom('users').select('pi_wallet').where('id', '=', sellerId).executeTakeFirstOrThrow()).pi_wallet).toBe(await piWalletOfUser(server.deps.db, 'demo_seller2'));
    await server.deps.db.updateTable('users').set({ pi_wallet: null }).where('id', '=', sellerId).execute();
  });

  it('staff approval answers at once; the payout goes on in the background and the record moves later', async () => {
    const user = await server.deps.db.selectFrom('users').selectAll().where('username', '=', 'demo_buyer').executeTakeFirstOrThrow();
    const id = (await createWithdrawal(server.deps, user, { address: await piWalletOfUser(server.deps.db, 'demo_buyer'), amount: parseMoney('2') })).toString();
    const answer = await staff.post<{ id: string; stage: string }>('/api/platform/withdrawal/review', { id, decision: 'approve' });
    // Answered with the decision, not with the chain's progress (before issue 34 it waited for the payout: awaitingConfirmation).
    expect(answer.object).toEqual({ id, stage: 'payingOut' });
    await expect.poll(() => stageOf(id), { timeout: 10_000 }).toBe('awaitingConfirmation');
    server.clock.advance(confirmMs + 1);
    await runDueTimers(server.deps.db, timerHandlers, server.clock.now());
    expect(await drivePayout(server.deps, BigInt(id))).toBe('success');
  });
});

describe('never twice', () => {
  it('20 concurrent withdrawals of the whole balance: exactly one is accepted (the route and the ledger alike)', async () => {
    const sellerId = await userId(server.deps.db, 'demo_seller');
    await demoTopUp(server.deps.db, sellerId, parseMoney('50'));
    const to = await piWalletOfUser(server.deps.db, 'demo_seller');
    await reauth(seller, 'demo_seller');
    const code = await codeFor(seller, 'seller@example.com');
    const answers = await Promise.all(Array.from({ length: 20 }, () => start(seller, form(to, '49.99', code))));
    expect(answers.filter((a) => a.code === '0000')).toHaveLength(1);
    expect(await balanceOf('demo_seller')).toBe(0n);
    const accepted = answers.find((a) => a.code === '0000')?.object.id ?? '';
    expect((await staff.post('/api/platform/withdrawal/review', { id: accepted, decision: 'reject', reason: 'test' })).code).toBe('0000');

    // Straight at the ledger, with no code in the way: still exactly one.
    const user = await server.deps.db.selectFrom('users').selectAll().where('id', '=', sellerId).executeTakeFirstOrThrow();
    const tries = await Promise.allSettled(Array.from({ length: 20 }, () => createWithdrawal(server.deps, user, { address: to, amount: parseMoney('49.99') })));
    expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(1);
    expect(await balanceOf('demo_seller')).toBe(0n);
    const made = tries.find((t): t is PromiseFulfilledResult<bigint> => t.status === 'fulfilled');
    expect((await staff.post('/api/platform/withdrawal/review', { id: made?.value.toString(), decision: 'reject', reason: 'test' })).code).toBe('0000');
    expect(await balanceOf('demo_seller')).toBe(parseMoney('50'));
  });

  it('a payout stopped at each of its steps: after the restart, exactly one payment and one chain transaction', async () => {
    const sellerId = await userId(server.deps.db, 'demo_seller');
    const user = await server.deps.db.selectFrom('users').selectAll().where('id', '=', sellerId).executeTakeFirstOrThrow();
    const staffRow = await server.deps.db.selectFrom('users').selectAll().where('username', '=', 'demo_arbiter').executeTakeFirstOrThrow();
    for (const crash of ['created', 'signed', 'submitted', 'completed'] as const) {
      const id = await createWithdrawal(server.deps, user, { address: await piWalletOfUser(server.deps.db, 'demo_seller'), amount: parseMoney('2') });
      await reviewWithdrawal(server.deps, staffRow, id, { decision: 'approve' });
      // The process "dies" at the step: the exception ends the payout's work there, nothing after it runs.
      observePayoutSteps((step) => {
        if (step === crash) throw new Error(`stopped after ${step}`);
      });
      if (crash === 'completed') {
        // Completion comes once the platform has verified the transaction (the sandbox's confirmation delay).
        expect(await drivePayout(server.deps, id)).toBe('awaitingConfirmation');
        server.clock.advance(confirmMs + 1);
      }
      await expect(drivePayout(server.deps, id), crash).rejects.toThrow(`stopped after ${crash}`);
      observePayoutSteps(null);
      // The restart: payouts in flight resume, each asking the platform and the chain first (a payment being created
      // is left to its process until its lease runs out); then the confirmation arrives.
      await resumePayouts(server.deps);
      server.clock.advance(WithdrawalRules.payoutLease + 1);
      await resumePayouts(server.deps);
      server.clock.advance(confirmMs + 1);
      await resumePayouts(server.deps);
      expect(await stageOf(id.toString()), crash).toBe('success');
      const payouts = await payoutsOf(id.toString());
      expect(payouts, crash).toHaveLength(1);
      const chain = await server.deps.db.selectFrom('sandbox_chain_transactions').select(['hash', 'successful']).where('memo', '=', payouts[0]?.identifier ?? '').execute();
      expect(chain, crash).toEqual([{ hash: payouts[0]?.txid, successful: true }]);
    }
    expect(await balanceOf('demo_seller')).toBe(parseMoney('50') - 4n * (parseMoney('2') + WithdrawalRules.fee));
  });
});

describe('the small wallet calls and merging with the wallet app', () => {
  it('shows each ad popup once per person, keeps the QR tip flag, counts makeTkHappy, removes the key once', async () => {
    for (const path of ['/api/commodity/advertisement/walletAdPopupOnce', '/api/commodity/withdrawAdvertisement/walletAdPopupOnce']) {
      expect((await seller2.get<{ show: boolean }>(path)).object.show).toBe(true);
      expect((await seller2.get<{ show: boolean }>(path)).object.show).toBe(false);
    }
    expect((await staff.get<{ show: boolean }>('/api/commodity/advertisement/walletAdPopupOnce')).object.show).toBe(true);
    expect((await seller2.get<{ status: boolean }>('/userqrtip/selectTipStatusByUserId')).object.status).toBe(false);
    expect((await seller2.post('/userqrtip/updateUserQrTipStatusByUserId', { status: true })).code).toBe('0000');
    expect((await seller2.get<{ status: boolean }>('/userqrtip/selectTipStatusByUserId')).object.status).toBe(true);
    expect((await seller2.post('/userqrtip/updateUserQrTipStatusByUserId', { status: 'yes' })).code).toBe('4001');
    expect((await seller2.get<{ count: number }>('/api/commodity/advertisement/makeTkHappy')).object.count).toBe(1);
    expect((await seller2.get<{ count: number }>('/api/commodity/advertisement/makeTkHappy')).object.count).toBe(2);
    // demo_buyer acknowledged the two-factor key when withdrawing: removed once, then "no key found" (0001).
    expect((await buyer.get('/api/commodity/fa/removeKey')).code).toBe('0000');
    expect((await buyer.get('/api/commodity/fa/removeKey')).code).toBe('0001');
  });

  it('merges with the wallet app by its user name and payment password; then the wallet-app balance pays', async () => {
    let balance = (await seller2.get<WalletBalanceAnswer>('/api/wallet/wallet/getUserBalance')).object;
    expect(balance).toMatchObject({ merged: false, balance: null });
    expect((await seller2.post('/api/pay/wallet', { orderIds: ['1'], password: '123456' })).msg).toBe('Your account is not merged with the wallet app: pay with another method');
    expect((await seller2.post('/api/wallet/merge', { username: 'demo_seller2', password: '000000' })).msg).toMatch(/^Verification failed/);
    expect((await seller2.post('/api/wallet/merge', { username: 'demo_buyer', password: '123456' })).msg).toBe('This wallet-app account is already merged with another account');
    const merged = await seller2.post<MergeAnswer>('/api/wallet/merge', { username: 'demo_seller2', password: '123456' });
    expect(merged.object).toMatchObject({ merged: true, username: 'demo_seller2', balance: '10', needsEmail: false });
    balance = (await seller2.get<WalletBalanceAnswer>('/api/wallet/wallet/getUserBalance')).object;
    expect(balance).toMatchObject({ merged: true, balance: '10', walletAppUsername: 'demo_seller2' });
  });
});
