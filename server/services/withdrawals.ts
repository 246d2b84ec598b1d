import { sql } from 'kysely';
import { getNextTransitions, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { Party } from '../../machines/parties';
import { withdrawalEffects, withdrawalMachine, withdrawalStateOf, withdrawalWindows, type WithdrawalContext, type WithdrawalEffect, type WithdrawalEvent } from '../../machines/withdrawal.machine';
import { formatMoney, parseMoney, type Units } from '../../src/domain/money';
import { isKycStatus, type KycStatus } from '../../src/domain/kyc';
import {
  maxWithdrawal,
  withdrawalAmountProblem,
  WithdrawalRules,
  withdrawalStatusOf,
  type PayoutWaitReason,
  type WithdrawBlocker,
  type WithdrawalStatus,
} from '../../src/domain/withdrawal';
import type { PayoutDesk, WithdrawableAnswer, WithdrawalList, WithdrawalReviewItem, WithdrawalView } from '../../src/domain/types/withdrawal';
import { applyEventWithActions, initial, restore, store } from '../charts/apply';
import { recordChartStep } from '../charts/steps';
import type { Db } from '../db/database';
import type { Deps } from '../deps';
import { ApiError } from '../http/envelope';
import type { UserRow } from '../http/env';
import { ChainUnavailable, type SignedPayout } from '../platform/chain';
import { PlatformError, type PlatformPayment } from '../platform/client';
import { cancelTimer, lockForTimer, scheduleTimer, type TimerHandler, type Trx } from '../timers/timers';
import { accountBalance, Accounts, lockAccount, post } from './ledger';
import { publishLive } from '../live/live';
import { log } from '../observability/log';

/**
 * Withdrawals to a wallet address (issue 13). A withdrawal changes only through its chart
 * (machines/withdrawal.machine.ts), applied here like the order chart: row locked, transition for
 * the party, snapshot, history line and timers persisted, the named money effects carried out in the
 * same transaction through the double-entry ledger:
 *   reserve  user:<id> → withdrawal:<wid>   amount + fee (on SUBMIT, under the account lock)
 *   refund   withdrawal:<wid> → user:<id>   amount + fee (rejected, or the payout failed)
 *   settle   withdrawal:<wid> → platform:coin-out (amount) and platform:fees (fee) (confirmed)
 * The platform is only ever called outside a database transaction (in sandbox mode it is this very
 * server and database).
 */
export const withdrawalTimerKind = 'withdrawal';

export const WithdrawalAccounts = {
  hold: (withdrawalId: bigint) => `withdrawal:${withdrawalId.toString()}`,
  /** Coins that left through the platform to people's wallets. */
  payout: 'platform:coin-out',
} as const;

export const WithdrawalLedgerKind = { reserve: 'withdrawalReserve', refund: 'withdrawalRefund', settle: 'withdrawalSettle' } as const;

type Conn = Db | Trx;

/** What a person may withdraw: their balance (pending seller income lives in its own account). The one place to change it. */
export async function withdrawableBalance(db: Conn, userId: bigint): Promise<Units> {
  return accountBalance(db, Accounts.user(userId));
}

// ---------------------------------------------------------------- who may withdraw

/** The person's KYC, as the product keeps it (issue 27), the same in every mode. */
export async function kycOfUser(deps: Deps, user: UserRow): Promise<KycStatus> {
  const row = await deps.db.selectFrom('kyc_records').select('status').where('user_id', '=', user.id).executeTakeFirst();
  return row && isKycStatus(row.status) ? row.status : 'none';
}

async function inFlightOf(db: Conn, userId: bigint): Promise<bigint | null> {
  const row = await db.selectFrom('withdrawals').select('id').where('user_id', '=', userId).where('status', '=', 'toBeConfirmed').executeTakeFirst();
  return row?.id ?? null;
}

// ---------------------------------------------------------------- the Pi wallet a payout goes to (issue 34)

/**
 * Keeps the Pi wallet address the platform named for this person (from /v2/me with the wallet_address
 * scope, or a payment's to_address). The platform pays an app-to-user payment only there
 * (docs/decisions/052).
 */
export async function learnPiWallet(db: Conn, userId: bigint, address: string | null | undefined): Promise<void> {
  if (!address) return;
  await db
    .updateTable('users')
    .set({ pi_wallet: address })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('pi_wallet', 'is', null), eb('pi_wallet', '<>', address)]))
    .execute();
}

/**
 * The person's Pi wallet address: as kept, or asked of the platform with the session's access token
 * when not known yet (a bounded call, once: the answer is kept). Null while the platform has not said.
 */
export async function piWalletOf(deps: Deps, user: UserRow, accessToken: string | null): Promise<string | null> {
  if (user.pi_wallet) return user.pi_wallet;
  if (!accessToken) return null;
  const me = await deps.platform.me(accessToken).catch(() => null);
  if (!me || me.uid !== user.pi_uid || !me.wallet_address) return null;
  await learnPiWallet(deps.db, user.id, me.wallet_address);
  return me.wallet_address;
}

/**
 * The address a person confirms must be the one the coins go to: with Pi's app-to-user payments
 * that is their Pi wallet. Refused before anything is reserved when it is another one.
 */
export function requirePiWallet(piWallet: string | null, address: string): void {
  if (piWallet !== null && piWallet !== address) throw new ApiError('notYourPiWallet', { address: piWallet }, { field: 'address', piWallet });
}

