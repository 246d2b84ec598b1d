import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResponseCode } from '../../src/domain/codes';
import { log } from '../observability/log';
import { outsideFailures } from '../observability/metrics';
import { defaultOutsideTimeouts } from '../observability/outside';
import { startFaultProxy } from '../testing/faultProxy';
import { expectedErrors } from '../testing/expectedErrors';
import { ApiCaller } from '../testing/apiClient';
import { startTestServer, type TestServer } from '../testing/testServer';

/** A minimal SMTP server that keeps what it is sent, enough for nodemailer's plain SMTP dialogue. */
function fakeSmtp(): Promise<{ port: number; messages: string[]; close(): Promise<void> }> {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let data = false;
    let buffer = '';
    let message = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (data) {
          if (line === '.') {
            data = false;
            messages.push(message);
            message = '';
            socket.write('250 queued\r\n');
          } else message += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-fake\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          data = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      resolve({ port, messages, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
let server: TestServer;

beforeAll(async () => {
  smtp = await fakeSmtp();
  server = await startTestServer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('mail through SMTP when SMTP_URL is set', () => {
  it('sends the code by SMTP and keeps no body (no code) in the outbox', async () => {
    const caller = new ApiCaller(server.url, server.clock.now);
    const answer = await caller.post('/api/users/code/send', { email: 'smtp@example.com', purpose: 'register' });
    expect(answer.code).toBe(ResponseCode.success);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]).toContain('To: smtp@example.com');
    expect(smtp.messages[0]).toMatch(/Your verification code is \d{6}/);
    const rows = await server.deps.db.selectFrom('outbox').select(['to_address', 'body', 'via']).execute();
    expect(rows).toEqual([{ to_address: 'smtp@example.com', body: '', via: 'smtp' }]);
  });
});

describe('a mail server that hangs (issue 34: every outside call bounded)', () => {
  it('the code request ends within SMTP_TIMEOUT_MS with one log line and one count of smtp/timeout; once the server answers, mail goes', { timeout: 90_000 }, async () => {
    // The same SMTP peer behind a proxy that accepts connections and never answers (no greeting).
    const proxy = await startFaultProxy({ port: smtp.port }, 'hang');
    const config = server.deps.config;
    const smtpMs = 700;
    server.deps.config = { ...config, smtpUrl: `smtp://127.0.0.1:${new URL(proxy.url).port}`, outsideTimeouts: { ...defaultOutsideTimeouts, connectMs: smtpMs, smtpMs } };
    const count = async () => (await outsideFailures.get()).values.find((v) => v.labels.target === 'smtp' && v.labels.kind === 'timeout')?.value ?? 0;
    try {
      const before = await count();
      const warn = vi.spyOn(log, 'warn');
      const errors = expectedErrors(); // the request's 500, kept for the check below instead of printed
      const started = performance.now();
      const answer = await new ApiCaller(server.url, server.clock.now).post('/api/users/code/send', { email: 'hung@example.com', purpose: 'register' });
      const ms = performance.now() - started;
      // The request's two error lines (its failure and its 500) are written as the answer leaves.
      await vi.waitFor(() => expect(errors.lines().map((l) => l.msg).sort()).toEqual(['request', 'request failed']), { timeout: 5000 });
      errors.stop();
      const lines = warn.mock.calls.map((call) => call[0] as unknown).filter((f): f is Record<string, unknown> => typeof f === 'object' && f !== null && (f as { outside?: unknown }).outside === 'smtp');
      warn.mockRestore();
      // Before: nodemailer's own 30 s greeting time-out (and 10 min per answer), nothing logged or counted.
      expect(ms).toBeLessThan(smtpMs + 2500);
      expect(answer.code).toBe(ResponseCode.serverError);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ outside: 'smtp', call: 'sendMail', kind: 'timeout' });
      expect((await count()) - before).toBe(1);
      proxy.mode = 'pass';
      const sent = smtp.messages.length;
      const again = await new ApiCaller(server.url, server.clock.now).post('/api/users/code/send', { email: 'hung2@example.com', purpose: 'register' });
      expect(again.code).toBe(ResponseCode.success);
      expect(smtp.messages.length).toBe(sent + 1);
    } finally {
      server.deps.config = config;
      await proxy.close();
    }
  });
});
