import type { CheckoutRequest } from '../../machines/payment.machine';
import type { CheckoutAnswer, OrderView, QuoteView } from '../domain/types/commerce';
import { call } from './client';

export const quoteOrder = (items: CheckoutRequest['items'], addressId: string | null) => call<QuoteView>('POST', '/api/commodity/orders/quote', { body: { items, addressId } });
export const submitOrder = (request: CheckoutRequest) => call<CheckoutAnswer>('POST', '/api/commodity/orders/submit', { body: request });
export const orderDetail = (id: string) => call<OrderView>('GET', '/api/commodity/orders/detail', { query: { id } });
export const buyerOrders = (page = 1, status?: string) => call<OrderView[]>('GET', '/api/commodity/orders/buyerList', { query: { page, status } });
export const cancelOrder = (id: string) => call<OrderView>('POST', '/api/commodity/orders/cancel', { body: { id } });