/** isUserWithdrawable: whether this person may withdraw now, and every reason why not. */
export async function withdrawable(deps: Deps, user: UserRow, accessToken: string | null = null): Promise<WithdrawableAnswer> {
  const kyc = await kycOfUser(deps, user);
  const balance = await withdrawableBalance(deps.db, user.id);
  const inFlight = await inFlightOf(deps.db, user.id);
  const blockers: WithdrawBlocker[] = [];
  if (user.frozen) blockers.push('frozen');
  if (kyc !== 'passed') blockers.push('kycNotPassed');
  if (!user.email) blockers.push('noEmail');
  if (inFlight !== null) blockers.push('inFlight');
  if (balance <= WithdrawalRules.fee) blockers.push('noBalance');
  return {
    withdrawable: blockers.length === 0,
    blocker: blockers[0] ?? null,
    blockers,
    kyc,
    email: user.email,
    balance: formatMoney(balance),
    fee: formatMoney(WithdrawalRules.fee),
    maxAmount: formatMoney(maxWithdrawal(balance)),
    inFlight: inFlight === null ? null : inFlight.toString(),
    freshAuthUntil: freshAuthUntil(deps, user),
    knownAddresses: await knownAddresses(deps.db, user.id),
    piWallet: await piWalletOf(deps, user, accessToken),
    network: deps.config.sandbox ? 'sandbox' : 'pi',
  };
}

function freshAuthUntil(deps: Deps, user: UserRow): string | null {
  if (!user.reauthenticated_at) return null;
  const until = new Date(user.reauthenticated_at).getTime() + WithdrawalRules.reauthWindow;
  return until > deps.now() ? new Date(until).toISOString() : null;
}

/** The addresses a withdrawal went (or is going) to: a withdrawal to one of them needs no fresh authentication. */
async function knownAddresses(db: Conn, userId: bigint): Promise<string[]> {
  const rows = await db.selectFrom('withdrawals').select('address').distinct().where('user_id', '=', userId).where('status', '<>', 'failure').orderBy('address').limit(50).execute();
  return rows.map((r) => r.address);
}

const blockerError: Record<WithdrawBlocker, () => ApiError> = {
  frozen: () => new ApiError('userUnavailable'),
  kycNotPassed: () => new ApiError('forbidden', { detail: 'kyc' }, { blocker: 'kycNotPassed' }, 'messages.kycNotPassed'),
  noEmail: () => new ApiError('forbidden', { detail: 'email' }, { blocker: 'noEmail' }, 'withdrawal.errors.noEmail'),
  inFlight: () => new ApiError('forbidden', { detail: 'inFlight' }, { blocker: 'inFlight' }, 'withdrawal.errors.inFlight'),
  noBalance: () => new ApiError('invalidField', { field: 'amount', detail: 'noBalance' }, { field: 'amount' }, 'withdrawal.errors.noBalance'),
};

/** Refuses with the first blocker's message. */
export async function requireWithdrawable(deps: Deps, user: UserRow): Promise<WithdrawableAnswer> {
  const answer = await withdrawable(deps, user);
  if (answer.blocker) throw blockerError[answer.blocker]();
  return answer;
}

export function amountError(key: string): ApiError {
  return new ApiError('invalidField', { field: 'amount', detail: key }, { field: 'amount' }, key);
}

/** A first withdrawal to an address this person never withdrew to needs a recent platform re-authentication. */
export async function requireFreshAuthFor(deps: Deps, user: UserRow, address: string): Promise<void> {
  const used = await deps.db.selectFrom('withdrawals').select('id').where('user_id', '=', user.id).where('address', '=', address).where('status', '<>', 'failure').executeTakeFirst();
  if (used) return;
  const at = user.reauthenticated_at ? new Date(user.reauthenticated_at).getTime() : 0;
  if (deps.now() - at > WithdrawalRules.reauthWindow) throw new ApiError('forbidden', { detail: 'reauth' }, { reauth: true }, 'withdrawal.errors.reauthRequired');
}

/** /mine/repeatauthentication: a fresh platform authentication of the same person. */
export async function reauthenticate(deps: Deps, user: UserRow, accessToken: string): Promise<string> {
  const me = await deps.platform.me(accessToken).catch(() => null);
  if (!me || me.uid !== user.pi_uid) throw new ApiError('forbidden', { detail: 'reauth' }, null, 'messages.piAuthFailed');
  const at = new Date(deps.now());
  await deps.db.updateTable('users').set({ reauthenticated_at: at }).where('id', '=', user.id).execute();
  await learnPiWallet(deps.db, user.id, me.wallet_address);
  // A payout that waited for this person to grant wallet_address again goes back in the queue (issue 27).
  const waiting = await deps.db.selectFrom('withdrawals').select('id').where('user_id', '=', user.id).where('stage', '=', 'payingOut').where('waiting', '=', 'walletAuthRequired').execute();
  for (const w of waiting) await deps.db.transaction().execute((trx) => applyWithdrawalEvent(trx, w.id, { type: 'REAUTHENTICATED' }, 'user', deps.now()));
  // In the background (issue 34): the person's request never waits on the platform or the chain.
  if (waiting.length > 0) void pumpPayouts(deps).catch((error: unknown) => log.error({ job: 'payouts', err: error }, 'payout failed'));
  return at.toISOString();
}

// ---------------------------------------------------------------- applying the chart

type Effect = (trx: Trx, row: { id: bigint; user_id: bigint; amount: bigint; fee: bigint }, now: number) => Promise<void>;

