import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../src/domain/codes';
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
