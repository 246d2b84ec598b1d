import type { PaymentMethod } from '../checkout';

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
  delivery: { name: string; phone: string; region: string; detail: string };
  items: OrderItemView[];
  /** What the viewer may do now (events of the order chart). */
  can: string[];
}

export interface QuoteView {
  groups: { sellerId: string; sellerName: string; goods: string; shipping: string; total: string; handlingFee: string }[];
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
}