const moneyEffects: Partial<Record<WithdrawalEffect, Effect>> = {
  reserveFunds: async (trx, w, now) => {
    await post(trx, {
      kind: WithdrawalLedgerKind.reserve,
      reference: WithdrawalAccounts.hold(w.id),
      postings: [
        { account: Accounts.user(w.user_id), amount: -(w.amount + w.fee) },
        { account: WithdrawalAccounts.hold(w.id), amount: w.amount + w.fee },
      ],
      at: new Date(now),
    });
  },
  refundFunds: async (trx, w, now) => {
    const held = await accountBalance(trx, WithdrawalAccounts.hold(w.id));
    if (held <= 0n) return;
    await post(trx, {
      kind: WithdrawalLedgerKind.refund,
      reference: WithdrawalAccounts.hold(w.id),
      postings: [
        { account: WithdrawalAccounts.hold(w.id), amount: -held },
        { account: Accounts.user(w.user_id), amount: held },
      ],
      at: new Date(now),
    });
  },
  settleFunds: async (trx, w, now) => {
    const held = await accountBalance(trx, WithdrawalAccounts.hold(w.id));
    if (held <= 0n) return;
    const fee = w.fee < held ? w.fee : held;
    await post(trx, {
      kind: WithdrawalLedgerKind.settle,
      reference: WithdrawalAccounts.hold(w.id),
      postings: [
        { account: WithdrawalAccounts.hold(w.id), amount: -held },
        { account: WithdrawalAccounts.payout, amount: held - fee },
        { account: Accounts.fees, amount: fee },
      ].filter((p) => p.amount !== 0n),
      at: new Date(now),
    });
  },
};

function isEffect(type: string): type is WithdrawalEffect {
  return (withdrawalEffects as readonly string[]).includes(type);
}

function windowOf(eventType: string): string | null {
  return /^xstate\.after\.([^.]+)\./.exec(eventType)?.[1] ?? null;
}

async function syncTimers(trx: Trx, id: bigint, snapshot: AnyMachineSnapshot, now: number): Promise<void> {
  const entityId = id.toString();
  await cancelTimer(trx, { kind: withdrawalTimerKind, entityId }, new Date(now));
  for (const t of getNextTransitions(snapshot)) {
    const name = windowOf(t.eventType);
    if (!name || !(name in withdrawalWindows)) continue;
    await scheduleTimer(trx, { kind: withdrawalTimerKind, entityId, name, event: t.eventType, dueAt: new Date(now + withdrawalWindows[name as keyof typeof withdrawalWindows]) });
  }
}

/** Applies one event to one withdrawal inside `trx` (row locked FOR UPDATE). */
export async function applyWithdrawalEvent(trx: Trx, id: bigint, event: WithdrawalEvent | AnyEventObject, party: Party, now: number, note: string | null = null): Promise<AnyMachineSnapshot> {
  const row = await trx.selectFrom('withdrawals').select(['id', 'user_id', 'amount', 'fee', 'chart']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw new ApiError('notFound');
  const current = restore(withdrawalMachine, row.chart);
  const { snapshot: next, actions } = applyEventWithActions(withdrawalMachine, current, event, party);
  const before = withdrawalStateOf(current.value);
  const after = withdrawalStateOf(next.value);
  const context = next.context as WithdrawalContext;
  const finished = after === 'success' || after === 'failure';
  await trx
    .updateTable('withdrawals')
    .set({
      status: withdrawalStatusOf(after) ?? 'toBeConfirmed',
      stage: after,
      chart: JSON.stringify(store(next)),
      payment_id: context.paymentId,
      txid: context.txid,
      waiting: context.waiting ?? null,
      updated_at: new Date(now),
      ...(finished ? { finished_at: new Date(now) } : {}),
    })
    .where('id', '=', id)
    .execute();
  await trx
    .insertInto('withdrawal_events')
    .values({ withdrawal_id: id, event: windowOf(event.type) ?? event.type, party, from_stage: before, to_stage: after, note, created_at: new Date(now) })
    .execute();
  await recordChartStep(trx, 'withdrawal', id, { event: windowOf(event.type) ?? event.type, party, from: before, to: after, at: now });
  await syncTimers(trx, id, next, now);
  await publishLive(trx, [{ topic: 'withdrawals', ref: id, people: [row.user_id], staff: true }]);
  // A finished payout frees the app wallet for the next one in the queue (issue 27).
  if (finished) await trx.updateTable('payout_slots').set({ withdrawal_id: null, claimed_at: null }).where('withdrawal_id', '=', id).execute();
  for (const action of actions) {
    const effect = isEffect(action.type) ? moneyEffects[action.type] : undefined;
    if (effect) await effect(trx, row, now);
  }
  return next;
}

/**
 * Creates a withdrawal and reserves amount + fee, in one transaction under the account lock: of any
 * number of concurrent requests for the same balance, only those the balance covers go through, and
 * a person has at most one withdrawal in flight.
 */
export async function createWithdrawal(deps: Deps, user: UserRow, input: { address: string; amount: Units }): Promise<bigint> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    await lockAccount(trx, Accounts.user(user.id));
    const person = await trx.selectFrom('users').select('pi_wallet').where('id', '=', user.id).executeTakeFirst();
    requirePiWallet(person?.pi_wallet ?? null, input.address);
    if ((await inFlightOf(trx, user.id)) !== null) throw blockerError.inFlight();
    const problem = withdrawalAmountProblem(input.amount, await withdrawableBalance(trx, user.id));
    if (problem) throw amountError(problem);
    const start = initial(withdrawalMachine);
    const inserted = await trx
      .insertInto('withdrawals')
      .values({
        user_id: user.id,
        status: withdrawalStatusOf(withdrawalStateOf(start.value)) ?? 'toBeConfirmed',
        stage: withdrawalStateOf(start.value),
        chart: JSON.stringify(store(start)),
        address: input.address,
        amount: input.amount,
        fee: WithdrawalRules.fee,
        created_at: new Date(now),
        updated_at: new Date(now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await applyWithdrawalEvent(trx, inserted.id, { type: 'SUBMIT' }, 'user', now);
    await trx
      .insertInto('wallet_flags')
      .values({ user_id: user.id, fa_key_saved_at: new Date(now), wallet_ad_shown_at: null, withdraw_ad_shown_at: null })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ fa_key_saved_at: new Date(now) }))
      .execute();
    return inserted.id;
  });
}

