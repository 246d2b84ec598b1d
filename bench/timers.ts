import { sql, type RawBuilder } from 'kysely';
import { Durations } from '../src/domain/constants';
import { parseMoney } from '../src/domain/money';
import type { Deps } from '../server/deps';
import { insertAddress, insertProduct } from '../server/testing/commerceFixtures';
import { startTestServer } from '../server/testing/testServer';
import { submitCheckout } from '../server/services/checkout';
import { balanceMismatches, demoTopUp, ledgerTotal, unbalancedTransactions } from '../server/services/ledger';
import { applyOrderEvent, incomeReleaseTimerKind, orderTimerKind } from '../server/services/orders';
import { payFromBalance } from '../server/services/payments';
import { startServerProcess } from './serverProcess';

/**
 * A backlog of due order timers drained by the real server (issue 16 budget: 10,000 due timers at 200/s
 * or more on PostgreSQL, each fired exactly once with two processes).
 *
 * On a fresh PostgreSQL database: BENCH_SELLERS sellers and as many buyers; each buyer orders one
 * product of one seller through the product's own code paths (checkout, payment from the balance, the
 * seller's CONFIRM and SHIP), four days ago, so each order is `sent` with its buyer-check window (3 days)
 * due a day ago. These template orders are then cloned in bulk (every row the product wrote for them:
 * checkout, order, items, history, timers, payment, ledger rows; maintained balances and stock follow)
 * up to BENCH_ORDERS orders. Then the real server (`server/main.ts`, WORKERS=2) starts on the database
 * and the bench watches the backlog drain: each due timer confirms receipt (sent → unrated), pays the
 * seller's pending income and the platform fee out of the order's escrow, and schedules the rating
 * window and the income-release timer. It checks every timer fired once, every order moved once, one
 * history line and one payout per order, and the ledger's invariants.
 *
 *   npx tsx bench/timers.ts                                    # 10,000 orders, 100 sellers
 *   BENCH_ORDERS=1000 BENCH_SELLERS=20 npx tsx bench/timers.ts  # a smoke run
 *   BENCH_WINDOW=cancel npx tsx bench/timers.ts                 # paid orders never confirmed: the 24 h window
 *                                                               # cancels them (refund to the balance, stock back)
 */
const orders = Number(process.env.BENCH_ORDERS ?? 10_000);
const sellers = Number(process.env.BENCH_SELLERS ?? 100);
const workers = Number(process.env.BENCH_WORKERS ?? 2);
const copies = Math.ceil(orders / sellers) - 1;
/** receipt: shipped orders whose buyer-check window (3 days) is due; cancel: paid orders the seller never confirmed (24 h). */
const scenario = process.env.BENCH_WINDOW === 'cancel' ? 'cancel' : 'receipt';
const window = scenario === 'cancel' ? 'sellerConfirmWindow' : 'buyerCheckWindow';

