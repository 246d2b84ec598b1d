/**
 * A login flood (issue 25 budget): 1,000 unsigned `getToken` calls a second from one address for 10 s,
 * while another person, from another address, reads the home feed with signed requests. Prints that
 * person's p50/p99 without and with the flood, what the flood was answered, and how often the app asked
 * the platform's `/v2/me` (it must not pass the flood on: at most the login limit a window).
 *
 * The server runs as `npm start` runs it (server/main.ts, rate limits on, TRUST_PROXY=1 so the two
 * addresses are told apart by X-Forwarded-For, as behind a reverse proxy); the platform it talks to is
 * its own sandbox platform behind a counting relay in this process.
 *
 *   npx tsx bench/flood.ts                  # embedded PGlite
 *   npx tsx bench/flood.ts --database-url postgres://postgres@127.0.0.1:5432/<db>   # a migrated PostgreSQL database
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { RateLimits } from '../src/domain/abuseLimits';
import { ApiCaller } from '../server/testing/apiClient';
import { startServerProcess } from './serverProcess';

const { values } = parseArgs({ options: { 'database-url': { type: 'string', default: '' }, seconds: { type: 'string', default: '10' }, rate: { type: 'string', default: '1000' } } });
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const port = 19_000 + Math.floor(Math.random() * 500);
const floodAddress = '203.0.113.7';
const readerAddress = '198.51.100.9';

// The platform relay: counts /v2/me and forwards everything to the server's own sandbox platform.
let meCalls = 0;
let relayPort = 0;
const relay = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url?.startsWith('/v2/me')) meCalls += 1;
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const upstream = http.request({ host: '127.0.0.1', port, path: `/sandbox/platform${req.url ?? ''}`, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    upstream.end(Buffer.concat(chunks));
  });
});
await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', () => resolve()));
relayPort = (relay.address() as { port: number }).port;

const server = await startServerProcess({
  databaseUrl: values['database-url'] ?? '',
  workers: 1,
  port,
  env: { RATE_LIMITS: 'on', TRUST_PROXY: '1', PI_PLATFORM_URL: `http://127.0.0.1:${relayPort}` },
});

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * The readers: four people (each well under the per-person limit) read the feed with signed requests,
 * each at 8 a second on a fixed schedule, so both phases ask the same of the server.
 */
const readsPerSecond = 8;
async function read(readers: ApiCaller[], ms: number): Promise<{ latencies: number[]; failed: number }> {
  const latencies: number[] = [];
  let failed = 0;
  const one = async (reader: ApiCaller) => {
    const url = '/api/commodity/product/feed?countryId=0&limit=20';
    const started = performance.now();
    try {
      const res = await fetch(`${server.url}${url}`, { headers: { ...reader.headersFor('GET', url), 'X-Forwarded-For': readerAddress } });
      const body = (await res.json()) as { code?: string };
      if (res.status !== 200 || body.code !== '0000') failed += 1;
    } catch {
      failed += 1;
    }
    latencies.push(performance.now() - started);
  };
  const pending: Promise<void>[] = [];
  const start = Date.now();
  const gap = 1000 / readsPerSecond;
  for (let i = 0; start + i * gap < start + ms; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + i * gap - Date.now())));
    for (const reader of readers) pending.push(one(reader));
  }
  await Promise.all(pending);
  return { latencies: latencies.sort((x, y) => x - y), failed };
}

/**
 * The flood: `rate` unsigned logins a second from one address, by autocannon in a process of its own
 * (its client work must not delay the readers' measurement in this one).
 */
function flood(ms: number): Promise<Map<string, number>> {
  const script = `
    import autocannon from 'autocannon';
    const r = await autocannon({ url: ${JSON.stringify(`${server.url}/api/users/user/getToken`)}, method: 'POST', body: '{"accessToken":"flood"}',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ${JSON.stringify(floodAddress)} }, connections: 50, overallRate: ${rate}, duration: ${ms / 1000} });
    process.stdout.write(JSON.stringify({ statuses: r.statusCodeStats, errors: r.errors, timeouts: r.timeouts }));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: path.resolve(import.meta.dirname, '..'), stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', () => {
      try {
        const r = JSON.parse(out) as { statuses: Record<string, { count: number }>; errors: number; timeouts: number };
        const answers = new Map<string, number>(Object.entries(r.statuses).map(([status, { count }]) => [`HTTP ${status}`, count]));
        if (r.errors) answers.set('errors', r.errors);
        if (r.timeouts) answers.set('timeouts', r.timeouts);
        resolve(answers);
      } catch (error) {
        reject(new Error(`the flood did not report: ${out} ${String(error)}`));
      }
    });
  });
}

try {
  const readers: ApiCaller[] = [];
  for (const name of ['demo_buyer', 'demo_seller', 'demo_seller2', 'demo_arbiter']) {
    const reader = new ApiCaller(server.url, Date.now);
    await reader.loginAs(name);
    readers.push(reader);
  }
  await read(readers, 2_000); // warm-up
  const calm = await read(readers, seconds * 1000);
  meCalls = 0;
  const [stormy, answers] = await Promise.all([read(readers, seconds * 1000), flood(seconds * 1000)]);
  const sent = [...answers.values()].reduce((a, b) => a + b, 0);
  const p99Calm = percentile(calm.latencies, 99);
  const p99Storm = percentile(stormy.latencies, 99);
  const limit = RateLimits.login.perAddress;
  const windows = Math.ceil((seconds * 1000) / limit.windowMs) + 1;
  console.log(`login flood: ${sent} unsigned getToken calls from one address in ${seconds} s (${Math.round(sent / seconds)}/s)`);
  for (const [answer, n] of [...answers].sort((a, b) => b[1] - a[1])) console.log(`  ${answer}: ${n}`);
  console.log(`the platform's /v2/me during the flood: ${meCalls} calls (login limit ${limit.limit} per ${limit.windowMs / 1000} s per address: at most ${limit.limit * windows} in ${windows} windows)`);
  console.log(`signed feed reads by 4 other people, ${readsPerSecond}/s each: without the flood ${calm.latencies.length} reads, p50 ${percentile(calm.latencies, 50).toFixed(1)} ms, p99 ${p99Calm.toFixed(1)} ms (${calm.failed} failed)`);
  console.log(`                                           with the flood       ${stormy.latencies.length} reads, p50 ${percentile(stormy.latencies, 50).toFixed(1)} ms, p99 ${p99Storm.toFixed(1)} ms (${stormy.failed} failed)`);
  console.log(`p99 with / without: ${(p99Storm / p99Calm).toFixed(2)}× (budget 2×) ${p99Storm <= 2 * p99Calm ? 'met' : 'NOT met'}; /v2/me ${meCalls <= limit.limit * windows ? 'within' : 'OVER'} the login limit`);
} finally {
  await server.stop();
  relay.close();
}