/** Staff approve or reject (with a reason). Approving starts the payout. */
export async function reviewWithdrawal(deps: Deps, staff: UserRow, id: bigint, decision: { decision: 'approve' } | { decision: 'reject'; reason: string }): Promise<void> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('withdrawals').select(['user_id']).where('id', '=', id).executeTakeFirst();
    if (!row) throw new ApiError('notFound');
    if (row.user_id === staff.id) throw new ApiError('forbidden');
    const event: WithdrawalEvent = decision.decision === 'approve' ? { type: 'APPROVE' } : { type: 'REJECT', reason: decision.reason };
    await applyWithdrawalEvent(trx, id, event, 'staff', now, decision.decision === 'reject' ? decision.reason : null);
    await trx.updateTable('withdrawals').set({ reviewer_id: staff.id, reviewed_at: new Date(now) }).where('id', '=', id).execute();
  });
}

// ---------------------------------------------------------------- the payout (issue 27)

/** The stages in which a withdrawal's payout is under way (it may hold the app wallet). */
const payoutStages = ['payingOut', 'awaitingConfirmation'];

/** What a step of a payout reports, for structured logs (and for the crash tests, which stop a process at a step). */
export type PayoutStep = 'created' | 'signed' | 'submitted' | 'completed';
let stepObserver: ((step: PayoutStep, id: bigint) => void) | null = null;
export function observePayoutSteps(observer: ((step: PayoutStep, id: bigint) => void) | null): void {
  stepObserver = observer;
}
const reached = (step: PayoutStep, id: bigint) => stepObserver?.(step, id);

async function applyAsServer(deps: Deps, id: bigint, event: WithdrawalEvent, note: string | null = null): Promise<boolean> {
  try {
    await deps.db.transaction().execute((trx) => applyWithdrawalEvent(trx, id, event, 'server', deps.now(), note));
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.codeName === 'invalidField') return false; // moved on meanwhile
    throw error;
  }
}

function platformErrorCode(error: unknown): string | null {
  if (!(error instanceof PlatformError)) return null;
  try {
    const body = JSON.parse(error.body) as { error?: unknown };
    if (typeof body.error === 'string') return body.error;
  } catch {
    /* not JSON */
  }
  return null;
}

function failureReason(error: unknown): string {
  if (error instanceof PlatformError) return platformErrorCode(error) ?? `platform ${error.status}`;
  return 'unreachable';
}

/** A platform refusal (4xx) is an answer; a time-out or a 5xx is not, and leaves the payout for the next attempt. */
function isRefusal(error: unknown): boolean {
  return error instanceof PlatformError && error.status >= 400 && error.status < 500;
}

/** The payout this withdrawal created earlier and may not have kept (a crash between creating and keeping its id). */
async function orphanPayout(deps: Deps, id: bigint): Promise<PlatformPayment | null> {
  const open = await deps.platform.incompleteServerPayments();
  return open.find((p) => p.direction === 'app_to_user' && p.metadata.withdrawalId === id.toString()) ?? null;
}

/** Notes why the payout waits (a chart transition, so once per reason); answers the stage. */
async function waitFor(deps: Deps, id: bigint, reason: PayoutWaitReason): Promise<string> {
  await applyAsServer(deps, id, { type: 'PAYOUT_WAITING', reason }, reason);
  return 'payingOut';
}

const appWallet = (deps: Deps) => deps.chain.appAddress ?? 'unconfigured';
/** A payout waiting for its person (not for the app) leaves the queue until they act: it never holds the wallet. */
const personWait: PayoutWaitReason = 'walletAuthRequired';

/**
 * The withdrawal whose payout holds the app wallet: one in flight per app wallet, across server
 * processes (the slot is a row; a claim is one conditional UPDATE). A free slot, or one whose holder
 * has finished, goes to the oldest approved payout, those already created on the platform first.
 */
async function slotHolder(deps: Deps): Promise<bigint | null> {
  const wallet = appWallet(deps);
  await deps.db.insertInto('payout_slots').values({ wallet, withdrawal_id: null, claimed_at: null }).onConflict((oc) => oc.column('wallet').doNothing()).execute();
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const slot = await deps.db.selectFrom('payout_slots as s').leftJoin('withdrawals as w', 'w.id', 's.withdrawal_id').select(['s.withdrawal_id', 'w.stage', 'w.waiting']).where('s.wallet', '=', wallet).executeTakeFirstOrThrow();
    if (slot.withdrawal_id !== null && slot.stage && payoutStages.includes(slot.stage) && slot.waiting !== personWait) return slot.withdrawal_id;
    const next = await deps.db
      .selectFrom('withdrawals')
      .select('id')
      .where('stage', 'in', payoutStages)
      .where((eb) => eb.or([eb('waiting', 'is', null), eb('waiting', '<>', personWait)]))
      .orderBy(sql`(payment_id is null)`)
      .orderBy('reviewed_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!next) return null;
    const held = slot.withdrawal_id;
    const claimed = await deps.db
      .updateTable('payout_slots')
      .set({ withdrawal_id: next.id, claimed_at: new Date(deps.now()) })
      .where('wallet', '=', wallet)
      .where((eb) => (held === null ? eb('withdrawal_id', 'is', null) : eb('withdrawal_id', '=', held)))
      .returning('withdrawal_id')
      .executeTakeFirst();
    if (claimed?.withdrawal_id) return claimed.withdrawal_id;
  }
  return null;
}

const pumps = new WeakMap<Db, { running: Promise<void> | null; again: boolean }>();
/** Databases about to close: no pump starts on them any more (issue 36: jobs stop before the database closes). */
const closing = new WeakSet<Db>();

