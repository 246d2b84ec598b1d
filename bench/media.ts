/**
 * Public image requests per second against a PGlite test server (10 concurrent, 6 rounds of 2000): the cost of
 * the private-image check on the public path. Then (issue 28) bucket against data directory, and /metrics' cost.
 * `npx tsx bench/media.ts`
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import autocannon from 'autocannon';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { s3Client } from '../server/media/store';
import { startS3Process } from './s3Process';
import { startServerProcess } from './serverProcess';
import sharp from 'sharp';
import { ApiCaller } from '../server/testing/apiClient';
import { insertProduct } from '../server/testing/commerceFixtures';
import { startTestServer } from '../server/testing/testServer';
import { log } from '../server/observability/log';

// The first part measures the route in this process, as before request lines were logged: keep them out.
log.level = 'warn';
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

// ---------------------------------------------------------------------------------------------------------
// Issue 28: a public picture served from a bucket (s3rver in its own process; with this machine's disk cache,
// the default, and without it) against the same picture from the data directory, each through the app (its
// own process, as `npm start` runs it) at 50 connections, in interleaved rounds; and what scraping /metrics
// every second costs the server's CPU. `npx tsx bench/media.ts` runs all three parts.

const s3 = await startS3Process(18_960);
const bucket = { store: 's3' as const, bucket: 'coin-mall-bench', endpoint: s3.endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, prefix: 'media/', cacheBytes: 0 };
const client = s3Client(bucket);
await client.send(new CreateBucketCommand({ Bucket: bucket.bucket }));
client.destroy();
const metricsToken = 'bench-metrics-token';
const bucketEnv = { MEDIA_STORE: 's3', MEDIA_S3_BUCKET: bucket.bucket, MEDIA_S3_ENDPOINT: s3.endpoint, MEDIA_S3_ACCESS_KEY_ID: 'S3RVER', MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER', LOG_LEVEL: 'info' };
const [local, remote, uncached] = await Promise.all([
  startServerProcess({ databaseUrl: '', workers: 1, port: 18_961, env: { METRICS_TOKEN: metricsToken, LOG_LEVEL: 'info' } }),
  startServerProcess({ databaseUrl: '', workers: 1, port: 18_962, env: bucketEnv }),
  startServerProcess({ databaseUrl: '', workers: 1, port: 18_963, env: { ...bucketEnv, MEDIA_CACHE_MB: '0' } }),
]);
const big = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 24 } } }).png().toBuffer();
const uploadTo = async (url: string) => {
  const caller = new ApiCaller(url, Date.now);
  await caller.loginAs('demo_seller');
  return (await caller.upload(big)).object.id;
};
const ids = { local: await uploadTo(local.url), remote: await uploadTo(remote.url), uncached: await uploadTo(uncached.url) };
const load = async (url: string, seconds: number) => {
  const r = await autocannon({ url, connections: 50, duration: seconds });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, mbps: r.throughput.average / 1e6 };
};
for (const size of ['card', 'full'] as const) {
  const urls = { local: `${local.url}/media/${ids.local}-${size}.webp`, remote: `${remote.url}/media/${ids.remote}-${size}.webp`, uncached: `${uncached.url}/media/${ids.uncached}-${size}.webp` };
  const bytes = (await (await fetch(urls.local)).arrayBuffer()).byteLength;
  await load(urls.local, 2);
  await load(urls.remote, 2);
  await load(urls.uncached, 2);
  const rounds: Record<'local' | 'remote' | 'uncached', Awaited<ReturnType<typeof load>>>[] = [];
  for (let round = 0; round < 2; round += 1) rounds.push({ local: await load(urls.local, 8), remote: await load(urls.remote, 8), uncached: await load(urls.uncached, 8) });
  for (const [i, r] of rounds.entries()) {
    console.log(
      `${size} (${(bytes / 1024).toFixed(0)} KB), round ${i + 1}, 50 connections: local p50 ${r.local.p50} ms p99 ${r.local.p99} ms ${r.local.rps} req/s | bucket p50 ${r.remote.p50} ms p99 ${r.remote.p99} ms ${r.remote.rps} req/s | p99 ratio ${(r.remote.p99 / Math.max(1, r.local.p99)).toFixed(2)}× | bucket without the disk cache p50 ${r.uncached.p50} ms p99 ${r.uncached.p99} ms ${r.uncached.rps} req/s`,
    );
  }
}

// The CPU the server process spends, from /proc (utime + stime, in clock ticks of 10 ms).
const cpuMs = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const window = async (seconds: number, scrape: boolean) => {
  const t0 = performance.now();
  const c0 = cpuMs(local.pid);
  let scrapes = 0;
  while (performance.now() - t0 < seconds * 1000) {
    const tick = performance.now();
    if (scrape) {
      const res = await fetch(`${local.url}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } });
      if (res.status !== 200) throw new Error(`metrics ${res.status}`);
      await res.text();
      scrapes += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (performance.now() - tick))));
  }
  return { cpu: (cpuMs(local.pid) - c0) / (performance.now() - t0), scrapes };
};
const metricsBytes = (await (await fetch(`${local.url}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })).text()).length;
const without: number[] = [];
const withScrapes: number[] = [];
for (let round = 0; round < 2; round += 1) {
  without.push((await window(15, false)).cpu);
  withScrapes.push((await window(15, true)).cpu);
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(
  `/metrics (${(metricsBytes / 1024).toFixed(0)} KB a scrape) every second, idle server: CPU ${(mean(without) * 100).toFixed(2)}% of a core without, ${(mean(withScrapes) * 100).toFixed(2)}% with (rounds ${without.map((x) => (x * 100).toFixed(2)).join('/')} vs ${withScrapes.map((x) => (x * 100).toFixed(2)).join('/')}): +${((mean(withScrapes) - mean(without)) * 100).toFixed(2)} points`,
);
await Promise.all([local.stop(), remote.stop(), uncached.stop()]);
await s3.stop();
process.exit(0);
