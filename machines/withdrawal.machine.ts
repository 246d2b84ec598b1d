import { assign, setup } from 'xstate';
import { WithdrawalRules } from '../src/domain/withdrawal';

/**
 * WITHDRAWAL TO A WALLET ADDRESS (SPEC 3 Withdrawal record, 4 Withdrawal, 6 Withdrawals, 9 fee and
 * manual review). Each state maps to one of SPEC's three statuses in src/domain/withdrawal.ts.
 *
 *   submitted            ── SUBMIT (user) ───────────────────────▶ manual review   (amount + fee reserved)
 *   manual review        ── APPROVE (staff) ─────────────────────▶ paying out      (approved)
 *   manual review        ── REJECT (staff, reason) ──────────────▶ failure         (amount + fee back)
 *   paying out           ── PAYOUT_CREATED (server, payment id) ─▶ paying out      (stored BEFORE submitting; once)
 *   paying out           ── PAYOUT_SIGNED (server, hash) ────────▶ paying out      (the signed envelope stored BEFORE submitting)
 *   paying out           ── PAYOUT_WAITING (server, reason) ─────▶ paying out      (app wallet too low, the person must re-authenticate…)
 *   paying out           ── REAUTHENTICATED (user) ──────────────▶ paying out      (granted wallet_address again: back in the queue)
 *   paying out           ── PAYOUT_SUBMITTED (server, txid) ─────▶ awaiting block confirmation
 *   paying out           ── payoutRetry (system timer) ──────────▶ paying out      (resume: ask the platform first)
 *   awaiting confirmation── CONFIRMED (server) ──────────────────▶ success         (fee to the platform)
 *   awaiting confirmation── confirmationPoll (system timer) ─────▶ awaiting …      (ask the platform again)
 *   paying out           ── PAYOUT_FAILED (server, reason) ──────▶ failure         (amount + fee back; never once the chain has it)
 *
 * One payout per withdrawal, never a second: PAYOUT_CREATED is taken only while no payment id is
 * kept, and the payout is only ever submitted under the kept id. A payout that cannot go on now
 * WAITS (a reason in the context the console and the person see), it does not fail: only the
 * chain's or the platform's definite refusal fails it, with the money returned. The server carries out the named
 * actions (reserve, refund, settle, resume, check) in the same database transaction.
 */

export type WithdrawalParty = 'user' | 'staff' | 'server' | 'system';

export interface WithdrawalContext {
  rejection: string | null;
  paymentId: string | null;
  txid: string | null;
  failure: string | null;
  /** Why the payout waits now (see payoutWaitReasons in src/domain/withdrawal.ts), or null. */
  waiting: string | null;
  /** The hash of the signed envelope last stored (the txid it will have on the chain). */
  signed: string | null;
}

export type WithdrawalEvent =
  | { type: 'SUBMIT' }
  | { type: 'APPROVE' }
  | { type: 'REJECT'; reason: string }
  | { type: 'PAYOUT_CREATED'; paymentId: string }
  | { type: 'PAYOUT_SIGNED'; hash: string }
  | { type: 'PAYOUT_WAITING'; reason: string }
  | { type: 'REAUTHENTICATED' }
  | { type: 'PAYOUT_SUBMITTED'; txid: string }
  | { type: 'CONFIRMED' }
  | { type: 'PAYOUT_FAILED'; reason: string };

export const emptyWithdrawalContext: WithdrawalContext = { rejection: null, paymentId: null, txid: null, failure: null, waiting: null, signed: null };

/** The named delays (durable timers on the server). */
export const withdrawalWindows = {
  payoutRetry: WithdrawalRules.payoutRetry,
  confirmationPoll: WithdrawalRules.confirmationPoll,
} as const;

/** The actions the server carries out for the chart (server/services/withdrawals.ts). */
export const withdrawalEffects = ['reserveFunds', 'refundFunds', 'settleFunds', 'resumePayout', 'checkConfirmation'] as const;
export type WithdrawalEffect = (typeof withdrawalEffects)[number];

