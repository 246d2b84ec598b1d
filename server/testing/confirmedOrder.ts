import crypto from 'node:crypto';
import type { CheckoutAnswer } from '../../src/domain/types/commerce';
import type { ApiCaller } from './apiClient';
import { insertAddress, insertProduct } from './commerceFixtures';
import type { TestServer } from './testServer';

/**
 * Staff, buyer and seller signed in, and one order of demo_buyer from demo_seller placed, paid from the
 * balance and confirmed by the seller through the API (the gallery's replay and production tests).
 */
export async function confirmedOrder(server: TestServer, callers: { buyer: ApiCaller; seller: ApiCaller; staff: ApiCaller }): Promise<string> {
  const { buyer, seller, staff } = callers;
  await buyer.loginAs('demo_buyer');
  await seller.loginAs('demo_seller');
  await staff.loginAs('demo_arbiter');
  const addressId = await insertAddress(server.deps.db, 'demo_buyer');
  const p = await insertProduct(server.deps.db, { seller: 'demo_seller', price: '4', shippingFee: '1' });
  const placed = await buyer.post<CheckoutAnswer>('/api/commodity/orders/submit', {
    idempotencyKey: crypto.randomBytes(12).toString('hex'),
    items: [{ productId: p.productId, skuId: p.skuIds[0] ?? '', quantity: 1 }],
    addressId,
    paymentMethod: 'balance',
  });
  if (placed.code !== '0000') throw new Error(`checkout answered ${placed.code} ${placed.msg}`);
  const orderId = placed.object.orders[0]?.id ?? '';
  const paid = await buyer.post('/api/pay/balance', { orderIds: [orderId] });
  if (paid.code !== '0000') throw new Error(`payment answered ${paid.code} ${paid.msg}`);
  const confirmed = await seller.post('/api/commodity/orders/act', { id: orderId, action: { type: 'CONFIRM' } });
  if (confirmed.code !== '0000') throw new Error(`confirmation answered ${confirmed.code} ${confirmed.msg}`);
  return orderId;
}
