import { getNextTransitions, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { Party } from '../../machines/parties';
import { withdrawalEffects, withdrawalMachine, withdrawalStateOf, withdrawalWindows, type WithdrawalContext, type WithdrawalEffect, type WithdrawalEvent } from '../../machines/withdrawal.machine';
import { formatMoney, parseMoney, type Units } from '../../src/domain/money';
import {
  kycStatuses,
  maxWithdrawal,
  withdrawalAmountProblem,
  WithdrawalRules,
  withdrawalStatusOf,
  type KycStatus,
  type WithdrawBlocker,
  type WithdrawalStatus,
} from '../../src/domain/withdrawal';
import type { WithdrawableAnswer, WithdrawalList, WithdrawalReviewItem, WithdrawalView } from '../../src/domain/types/withdrawal';
import { applyEventWithActions, initial, restore, store } from '../charts/apply';
import type { Db } from '../db/database';
import type { Deps } from '../deps';
import { ApiError } from '../http/envelope';
import type { UserRow } from '../http/env';
import { PlatformError, type PlatformPayment } from '../platform/client';
import { cancelTimer, scheduleTimer, type TimerHandler, type Trx } from '../timers/timers';
import { accountBalance, Accounts, lockAccount, post } from './ledger';
import { publishLive } from '../live/live';

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

export async function kycOfUser(deps: Deps, user: UserRow): Promise<KycStatus> {
  if (!user.pi_uid) return 'none';
  try {
    const answer = await deps.platform.kycStatus(user.pi_uid);
    return (kycStatuses as readonly string[]).includes(answer.kyc) ? (answer.kyc as KycStatus) : 'none';
  } catch {
    return 'none';
  }
}

async function inFlightOf(db: Conn, userId: bigint): Promise<bigint | null> {
  const row = await db.selectFrom('withdrawals').select('id').where('user_id', '=', userId).where('status', '=', 'toBeConfirmed').executeTakeFirst();
  return row?.id ?? null;
}

/** isUserWithdrawable: whether this person may withdraw now, and every reason why not. */
export async function withdrawable(deps: Deps, user: UserRow): Promise<WithdrawableAnswer> {
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
  };
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
      updated_at: new Date(now),
      ...(finished ? { finished_at: new Date(now) } : {}),
    })
    .where('id', '=', id)
    .execute();
  await trx
    .insertInto('withdrawal_events')
    .values({ withdrawal_id: id, event: windowOf(event.type) ?? event.type, party, from_stage: before, to_stage: after, note, created_at: new Date(now) })
    .execute();
  await syncTimers(trx, id, next, now);
  await publishLive(trx, [{ topic: 'withdrawals', ref: id, people: [row.user_id], staff: true }]);
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

// ---------------------------------------------------------------- the payout

async function applyAsServer(deps: Deps, id: bigint, event: WithdrawalEvent, note: string | null = null): Promise<boolean> {
  try {
    await deps.db.transaction().execute((trx) => applyWithdrawalEvent(trx, id, event, 'server', deps.now(), note));
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.codeName === 'invalidField') return false; // moved on meanwhile
    throw error;
  }
}

