import { sql } from 'kysely';
import { orderMachine } from '../../machines/order.machine';
import { stageOf } from '../../src/domain/orderRules';
import { Durations } from '../../src/domain/constants';
import { applyEvent, initial, store } from '../charts/apply';
import { applyOrderEvent, recordOrderEvent, statusOf } from '../services/orders';
import { inviteCode } from '../services/users';
import { trustAfterChatMessage } from '../services/trust';
import type { Db } from './database';

/**
 * Demo orders that give the demo shops believable trust figures (issue 33, finding 7), written once on the
 * sandbox's first start (`npm start`; server/main.ts asks for them): three demo buyers (`demo_rater1..3`) bought,
 * received and rated some of each demo seller's newest products over the last weeks, and asked each seller a
 * question the seller answered. Every order walks the real order chart (applyOrderEvent, with the steps' times
 * in the past), so its figures come from the same steps as a real order's. No money moves: the demo orders are
 * not paid through the ledger (their escrow is empty). The test servers never ask for them.
 */
const raters = ['demo_rater1', 'demo_rater2', 'demo_rater3'] as const;
const words = [
  'Exactly as pictured, well packed and quick to arrive.',
  'Good quality for the price. Would buy again.',
  'Lovely, the seller answered all my questions.',
  'Fine, a little smaller than I expected.',
  'Arrived in two days, very happy with it.',
  'Nice, but the colour is slightly darker.',
];
const scores = [5, 5, 4, 5, 3, 5, 4, 5];

