import type { CheckoutRequest } from '../../machines/payment.machine';
import type { BuyerOrderTab, SellerOrderTab } from '../domain/orderRules';
import type { OrderAction, ShipLine } from '../domain/schemas/orders';
import type { BalanceMovementView, CheckoutAnswer, OrderBadges, OrderMoneySummary, OrderView, QuoteView, SellerToday } from '../domain/types/commerce';
import { call } from './client';

export const quoteOrder = (items: CheckoutRequest['items'], addressId: string | null) => call<QuoteView>('POST', '/api/commodity/orders/quote', { body: { items, addressId } });
export const submitOrder = (request: CheckoutRequest) => call<CheckoutAnswer>('POST', '/api/commodity/orders/submit', { body: request });
/** One order (with its history); reading it marks it seen for the caller. */
export const orderDetail = (id: string) => call<OrderView>('GET', '/api/commodity/orders/detail', { query: { id } });
/** A tab of the buyer's orders, newest first: the first page, or the page after an order (the last one shown). */
export const buyerOrders = (tab: BuyerOrderTab = 'all', after?: string) => call<OrderView[]>('GET', '/api/commodity/orders/buyerList', { query: { tab, after } });
/** A tab of the seller's orders, newest first: the first page, or the page after an order. */
export const sellerOrders = (tab: SellerOrderTab = 'all', after?: string) => call<OrderView[]>('GET', '/api/commodity/orders/sellerList', { query: { tab, after } });
/** The buyer cancels an unpaid order (no reason needed before paying). */
export const cancelOrder = (id: string) => orderAct(id, { type: 'CANCEL', reason: 'unpaid' });
/** Any step of the order chart, by the caller as buyer or seller of the order; the server decides whether the chart allows it. */
export const orderAct = (id: string, action: OrderAction) => call<OrderView>('POST', '/api/commodity/orders/act', { body: { id, action } });
/** Ships one or several orders, each with its express company and number, all or none. */
export const shipOrders = (items: ShipLine[]) => call<OrderView[]>('POST', '/api/commodity/orders/shipMany', { body: { items } });
export const orderConfirmList = (after?: string) => call<OrderView[]>('GET', '/api/commodity/orders/getOrderConfirmList', { query: { after } });
export const orderMoneySummary = () => call<OrderMoneySummary>('GET', '/api/commodity/orders/getOrderMoneySummary');
export const sellerTodayList = () => call<SellerToday>('GET', '/api/commodity/orders/sellerToday');
export const orderBadges = () => call<OrderBadges>('GET', '/api/commodity/orders/badges', { quiet: true });
/** The caller's balance movements, newest first, each with its order (or only one order's): the first page, or the page after a movement. */
export const balanceDetails = (after?: string, orderId?: string) => call<BalanceMovementView[]>('GET', '/api/commodity/orders/balanceDetails', { query: { after, orderId } });