function failureReason(error: unknown): string {
  if (error instanceof PlatformError) {
    try {
      const body = JSON.parse(error.body) as { error?: unknown };
      if (typeof body.error === 'string') return body.error;
    } catch {
      /* not JSON */
    }
    return `platform ${error.status}`;
  }
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

/**
 * Moves an approved withdrawal's payout on as far as the platform allows now. Safe to run any number
 * of times, concurrently, after a crash: the payment id is kept before anything is submitted, a
 * payout is only ever submitted under the kept id, and an interrupted one is found by asking the
 * platform before anything is created. Answers the stage it left the withdrawal in.
 */
export async function drivePayout(deps: Deps, id: bigint): Promise<string> {
  for (let steps = 0; steps < 4; steps += 1) {
    const row = await deps.db.selectFrom('withdrawals as w').innerJoin('users as u', 'u.id', 'w.user_id').select(['w.stage', 'w.payment_id', 'w.amount', 'w.payout_claimed_at', 'u.pi_uid']).where('w.id', '=', id).executeTakeFirst();
    if (!row) throw new ApiError('notFound');
    if (row.stage === 'payingOut' && row.payment_id === null) {
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
        await applyAsServer(deps, id, { type: 'PAYOUT_FAILED', reason: 'no_platform_account' });
        continue;
      }
      let payment: PlatformPayment;
      try {
        payment =
          (await orphanPayout(deps, id)) ??
          (await deps.platform.createAppToUserPayment({ amount: formatMoney(row.amount), memo: `Coin Mall withdrawal ${id.toString()}`, metadata: { withdrawalId: id.toString() }, uid: row.pi_uid }));
      } catch (error) {
        if (isRefusal(error)) await applyAsServer(deps, id, { type: 'PAYOUT_FAILED', reason: failureReason(error) });
        return (await stageOf(deps, id)) ?? row.stage;
      }
      const kept = await applyAsServer(deps, id, { type: 'PAYOUT_CREATED', paymentId: payment.identifier });
      const now2 = await deps.db.selectFrom('withdrawals').select('payment_id').where('id', '=', id).executeTakeFirst();
      if (!kept && now2?.payment_id !== payment.identifier && !payment.transaction) {
        await deps.platform.cancelPayment(payment.identifier).catch(() => undefined); // another attempt kept its own: this one never moves a coin
      }
      continue;
    }
    if (row.stage === 'payingOut' && row.payment_id) {
      let payment = await deps.platform.getPayment(row.payment_id).catch(() => null);
      if (!payment) return row.stage;
      if (!payment.transaction && !payment.status.cancelled) {
        try {
          payment = await deps.platform.submitAppToUserPayment(row.payment_id);
        } catch (error) {
          if (!isRefusal(error)) return row.stage;
          const after = await deps.platform.getPayment(row.payment_id).catch(() => null);
          if (after?.transaction) payment = after;
          else {
            if (after && !after.status.cancelled) await deps.platform.cancelPayment(row.payment_id).catch(() => undefined);
            await applyAsServer(deps, id, { type: 'PAYOUT_FAILED', reason: failureReason(error) });
            continue;
          }
        }
      }
      if (payment.transaction) {
        await applyAsServer(deps, id, { type: 'PAYOUT_SUBMITTED', txid: payment.transaction.txid });
        await deps.db.updateTable('withdrawals').set({ from_address: payment.from_address }).where('id', '=', id).execute();
        continue;
      }
      await applyAsServer(deps, id, { type: 'PAYOUT_FAILED', reason: 'cancelled' });
      continue;
    }
    if (row.stage === 'awaitingConfirmation' && row.payment_id) {
      const payment = await deps.platform.getPayment(row.payment_id).catch(() => null);
      if (!payment?.transaction) return row.stage;
      if (payment.transaction.verified) {
        if (!payment.status.developer_completed) {
          const done = await deps.platform.completePayment(row.payment_id, payment.transaction.txid).then(
            () => true,
            () => false,
          );
          if (!done) return row.stage;
        }
        await applyAsServer(deps, id, { type: 'CONFIRMED' });
        continue;
      }
      if (payment.status.cancelled) {
        await applyAsServer(deps, id, { type: 'PAYOUT_FAILED', reason: 'cancelled' });
        continue;
      }
      return row.stage;
    }
    return row.stage;
  }
  return (await stageOf(deps, id)) ?? 'unknown';
}

async function stageOf(deps: Deps, id: bigint): Promise<string | null> {
  const row = await deps.db.selectFrom('withdrawals').select('stage').where('id', '=', id).executeTakeFirst();
  return row?.stage ?? null;
}

/** After a restart: every payout left in flight is resumed (each asks the platform first). */
export async function resumePayouts(deps: Deps): Promise<number> {
  const rows = await deps.db.selectFrom('withdrawals').select('id').where('stage', 'in', ['payingOut', 'awaitingConfirmation']).orderBy('id').execute();
  for (const r of rows) await drivePayout(deps, r.id).catch((error: unknown) => console.error('[withdrawals]', error));
  return rows.length;
}

/** Where the timer handler hands the payout once its transaction is over (set by server/start.ts; tests drive it themselves). */
let payoutDriver: ((id: bigint) => void) | null = null;
export function setPayoutDriver(driver: ((id: bigint) => void) | null): void {
  payoutDriver = driver;
}

/** The durable timer: re-enter the state as the system (noted in the history), then resume the payout. */
export const fireWithdrawalTimer: TimerHandler = async (trx, timer, now) => {
  const id = BigInt(timer.entity_id);
  const row = await trx.selectFrom('withdrawals').select('chart').where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) return;
  const snapshot = restore(withdrawalMachine, row.chart);
  if ((withdrawalMachine.getTransitionData(snapshot as never, { type: timer.event } as never) ?? []).length === 0) return;
  await applyWithdrawalEvent(trx, id, { type: timer.event }, 'system', now);
  const driver = payoutDriver;
  if (driver) setImmediate(() => driver(id));
};

// ---------------------------------------------------------------- reading

function toView(
  w: { id: bigint; status: string; stage: string; address: string; amount: bigint; fee: bigint; created_at: Date; finished_at: Date | null; reviewed_at: Date | null; from_address: string | null; txid: string | null; chart: { value: unknown; context: unknown } },
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
    toAddress: w.address,
    txid: w.txid,
    rejection: context.rejection,
    failure: context.failure,
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

const viewColumns = ['id', 'user_id', 'status', 'stage', 'address', 'amount', 'fee', 'created_at', 'finished_at', 'reviewed_at', 'from_address', 'txid', 'chart'] as const;

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
