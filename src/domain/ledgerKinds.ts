/**
 * The kinds of the money ledger's transactions (server/services/ledger.ts `post`), the ONE table from
 * kind to the words a person reads (issue 24: no internal name reaches the screen). The server's own
 * constants (OrderLedgerKind, WithdrawalLedgerKind, the payment kinds) are checked against this table by
 * server/services/ledgerKinds.test.ts; a kind the screen does not know reads as a plain "Balance movement".
 */
export const ledgerKindTable = {
  coinPayment: 'ledgerKinds.coinPayment',
  balancePayment: 'ledgerKinds.balancePayment',
  walletPayment: 'ledgerKinds.walletPayment',
  topUp: 'ledgerKinds.topUp',
  orderRefund: 'ledgerKinds.orderRefund',
  orderIncome: 'ledgerKinds.orderIncome',
  afterSaleRefund: 'ledgerKinds.afterSaleRefund',
  /** The order's after-sale window passed with no case: its pending income became available. */
  incomeReleased: 'ledgerKinds.incomeReleased',
  /** The order's after-sale case closed (refunded in part or refused): what was left became available. */
  incomeReleasedCaseClosed: 'ledgerKinds.incomeReleasedCaseClosed',
  withdrawalReserve: 'ledgerKinds.withdrawalReserve',
  withdrawalRefund: 'ledgerKinds.withdrawalRefund',
  withdrawalSettle: 'ledgerKinds.withdrawalSettle',
} as const;

export type LedgerKind = keyof typeof ledgerKindTable;
export const ledgerKinds = Object.keys(ledgerKindTable) as LedgerKind[];

export function isLedgerKind(kind: string): kind is LedgerKind {
  return Object.hasOwn(ledgerKindTable, kind);
}

/** The locale key of a kind's label; never the kind itself. */
export function ledgerKindLabelKey(kind: string): string {
  return isLedgerKind(kind) ? ledgerKindTable[kind] : 'ledgerKinds.other';
}