/**
 * Stops this database's payouts before it closes: no pump starts any more (a request's or a timer's
 * hand-on arriving late finds nothing to do), and the pump under way finishes its step. Called by the
 * server's shutdown and the test server's close, before the database is destroyed.
 */
export async function stopPayouts(db: Db): Promise<void> {
  closing.add(db);
  await pumps.get(db)?.running?.catch(() => undefined);
}

/**
 * Moves the app wallet's payouts on, one at a time: the holder as far as it can go now, then the next
 * in the queue. One pump per process at a time (a call while one runs makes it go round once more);
 * other processes pump too, and the slot keeps them on the same payout.
 */
export function pumpPayouts(deps: Deps): Promise<void> {
  if (closing.has(deps.db)) return Promise.resolve();
  let state = pumps.get(deps.db);
  if (!state) {
    state = { running: null, again: false };
    pumps.set(deps.db, state);
  }
  const pump = state;
  if (pump.running) {
    pump.again = true;
    return pump.running;
  }
  pump.running = (async () => {
    try {
      do {
        pump.again = false;
        for (let n = 0; n < 10_000; n += 1) {
          const holder = await slotHolder(deps);
          if (holder === null) break;
          const stage = await advancePayout(deps, holder);
          if (!payoutStages.includes(stage)) continue;
          const still = await deps.db.selectFrom('withdrawals').select('waiting').where('id', '=', holder).executeTakeFirst();
          if (still?.waiting === personWait) continue; // out of the queue until the person acts: the next one goes
          break; // it waits (the platform, the chain, its timer): the queue waits behind it
        }
      } while (pump.again);
    } finally {
      pump.running = null;
    }
  })();
  return pump.running;
}

/** Moves the payouts on and answers the stage this withdrawal is in then (queued ones stay paying out). */
export async function drivePayout(deps: Deps, id: bigint): Promise<string> {
  await pumpPayouts(deps);
  return (await stageOf(deps, id)) ?? 'unknown';
}

interface LiveEnvelope {
  id: bigint;
  hash: string;
  envelope: string;
  network: string;
  max_time: Date;
  created_at: Date;
}

async function liveEnvelope(deps: Deps, id: bigint): Promise<LiveEnvelope | null> {
  const row = await deps.db.selectFrom('payout_envelopes').select(['id', 'hash', 'envelope', 'network', 'max_time', 'created_at']).where('withdrawal_id', '=', id).where('replaced_at', 'is', null).executeTakeFirst();
  return row ?? null;
}

/** How far back the chain is searched for a payment's memo: from a day before the withdrawal was approved. */
const memoLookBack = 24 * 60 * 60 * 1000;

/** A successful transaction of the app account with this payment's memo, if the chain has one. */
async function paidOnChain(deps: Deps, network: string, paymentId: string, since: number): Promise<string | null> {
  const found = await deps.chain.memoTransactions(network, paymentId, since - memoLookBack);
  return found.find((t) => t.successful)?.hash ?? null;
}

/**
 * Rule of the one payout: a new envelope replaces the stored one ONLY when the chain has no
 * transaction from the app account with this memo and the old envelope's time bounds have passed
 * (then it can never be taken). Answers the chain's txid when it turns out the payout went through.
 */
async function replaceIfDead(deps: Deps, id: bigint, env: LiveEnvelope, paymentId: string): Promise<{ replaced: boolean; paid: string | null }> {
  const paid = await paidOnChain(deps, env.network, paymentId, env.created_at.getTime());
  if (paid) return { replaced: false, paid };
  if (deps.now() <= env.max_time.getTime()) return { replaced: false, paid: null };
  const done = await deps.db.updateTable('payout_envelopes').set({ replaced_at: new Date(deps.now()) }).where('id', '=', env.id).where('replaced_at', 'is', null).returning('id').executeTakeFirst();
  return { replaced: !!done, paid: null };
}

/** The chain has the payout: the txid kept, and the app wallet as where it came from. */
async function submitted(deps: Deps, id: bigint, txid: string): Promise<void> {
  await applyAsServer(deps, id, { type: 'PAYOUT_SUBMITTED', txid });
  await deps.db.updateTable('withdrawals').set({ from_address: deps.chain.appAddress }).where('id', '=', id).execute();
}

/** The address the payout's transaction pays (the platform payment's to_address, which the signed envelope pays), on the record. */
async function keepPaidTo(db: Conn, id: bigint, address: string): Promise<void> {
  await db.updateTable('withdrawals').set({ paid_to: address }).where('id', '=', id).execute();
}

/** Gives the payment up on the platform (no coin moved) and fails the withdrawal: amount and fee go back. */
async function failPayout(deps: Deps, id: bigint, paymentId: string | null, reason: string): Promise<void> {
  if (paymentId) await deps.platform.cancelPayment(paymentId).catch(() => undefined);
  await applyAsServer(deps, id, { type: 'PAYOUT_FAILED', reason });
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === '23505';
}

/** Codes of a submission the same envelope may still answer later, or a replacement (under the rule) may. */
const retryCodes = new Set(['tx_bad_seq', 'tx_too_late', 'tx_insufficient_fee']);
/** The app wallet cannot pay: the payout waits for it to be topped up. */
const lowBalanceCodes = new Set(['tx_insufficient_balance', 'op_underfunded']);

/**
 * Moves one withdrawal's payout on as far as the platform and the chain allow now. Safe to run any
 * number of times, concurrently, after a crash at any point:
 *   1. the platform payment is created once (a claim, and the platform asked for an orphan first), its id kept at once;
 *   2. the chain is asked for a transaction with that memo; then ONE envelope is signed and stored before it is submitted;
 *   3. that envelope is submitted, again and again if need be (the chain takes a sequence number once);
 *      a new one only under replaceIfDead's rule;
 *   4. the platform is told the txid ({txid} to complete), and the withdrawal is confirmed.
 * A failure the person or the app can mend waits (PAYOUT_WAITING); a definite refusal fails it, money back.
 */
