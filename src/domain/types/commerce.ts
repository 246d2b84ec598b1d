import type { ShopTrust } from '../trust';
import type { PaymentMethod } from '../checkout';
import type { AfterSaleKind } from '../orderRules';

/** Wire shapes of the commerce API: money as decimal strings, ids as strings. */
export interface AddressView {
  id: string;
  firstName: string;
  lastName: string;
  phone: string;
  countryId: number;
  provinceId: number | null;
  cityId: number | null;
  region: string;
  street: string;
  buildingNumber: string;
  detail: string;
  zipCode: string;
  isDefault: boolean;
}

export interface CartLineView {
  productId: string;
  skuId: string;
  quantity: number;
  selected: boolean;
  title: string;
  specification: string;
  colour: string;
  price: string;
  shippingFee: string;
  stock: number;
  sellerId: string;
  sellerName: string;
  image: string | null;
  /** False when the product is no longer buyable (taken down, deleted, SKU gone). */
  available: boolean;
}

export interface OrderItemView {
  productId: string;
  skuId: string;
  title: string;
  specification: string;
  colour: string;
  quantity: number;
  unitPrice: string;
  shippingFee: string;
}

export interface OrderView {
  id: string;
  orderNo: string;
  status: string;
  statusCode: number | null;
  sellerId: string;
  sellerName: string;
  buyerId: string;
  goodsAmount: string;
  shippingAmount: string;
  totalAmount: string;
  handlingFee: string;
  paidAmount: string;
  paymentMethod: PaymentMethod | null;
  createdAt: string;
  paidAt: string | null;
  expiresAt: string;
  delivery: { name: string; phone: string; region: string; detail: string; email: string | null };
  items: OrderItemView[];
  /** What the viewer may do now (events of the order chart that name the viewer's party). */
  can: string[];
  /** The viewer's side of this order. */
  viewer: 'buyer' | 'seller';
  /** The chart's state path ('refundRequested.onTheWay'); `status` is its top-level state. */
  stage: string;
  buyerName: string;
  comments: string;
  /** The order chart's snapshot (value and context), so a screen can ask the same chart what may happen. */
  chart: { value: unknown; context: unknown };
  shipment: { company: string; number: string; noShipping: boolean; at: string | null } | null;
  cancel: { by: string; reason: string } | null;
  refund: { reason: string; email: string; rejection: string | null } | null;
  buyerRating: { score: number; comment: string; anonymous: boolean } | null;
  sellerRating: { score: number; comment: string } | null;
  /** The order's after-sale case (its own chart and screens, issue 12), once the buyer applied. */
  afterSale: { caseId: string; closed: boolean } | null;
  /** The running window, if any: its name (sellerConfirmWindow, buyerCheckWindow…) and when it falls due. */
  deadline: { name: string; at: string } | null;
  /** Whether something changed on this order that the viewer has not yet seen. */
  unread: boolean;
  /** The seller's share: the total less the handling fee. */
  sellerIncome: string;
  image: string | null;
  /** Every change of the order, oldest first (order detail only; [] in lists). */
  history: OrderHistoryEntry[];
}

export interface OrderHistoryEntry {
  event: string;
  by: string;
  from: string;
  to: string;
  at: string;
}

/** The badges of the account tab and the order lists. */
export interface OrderBadges {
  buyer: { unread: number; toPay: number; pendingShipment: number; shipped: number; unrated: number };
  seller: { unread: number; toConfirm: number; pendingShipment: number; refunds: number; afterSales: number };
}

/** One line of the seller's to-do list: how many, and the nearest deadline among them (ISO), if any. */
export interface SellerTodayItem {
  count: number;
  dueAt: string | null;
}

/** What needs the seller today (issue 37, finding 2): the seller centre's to-do list, in one call. */
export interface SellerToday {
  toConfirm: SellerTodayItem;
  toShip: SellerTodayItem;
  refunds: SellerTodayItem;
  afterSales: SellerTodayItem;
  unreadChats: SellerTodayItem;
  /** The shop's performance as buyers see it (issue 37, finding 2): the trust figures of the seller's shop. */
  performance: ShopTrust | null;
}

/** getOrderMoneySummary: the seller's money from orders. */
export interface OrderMoneySummary {
  /** Income from received orders still inside their after-sale window (not withdrawable yet). */
  pendingIncome: string;
  /** The account balance: what may be withdrawn. */
  available: string;
  /** Paid by buyers, held until the orders complete. */
  pending: string;
  pendingOrders: number;
  /** Received into the balance (order totals less handling fees). */
  received: string;
  completedOrders: number;
  handlingFees: string;
  refunded: string;
  /**
   * The seller's money in three figures that add up (issue 24): not yet available (orders paid and on
   * their way, and income inside its after-sale window, both less the handling fee), available (the
   * balance, withdrawable) and withdrawn (withdrawals that arrived).
   */
  notYetAvailable: string;
  withdrawn: string;
}

/** One movement of the account balance, with its order when it has one. */
export interface BalanceMovementView {
  id: string;
  kind: string;
  amount: string;
  /** A movement of the pending income (not yet withdrawable), not of the balance. */
  pending: boolean;
  createdAt: string;
  order: { id: string; orderNo: string } | null;
}

/** A line of a quote as the checkout shows it (issue 22): what is bought, how many, at what price. */
export interface QuoteLineView {
  productId: string;
  skuId: string;
  title: string;
  specification: string;
  colour: string;
  quantity: number;
  unitPrice: string;
  shippingFee: string;
  image: string | null;
}

export interface QuoteView {
  groups: { sellerId: string; sellerName: string; goods: string; shipping: string; total: string; handlingFee: string; lines: QuoteLineView[] }[];
  total: string;
}

export interface CheckoutAnswer {
  checkoutId: string;
  orders: OrderView[];
  total: string;
}

export interface CoinPaymentStart {
  paymentRef: string;
  amount: string;
  memo: string;
  metadata: { paymentRef: string; orderIds: string[] };
}

export interface PayResult {
  paymentRef: string;
  status: 'created' | 'approved' | 'completed' | 'cancelled' | 'failed';
  orderIds: string[];
}

export interface TransactionView {
  id: string;
  txnId: string;
  kind: string;
  amount: string;
  reference: string | null;
  createdAt: string;
}

export interface WalletAppBalance {
  merged: boolean;
  username: string;
  balance: string | null;
  /** The payment password's lock (issue 25): wrong tries left, and when a lock ends (ISO), for a merged account. */
  passwordLock?: { triesLeft: number; lockedUntil: string | null } | null;
}
