import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../src/domain/codes';
import { startTestServer, type TestServer } from './testing/testServer';

/**
 * Issue 34, finding 8: a refused 10 MB or 50 MB body got a connection reset instead of the promised 4001
 * about 1 time in 6. The refusal is answered at once while the client is still sending; the server then
 * closed the socket with the rest of the body unread, and the kernel answers unread data with a reset that
 * can overtake the refusal in the client's receive buffer. Counted here over many tries, one after another
 * and several at once. (The database plays no part: PGlite only.)
 */
const onPostgres = process.env.TEST_DB === 'postgres';
let server: TestServer;

beforeAll(async () => {
  if (!onPostgres) server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/**
 * Sends a JSON body of `bytes` with its length declared, and reads the answer only once the whole body is
 * written, as Python's http.client, `requests` and many other clients do: the answer's code, or the error
 * met; every other try asks for `Connection: close` (urllib does, `requests` keeps the connection). (A client that reads while it sends, like Node's, usually has the refusal in hand before a reset
 * comes, which hid the fault.)
 */
function send(port: number, bytes: number, close: boolean): Promise<string> {
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
      const [head, body] = received.split('\r\n\r\n', 2) as [string, string | undefined];
      const length = /content-length: *(\d+)/i.exec(head)?.[1];
      if (body !== undefined && length !== undefined && Buffer.byteLength(body, 'latin1') >= Number(length)) {
        try {
          settle((JSON.parse(body) as { code: string }).code);
        } catch {
          settle(`unreadable answer ${head.split('\r\n')[0] ?? ''}`);
        }
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => settle(`${received ? 'reading' : 'sending'} ${error.code ?? error.message}`));
    socket.on('close', () => settle(`closed without an answer after ${received.length} bytes`));
    socket.write(`POST /api/analytics/pageView HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${bytes}\r\n${close ? 'Connection: close\r\n' : ''}\r\n`);
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < bytes && !settled) {
        const part = Math.min(chunk.length, bytes - sent);
        sent += part;
        const last = sent >= bytes;
        const more = socket.write(part === chunk.length ? chunk : chunk.subarray(0, part), last ? () => socket.resume() : undefined);
        if (!more && !last) return void socket.once('drain', pump);
      }
    };
    pump();
  });
}

/** What each answer was, counted: { '4001': 28, 'request ECONNRESET': 2 }. */
const tally = (outcomes: string[]) => outcomes.reduce<Record<string, number>>((t, o) => ({ ...t, [o]: (t[o] ?? 0) + 1 }), {});

describe.skipIf(onPostgres)('a refused large body answers 4001, never a connection reset (issue 34, finding 8)', () => {
  const tries = 30;
  for (const megabytes of [10, 50]) {
    it(`${megabytes} MB, ${tries} times one after another`, { timeout: 240_000 }, async () => {
      const port = Number(new URL(server.url).port);
      const outcomes: string[] = [];
      for (let i = 0; i < tries; i += 1) outcomes.push(await send(port, megabytes * 1024 * 1024, i % 2 === 1));
      expect(tally(outcomes)).toEqual({ [ResponseCode.invalidField]: tries });
    });

    it(`${megabytes} MB, ${tries} times, 6 at once`, { timeout: 240_000 }, async () => {
      const port = Number(new URL(server.url).port);
      const outcomes: string[] = [];
      for (let round = 0; round < tries / 6; round += 1) {
        outcomes.push(...(await Promise.all(Array.from({ length: 6 }, (_, i) => send(port, megabytes * 1024 * 1024, i % 2 === 1)))));
      }
      expect(tally(outcomes)).toEqual({ [ResponseCode.invalidField]: tries });
    });
  }
});