async function advancePayout(deps: Deps, id: bigint): Promise<string> {
  for (let steps = 0; steps < 8; steps += 1) {
    const row = await deps.db
      .selectFrom('withdrawals as w')
      .innerJoin('users as u', 'u.id', 'w.user_id')
      .select(['w.stage', 'w.payment_id', 'w.txid', 'w.amount', 'w.address', 'w.user_id', 'w.reviewed_at', 'w.created_at', 'u.pi_uid'])
      .where('w.id', '=', id)
      .executeTakeFirst();
    if (!row) throw new ApiError('notFound');
    const since = (row.reviewed_at ?? row.created_at).getTime();

    if (row.stage === 'payingOut' && row.payment_id === null) {
      if (!deps.chain.appAddress) return waitFor(deps, id, 'appWalletMissing');
      // A payment created for this withdrawal and not kept (its process stopped in between) is kept now, whoever created it.
      const orphan = await orphanPayout(deps, id).catch(() => undefined);
      if (orphan === undefined) return row.stage;
      if (orphan) {
        await applyAsServer(deps, id, { type: 'PAYOUT_CREATED', paymentId: orphan.identifier });
        continue;
      }
      const now = deps.now();
      const claimed = await deps.db
        .updateTable('withdrawals')
        .set({ payout_claimed_at: new Date(now) })
        .where('id', '=', id)
        .where('stage', '=', 'payingOut')
        .where('payment_id', 'is', null)
        .where((eb) => eb.or([eb('payout_claimed_at', 'is', null), eb('payout_claimed_at', '<', new Date(now - WithdrawalRules.payoutLease))]))
        .returning('id')
        .executeTakeFirst();
      if (!claimed) return row.stage; // another process is creating it
      if (!row.pi_uid) {
        await failPayout(deps, id, null, 'no_platform_account');
        continue;
      }
      let payment: PlatformPayment;
      try {
        payment =
          (await orphanPayout(deps, id)) ??
          (await deps.platform.createAppToUserPayment({ amount: formatMoney(row.amount), memo: `Coin Mall withdrawal ${id.toString()}`, metadata: { withdrawalId: id.toString() }, uid: row.pi_uid }));
      } catch (error) {
        await deps.db.updateTable('withdrawals').set({ payout_claimed_at: null }).where('id', '=', id).execute();
        const code = platformErrorCode(error);
        if (code === 'missing_scope' || code === 'missing_wallet') return waitFor(deps, id, 'walletAuthRequired');
        if (code === 'ongoing_payment_found') return waitFor(deps, id, 'platformPaymentOpen');
        if (isRefusal(error)) await failPayout(deps, id, null, failureReason(error));
        return (await stageOf(deps, id)) ?? row.stage;
      }
      reached('created', id);
      const kept = await applyAsServer(deps, id, { type: 'PAYOUT_CREATED', paymentId: payment.identifier });
      const now2 = await deps.db.selectFrom('withdrawals').select('payment_id').where('id', '=', id).executeTakeFirst();
      if (!kept && now2?.payment_id !== payment.identifier && !payment.transaction) {
        await deps.platform.cancelPayment(payment.identifier).catch(() => undefined); // another attempt kept its own: this one never moves a coin
      }
      continue;
    }

    if (row.stage === 'payingOut' && row.payment_id) {
      const paymentId = row.payment_id;
      const payment = await deps.platform.getPayment(paymentId).catch(() => null);
      if (!payment) return row.stage;
      // The platform names the person's Pi wallet in every app-to-user payment: kept for the form (issue 34).
      await learnPiWallet(deps.db, row.user_id, payment.to_address);
      const env = await liveEnvelope(deps, id);
      if (!env) {
        // Nothing stored: before signing anything, the chain says whether this memo was ever paid.
        const paid = await paidOnChain(deps, payment.network, paymentId, since).catch(() => undefined);
        if (paid === undefined) return row.stage;
        if (paid) {
          await keepPaidTo(deps.db, id, payment.to_address);
          await submitted(deps, id, paid);
          continue;
        }
        if (payment.status.cancelled) {
          await failPayout(deps, id, null, 'cancelled');
          continue;
        }
        // The coins go where the platform's payment says, and only to the address the person confirmed (issue 34).
        if (payment.to_address !== row.address) {
          log.warn({ job: 'payouts', withdrawal: id.toString(), payment: paymentId }, 'payout refused: the platform would pay another address than the one confirmed');
          await failPayout(deps, id, paymentId, 'address_mismatch');
          continue;
        }
        const balance = await deps.chain.balance(payment.network).catch(() => null);
        if (balance === null) return row.stage;
        if (balance < row.amount + WithdrawalRules.fee) return waitFor(deps, id, 'appBalanceLow');
        let signed: SignedPayout;
        try {
          signed = await deps.chain.sign(payment, deps.now());
        } catch (error) {
          if (error instanceof ChainUnavailable) return waitFor(deps, id, 'appWalletMissing');
          return row.stage;
        }
        try {
          await deps.db.transaction().execute(async (trx) => {
            await trx
              .insertInto('payout_envelopes')
              .values({ withdrawal_id: id, payment_id: paymentId, network: signed.network, source: signed.source, sequence: signed.sequence, hash: signed.hash, envelope: signed.envelope, max_time: signed.maxTime, created_at: new Date(deps.now()) })
              .execute();
            await applyWithdrawalEvent(trx, id, { type: 'PAYOUT_SIGNED', hash: signed.hash }, 'server', deps.now());
            await keepPaidTo(trx, id, payment.to_address);
          });
        } catch (error) {
          if (!isUniqueViolation(error) && !(error instanceof ApiError)) throw error;
          // another process stored its envelope first: that one is the payout, this one is never submitted
        }
        reached('signed', id);
        continue;
      }
      const known = await deps.chain.transaction(env.network, env.hash).catch(() => undefined);
      if (known === undefined) return row.stage;
      if (known?.successful) {
        await submitted(deps, id, env.hash);
        continue;
      }
      const outcome = await deps.chain.submit(env.network, env.envelope);
      reached('submitted', id);
      if (outcome.kind === 'accepted') {
        await submitted(deps, id, env.hash);
        continue;
      }
      if (outcome.kind === 'unknown') return row.stage; // the same envelope again at the next attempt
      const code = outcome.operations[0] ?? outcome.transaction;
      if (outcome.transaction === 'tx_too_early') return row.stage;
      if (lowBalanceCodes.has(outcome.transaction) || lowBalanceCodes.has(code)) {
        await waitFor(deps, id, 'appBalanceLow');
        const replaced = await replaceIfDead(deps, id, env, paymentId).catch(() => ({ replaced: false, paid: null }));
        if (replaced.paid) await submitted(deps, id, replaced.paid);
        return (await stageOf(deps, id)) ?? row.stage;
      }
      if (retryCodes.has(outcome.transaction)) {
        // tx_bad_seq: the sequence number was taken. By this envelope (then the chain has its hash, seen above)
        // or by another transaction: a new envelope only once the old one can never be taken.
        const replaced = await replaceIfDead(deps, id, env, paymentId).catch(() => ({ replaced: false, paid: null }));
        if (replaced.paid) {
          await submitted(deps, id, replaced.paid);
          continue;
        }
        if (replaced.replaced) continue;
        return row.stage;
      }
      await failPayout(deps, id, paymentId, code);
      continue;
    }

    if (row.stage === 'awaitingConfirmation' && row.payment_id && row.txid) {
      const payment = await deps.platform.getPayment(row.payment_id).catch(() => null);
      if (!payment) return row.stage;
      if (!payment.status.developer_completed) {
        const done = await deps.platform.completePayment(row.payment_id, row.txid).then(
          () => true,
          () => false,
        );
        if (!done) return row.stage; // the platform has not seen the ledger yet: asked again at the next poll
      }
      reached('completed', id);
      await applyAsServer(deps, id, { type: 'CONFIRMED' });
      continue;
    }
    return row.stage;
  }
  return (await stageOf(deps, id)) ?? 'unknown';
}

