import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BodyLimits } from '../src/domain/abuseLimits';
import { ResponseCode } from '../src/domain/codes';
import { startTestServer, type TestServer } from './testing/testServer';

/**
 * Issue 34, finding 8: a refused 10 MB or 50 MB body got a connection reset instead of the promised 4001
 * about 1 time in 6. The refusal is answered at once while the client is still sending; the server then
 * closed the socket with the rest of the body unread (itself when the client asked for `Connection: close`,
 * @hono/node-server half a second after the answer otherwise), and the kernel answers unread data with a
 * reset that can overtake the refusal in the client's receive buffer. Counted here over many tries, with the
 * length declared and chunked, one after another and several at once; then the bounds of the drain: a client
 * that stops sending, or never stops, holds its connection no longer than BodyLimits says, and has the
 * refusal before the end. (The database plays no part: PGlite only.)
 */
const onPostgres = process.env.TEST_DB === 'postgres';
let server: TestServer;
let port = 0;

beforeAll(async () => {
  if (onPostgres) return;
  server = await startTestServer();
  port = Number(new URL(server.url).port);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const megabyte = 1024 * 1024;

interface Way {
  /** Transfer-Encoding: chunked (the length is not declared) instead of Content-Length. */
  chunked: boolean;
  /** The request asks for `Connection: close` (urllib does; `requests` keeps the connection). */
  close: boolean;
}

/** The request's head: a JSON body to a route that takes at most BodyLimits.defaultBytes. */
const head = (bytes: number, way: Way) =>
  `POST /api/analytics/pageView HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${way.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${bytes}`}\r\n${way.close ? 'Connection: close\r\n' : ''}\r\n`;

/** One piece of the body as it goes on the wire: framed when chunked. */
const frame = (piece: Buffer, chunked: boolean) => (chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece);

/** The code of a JSON answer once all of it came (its length is declared), else undefined. */
function answerCode(received: string): string | undefined {
  const [top, body] = received.split('\r\n\r\n', 2) as [string, string | undefined];
  const length = /content-length: *(\d+)/i.exec(top)?.[1];
  if (body === undefined || length === undefined || Buffer.byteLength(body, 'latin1') < Number(length)) return undefined;
  try {
    return (JSON.parse(body) as { code: string }).code;
  } catch {
    return `unreadable answer ${top.split('\r\n')[0] ?? ''}`;
  }
}

/**
 * Sends a JSON body of `bytes` and reads the answer only once the whole body is written, as Python's
 * http.client, `requests` and many other clients do: the answer's code, or the error met. (A client that
 * reads while it sends, like Node's, usually has the refusal in hand before a reset comes, which hid the fault.)
 */
function send(bytes: number, way: Way): Promise<string> {
  return new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.pause();
    let settled = false;
    const settle = (outcome: string) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(outcome);
    };
    let received = '';
    socket.on('data', (d: Buffer) => {
      received += d.toString('latin1');
      const code = answerCode(received);
      if (code !== undefined) settle(code);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => settle(`${received ? 'reading' : 'sending'} ${error.code ?? error.message}`));
    socket.on('close', () => settle(`closed without an answer after ${received.length} bytes`));
    socket.write(head(bytes, way));
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < bytes && !settled) {
        const part = Math.min(chunk.length, bytes - sent);
        sent += part;
        const last = sent >= bytes;
        let wire = frame(part === chunk.length ? chunk : chunk.subarray(0, part), way.chunked);
        if (last && way.chunked) wire = Buffer.concat([wire, Buffer.from('0\r\n\r\n')]);
        const more = socket.write(wire, last ? () => socket.resume() : undefined);
        if (!more && !last) return void socket.once('drain', pump);
      }
    };
    pump();
  });
}

/** What each answer was, counted: { '4001': 18, 'sending ECONNRESET': 2 }. */
const tally = (outcomes: string[]) => outcomes.reduce<Record<string, number>>((t, o) => ({ ...t, [o]: (t[o] ?? 0) + 1 }), {});

describe.skipIf(onPostgres)('a refused large body answers 4001, never a connection reset (issue 34, finding 8)', () => {
  const tries = 20;
  for (const megabytes of [10, 50]) {
    for (const chunked of [false, true]) {
      const named = chunked ? 'chunked' : 'its length declared';
      it(`${megabytes} MB, ${named}: ${tries} of ${tries} one after another, every other asking to close`, { timeout: 60_000 }, async () => {
        const outcomes: string[] = [];
        for (let i = 0; i < tries; i += 1) outcomes.push(await send(megabytes * megabyte, { chunked, close: i % 2 === 1 }));
        expect(tally(outcomes)).toEqual({ [ResponseCode.invalidField]: tries });
      });
    }

    it(`${megabytes} MB: 12 of 12 six at once, both ways, kept and closed`, { timeout: 60_000 }, async () => {
      const outcomes: string[] = [];
      for (let round = 0; round < 2; round += 1) {
        outcomes.push(...(await Promise.all(Array.from({ length: 6 }, (_, i) => send(megabytes * megabyte, { chunked: i % 2 === 0, close: i % 3 === 0 })))));
      }
      expect(tally(outcomes)).toEqual({ [ResponseCode.invalidField]: 12 });
    });
  }
});

/** A client that reads while it sends, as Node's does: what it read, and when the connection ended. */
interface Reading {
  code(): string | undefined;
  ended: Promise<number>;
  socket: net.Socket;
}

function reading(way: Way, declared: number, halfOpen = false): Reading {
  // Half-open: the client goes on sending after the server's end (the connection ends when the server destroys it).
  const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: halfOpen });
  let received = '';
  socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
  socket.on('error', () => undefined); // the reset after the bound: the refusal was read before it
  const ended = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  socket.write(head(declared, way));
  return { code: () => answerCode(received), ended, socket };
}

describe.skipIf(onPostgres)('the drain after a refusal is bounded (issue 34, finding 8)', () => {
  it(`a client that stops sending after the refusal: 4001, then the connection ends (half-closed by the server, destroyed after ${BodyLimits.lingerIdleMs} ms without a byte)`, { timeout: 30_000 }, async () => {
    const client = reading({ chunked: false, close: false }, 10 * megabyte);
    client.socket.write(Buffer.alloc(BodyLimits.defaultBytes + 64 * 1024, 0x20)); // over the limit, then nothing more
    const answered = await waitFor(() => client.code() !== undefined, 5_000);
    expect(client.code()).toBe(ResponseCode.invalidField);
    const at = await Promise.race([client.ended, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('still open')), BodyLimits.lingerIdleMs + 3_000))]);
    expect(at - answered).toBeLessThan(BodyLimits.lingerIdleMs + 1_500);
  });

  it(`a body that never ends: 4001 while it is sent, then the connection ends after at most ${BodyLimits.lingerBytes / megabyte} MB more`, { timeout: 30_000 }, async () => {
    const client = reading({ chunked: true, close: false }, 0, true);
    const piece = frame(Buffer.alloc(256 * 1024, 0x20), true);
    let sent = 0;
    let open = true;
    void client.ended.then(() => (open = false));
    const pump = () => {
      while (open && client.socket.write(piece)) sent += piece.length;
      if (open) {
        sent += piece.length;
        client.socket.once('drain', pump);
      }
    };
    pump();
    await Promise.race([client.ended, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('still open')), BodyLimits.lingerMs))]);
    expect(client.code()).toBe(ResponseCode.invalidField);
    // What the server read and dropped, and no more than a few socket buffers beyond it.
    expect(sent).toBeGreaterThan(BodyLimits.lingerBytes);
    expect(sent).toBeLessThan(BodyLimits.lingerBytes + 16 * megabyte);
  });
});

/** Waits until `test` holds (polling every 10 ms): answers when it did. */
async function waitFor(test: () => boolean, ms: number): Promise<number> {
  const until = Date.now() + ms;
  while (!test()) {
    if (Date.now() > until) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now();
}
