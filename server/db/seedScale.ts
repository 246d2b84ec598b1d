import { sql } from 'kysely';
import { emptyOrderContext } from '../../machines/order.machine';
import type { Db } from './database';

/**
 * Generated data at marketplace size (issue 16), written by the database itself: every table is
 * filled with INSERT … SELECT over generate_series in chunks (server-side bulk inserts, nothing
 * crosses the wire but the statement), so a million products take minutes. Products spread over
 * categories, countries and sellers (a few big stores, a long tail) with several SKUs each; orders in
 * every stage with their history and ledger rows (payment into escrow, the seller's income and the fee
 * for received orders); comments, favourites and follows; and one seller whose account has many
 * ledger rows (`hotLedgerRows`), for the balance read path. Image rows are the demo seed's pictures,
 * shared. The maintained balances are recomputed from the ledger at the end.
 */
export interface ScaleOptions {
  products: number;
  users: number;
  /** Orders to generate (default: one per two products). */
  orders?: number;
  /** Ledger rows of the hot seller `scale_hot` (default: products / 10, at most 100,000). */
  hotLedgerRows?: number;
  log?: (line: string) => void;
}

const chunk = 50_000;

/** Order stages with how often they occur; each becomes the chart the order machine restores. */
const stages: [string, number][] = [
  ['unpaid', 3],
  ['expired', 3],
  ['canceled', 4],
  ['paid', 8],
  ['notShipped', 8],
  ['sent', 10],
  ['refundRequested.beforeShipping', 2],
  ['refundRequested.onTheWay', 2],
  ['refundRejected.beforeShipping', 1],
  ['refundRejected.onTheWay', 1],
  ['refunded', 3],
  ['unrated', 15],
  ['rated', 20],
  ['completed', 20],
];

function valueOf(stage: string): unknown {
  const [top, child] = stage.split('.');
  return child ? { [top ?? stage]: child } : stage;
}

const paidStages = new Set(['paid', 'notShipped', 'sent', 'refundRequested.beforeShipping', 'refundRequested.onTheWay', 'refundRejected.beforeShipping', 'refundRejected.onTheWay']);
const settledStages = new Set(['unrated', 'rated', 'completed']);

