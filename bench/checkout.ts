import crypto from 'node:crypto';
import autocannon from 'autocannon';
import { answerTally } from './answers';
import { canonicalRequest, SignedHeader } from '../src/domain/signing';
import { sign } from '../server/http/session';
import { ApiCaller } from '../server/testing/apiClient';
import { insertAddress, insertProduct } from '../server/testing/commerceFixtures';
import { startTestServer } from '../server/testing/testServer';

/**
 * Checkout throughput: 50 concurrent buyers (one autocannon connection each) submit orders for one
 * unit of one of five hot products, so every request reserves stock with a conditional UPDATE in the
 * transaction that creates the order. Every request is signed afresh (timestamp + HMAC) with a new
 * idempotency key. Run on PGlite and on PostgreSQL (TEST_DATABASE_URL); prints requests/s and p99.
 *
 *   npx tsx bench/checkout.ts            # both databases
 *   npx tsx bench/checkout.ts pglite     # one of them
 */
const buyers = 50;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const path = '/api/commodity/orders/submit';

export interface CheckoutFigures {
  database: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Orders: answers with a success code. */
  ok: number;
  /** Answers with another code (an API refusal is an HTTP 200), and which codes. */
  refused: number;
  codes: string;
  non2xx: number;
  errors: number;
  oversold: boolean;
}

export async function measureCheckout(database: 'pglite' | 'postgres'): Promise<CheckoutFigures> {
  process.env.TEST_DB = database;
  const server = await startTestServer();
  try {
    const db = server.deps.db;
    const stock = 1_000_000;
    const products: { productId: string; skuIds: string[] }[] = [];
    for (let i = 0; i < 5; i++) products.push(await insertProduct(db, { seller: i % 2 ? 'demo_seller' : 'demo_seller2', title: `Hot item ${i}`, price: '1', skus: [{ specification: 'One', colour: 'Black', stock }] }));
    const sessions: { caller: ApiCaller; addressId: string }[] = [];
    for (let i = 0; i < buyers; i++) {
      const name = `bench_${i}_${crypto.randomBytes(2).toString('hex')}`;
      await fetch(`${server.url}/sandbox/api/wallets`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: name }) });
      const caller = new ApiCaller(server.url, Date.now);
      await caller.loginAs(name);
      sessions.push({ caller, addressId: await insertAddress(db, name, 4) });
    }
    server.clock.set(Date.now());
    let nextConnection = 0;
    let lastTimestamp = 0;
    const answers = answerTally();
    const result = await autocannon({
      url: server.url,
      connections: buyers,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          path,
          setupRequest: (req, context: { buyer?: number }) => {
            context.buyer ??= nextConnection++ % buyers;
            const session = sessions[context.buyer];
            if (!session?.caller.session) throw new Error('no session');
            const { token, secret, accessToken } = session.caller.session;
            lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
            const timestamp = String(lastTimestamp);
            server.clock.set(lastTimestamp);
            const product = products[crypto.randomInt(products.length)];
            const body = JSON.stringify({ idempotencyKey: crypto.randomBytes(12).toString('hex'), items: [{ productId: product?.productId, skuId: product?.skuIds[0], quantity: 1 }], addressId: session.addressId, paymentMethod: 'coin' });
            return {
              ...req,
              body,
              headers: {
                'Content-Type': 'application/json',
                [SignedHeader.language]: 'en',
                [SignedHeader.token]: token,
                [SignedHeader.accessToken]: accessToken,
                [SignedHeader.timestamp]: timestamp,
                [SignedHeader.auth]: sign(secret, canonicalRequest({ method: 'POST', accessToken, token, timestamp, url: path })),
              },
            };
          },
          onResponse: (status, body) => answers.onResponse(status, body),
        },
      ],
    });
    await new Promise((r) => setTimeout(r, 2000)); // requests still in flight when the clock stopped
    // Orders a later checkout of the same goods replaced (issue 22) gave their stock back: count the others.
    const orders = await db
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select((eb) => eb.fn.sum<string>('order_items.quantity').as('n'))
      .where('orders.status', '!=', 'canceled')
      .executeTakeFirstOrThrow();
    const skus = await db.selectFrom('product_skus').select((eb) => eb.fn.sum<string>('stock').as('left')).where('id', 'in', products.map((p) => BigInt(p.skuIds[0] ?? '0'))).executeTakeFirstOrThrow();
    return {
      database,
      requestsPerSecond: answers.succeeded / seconds,
      p50: result.latency.p50,
      p99: result.latency.p99,
      ok: answers.succeeded,
      refused: answers.refused,
      codes: answers.codes(),
      non2xx: result.non2xx,
      errors: result.errors,
      oversold: Number(orders.n) + Number(skus.left) !== 5 * stock,
    };
  } finally {
    await server.close();
  }
}

const isMain = process.argv[1]?.endsWith('checkout.ts');
if (isMain) {
  const which = process.argv[2];
  const list: ('pglite' | 'postgres')[] = which === 'pglite' || which === 'postgres' ? [which] : ['pglite', 'postgres'];
  for (const database of list) {
    const f = await measureCheckout(database);
    console.log(
      `checkout (${f.database}, ${buyers} concurrent buyers, ${seconds} s): ${f.requestsPerSecond.toFixed(0)} orders/s, p50 ${f.p50} ms, p99 ${f.p99} ms; ${f.ok} orders, ${f.refused} refused (${f.codes}), ${f.non2xx} non-2xx, ${f.errors} errors; stock + sold ${f.oversold ? 'DOES NOT' : 'does'} add up`,
    );
  }
}
