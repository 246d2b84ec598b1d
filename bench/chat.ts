import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ConversationView, MessageView } from '../src/domain/types/customerService';
import type { LoginAnswer } from '../src/domain/types/user';
import { ApiCaller } from '../server/testing/apiClient';
import { readServerEvents } from '../server/testing/sse';

/**
 * Live chat delivery (issue 15 budget): one server process (`node server/main.ts`, PGlite, sandbox
 * mode) with LISTENERS open SSE streams on loopback, each a different user in a conversation with
 * one of SENDERS sellers. Messages are sent through the real signed API at RATE per second, round
 * robin over the listeners; the latency of a message is from just before its POST to its arrival on
 * the listener's stream (stored, committed, fanned out, written, parsed). Prints p50/p99/max, what
 * arrived, and the server process's resident memory per open stream (RSS before and after opening
 * them, from /proc).
 *
 *   npx tsx bench/chat.ts                      # 500 streams, 1000 messages at 25/s
 *   LISTENERS=50 MESSAGES=100 npx tsx bench/chat.ts
 */
const listeners = Number(process.env.LISTENERS ?? 500);
const senders = Number(process.env.SENDERS ?? 100);
const messages = Number(process.env.MESSAGES ?? 1000);
const rate = Number(process.env.RATE ?? 25);

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

const rssOf = (pid: number) => {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:')) ?? '';
  return Number(/(\d+)/.exec(line)?.[1] ?? 0) * 1024;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

async function inBatches<T, R>(items: T[], size: number, run: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map((item, j) => run(item, i + j)))));
  return out;
}

async function newUser(url: string, prefix: string, i: number): Promise<{ caller: ApiCaller; login: LoginAnswer }> {
  const name = `${prefix}${i}_${crypto.randomBytes(2).toString('hex')}`;
  await fetch(`${url}/sandbox/api/wallets`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: name }) });
  const caller = new ApiCaller(url, Date.now);
  const login = await caller.loginAs(name);
  return { caller, login };
}

/** Opens one stream; calls `onMessage` with each message's id and its arrival time. */
async function openStream(url: string, caller: ApiCaller, onMessage: (id: string, at: number) => void, signal: AbortSignal): Promise<void> {
  const ticket = await caller.post<{ ticket: string }>('/api/chat/stream/ticket');
  const res = await fetch(`${url}/api/chat/stream?ticket=${ticket.object.ticket}`, { signal });
  let ready: () => void = () => undefined;
  const opened = new Promise<void>((r) => (ready = r));
  void readServerEvents(res.body as ReadableStream<Uint8Array>, (e) => {
    if (e.event === 'ready') ready();
    if (e.event === 'message' && e.id && /^\d+$/.test(e.id)) onMessage(e.id, performance.now());
  });
  await opened;
}

async function main() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-bench-chat-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SANDBOX: '1', DATABASE_URL: '', RATE_LIMITS: 'off' }, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const abort = new AbortController();
  try {
    for (let i = 0; ; i += 1) {
      if (i > 600) throw new Error('the server did not start');
      const ok = await fetch(`${url}/api/users/language/getLanguageType`).then((r) => r.ok).catch(() => false);
      if (ok) break;
      await sleep(100);
    }
    console.log(`server pid ${child.pid ?? '?'} on ${url}; creating ${senders} senders and ${listeners} listeners…`);
    const sellers = await inBatches(Array.from({ length: senders }, (_, i) => i), 10, (_, i) => newUser(url, 's', i));
    const buyers = await inBatches(Array.from({ length: listeners }, (_, i) => i), 10, (_, i) => newUser(url, 'b', i));
    const conversations = await inBatches(buyers, 10, async (b, i) => {
      const seller = sellers[i % senders];
      const answer = await b.caller.post<ConversationView>('/api/chat/conversation/open', { kind: 'seller', sellerId: seller?.login.userInfo.id });
      if (answer.code !== '0000') throw new Error(`open: ${answer.msg}`);
      return answer.object.id;
    });

    await sleep(1000);
    const rssBefore = rssOf(child.pid ?? 0);
    const arrived = new Map<string, { at: number; listener: number }[]>();
    await inBatches(buyers, 25, (b, i) =>
      openStream(url, b.caller, (id, at) => arrived.set(id, [...(arrived.get(id) ?? []), { at, listener: i }]), abort.signal),
    );
    await sleep(2000);
    const rssAfter = rssOf(child.pid ?? 0);
    const perConnection = (rssAfter - rssBefore) / listeners;
    console.log(`${listeners} streams open: server RSS ${(rssBefore / 2 ** 20).toFixed(1)} MB → ${(rssAfter / 2 ** 20).toFixed(1)} MB, ${(perConnection / 1024).toFixed(1)} KB per open stream`);

    const sentAt = new Map<string, { at: number; acked: number; listener: number }>();
    let refused = 0;
    const started = performance.now();
    const sends: Promise<void>[] = [];
    for (let m = 0; m < messages; m += 1) {
      const due = started + (m * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const listener = m % listeners;
      const seller = sellers[listener % senders];
      const conversationId = conversations[listener];
      if (!seller || !conversationId) continue;
      const t0 = performance.now();
      sends.push(
        seller.caller.post<MessageView>('/api/chat/message/send', { conversationId, clientId: crypto.randomBytes(9).toString('base64url'), body: `bench message ${m}` }).then((a) => {
          if (a.code === '0000') sentAt.set(a.object.id, { at: t0, acked: performance.now(), listener });
          else refused += 1;
        }),
      );
    }
    await Promise.all(sends);
    await sleep(2000);
    const latencies: number[] = [];
    const acks: number[] = [];
    let wrongListener = 0;
    let missing = 0;
    for (const [id, sent] of sentAt) {
      const got = arrived.get(id) ?? [];
      const mine = got.find((g) => g.listener === sent.listener);
      if (!mine) missing += 1;
      else latencies.push(mine.at - sent.at);
      acks.push(sent.acked - sent.at);
      wrongListener += got.filter((g) => g.listener !== sent.listener).length;
    }
    console.log(`the send call alone (stored, then acknowledged): p50 ${percentile(acks, 50).toFixed(1)} ms, p99 ${percentile(acks, 99).toFixed(1)} ms; load average ${os.loadavg()[0]?.toFixed(1) ?? '?'} on ${os.cpus().length} cores`);
    console.log(
      `${sentAt.size} messages at ${rate}/s to ${listeners} open streams: delivery p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms (budget p99 200 ms); missing ${missing}, delivered to the wrong stream ${wrongListener}, refused ${refused}`,
    );
  } finally {
    abort.abort();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
