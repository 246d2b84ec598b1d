import { Durations } from './constants';
import { parseMoney, type Units } from './money';

/**
 * Withdrawal to a wallet address (SPEC 3 Withdrawal record, 4, 5, 6, 9). The figures in one place.
 */
export const WithdrawalRules = {
  /** SPEC 9: 0.01 of the coin per withdrawal; the balance must exceed it. */
  fee: parseMoney('0.01') as Units,
  /** A first withdrawal to an address this person never used needs a platform re-authentication this recent. */
  reauthWindow: 10 * Durations.minute,
  /** While approved and not yet submitted, the payout is resumed (the platform asked first) this often. */
  payoutRetry: 30 * Durations.second,
  /**
   * While awaiting block confirmation, the platform is asked this often whether the transaction is verified.
   * The platform keeps one app-to-user payment open per app, so the next payout waits for this one's
   * completion: asked every second (the timer runner's tick bounds it), a payout follows the chain's ledger
   * close instead of a 10 s poll (issue 34 finding 9, docs/decisions/053: 6 → 10 payouts a minute).
   */
  confirmationPoll: 1 * Durations.second,
  /** What the records screen shows as the estimated arrival, counted from approval. */
  estimatedArrival: 10 * Durations.minute,
  /** A payout claimed by one server process is left to it this long before another may resume it. */
  payoutLease: 60 * Durations.second,
} as const;

/**
 * SPEC's three record statuses (success, failure, to be confirmed): the ONE table mapping the
 * withdrawal chart's states (machines/withdrawal.machine.ts) onto them. Each state also has its own
 * stage label (submitted, manual review, approved, awaiting block confirmation).
 */
export const withdrawalStatusTable = [
  { status: 'toBeConfirmed', states: ['submitted', 'manualReview', 'payingOut', 'awaitingConfirmation'], labelKey: 'withdrawal.status.toBeConfirmed' },
  { status: 'success', states: ['success'], labelKey: 'withdrawal.status.success' },
  { status: 'failure', states: ['failure'], labelKey: 'withdrawal.status.failure' },
] as const;

export type WithdrawalStatus = (typeof withdrawalStatusTable)[number]['status'];
export type WithdrawalState = (typeof withdrawalStatusTable)[number]['states'][number];

export const withdrawalStates: readonly WithdrawalState[] = withdrawalStatusTable.flatMap((row) => [...row.states]);

export function withdrawalStatusOf(state: string): WithdrawalStatus | null {
  return withdrawalStatusTable.find((row) => (row.states as readonly string[]).includes(state))?.status ?? null;
}

export function withdrawalStatusLabelKey(status: string): string {
  return withdrawalStatusTable.find((row) => row.status === status)?.labelKey ?? 'withdrawal.status.toBeConfirmed';
}

export const withdrawalStageLabelKey = (state: string): string => `withdrawal.stage.${state}`;

/** Why a person may not withdraw now (isUserWithdrawable), in the order they are checked. */
export const withdrawBlockers = ['frozen', 'kycNotPassed', 'noEmail', 'inFlight', 'noBalance'] as const;
export type WithdrawBlocker = (typeof withdrawBlockers)[number];

export const withdrawBlockerMessage: Record<WithdrawBlocker, string> = {
  frozen: 'messages.accountFrozen',
  kycNotPassed: 'messages.kycNotPassed',
  noEmail: 'withdrawal.errors.noEmail',
  inFlight: 'withdrawal.errors.inFlight',
  noBalance: 'withdrawal.errors.noBalance',
};

/**
 * Why an approved payout waits instead of failing (issue 27), each with what the console or the person
 * sees: the app wallet cannot pay (console alert), no app wallet is configured (console alert), the
 * platform holds another app-to-user payment open (console alert), or the person must authenticate
 * again granting `wallet_address`.
 */
export const payoutWaitReasons = ['appBalanceLow', 'appWalletMissing', 'platformPaymentOpen', 'walletAuthRequired'] as const;
export type PayoutWaitReason = (typeof payoutWaitReasons)[number];
export const payoutWaitLabelKey = (reason: string): string => `payouts.waiting.${reason}`;

/**
 * Why a payout failed, in the person's words: the chain's and the platform's codes (`op_no_destination`,
 * `user_not_found`, `platform 400`…) are the record's, never the screen's. Unknown codes read as the
 * general sentence (the amount and the fee are back on the balance either way).
 */
const payoutFailures: Record<string, string> = {
  op_no_destination: 'noDestination',
  op_no_trust: 'noDestination',
  user_not_found: 'notAuthenticated',
  missing_scope: 'notAuthenticated',
  missing_wallet: 'notAuthenticated',
  /** The platform would have paid another address than the one the person confirmed (issue 34): nothing was sent. */
  address_mismatch: 'addressMismatch',
};
export const payoutFailureLabelKey = (code: string): string => `payouts.failed.${payoutFailures[code] ?? 'general'}`;

/**
 * The amount against the withdrawable balance (SPEC 5): required, more than zero, and the amount plus
 * the fee within the balance; the balance must exceed the fee. Answers a message key, or null.
 */
export function withdrawalAmountProblem(amount: Units, balance: Units): string | null {
  if (balance <= WithdrawalRules.fee) return 'withdrawal.errors.noBalance';
  if (amount <= 0n) return 'withdrawal.errors.amountEmpty';
  if (amount + WithdrawalRules.fee > balance) return 'messages.insufficientBalance';
  return null;
}

/** The most a person can withdraw from a balance (the fee comes on top). */
export function maxWithdrawal(balance: Units): Units {
  return balance > WithdrawalRules.fee ? balance - WithdrawalRules.fee : 0n;
}