async function stageOf(deps: Deps, id: bigint): Promise<string | null> {
  const row = await deps.db.selectFrom('withdrawals').select('stage').where('id', '=', id).executeTakeFirst();
  return row?.stage ?? null;
}

/** After a restart: the payouts left in flight go on (each asks the platform and the chain first). */
export async function resumePayouts(deps: Deps): Promise<number> {
  const rows = await deps.db.selectFrom('withdrawals').select('id').where('stage', 'in', payoutStages).execute();
  await pumpPayouts(deps).catch((error: unknown) => log.error({ job: 'payouts', err: error }, 'payout failed'));
  return rows.length;
}

/** The console's view of the app wallet: its address and balance, the payout holding it, and every payout that waits and why. */
export async function payoutDesk(deps: Deps): Promise<PayoutDesk> {
  const wallet = deps.chain.appAddress;
  const slot = wallet ? await deps.db.selectFrom('payout_slots').select('withdrawal_id').where('wallet', '=', wallet).executeTakeFirst() : undefined;
  const waiting = await deps.db.selectFrom('withdrawals').select(['id', 'amount', 'waiting', 'reviewed_at']).where('stage', '=', 'payingOut').orderBy('reviewed_at').orderBy('id').limit(100).execute();
  // The network the app wallet last paid on (every payment names its own); the sandbox's is the Testnet.
  const last = await deps.db.selectFrom('payout_envelopes').select('network').orderBy('id', 'desc').limit(1).executeTakeFirst();
  const network = last?.network ?? (deps.config.sandbox ? 'Pi Testnet' : null);
  const balance = wallet && network ? await deps.chain.balance(network).catch(() => null) : null;
  return {
    wallet,
    balance: balance === null ? null : formatMoney(balance),
    inFlight: slot?.withdrawal_id?.toString() ?? null,
    queued: waiting.length,
    waiting: waiting.filter((w) => w.waiting).map((w) => ({ id: w.id.toString(), amount: formatMoney(w.amount), reason: w.waiting as PayoutWaitReason })),
    alert: waiting.some((w) => w.waiting === 'appBalanceLow' || w.waiting === 'appWalletMissing' || w.waiting === 'platformPaymentOpen'),
  };
}

/**
 * Where the timer handler hands the payout once its transaction is over (set by server/start.ts; tests drive
 * it themselves). Answers a function that takes this driver away, and only this one: another server of the
 * same process (tests start several) keeps its own.
 */
let payoutDriver: ((id: bigint) => void) | null = null;
export function setPayoutDriver(driver: ((id: bigint) => void) | null): () => void {
  payoutDriver = driver;
  return () => {
    if (payoutDriver === driver) payoutDriver = null;
  };
}

/**
 * The durable timer: re-enter the state as the system (noted in the history), then resume the payout.
 * One order of locks (issue 34): a withdrawal, then its timers. The runner holds this timer's row
 * already, so it takes the withdrawal only if free (SKIP LOCKED); held by the payout driver, the timer
 * waits for the runner's next run instead of a deadlock.
 */