export const withdrawalMachine = setup({
  types: {
    context: {} as WithdrawalContext,
    events: {} as WithdrawalEvent,
  },
  delays: withdrawalWindows,
  guards: {
    /** No payout kept yet: the first payment id is kept, any later one is refused. */
    noPayoutYet: ({ context }) => context.paymentId === null,
    /** An envelope is signed only for a kept payment id (its memo). */
    hasPayout: ({ context }) => context.paymentId !== null,
    /** A wait is noted when its reason changes (a retry that waits for the same reason adds no line). */
    newWaitReason: ({ context, event }) => event.type === 'PAYOUT_WAITING' && event.reason !== context.waiting,
    /** The payout waits for the person to authenticate again (granting wallet_address). */
    waitsForAuth: ({ context }) => context.waiting === 'walletAuthRequired',
  },
  actions: {
    noteRejection: assign({ rejection: ({ event }) => (event.type === 'REJECT' ? event.reason : null) }),
    notePayment: assign({ paymentId: ({ context, event }) => (event.type === 'PAYOUT_CREATED' ? event.paymentId : context.paymentId), waiting: null }),
    noteSigned: assign({ signed: ({ context, event }) => (event.type === 'PAYOUT_SIGNED' ? event.hash : context.signed), waiting: null }),
    noteWaiting: assign({ waiting: ({ context, event }) => (event.type === 'PAYOUT_WAITING' ? event.reason : context.waiting) }),
    clearWaiting: assign({ waiting: null }),
    noteTxid: assign({ txid: ({ context, event }) => (event.type === 'PAYOUT_SUBMITTED' ? event.txid : context.txid), waiting: null }),
    noteFailure: assign({ failure: ({ event }) => (event.type === 'PAYOUT_FAILED' ? event.reason : null), waiting: null }),
    reserveFunds: () => {},
    refundFunds: () => {},
    settleFunds: () => {},
    resumePayout: () => {},
    checkConfirmation: () => {},
  },
}).createMachine({
  id: 'withdrawal',
  initial: 'submitted',
  context: emptyWithdrawalContext,
  states: {
    submitted: {
      on: { SUBMIT: { target: 'manualReview', actions: 'reserveFunds', meta: { by: 'user' } } },
    },
    /** Every withdrawal is reviewed by staff (SPEC 9). */
    manualReview: {
      on: {
        APPROVE: { target: 'payingOut', meta: { by: 'staff' } },
        REJECT: { target: 'failure', actions: ['noteRejection', 'refundFunds'], meta: { by: 'staff' } },
      },
    },
    /** Approved: the payout is created (its id kept) and submitted through the platform. */
    payingOut: {
      on: {
        PAYOUT_CREATED: { guard: 'noPayoutYet', actions: 'notePayment', meta: { by: 'server' } },
        PAYOUT_SIGNED: { guard: 'hasPayout', actions: 'noteSigned', meta: { by: 'server' } },
        PAYOUT_WAITING: { guard: 'newWaitReason', actions: 'noteWaiting', meta: { by: 'server' } },
        REAUTHENTICATED: { guard: 'waitsForAuth', actions: 'clearWaiting', meta: { by: 'user' } },
        PAYOUT_SUBMITTED: { target: 'awaitingConfirmation', actions: 'noteTxid', meta: { by: 'server' } },
        PAYOUT_FAILED: { target: 'failure', actions: ['noteFailure', 'refundFunds'], meta: { by: 'server' } },
      },
      after: { payoutRetry: { target: 'payingOut', reenter: true, actions: 'resumePayout', meta: { by: 'system' } } },
    },
    /** SPEC's "to be confirmed": the transaction is on its way to the chain. */
    awaitingConfirmation: {
      on: {
        // No failure from here (issue 27): the chain has the transaction, the coins have left; returning them
        // would pay twice. The platform is asked again until it completes the payment.
        CONFIRMED: { target: 'success', actions: 'settleFunds', meta: { by: 'server' } },
      },
      after: { confirmationPoll: { target: 'awaitingConfirmation', reenter: true, actions: 'checkConfirmation', meta: { by: 'system' } } },
    },
    success: { type: 'final' },
    failure: { type: 'final' },
  },
});

/** The stored state name of a snapshot value (the chart is flat). */
export function withdrawalStateOf(value: unknown): string {
  return typeof value === 'string' ? value : Object.keys(value as object)[0] ?? 'submitted';
}
