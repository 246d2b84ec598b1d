import { sql, type Kysely, type Migration } from 'kysely';
import { TrustRules, receivedOrderStatuses } from '../../../src/domain/trust';

/**
 * Trust figures (issue 33, finding 7; decision 055), kept as the orders and chats that make them move
 * (server/services/trust.ts), in the step's own transaction:
 * - on the product row, `rating_sum`, `rating_count` (the buyers' order ratings: the RATE step, one per order and
 *   product) and `sold` (units of the orders whose buyer has the goods: received, rated, completed, in after-sales;
 *   a refund after receipt takes them off). They join the card indexes `products_cards` and `products_store_cards`
 *   (rebuilt as 0021 did), so a tile's figures are read with the card, never by another query.
 * - `shop_trust`, one row per seller: ratings, orders shipped and shipped on time (within
 *   TrustRules.onTimeShipping of payment), the seller's answers to buyers' messages and their total time. Moved by
 *   atomic upserts (`x = shop_trust.x + excluded.x`).
 * The recount of each figure from its sources is below (`productTrustRecount`, `shopTrustRecount`): the backfill
 * here, and the check of the server tests.
 *
 * Each statement is run alone.
 */
const received = receivedOrderStatuses.map((s) => `'${s}'`).join(', ');

/** Per product: the order ratings (score sum and count, one per order and product) and the units sold. */
export const productTrustRecount = `
  select p.id, coalesce(r.rating_sum, 0)::int8 as rating_sum, coalesce(r.rating_count, 0)::int4 as rating_count, coalesce(s.sold, 0)::int8 as sold
  from products p
  left join (
    select i.product_id, sum((o.chart->'context'->'buyerRating'->>'score')::int8) as rating_sum, count(*) as rating_count
    from orders o join (select distinct order_id, product_id from order_items) i on i.order_id = o.id
    where jsonb_typeof(o.chart->'context'->'buyerRating') = 'object'
    group by i.product_id
  ) r on r.product_id = p.id
  left join (
    select i.product_id, sum(i.quantity) as sold
    from order_items i join orders o on o.id = i.order_id
    where o.status in (${received})
    group by i.product_id
  ) s on s.product_id = p.id`;

/**
 * Per seller: order ratings; orders shipped (their first SHIP or MARK_NO_SHIPPING step) and those shipped within
 * the window of their payment; answers to buyers (a seller's message after one or more of the buyer's, timed from
 * the first of them) and their total milliseconds.
 */
export const shopTrustRecount = `
  with turns as (
    select c.seller_id, m.conversation_id, m.side, m.created_at,
      coalesce(count(*) filter (where m.side = 'counterpart') over (partition by m.conversation_id order by m.id rows between unbounded preceding and 1 preceding), 0) as turn
    from chat_messages m join conversations c on c.id = m.conversation_id
    where c.seller_id is not null
  ),
  asked as (select conversation_id, turn, min(created_at) as at from turns where side = 'buyer' group by conversation_id, turn),
  answers as (
    select t.seller_id, greatest(0, floor(extract(epoch from t.created_at - a.at) * 1000))::int8 as ms
    from turns t join asked a on a.conversation_id = t.conversation_id and a.turn = t.turn
    where t.side = 'counterpart'
  ),
  shipped as (
    select o.seller_id, case when o.paid_at is not null and extract(epoch from e.at - o.paid_at) * 1000 <= ${TrustRules.onTimeShipping} then 1 else 0 end as on_time
    from orders o join (select order_id, min(created_at) as at from order_events where event in ('SHIP', 'MARK_NO_SHIPPING') group by order_id) e on e.order_id = o.id
  ),
  parts as (
    select o.seller_id, (o.chart->'context'->'buyerRating'->>'score')::int8 as rating_sum, 1 as rating_count, 0 as shipped, 0 as shipped_on_time, 0 as replies, 0::int8 as reply_ms
      from orders o where jsonb_typeof(o.chart->'context'->'buyerRating') = 'object'
    union all select seller_id, 0, 0, 1, on_time, 0, 0 from shipped
    union all select seller_id, 0, 0, 0, 0, 1, ms from answers
  )
  select seller_id, sum(rating_sum)::int8 as rating_sum, sum(rating_count)::int8 as rating_count, sum(shipped)::int8 as shipped,
    sum(shipped_on_time)::int8 as shipped_on_time, sum(replies)::int8 as replies, sum(reply_ms)::int8 as reply_ms
  from parts group by seller_id`;

const statements = [
  `alter table products add column rating_sum bigint not null default 0, add column rating_count integer not null default 0, add column sold bigint not null default 0`,
  `create table shop_trust (
    seller_id bigint primary key references users(id),
    rating_sum bigint not null default 0,
    rating_count bigint not null default 0,
    shipped bigint not null default 0,
    shipped_on_time bigint not null default 0,
    replies bigint not null default 0,
    reply_ms bigint not null default 0
  )`,
  `update products p set rating_sum = r.rating_sum, rating_count = r.rating_count, sold = r.sold
    from (${productTrustRecount}) r where r.id = p.id and (r.rating_count > 0 or r.sold > 0)`,
  `insert into shop_trust (seller_id, rating_sum, rating_count, shipped, shipped_on_time, replies, reply_ms) ${shopTrustRecount}`,
  `drop index products_cards`,
  `create index products_cards on products(id)
    include (title, price, condition, seller_id, category_id, cover_image_id, cover_width, cover_height, rating_sum, rating_count, sold)`,
  `drop index products_store_cards`,
  `create index products_store_cards on products(seller_id, id desc)
    include (title, price, condition, category_id, visible_range, sale_countries, cover_image_id, cover_width, cover_height, rating_sum, rating_count, sold)
    where status = 'normal'`,
  `analyze products`,
];

export const trustFigures: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
