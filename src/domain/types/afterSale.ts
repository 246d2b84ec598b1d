import type { AfterSaleKind } from '../orderRules';

export interface EvidenceImage {
  id: string;
  thumb: string;
  full: string;
}

export interface AfterSaleHistoryEntry {
  event: string;
  by: string;
  from: string;
  to: string;
  at: string;
  detail: Record<string, unknown>;
}

/** One after-sale case as its buyer, its seller or the arbiter sees it. */
export interface AfterSaleView {
  id: string;
  orderId: string;
  orderNo: string;
  viewer: 'buyer' | 'seller' | 'arbiter';
  status: string;
  statusCode: number | null;
  kind: AfterSaleKind;
  amount: string;
  /** What was paid for the order: the most a refund may be. */
  paidAmount: string;
  description: string;
  evidence: EvidenceImage[];
  appealEvidence: EvidenceImage[];
  returnAddress: { name: string; phone: string; region: string; detail: string } | null;
  returnShipment: { company: string; number: string } | null;
  rejection: string | null;
  appeal: { statement: string } | null;
  decision: { outcome: 'full' | 'partial' | 'reject'; amount: string | null; reason: string } | null;
  refunded: string | null;
  closedBy: 'buyer' | 'system' | null;
  overdue: boolean;
  deadline: { name: string; at: string } | null;
  can: string[];
  buyerName: string;
  sellerName: string;
  title: string;
  image: string | null;
  createdAt: string;
  appealedAt: string | null;
  unread: boolean;
  chart: { value: unknown; context: unknown };
  history: AfterSaleHistoryEntry[];
  /** The order's own history, for the arbiter (and the parties). */
  orderHistory: { event: string; by: string; from: string; to: string; at: string }[];
}

export interface SellerMoneyView {
  pendingIncome: string;
  available: string;
}
