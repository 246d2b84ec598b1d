import crypto from 'node:crypto';
import type { AnyEventObject } from 'xstate';
import { withdrawalMachine, withdrawalStateOf } from '../../../machines/withdrawal.machine';
import type { Party } from '../../../machines/parties';
import { parseMoney } from '../../../src/domain/money';
import { WithdrawalRules, withdrawalStatusOf } from '../../../src/domain/withdrawal';
import type { WithdrawalView } from '../../../src/domain/types/withdrawal';
import type { ApiCaller } from '../../../server/testing/apiClient';
import { accountBalance, Accounts, demoTopUp } from '../../../server/services/ledger';
import { applyWithdrawalEvent, drivePayout } from '../../../server/services/withdrawals';
import { seedKyc } from '../../../server/services/kyc';
import { walletAddress } from '../../../server/sandbox/ledger';
import type { Answer, Driver, Person, Reading } from '../support/apiWalk';
import type { World } from '../support/world';

/**
 * The withdrawal chart against the server. The user's door is the withdrawal form (e-mail code from
 * the dev mailbox, a fresh platform authentication, the form-encoded start); staff's the console's
 * review. The payout's steps are the server's own: staff's approval drives the payout at once
 * (created, submitted), and the payout driver (what the chart's timers hand the payout to in
 * server/start.ts) moves it on; the walk follows them from the record's history. The platform's side
 * is the sandbox platform: a wallet marked to fail payouts, a payment the app cancels on the platform,
 * the chain verifying after the sandbox's delay; a platform that cannot be reached is the one stand-in
 * (its client throws a network error for that one request).
 */
export interface WithdrawalRecord {
  user: ApiCaller;
  username: string;
  userId: bigint;
  staff: ApiCaller;
  stranger: ApiCaller;
  id: string | null;
  amount: string;
}

const people: Person[] = [
  { name: 'user', party: 'user' },
  { name: 'staff', party: 'staff' },
  { name: 'stranger', party: null },
];

