import type { WalletAppBalance } from './commerce';
import type { KycStatus } from '../kyc';
import type { PayoutWaitReason, WithdrawBlocker, WithdrawalStatus } from '../withdrawal';

/** Wire shapes of the withdrawal API (issue 13): money as decimal strings, ids as strings. */
export interface WithdrawableAnswer {
  withdrawable: boolean;
  /** The first reason the person may not withdraw now, or null. */
  blocker: WithdrawBlocker | null;
  /** Every reason that applies. */
  blockers: WithdrawBlocker[];
  kyc: KycStatus;
  email: string | null;
  balance: string;
  fee: string;
  maxAmount: string;
  /** The id of the withdrawal in flight, when there is one. */
  inFlight: string | null;
  /**
   * Until when the last fresh platform authentication lets a withdrawal go to a new address (null when
   * none is recent): the form checks it when it opens and runs the authentication inline.
   */
  freshAuthUntil: string | null;
  /** Addresses this person already withdrew to (not failed): they need no fresh authentication. */
  knownAddresses: string[];
  /**
   * The person's Pi wallet address, as the Pi platform named it: the only address its app-to-user
   * payments pay (issue 34), so the only one a withdrawal may go to. Null until the platform has said.
   */
  piWallet: string | null;
  /** The chain the coins travel on, for the review sheet: the sandbox's test coins or the Pi network. */
  network: 'sandbox' | 'pi';
}

export interface WithdrawalHistoryLine {
  event: string;
  by: string;
  from: string;
  to: string;
  note: string | null;
  at: string;
}

export interface WithdrawalView {
  id: string;
  status: WithdrawalStatus;
  stage: string;
  /** The wallet address and the confirmation address (the same, entered twice). */
  walletAddress: string;
  confirmAddress: string;
  amount: string;
  fee: string;
  createdAt: string;
  /** When the coins arrived (success), or the estimate while on the way; null for a failure. */
  arrivalAt: string | null;
  arrived: boolean;
  fromAddress: string | null;
  /** Where the coins go: the address the transaction paid once signed (paidTo), the confirmed one before. */
  toAddress: string;
  /** The address the payout's transaction paid (the platform payment's to_address), once signed. */
  paidTo: string | null;
  txid: string | null;
  rejection: string | null;
  failure: string | null;
  /** Why the payout waits now (issue 27), or null. */
  waiting: PayoutWaitReason | null;
  history: WithdrawalHistoryLine[];
}

/** The console's view of the app wallet and its payout queue (issue 27). */
export interface PayoutDesk {
  /** The app wallet's public address, or null when PI_WALLET_SEED is not set. */
  wallet: string | null;
  balance: string | null;
  /** The withdrawal whose payout holds the app wallet now. */
  inFlight: string | null;
  /** Approved payouts not yet on the chain. */
  queued: number;
  waiting: { id: string; amount: string; reason: PayoutWaitReason }[];
  /** Something staff must mend (the app wallet's balance, its seed, a payment open on the platform). */
  alert: boolean;
}

export interface WithdrawalList {
  list: WithdrawalView[];
  total: number;
  /** Total withdrawn: the sum of the successful withdrawals. */
  totalWithdrawn: string;
}

export interface WithdrawalReviewItem extends WithdrawalView {
  userId: string;
  username: string;
  kyc: KycStatus;
  /** The person's earlier withdrawals, newest first. */
  earlier: { id: string; status: WithdrawalStatus; amount: string; address: string; createdAt: string }[];
}

export interface StartWithdrawalAnswer {
  id: string;
  status: WithdrawalStatus;
  stage: string;
}

export interface MergeAnswer {
  merged: boolean;
  username: string;
  balance: string | null;
  /** The account has no e-mail bound: show the e-mail binding prompt. */
  needsEmail: boolean;
}

/** The Wallet balance calls of SPEC 7: the wallet app's balance (when merged) and the account's own, from the ledger. */
export interface WalletBalanceAnswer extends WalletAppBalance {
  /** The wallet-app account merged with this one (its user name may differ). */
  walletAppUsername: string | null;
  accountBalance: string;
  /** The most that may be withdrawn now (the balance less the fee). */
  withdrawable: string;
}