process.env.TEST_DB = process.env.TEST_DB ?? 'postgres';
const benchStart = Date.now();
const phase = (name: string) => console.log(`  [${((Date.now() - benchStart) / 1000).toFixed(1)} s] ${name}`);
const server = await startTestServer({}, { poolSize: 10 });
let failed = false;
try {
  const db = server.deps.db;
  const url = server.database.url;
  if (!url) throw new Error('bench/timers.ts needs PostgreSQL (TEST_DB=postgres)');
  phase('fresh database migrated and seeded');
  const loadStart = Date.now();
  const shippedAt = scenario === 'cancel' ? Date.now() - Durations.sellerConfirmWindow - 60 * 60_000 + 10 * 60_000 : Date.now() - Durations.buyerCheckWindow - Durations.day;
  server.clock.set(shippedAt - 60 * 60_000);
  const deps: Deps = server.deps;

  // Sellers and buyers, a balance for each buyer.
  await sql`insert into users (username, nickname, invite_code, roles, country_id)
    select 'tseller_' || g, 'Seller ' || g, 'TS' || lpad(to_hex(g), 8, '0'), '["buyer","seller"]'::jsonb, 4 from generate_series(1, ${sellers}) g`.execute(db);
  await sql`insert into users (username, nickname, invite_code, roles, country_id)
    select 'tbuyer_' || g, 'Buyer ' || g, 'TB' || lpad(to_hex(g), 8, '0'), '["buyer"]'::jsonb, 4 from generate_series(1, ${sellers}) g`.execute(db);

  // One template order per buyer/seller pair, through the product's own code paths.
  const templates: bigint[] = [];
  for (let i = 1; i <= sellers; i += 1) {
    const buyer = await db.selectFrom('users').selectAll().where('username', '=', `tbuyer_${i}`).executeTakeFirstOrThrow();
    await demoTopUp(db, buyer.id, parseMoney('100000'));
    const product = await insertProduct(db, { seller: `tseller_${i}`, title: `Basket ${i}`, price: '10', shippingFee: '1.5', skus: [{ specification: 'Large', colour: 'Red', stock: copies + 100 }] });
    const addressId = await insertAddress(db, `tbuyer_${i}`);
    const placed = await submitCheckout(deps, buyer, { idempotencyKey: `bench-${i}`, items: [{ productId: product.productId, skuId: product.skuIds[0] ?? '', quantity: 1 }], addressId, paymentMethod: 'balance' });
    const orderId = BigInt(placed.orders[0]?.id ?? '0');
    server.clock.set(shippedAt - 30 * 60_000);
    await payFromBalance(deps, buyer, [orderId]);
    if (scenario === 'receipt') {
      server.clock.set(shippedAt - 10 * 60_000);
      await db.transaction().execute((trx) => applyOrderEvent(trx, orderId, { type: 'CONFIRM' }, 'seller', deps.now()));
      server.clock.set(shippedAt);
      await db.transaction().execute((trx) => applyOrderEvent(trx, orderId, { type: 'SHIP', company: 'DHL', number: `DHL${String(i).padStart(8, '0')}` }, 'seller', deps.now()));
    }
    server.clock.set(shippedAt - 60 * 60_000);
    templates.push(orderId);
  }
  phase(`${templates.length} template orders through the product's code paths`);

  // The clones: every row the product wrote for a template, with new ids and references.
  const columns = async (table: string) =>
    (
      await sql<{ column_name: string }>`select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`.execute(db)
    ).rows.map((r) => r.column_name);
  const clone = async (table: string, from: string, overrides: Record<string, string | null>) => {
    const cols = (await columns(table)).filter((c) => overrides[c] !== null);
    const withId = cols.includes('id');
    const list = cols.map((c) => `"${c}"`).join(', ');
    const values = cols.map((c) => overrides[c] ?? `t."${c}"`).join(', ');
    await sql.raw(`insert into ${table} (${list}) ${withId ? 'overriding system value' : ''} select ${values} ${from}`).execute(db);
  };
  await sql.raw(`create unlogged table bench_clones as
    select o.id as tid, g,
      nextval(pg_get_serial_sequence('orders', 'id')) as nid,
      nextval(pg_get_serial_sequence('checkouts', 'id')) as ncid,
      nextval(pg_get_serial_sequence('payments', 'id')) as npid,
      gen_random_uuid()::text as ntxn
    from orders o cross join generate_series(1, ${copies}) g
    where o.id in (${templates.join(',')})`).execute(db);
  const payment = `join payment_orders po on po.order_id = m.tid join payments p on p.id = po.payment_ref`;
  await clone('checkouts', `from bench_clones m join orders o on o.id = m.tid join checkouts t on t.id = o.checkout_id`, { id: 'm.ncid', idempotency_key: `t.idempotency_key || '-' || m.g` });
  await clone('orders', `from bench_clones m join orders t on t.id = m.tid`, { id: 'm.nid', checkout_id: 'm.ncid', order_no: `substr(t.order_no, 1, 10) || lpad(m.nid::text, 10, '0')` });
  await clone('order_items', `from bench_clones m join order_items t on t.order_id = m.tid`, { id: null, order_id: 'm.nid' });
  await clone('order_events', `from bench_clones m join order_events t on t.order_id = m.tid order by m.nid, t.id`, { id: null, order_id: 'm.nid' });
  await clone('timers', `from bench_clones m join timers t on t.kind = '${orderTimerKind}' and t.entity_id = m.tid::text order by t.id`, { id: null, entity_id: 'm.nid::text' });
  await clone('payments', `from bench_clones m join payment_orders po on po.order_id = m.tid join payments t on t.id = po.payment_ref`, { id: 'm.npid', ledger_txn: 'm.ntxn' });
  await clone('payment_orders', `from bench_clones m join payment_orders t on t.order_id = m.tid`, { payment_ref: 'm.npid', order_id: 'm.nid' });
  await clone('ledger_entries', `from bench_clones m ${payment} join ledger_entries t on t.txn_id = p.ledger_txn`, {
    id: null,
    txn_id: 'm.ntxn',
    reference: `'payment:' || m.npid`,
    account: `case when t.account = 'escrow:order:' || m.tid then 'escrow:order:' || m.nid else t.account end`,
  });
  await sql`update product_skus s set stock = s.stock - x.q
    from (select i.sku_id, sum(i.quantity)::int as q from bench_clones m join order_items i on i.order_id = m.nid group by i.sku_id) x
    where s.id = x.sku_id`.execute(db);
  await sql`insert into account_balances (account, balance) select account, sum(amount) from ledger_entries group by account
    on conflict (account) do update set balance = excluded.balance`.execute(db);
  await sql`analyze`.execute(db);

  await sql`create unlogged table bench_orders as select tid as id, tid::text as key from bench_clones where g = 1 union all select nid, nid::text from bench_clones`.execute(db);
  await sql`alter table bench_orders add primary key (id)`.execute(db);
  await sql`create index on bench_orders (key)`.execute(db);
  await sql`analyze bench_orders`.execute(db);
  const orderIds = sql`(select id from bench_orders)`;
  const count = async (query: RawBuilder<unknown>) => Number((await sql<{ n: string }>`${query}`.execute(db)).rows[0]?.n ?? 0);
  const total = await count(sql`select count(*) as n from orders where status = ${scenario === 'cancel' ? 'paid' : 'sent'} and id in ${orderIds}`);
  const due = () => count(sql`select count(*) as n from timers where fired_at is null and cancelled_at is null and due_at <= now()`);
  const backlog = await due();
  const mismatched = await balanceMismatches(db);
  console.log(`loaded ${total} ${scenario === 'cancel' ? 'paid' : 'sent'} orders (${templates.length} through the product's code paths, the rest cloned), ${backlog} due timers in ${((Date.now() - loadStart) / 1000).toFixed(1)} s${mismatched.length ? `; BALANCE MISMATCHES ${mismatched.length}` : ''}`);
  if (total !== templates.length * (copies + 1) || backlog !== total) throw new Error(`expected ${templates.length * (copies + 1)} orders with one due timer each`);

  // The real server, WORKERS processes, on this database; watch the backlog.
  const spawned = Date.now();
  let first = 0;
  let leftAtFirst = 0;
  let done = 0;
  let watching = true;
  const samples: string[] = [];
  const watch = (async () => {
    while (watching) {
      const left = await due();
      const t = Date.now();
      if (left < backlog && first === 0) {
        first = t;
        leftAtFirst = left;
      }
      if (first && samples.length < 400) samples.push(`${((t - spawned) / 1000).toFixed(1)}s:${left}`);
      if (left === 0) {
        done = t;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const processes = await startServerProcess({ databaseUrl: url, workers, port: 4700 + Math.floor(Math.random() * 200) });
  const listening = Date.now();
  const deadline = Date.now() + 110_000;
  while (!done && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  watching = false;
  await watch;
  await processes.stop();
  phase('server processes stopped');
  if (!done) throw new Error(`backlog not drained within the deadline (${await due()} left)`);
  // The rate counts what fired between the first sight of a fired timer and the last (the first batch's time is unseen).
  const drainS = (done - first) / 1000;
  const rate = Math.round(leftAtFirst / drainS);
  console.log(`server processes: ${workers}; listening ${((listening - spawned) / 1000).toFixed(1)} s after spawn`);
  console.log(`drained ${backlog} due timers ${((done - spawned) / 1000).toFixed(1)} s after spawn; the last ${leftAtFirst} in ${drainS.toFixed(1)} s: ${rate} timers/s`);
  console.log(`backlog over time: ${samples.filter((_, i) => i % 10 === 0).join(' ')}`);

  // Exactly once: timers, orders, history, ledger.
  const checksStart = Date.now();
  await sql`analyze`.execute(db);
  const checks: [string, number, number][] = [
    [`${window} timers fired`, await count(sql`select count(*) as n from timers where kind = ${orderTimerKind} and name = ${window} and fired_at is not null and entity_id in (select key from bench_orders)`), total],
    [`${window} timers still pending`, await count(sql`select count(*) as n from timers where name = ${window} and fired_at is null and cancelled_at is null`), 0],
  ];
  const to = scenario === 'cancel' ? 'canceled' : 'unrated';
  const from = scenario === 'cancel' ? 'paid' : 'sent';
  const ledgerKind = scenario === 'cancel' ? 'orderRefund' : 'orderIncome';
  checks.push(
    [`orders now ${to}`, await count(sql`select count(*) as n from orders where status = ${to} and stage = ${to} and id in ${orderIds}`), total],
    [`orders with one history line (system, ${from} → ${to})`, await count(sql`select count(*) as n from (select order_id from order_events where event = ${window} and party = 'system' and from_stage = ${from} and to_stage = ${to} group by order_id having count(*) = 1) x`), total],
    [`${window} history lines in all`, await count(sql`select count(*) as n from order_events where event = ${window}`), total],
    [`orders with one ${ledgerKind} transaction`, await count(sql`select count(*) as n from (select reference from ledger_entries where kind = ${ledgerKind} group by reference having count(distinct txn_id) = 1) x`), total],
    [`${ledgerKind} transactions in all`, await count(sql`select count(distinct txn_id) as n from ledger_entries where kind = ${ledgerKind}`), total],
    ['escrows not emptied', await count(sql`select count(*) as n from account_balances where account like 'escrow:order:%' and balance <> 0`), 0],
  );
  if (scenario === 'receipt') {
    checks.push(
      ['orders with one pending rating window', await count(sql`select count(*) as n from (select entity_id from timers where kind = ${orderTimerKind} and name = 'ratingWindow' and fired_at is null and cancelled_at is null group by entity_id having count(*) = 1) x`), total],
      ['orders with one pending income release', await count(sql`select count(*) as n from (select entity_id from timers where kind = ${incomeReleaseTimerKind} and fired_at is null and cancelled_at is null group by entity_id having count(*) = 1) x`), total],
    );
    const income = await sql<{ fees: string; pending: string; expected: string }>`select
        (select balance from account_balances where account = 'platform:fees')::text as fees,
        (select sum(balance) from account_balances where account like 'pending:user:%')::text as pending,
        (select sum(total_amount) from orders where id in ${orderIds})::text as expected`.execute(db);
    const money = income.rows[0];
    checks.push(['fees + pending income = what the buyers paid', Number(BigInt(money?.fees ?? '0') + BigInt(money?.pending ?? '0') === BigInt(money?.expected ?? '-1')), 1]);
  } else {
    checks.push(
      ['buyers whose balance is not back to their top-up', await count(sql`select count(*) as n from users u join account_balances b on b.account = 'user:' || u.id where u.username like 'tbuyer\_%' and b.balance <> ${parseMoney('100000')}`), 0],
      ['SKUs whose stock is not back where it was', await count(sql`select count(*) as n from product_skus s join products p on p.id = s.product_id join users u on u.id = p.seller_id where u.username like 'tseller\_%' and s.stock <> ${copies + 100}`), 0],
      ['orders with a pending timer left', await count(sql`select count(*) as n from timers where kind = ${orderTimerKind} and fired_at is null and cancelled_at is null and entity_id in (select key from bench_orders)`), 0],
    );
  }
  checks.push(
    ['unbalanced ledger transactions', (await unbalancedTransactions(db)).length, 0],
    ['maintained balances differing from the ledger', (await balanceMismatches(db)).length, 0],
    ['ledger total', Number(await ledgerTotal(db)), 0],
  );
  console.log(`timers retried after a failed attempt: ${await count(sql`select count(*) as n from timers where attempts > 0`)}`);
  const errors = await sql<{ last_error: string; n: string }>`select last_error, count(*) as n from timers where last_error is not null group by 1 order by 2 desc limit 3`.execute(db);
  for (const e of errors.rows) console.log(`  ${e.n} × ${e.last_error}`);
  phase(`checks run in ${((Date.now() - checksStart) / 1000).toFixed(1)} s`);
  for (const [name, got, want] of checks) {
    const ok = got === want;
    if (!ok) failed = true;
    console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name}: ${got}${ok ? '' : ` (expected ${want})`}`);
  }
  console.log(failed ? 'EXACTLY-ONCE CHECK FAILED' : `every timer fired exactly once; ${rate >= 200 ? 'meets' : 'MISSES'} the 200 timers/s budget`);
} finally {
  await sql`drop table if exists bench_clones, bench_orders`.execute(server.deps.db).catch(() => undefined);
  await server.close();
  phase('database dropped');
}
if (failed) process.exitCode = 1;