export function withdrawalDriver(world: World): Driver<WithdrawalRecord> {
  const { db } = world;
  const deps = world.server.deps;
  const code = (state: string) => `${withdrawalStatusOf(state) ?? '?'}/${state}`;

  async function submit(rec: WithdrawalRecord): Promise<Answer> {
    const { wallets } = (await (await fetch(`${world.server.url}/sandbox/api/wallets`)).json()) as { wallets: { uid: string; username: string }[] };
    const uid = wallets.find((w) => w.username === rec.username)?.uid;
    const { accessToken } = (await (await fetch(`${world.server.url}/sandbox/api/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ uid }) })).json()) as { accessToken: string };
    const reauth = await rec.user.post('/api/wallet/withdraw/reauthenticate', { accessToken });
    if (reauth.code !== '0000') return reauth;
    const sent = await rec.user.post('/api/wallet/withdraw/sendCode');
    if (sent.code !== '0000') return sent;
    const mail = await db.selectFrom('outbox').select('body').where('to_address', '=', `${rec.username}@example.com`).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const to = walletAddress(uid ?? ''); // the person's Pi wallet: the only address the platform pays (issue 34)
    const url = '/api/wallet/wallet/pcm/startWithdrawalPcm';
    const fields = { address: to, confirmAddress: to, amount: rec.amount, code: /\b(\d{6})\b/.exec(mail.body)?.[1] ?? '', keySaved: 'true' };
    const a = await rec.user.raw('POST', url, { headers: rec.user.headersFor('POST', url), body: new URLSearchParams(fields).toString(), contentType: 'application/x-www-form-urlencoded' });
    if (a.code === '0000') rec.id = (a.object as { id: string }).id;
    return a;
  }

  let platformBack: (() => void) | null = null;

    /** Staff approve (answered at once, issue 34); the payout the approval started in the background is joined. */
  async function approveAndJoin(caller: ApiCaller, body: object, id: string): Promise<Answer> {
    const answer = (await caller.post('/api/platform/withdrawal/review', body)) as Answer;
    // The route queued its background pump (setImmediate) before answering: one tick later it runs, and is joined.
    if (answer.code !== '0000') return answer; // refused: nothing started
    await new Promise((resolve) => setImmediate(resolve));
    await drivePayout(deps, BigInt(id));
    return answer;
  }

    /** The payout driver, as the chart's timers run it in server/start.ts. */
  async function drive(rec: WithdrawalRecord): Promise<Answer> {
    await drivePayout(deps, BigInt(rec.id ?? '0'));
    return { code: '0000', msg: 'driven' };
  }

  return {
    name: 'withdrawal',
    machine: withdrawalMachine,
    people,
    codeOf: (s) => code(withdrawalStateOf(s.value)),

    async begin() {
      world.newPath();
      // One payout at a time per app wallet (issue 27): a path that ended with its payout still in flight
      // (the platform down, a payout waiting) would hold the wallet for the next path. One on the chain is
      // completed (the platform verifies after its delay); one not yet is given up: its platform payment
      // cancelled, the withdrawal failed through its chart (the money back).
      const onChain = await db.selectFrom('withdrawals').select('id').where('stage', '=', 'awaitingConfirmation').execute();
      if (onChain.length > 0) world.server.clock.advance(deps.config.sandboxConfirmMs + 1);
      for (const w of onChain) await drivePayout(deps, w.id);
      const left = await db.selectFrom('withdrawals').select(['id', 'payment_id']).where('stage', '=', 'payingOut').execute();
      for (const w of left) {
        if (w.payment_id) await deps.platform.cancelPayment(w.payment_id).catch(() => undefined);
        await db.transaction().execute((trx) => applyWithdrawalEvent(trx, w.id, { type: 'PAYOUT_FAILED', reason: 'the walk moved on' }, 'server', deps.now()));
      }
      const [user, staff, stranger] = await Promise.all([world.person('user'), world.person('staff', ['buyer', 'arbiter']), world.person('stranger')]);
      // Fixtures for what a person earns elsewhere: identity verified on the platform, an e-mail bound, a balance.
      await db.transaction().execute((trx) => seedKyc(trx, user.id, 'passed', user.username));
      await db.updateTable('users').set({ email: `${user.username}@example.com` }).where('id', '=', user.id).execute();
      await demoTopUp(db, user.id, parseMoney('20'));
      return { user: user.caller, username: user.username, userId: user.id, staff: staff.caller, stranger: stranger.caller, id: null, amount: '2' };
    },

    // REAUTHENTICATED is guarded on the payout waiting for the person: plan over that too (issue 36).
    planBy: (snapshot) => (snapshot.context as { waiting?: string | null }).waiting ?? null,
    variants(type) {
      if (type === 'REJECT') return [{ type, reason: 'The name differs from the verified identity.' }];
      if (type === 'PAYOUT_WAITING') return [{ type, reason: 'walletAuthRequired' }];
      return [{ type }];
    },

    async send(rec, event, person, model, upcoming = []) {
      platformBack?.();
      platformBack = null;
      const caller = person.name === 'user' ? rec.user : person.name === 'staff' ? rec.staff : rec.stranger;
      if (event.type === 'SUBMIT') return rec.id === null && person.name === 'user' ? submit(rec) : null;
      if (rec.id === null) return null;
      const id = rec.id;
      if (event.type === 'APPROVE' || event.type === 'REJECT') {
        const body = event.type === 'APPROVE' ? { id, decision: 'approve' } : { id, decision: 'reject', reason: String(event.reason) };
        const then = upcoming[0]?.event.type ?? '';
        if (event.type !== 'APPROVE' || person.party !== 'staff') return caller.post('/api/platform/withdrawal/review', body) as Promise<Answer>;
        // What the platform does next decides the payout's path: a wallet whose payouts fail, a person who has not
        // granted wallet_address (the payout waits for them), or a platform not reachable.
        if (upcoming.some((u) => u.event.type === 'PAYOUT_WAITING' || u.event.type === 'REAUTHENTICATED')) {
          await db.updateTable('sandbox_wallets').set({ wallet_scope: false }).where('username', '=', rec.username).execute();
          return approveAndJoin(caller, body, id);
        }
        if (then === 'PAYOUT_FAILED') await db.updateTable('sandbox_wallets').set({ payout_fails: true }).where('username', '=', rec.username).execute();
        const create = deps.platform.createAppToUserPayment;
        // The platform stays unreachable until the next step (the timer's retry): a payout pumped in the
        // background meanwhile (approvals answer at once, issue 34) meets the same platform.
        if (then.startsWith('xstate.after.payoutRetry')) {
          deps.platform.createAppToUserPayment = () => Promise.reject(new TypeError('fetch failed'));
          platformBack = () => {
            deps.platform.createAppToUserPayment = create;
          };
        }
        try {
          return await approveAndJoin(caller, body, id);
        } finally {
          await db.updateTable('sandbox_wallets').set({ payout_fails: false }).where('username', '=', rec.username).execute();
        }
      }
      if (event.type === 'REAUTHENTICATED') {
        // The screen offers "Authenticate again" only while the payout waits for the person.
        if (person.name !== 'user' || (model.context as { waiting?: string | null }).waiting !== 'walletAuthRequired') return null;
        const { wallets } = (await (await fetch(`${world.server.url}/sandbox/api/wallets`)).json()) as { wallets: { uid: string; username: string }[] };
        const uid = wallets.find((w) => w.username === rec.username)?.uid;
        const auth = (await (await fetch(`${world.server.url}/sandbox/api/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ uid, scopes: ['username', 'payments', 'wallet_address'] }) })).json()) as { accessToken: string };
        const answer = (await rec.user.post('/api/wallet/withdraw/reauthenticate', { accessToken: auth.accessToken })) as Answer;
        await new Promise((resolve) => setImmediate(resolve));
        await drivePayout(deps, BigInt(id)); // the payout it frees goes on in the background (issue 34): joined here
        return answer;
      }
      if (person.party !== 'server') return null; // the payout's steps have no person's door
      const state = withdrawalStateOf(model.value);
      if (event.type === 'CONFIRMED') {
        // The chain verifies after the sandbox's delay; the payout driver then completes it.
        world.server.clock.advance(deps.config.sandboxConfirmMs + 1);
        return drive(rec);
      }
      if (event.type === 'PAYOUT_FAILED' && state === 'awaitingConfirmation') {
        // Not a step of the chart any more (issue 27): kept so a negative step meets the server's refusal.
        const row = await db.selectFrom('withdrawals').select('payment_id').where('id', '=', BigInt(id)).executeTakeFirstOrThrow();
        const res = await fetch(`${world.server.url}/sandbox/platform/v2/payments/${row.payment_id ?? ''}/cancel`, { method: 'POST', headers: { Authorization: `Key ${deps.config.piApiKey}` } });
        if (!res.ok) return { code: String(res.status), msg: await res.text() };
        return drive(rec);
      }
      return drive(rec);
    },

    elapse: (_rec, ms) => world.elapse(ms),

    async history(rec) {
      if (rec.id === null) return [];
      const rows = await db.selectFrom('withdrawal_events').select(['event', 'party', 'note']).where('withdrawal_id', '=', BigInt(rec.id)).orderBy('id').execute();
      // The server's events carry what the platform answered; the model needs only that there was one.
      return rows.map((r) => ({ event: { type: r.event, paymentId: 'from-the-platform', txid: 'from-the-chain', hash: 'from-the-chain', reason: r.event === 'PAYOUT_WAITING' ? (r.note ?? '') : 'from-the-platform' } as AnyEventObject, party: r.party as Party }));
    },

    chartSteps: (rec) => world.chartSteps('withdrawal', rec.id),

    async read(rec): Promise<Reading> {
      if (rec.id === null) return { code: null, absent: true, offered: {} };
      const a = await rec.user.get<WithdrawalView>(`/api/wallet/wallet/pcm/getPcmWithdrawDetailByOrder?orderId=${rec.id}`);
      if (a.code !== '0000') throw new Error(`withdrawal detail: ${a.code} ${a.msg}`);
      return { code: `${a.object.status}/${a.object.stage}`, offered: {} };
    },

    async fingerprint(rec) {
      if (rec.id === null) return 'none';
      const w = await db.selectFrom('withdrawals').select(['stage', 'status', 'updated_at', 'payment_id']).where('id', '=', BigInt(rec.id)).executeTakeFirstOrThrow();
      const events = (await db.selectFrom('withdrawal_events').select('id').where('withdrawal_id', '=', BigInt(rec.id)).execute()).length;
      return `${w.stage}|${w.status}|${w.updated_at.toISOString()}|${w.payment_id ?? ''}|${events}|${await accountBalance(db, Accounts.user(rec.userId))}`;
    },

    async measure(rec) {
      return { user: await accountBalance(db, Accounts.user(rec.userId)) };
    },

    expect(rec, { actions }): Record<string, bigint> {
      const held = parseMoney(rec.amount) + WithdrawalRules.fee;
      let user = 0n;
      for (const a of actions) {
        if (a === 'reserveFunds') user -= held;
        if (a === 'refundFunds') user += held;
      }
      return { user };
    },

    invariants: () => world.invariants(),
  };
}