async function inChunks(total: number, log: (line: string) => void, what: string, run: (from: number, to: number) => Promise<unknown>): Promise<void> {
  const started = Date.now();
  for (let from = 1; from <= total; from += chunk) {
    const to = Math.min(total, from + chunk - 1);
    await run(from, to);
    if (total > chunk) log(`  ${what}: ${to.toLocaleString('en')} / ${total.toLocaleString('en')}`);
  }
  log(`${what}: ${total.toLocaleString('en')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export async function seedScale(db: Db, options: ScaleOptions): Promise<void> {
  const log = options.log ?? (() => undefined);
  const users = Math.max(10, options.users);
  const products = Math.max(1, options.products);
  const orders = options.orders ?? Math.floor(products / 2);
  const hotRows = options.hotLedgerRows ?? Math.min(100_000, Math.floor(products / 10));
  const sellers = Math.max(2, Math.floor(users / 10));

  const categories = (await db.selectFrom('categories').select('id').orderBy('id').execute()).map((c) => c.id);
  const countries = (await db.selectFrom('regions').select('id').where('level', '=', 1).orderBy('id').execute()).map((r) => r.id);
  const images = (await db.selectFrom('images').select('id').orderBy('id').limit(24).execute()).map((i) => i.id);
  if (categories.length === 0 || countries.length === 0 || images.length === 0) throw new Error('seed the demo data first (categories, regions, pictures)');
  const existing = await db.selectFrom('users').select('id').where('username', '=', 'scale_hot').executeTakeFirst();
  if (existing) throw new Error('this database already holds a scale seed');
  const base = (await db.selectFrom('users').select(sql<string>`coalesce(max(id), 0)::text`.as('m')).executeTakeFirstOrThrow()).m;
  const baseUser = BigInt(base);

  // ---- users: scale_1 … scale_M; the first tenth are sellers; scale_hot is a seller with a long ledger.
  await inChunks(users, log, 'users', (from, to) =>
    sql`insert into users (username, nickname, country_id, invite_code, roles, language)
      select 'scale_' || g, (array['Amani','Bao','Chidi','Dara','Elif','Farah','Gita','Hana','Ines','Joon','Kofi','Lina','Mika','Nia','Omar','Priya'])[1 + g % 16] || ' ' || (array['Store','Shop','Crafts','Goods','Market','Corner','House','Studio'])[1 + (g / 16) % 8] || ' ' || g,
        (${sql.val(countries)}::int[])[1 + (g * 7) % ${countries.length}], 'SC' || g,
        case when g <= ${sellers} then '["buyer","seller"]'::jsonb else '["buyer"]'::jsonb end, 'en'
      from generate_series(${from}::int, ${to}::int) g`.execute(db),
  );
  await sql`insert into users (username, nickname, country_id, invite_code, roles) values ('scale_hot', 'Hot Ledger Store', ${countries[0] ?? 0}, 'SCHOT', '["buyer","seller"]'::jsonb)`.execute(db);
  const hot = (await db.selectFrom('users').select('id').where('username', '=', 'scale_hot').executeTakeFirstOrThrow()).id;
  // user n (1-based) has id baseUser + n; sellers are 1..sellers: a few big stores, a long tail (square skew).
  const sellerOf = (g: string) => sql.raw(`(${baseUser.toString()} + 1 + floor(${sellers} * power(((${g} * 2654435761::int8) % 1000003) / 1000003.0, 2))::int8)`);
  const buyerOf = (g: string) => sql.raw(`(${baseUser.toString()} + 1 + ((${g} * 40503::int8) % ${users}))`);

  // ---- products, their SKUs, first picture and search documents.
  const firstProduct = BigInt((await db.selectFrom('products').select(sql<string>`coalesce(max(id), 0)::text`.as('m')).executeTakeFirstOrThrow()).m);
  await inChunks(products, log, 'products', (from, to) =>
    sql`insert into products (seller_id, title, description, category_id, condition, price, shipping_fee, shipping_method, shipping_place, visible_range, global_barter, sale_countries, contact_email, status, chart, created_at, updated_at)
      select ${sellerOf('g')},
        (array['Vintage','Smart','Handmade','Classic','Mini','Eco','Pro','Wooden','Silk','Ceramic','Retro','Solar','Travel','Kids','Organic','Leather'])[1 + g % 16] || ' ' ||
        (array['Tea Set','Phone Case','Lamp','Scarf','Puzzle','Coffee Grinder','Yoga Mat','Notebook','Backpack','Speaker','Vase','Watch','Kite','Basket','Jacket','Candle','Bicycle Bell','Camera Strap','Guitar Pick','Plant Pot'])[1 + (g / 16) % 20] || ' ' || g,
        'Generated product ' || g || ' for the scale bench: a description long enough for the publishing rules, with a few words to search.',
        (${sql.val(categories)}::int[])[1 + (g * 13) % ${categories.length}],
        case when g % 3 = 0 then 'secondHand' else 'new' end,
        (1 + g % 500) * 10000000::int8, (g % 4) * 5000000::int8,
        case when g % 4 = 0 then 'free' else 'collect' end, 'Warehouse ' || (g % 50),
        case when g % 5 = 0 then 'native' else 'global' end, g % 2 = 0,
        case when g % 2 = 0 then '[0]'::jsonb else jsonb_build_array((${sql.val(countries)}::int[])[1 + g % ${countries.length}], (${sql.val(countries)}::int[])[1 + (g * 3) % ${countries.length}]) end,
        'seller' || (g % 1000) || '@example.com',
        s.status, jsonb_build_object('value', s.status, 'context', '{}'::jsonb),
        now() - ((${products} - g) || ' seconds')::interval, now()
      from generate_series(${from}::int, ${to}::int) g
      cross join lateral (select case when g % 20 = 1 then 'reviewing' when g % 20 = 2 then 'takenDown' when g % 50 = 3 then 'draft' else 'normal' end as status) s`.execute(db),
  );
  const lastProduct = firstProduct + BigInt(products);
  await inChunks(products, log, 'product SKUs, pictures and search documents', async (from, to) => {
    const lo = firstProduct + BigInt(from);
    const hi = firstProduct + BigInt(to);
    await sql`insert into product_skus (product_id, specification, colour, stock)
      select p.id, spec, colour, 10 + (p.id % 90)::int from products p
      cross join (values ('Standard', 'Black'), ('Standard', 'White'), ('Large', 'Black')) v(spec, colour)
      where p.id between ${lo} and ${hi} and (v.spec = 'Standard' or p.id % 2 = 0)`.execute(db);
    await sql`insert into product_images (product_id, image_id, position)
      select p.id, (${sql.val(images)}::text[])[1 + (p.id % ${images.length})::int], 0 from products p where p.id between ${lo} and ${hi}`.execute(db);
    await sql`insert into product_search (product_id, document)
      select id, to_tsvector('simple', title) from products where id between ${lo} and ${hi}`.execute(db);
  });

  await sql`analyze users, products, product_skus`.execute(db);

  // ---- orders in every stage, one item each, a checkout each, their history and their money.
  const weights = stages.flatMap(([stage, w]) => Array.from({ length: w }, () => stage));
  const charts = weights.map((stage) => JSON.stringify({ value: valueOf(stage), context: emptyOrderContext }));
  const statuses = weights.map((stage) => stage.split('.')[0] ?? stage);
  const paid = [...paidStages, ...settledStages, 'refunded'];
  const firstOrder = BigInt((await db.selectFrom('orders').select(sql<string>`coalesce(max(id), 0)::text`.as('m')).executeTakeFirstOrThrow()).m);
  const firstCheckout = BigInt((await db.selectFrom('checkouts').select(sql<string>`coalesce(max(id), 0)::text`.as('m')).executeTakeFirstOrThrow()).m);
  await inChunks(orders, log, 'orders with items, history and ledger rows', async (from, to) => {
    await sql`insert into checkouts (buyer_id, idempotency_key, created_at)
      select ${buyerOf('g')}, 'scale-' || g, now() - ((${orders} - g) || ' minutes')::interval from generate_series(${from}::int, ${to}::int) g`.execute(db);
    await sql`insert into orders (order_no, checkout_id, buyer_id, seller_id, status, stage, chart, goods_amount, shipping_amount, total_amount, handling_fee, paid_amount, payment_method, delivery, created_at, paid_at, expires_at, updated_at)
      select 'SCALE' || g, ${firstCheckout} + g, ${buyerOf('g')}, p.seller_id, (${sql.val(statuses)}::text[])[k], (${sql.val(weights)}::text[])[k], (${sql.val(charts)}::jsonb[])[k],
        p.price, p.shipping_fee, p.price + p.shipping_fee, (p.price + p.shipping_fee) / 50,
        case when f.paid then p.price + p.shipping_fee else 0 end, 'coin',
        '{"name":"Scale Buyer","phone":"+63 900 000 0000","region":"Philippines / Metro Manila / Manila","detail":"Seeded street 1","email":null}'::jsonb,
        t.at, case when f.paid then t.at + interval '1 minute' end, t.at + interval '30 minutes', t.at
      from generate_series(${from}::int, ${to}::int) g
      cross join lateral (select now() - ((${orders} - g) || ' minutes')::interval as at) t
      join products p on p.id = ${firstProduct} + 1 + ((g * 7919::int8) % ${products})
      cross join lateral (select 1 + ((g * 31) % ${weights.length}) as k) w
      cross join lateral (select (${sql.val(weights)}::text[])[w.k] = any(${sql.val(paid)}::text[]) as paid) f`.execute(db);
    const lo = firstOrder + BigInt(from);
    const hi = firstOrder + BigInt(to);
    await sql`insert into order_items (order_id, product_id, sku_id, title, specification, colour, quantity, unit_price, shipping_fee)
      select o.id, p.id, (select s.id from product_skus s where s.product_id = p.id order by s.id limit 1), p.title, 'Standard', 'Black', 1, o.goods_amount, o.shipping_amount
      from orders o join products p on p.id = ${firstProduct} + 1 + (((o.id - ${firstOrder}) * 7919) % ${products})
      where o.id between ${lo} and ${hi}`.execute(db);
    await sql`insert into order_events (order_id, event, party, from_stage, to_stage, created_at)
      select o.id, 'SUBMIT', 'buyer', 'atCart', 'unpaid', o.created_at from orders o where o.id between ${lo} and ${hi}
      union all
      select o.id, 'SCALE_SEED', 'system', 'unpaid', o.stage, o.updated_at from orders o where o.id between ${lo} and ${hi} and o.stage <> 'unpaid'`.execute(db);
    // Paid orders: the payment into escrow; received ones: the escrow paid out to the seller, less the fee.
    await sql`insert into ledger_entries (txn_id, account, amount, kind, reference, created_at)
      select 'scale-pay-' || o.id, a.account, a.amount, 'coinPayment', 'payment:scale-' || o.id, o.paid_at from orders o
      cross join lateral (values ('platform:coin-in', -o.total_amount), ('escrow:order:' || o.id, o.total_amount)) a(account, amount)
      where o.id between ${lo} and ${hi} and o.stage in (${sql.join(paid.map((s) => sql.val(s)))})`.execute(db);
    await sql`insert into ledger_entries (txn_id, account, amount, kind, reference, created_at)
      select 'scale-settle-' || o.id, a.account, a.amount, a.kind, 'order:' || o.id, o.updated_at from orders o
      cross join lateral (values ('escrow:order:' || o.id, -o.total_amount, 'income'), ('user:' || o.seller_id, o.total_amount - o.handling_fee, 'income'), ('platform:fees', o.handling_fee, 'income')) a(account, amount, kind)
      where o.id between ${lo} and ${hi} and o.stage in (${sql.join([...settledStages].map((s) => sql.val(s)))})`.execute(db);
    await sql`insert into ledger_entries (txn_id, account, amount, kind, reference, created_at)
      select 'scale-refund-' || o.id, a.account, a.amount, 'refund', 'order:' || o.id, o.updated_at from orders o
      cross join lateral (values ('escrow:order:' || o.id, -o.total_amount), ('user:' || o.buyer_id, o.total_amount)) a(account, amount)
      where o.id between ${lo} and ${hi} and o.stage = 'refunded'`.execute(db);
  });

  // ---- the hot seller's long ledger: many small credits.
  await inChunks(hotRows, log, `ledger rows of scale_hot (user ${hot.toString()})`, (from, to) =>
    sql`insert into ledger_entries (txn_id, account, amount, kind, reference, created_at)
      select 'scale-hot-' || g, a.account, a.amount, 'topUp', 'scale', now() - ((${hotRows} - g) || ' seconds')::interval from generate_series(${from}::int, ${to}::int) g
      cross join lateral (values ('platform:topup', -10000000::int8), ('user:' || ${hot.toString()}, 10000000::int8)) a(account, amount)`.execute(db),
  );

  // ---- comments, favourites, follows.
  const social = Math.min(products, users * 2);
  await inChunks(social, log, 'comments, favourites and follows', async (from, to) => {
    await sql`insert into product_comments (product_id, user_id, rating, content, anonymous, created_at)
      select ${firstProduct} + 1 + ((g * 104729::int8) % ${products}), ${buyerOf('g')}, 1 + g % 5, 'Generated comment ' || g, g % 7 = 0, now() - (g || ' seconds')::interval
      from generate_series(${from}::int, ${to}::int) g`.execute(db);
    await sql`insert into product_collects (user_id, product_id, created_at)
      select ${buyerOf('g')}, ${firstProduct} + 1 + ((g * 15485863::int8) % ${products}), now() - (g || ' seconds')::interval
      from generate_series(${from}::int, ${to}::int) g on conflict do nothing`.execute(db);
    await sql`insert into store_follows (user_id, seller_id, created_at)
      select ${buyerOf('g')}, ${sellerOf('g')}, now() from generate_series(${from}::int, ${to}::int) g on conflict do nothing`.execute(db);
  });

  log('maintained balances, vacuum and planner statistics…');
  await sql`insert into account_balances (account, balance)
    select account, sum(amount)::int8 from ledger_entries group by account
    on conflict (account) do update set balance = excluded.balance`.execute(db);
  // VACUUM as well: it flushes the GIN indexes' pending lists (after bulk inserts, every full-text search would
  // read them through: measured 100 ms a search at a million products) and sets the visibility map.
  await sql`vacuum analyze`.execute(db);
  log(`scale seed done: ${products.toLocaleString('en')} products (ids ${(firstProduct + 1n).toString()}…${lastProduct.toString()}), ${users.toLocaleString('en')} users, ${orders.toLocaleString('en')} orders, ${hotRows.toLocaleString('en')} ledger rows for scale_hot`);
}