export async function seedDemoOrders(db: Db, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended('coin-mall:seed-demo-orders', 0))`.execute(trx);
    if (await trx.selectFrom('users').select('id').where('username', '=', raters[0]).executeTakeFirst()) return 0;
    const buyerIds: bigint[] = [];
    for (const [i, username] of raters.entries()) {
      const row = await trx
        .insertInto('users')
        .values({ pi_uid: null, username, nickname: ['Amara', 'Jun', 'Leila'][i] ?? username, invite_code: inviteCode(), roles: JSON.stringify(['buyer']), country_id: 4 })
        .returning('id')
        .executeTakeFirstOrThrow();
      buyerIds.push(row.id);
    }
    const sellers = await trx.selectFrom('users').select(['id', 'username']).where('username', 'in', ['demo_seller', 'demo_seller2']).orderBy('username').execute();
    let orders = 0;
    const submitted = applyEvent(orderMachine, initial(orderMachine), { type: 'SUBMIT' }, 'buyer');
    for (const seller of sellers) {
      const products = await trx
        .selectFrom('products as p')
        .innerJoin('product_skus as s', 's.product_id', 'p.id')
        .select(['p.id', 'p.title', 'p.price', 'p.shipping_fee', 's.id as sku_id', 's.specification', 's.colour'])
        .where('p.seller_id', '=', seller.id)
        .where('p.status', '=', 'normal')
        .distinctOn('p.id')
        .orderBy('p.id', 'desc')
        .orderBy('s.id')
        .limit(12)
        .execute();
      for (const [i, p] of products.entries()) {
        // Most products have a few rated orders, every fourth none (it shows only what sold, or nothing).
        const count = [3, 2, 1, 0][i % 4] ?? 0;
        for (let k = 0; k < count; k += 1) {
          const n = orders;
          orders += 1;
          const buyerId = buyerIds[n % buyerIds.length] ?? 0n;
          const quantity = 1 + (n % 3);
          const start = now - (30 - (n % 25)) * Durations.day;
          const goods = p.price * BigInt(quantity);
          const checkout = await trx.insertInto('checkouts').values({ buyer_id: buyerId, idempotency_key: `demo-order-${n}`, created_at: new Date(start) }).returning('id').executeTakeFirstOrThrow();
          const order = await trx
            .insertInto('orders')
            .values({
              order_no: `CMDEMO${String(n).padStart(10, '0')}`,
              checkout_id: checkout.id,
              buyer_id: buyerId,
              seller_id: seller.id,
              status: statusOf(submitted.value),
              stage: stageOf(submitted.value),
              chart: JSON.stringify(store(submitted)),
              goods_amount: goods,
              shipping_amount: p.shipping_fee,
              total_amount: goods + p.shipping_fee,
              handling_fee: 0n,
              payment_method: 'balance',
              delivery: JSON.stringify({ name: 'Demo buyer', phone: '+63 900 000 0000', countryId: 4, region: 'Manila', street: 'Demo street', buildingNumber: '1', detail: '', zipCode: '1000', email: null }),
              comments: '',
              created_at: new Date(start),
              expires_at: new Date(start + 30 * Durations.minute),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('order_items')
            .values({ order_id: order.id, product_id: p.id, sku_id: p.sku_id, title: p.title, specification: p.specification, colour: p.colour, quantity, unit_price: p.price, shipping_fee: p.shipping_fee })
            .execute();
          await recordOrderEvent(trx, order.id, { event: 'SUBMIT', party: 'buyer', from: 'atCart', to: stageOf(submitted.value), at: start });
          const paidAt = start + Durations.minute;
          await applyOrderEvent(trx, order.id, { type: 'PAY' }, 'server', paidAt);
          await trx.updateTable('orders').set({ paid_amount: goods + p.shipping_fee, paid_at: new Date(paidAt) }).where('id', '=', order.id).execute();
          await applyOrderEvent(trx, order.id, { type: 'CONFIRM' }, 'seller', paidAt + 2 * Durations.hour);
          // One order in seven shipped after the on-time window.
          const shippedAt = paidAt + (n % 7 === 3 ? 4 * Durations.day : (6 + (n % 30)) * Durations.hour);
          await applyOrderEvent(trx, order.id, { type: 'SHIP', company: 'DHL', number: `DHL${String(1000000 + n)}` }, 'seller', shippedAt);
          await applyOrderEvent(trx, order.id, { type: 'CONFIRM_RECEIPT' }, 'buyer', shippedAt + 2 * Durations.day);
          const score = scores[n % scores.length] ?? 5;
          await applyOrderEvent(trx, order.id, { type: 'RATE', score, comment: words[n % words.length] ?? '', anonymous: n % 5 === 4 }, 'buyer', shippedAt + 3 * Durations.day);
        }
      }
      // A question each buyer asked the seller, answered within the hour.
      for (const [i, buyerId] of buyerIds.entries()) {
        const asked = now - (10 + i) * Durations.day;
        const conversation = await trx
          .insertInto('conversations')
          .values({ buyer_id: buyerId, seller_id: seller.id, subject_kind: 'store', subject_id: seller.id, created_at: new Date(asked), updated_at: new Date(asked) })
          .returning('id')
          .executeTakeFirstOrThrow();
        const question = await trx
          .insertInto('chat_messages')
          .values({ conversation_id: conversation.id, sender_id: buyerId, side: 'buyer', client_id: `demo-q-${conversation.id}`, body: 'Hello! Do you ship to Manila?', image_id: null, created_at: new Date(asked) })
          .returning('id')
          .executeTakeFirstOrThrow();
        const answeredAt = asked + (12 + 17 * i) * Durations.minute;
        const answer = await trx
          .insertInto('chat_messages')
          .values({ conversation_id: conversation.id, sender_id: seller.id, side: 'counterpart', client_id: `demo-a-${conversation.id}`, body: 'Yes, we ship there within two days.', image_id: null, created_at: new Date(answeredAt) })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trustAfterChatMessage(trx, { id: conversation.id, seller_id: seller.id }, seller.id, answer.id, answeredAt);
        await trx
          .updateTable('conversations')
          .set({ last_message_id: answer.id, buyer_read_id: question.id, counterpart_read_id: answer.id, updated_at: new Date(answeredAt) })
          .where('id', '=', conversation.id)
          .execute();
      }
    }
    return orders;
  });
}