export const fireWithdrawalTimer: TimerHandler = async (trx, timer, now) => {
  const id = BigInt(timer.entity_id);
  const row = await lockForTimer(timer, trx.selectFrom('withdrawals').select('chart').where('id', '=', id).forUpdate().skipLocked(), () => trx.selectFrom('withdrawals').select('id').where('id', '=', id).executeTakeFirst());
  if (!row) return;
  const snapshot = restore(withdrawalMachine, row.chart);
  if ((withdrawalMachine.getTransitionData(snapshot as never, { type: timer.event } as never) ?? []).length === 0) return;
  await applyWithdrawalEvent(trx, id, { type: timer.event }, 'system', now);
  const driver = payoutDriver;
  if (driver) setImmediate(() => driver(id));
};

// ---------------------------------------------------------------- reading

function toView(
  w: { id: bigint; status: string; stage: string; address: string; paid_to: string | null; amount: bigint; fee: bigint; created_at: Date; finished_at: Date | null; reviewed_at: Date | null; from_address: string | null; txid: string | null; chart: { value: unknown; context: unknown } },
  history: { withdrawal_id: bigint; event: string; party: string; from_stage: string; to_stage: string; note: string | null; created_at: Date }[],
): WithdrawalView {
  const context = w.chart.context as WithdrawalContext;
  const status = (withdrawalStatusOf(w.stage) ?? 'toBeConfirmed') as WithdrawalStatus;
  const estimateFrom = w.reviewed_at ?? w.created_at;
  return {
    id: w.id.toString(),
    status,
    stage: w.stage,
    walletAddress: w.address,
    confirmAddress: w.address,
    amount: formatMoney(w.amount),
    fee: formatMoney(w.fee),
    createdAt: w.created_at.toISOString(),
    arrivalAt: status === 'success' && w.finished_at ? w.finished_at.toISOString() : status === 'failure' ? null : new Date(estimateFrom.getTime() + WithdrawalRules.estimatedArrival).toISOString(),
    arrived: status === 'success',
    fromAddress: w.from_address,
    // The address the transaction paid once it is signed; until then the one confirmed (which is the only one it may pay).
    toAddress: w.paid_to ?? w.address,
    paidTo: w.paid_to,
    txid: w.txid,
    rejection: context.rejection,
    failure: context.failure,
    waiting: (context.waiting ?? null) as PayoutWaitReason | null,
    history: history
      .filter((h) => h.withdrawal_id === w.id)
      .map((h) => ({ event: h.event, by: h.party, from: h.from_stage, to: h.to_stage, note: h.note, at: h.created_at.toISOString() })),
  };
}

async function views(db: Db, rows: Parameters<typeof toView>[0][], withHistory: boolean): Promise<WithdrawalView[]> {
  const ids = rows.map((r) => r.id);
  const history = withHistory && ids.length > 0 ? await db.selectFrom('withdrawal_events').selectAll().where('withdrawal_id', 'in', ids).orderBy('id').execute() : [];
  return rows.map((r) => toView(r, history));
}

const viewColumns = ['id', 'user_id', 'status', 'stage', 'address', 'paid_to', 'amount', 'fee', 'created_at', 'finished_at', 'reviewed_at', 'from_address', 'txid', 'chart'] as const;

/** getPcmWithdrawList: the person's records, newest first, with the total withdrawn. */
export async function withdrawalList(db: Db, userId: bigint, page: number, size: number): Promise<WithdrawalList> {
  const rows = await db.selectFrom('withdrawals').select([...viewColumns]).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(size).offset((page - 1) * size).execute();
  const totals = await db
    .selectFrom('withdrawals')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.coalesce(eb.fn.sum<string>(eb.case().when('status', '=', 'success').then(eb.ref('amount')).else(0n).end()), eb.val('0')).as('withdrawn')])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { list: await views(db, rows, false), total: Number(totals.n), totalWithdrawn: formatMoney(BigInt(String(totals.withdrawn))) };
}

/** getPcmWithdrawDetailByOrder: one of the person's records, with its history (a stranger's is 4004). */
export async function withdrawalDetail(db: Db, userId: bigint, id: bigint): Promise<WithdrawalView> {
  const row = await db.selectFrom('withdrawals').select([...viewColumns]).where('id', '=', id).executeTakeFirst();
  if (!row || row.user_id !== userId) throw new ApiError('notFound');
  const [view] = await views(db, [row], true);
  if (!view) throw new ApiError('notFound');
  return view;
}

/** The console's review queue: oldest first, each with the person's KYC and earlier withdrawals. */
export async function reviewQueue(deps: Deps): Promise<WithdrawalReviewItem[]> {
  const rows = await deps.db.selectFrom('withdrawals').select([...viewColumns]).where('stage', '=', 'manualReview').orderBy('created_at', 'asc').orderBy('id', 'asc').limit(50).execute();
  const full = await views(deps.db, rows, true);
  const out: WithdrawalReviewItem[] = [];
  for (const [i, row] of rows.entries()) {
    const view = full[i];
    const user = await deps.db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirstOrThrow();
    const earlier = await deps.db.selectFrom('withdrawals').select(['id', 'status', 'amount', 'address', 'created_at']).where('user_id', '=', row.user_id).where('id', '<>', row.id).orderBy('created_at', 'desc').limit(10).execute();
    if (!view) continue;
    out.push({
      ...view,
      userId: user.id.toString(),
      username: user.username,
      kyc: await kycOfUser(deps, user),
      earlier: earlier.map((e) => ({ id: e.id.toString(), status: e.status as WithdrawalStatus, amount: formatMoney(e.amount), address: e.address, createdAt: e.created_at.toISOString() })),
    });
  }
  return out;
}

export const parseAmount = (text: string): Units => parseMoney(text);
