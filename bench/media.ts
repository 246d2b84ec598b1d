/** Public image requests per second against a PGlite test server (10 concurrent, 6 rounds of 2000): the cost of the private-image check on the public path. `npx tsx bench/media.ts` */
import crypto from 'node:crypto';
import sharp from 'sharp';
import { ApiCaller } from '../server/testing/apiClient';
import { insertProduct } from '../server/testing/commerceFixtures';
import { startTestServer } from '../server/testing/testServer';

const server = await startTestServer();
const seller = new ApiCaller(server.url, server.clock.now);
await seller.loginAs('demo_seller');
const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: `#${crypto.randomBytes(3).toString('hex')}` } }).png().toBuffer();
const form = new FormData();
form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
const res = (await (await fetch(`${server.url}/api/upload/image`, { method: 'POST', headers: seller.headersFor('POST', '/api/upload/image'), body: form })).json()) as { object: { id: string } };
const id = res.object.id;
const p = await insertProduct(server.deps.db, { seller: 'demo_seller' });
await server.deps.db.insertInto('product_images').values({ product_id: BigInt(p.productId), image_id: id, position: 0 }).execute();
const url = `${server.url}/media/${id}-thumb.webp`;
const run = async (n: number, conc: number) => {
  let i = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: conc }, async () => { while (i++ < n) { const r = await fetch(url); if (r.status !== 200) throw new Error(String(r.status)); await r.arrayBuffer(); } }));
  return n / ((performance.now() - t0) / 1000);
};
await run(300, 10);
const rates = [];
for (let k = 0; k < 6; k++) rates.push(await run(2000, 10));
console.log('public thumb req/s', rates.map((r) => r.toFixed(0)).join(' '));
await server.close();
process.exit(0);
