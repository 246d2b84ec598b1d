import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BodyLimits, PasswordLock, RateLimits } from '../src/domain/abuseLimits';
import { ResponseCode } from '../src/domain/codes';
import { SignedHeader } from '../src/domain/signing';
import { translate } from './http/i18n';
import { log } from './observability/log';
import { ApiCaller } from './testing/apiClient';
import { startTestServer, type TestServer } from './testing/testServer';

/**
 * Issue 25, the faults found by probing (3, 4, 5, 7) and the limits that answer them, on PGlite and on
 * PostgreSQL. Each of these failed on the code before the issue (see the report of issue 25).
 */
let server: TestServer;
let meCalls = 0;

beforeAll(async () => {
  server = await startTestServer({ rateLimits: true });
  // Count the platform's /v2/me calls the login makes (the real client, only counted).
  const platform = server.deps.platform;
  const me = platform.me.bind(platform);
  server.deps.platform = {
    ...platform,
    me: (token) => {
      meCalls += 1;
      return me(token);
    },
  };
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });

const envelope = async (res: Response) => ({ status: res.status, ...((await res.json()) as { code: string; msg: string; object: unknown }) });

describe('finding 3: deeply nested JSON', () => {
  it('a body nested 10,000 levels deep is 4000 (unsigned, before any other check), not 5000', async () => {
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const answer = await envelope(await post('/api/analytics/pageView', deep));
    expect(answer.code).toBe(ResponseCode.malformedRequest);
    const arrays = await envelope(await post('/api/analytics/pageView', `${'['.repeat(100_000)}${']'.repeat(100_000)}`));
    expect(arrays.code).toBe(ResponseCode.malformedRequest);
  });

  it('33 levels is refused, 32 still reaches the schema', async () => {
    const nest = (n: number) => `{"path":"/index","x":${'['.repeat(n - 1)}${']'.repeat(n - 1)}}`;
    expect((await envelope(await post('/api/analytics/pageView', nest(BodyLimits.jsonDepth + 1)))).code).toBe(ResponseCode.malformedRequest);
    expect((await envelope(await post('/api/analytics/pageView', nest(BodyLimits.jsonDepth)))).code).toBe(ResponseCode.invalidField);
  });

  it('the sandbox host answers 400, not 500, to the same body', async () => {
    const res = await post('/sandbox/api/auth', `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`);
    expect(res.status).toBe(400);
  });
});

describe('finding 4: a multipart body to the form-encoded startWithdrawalPcm', () => {
  it('is 4000, not 5000', async () => {
    const caller = new ApiCaller(server.url, server.clock.now);
    await caller.loginAs('demo_buyer');
    const url = '/api/wallet/wallet/pcm/startWithdrawalPcm';
    const answer = await caller.raw('POST', url, { headers: caller.headersFor('POST', url), body: 'not multipart at all', contentType: 'multipart/form-data; boundary=x' });
    expect(answer.code).toBe(ResponseCode.malformedRequest);
  });

  it('a body of another content type is 4000 on every kind of endpoint', async () => {
    const caller = new ApiCaller(server.url, server.clock.now);
    await caller.loginAs('demo_buyer');
    for (const url of ['/api/wallet/wallet/pcm/startWithdrawalPcm', '/api/upload/image', '/api/users/user/changeNickName', '/api/chat/stream/ticket']) {
      const answer = await caller.raw('POST', url, { headers: caller.headersFor('POST', url), body: '<x/>', contentType: 'application/xml' });
      expect(answer.code, url).toBe(ResponseCode.malformedRequest);
    }
  });
});

describe('finding 7: body limits', () => {
  it('a JSON body over 256 KB is 4001 even when its fields are valid (it was parsed and accepted)', async () => {
    const padded = `{"path":"/index"${' '.repeat(10 * 1024 * 1024)}}`;
    const answer = await envelope(await post('/api/analytics/pageView', padded));
    expect(answer.code).toBe(ResponseCode.invalidField);
    // Just under the limit is accepted.
    const small = await envelope(await post('/api/analytics/pageView', `{"path":"/index"${' '.repeat(BodyLimits.defaultBytes - 40)}}`));
    expect(small.code).toBe(ResponseCode.success);
  });

  it('a signed 50 MB upload without a declared length is cut at the limit while it streams (4001)', async () => {
    const caller = new ApiCaller(server.url, server.clock.now);
    await caller.loginAs('demo_buyer');
    const url = '/api/upload/image';
    const { port } = new URL(server.url);
    const chunk = Buffer.alloc(256 * 1024, 7);
    const total = 50 * 1024 * 1024;
    const result = await new Promise<{ sentWhenAnswered: number; text: string }>((resolve, reject) => {
      let sent = 0;
      const req = http.request({ host: '127.0.0.1', port: Number(port), path: url, method: 'POST', headers: { ...caller.headersFor('POST', url), 'Content-Type': 'multipart/form-data; boundary=x', 'Transfer-Encoding': 'chunked' } });
      req.on('response', (res) => {
        const sentWhenAnswered = sent;
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => {
          req.destroy();
          resolve({ sentWhenAnswered, text });
        });
      });
      req.on('error', (error) => {
        if (sent < total) reject(error);
      });
      const pump = () => {
        while (sent < total) {
          sent += chunk.length;
          if (!req.write(chunk)) {
            req.once('drain', pump);
            return;
          }
        }
        req.end();
      };
      pump();
    });
    expect((JSON.parse(result.text) as { code: string }).code).toBe(ResponseCode.invalidField);
    // Answered long before the 50 MB were sent: the server stopped reading at the limit.
    expect(result.sentWhenAnswered).toBeLessThan(total / 2);
  });

  it('a refused body that is sent whole leaves the connection open for the next request', async () => {
    const { port } = new URL(server.url);
    const body = `{"path":"/index","x":"${'a'.repeat(BodyLimits.defaultBytes)}"}`;
    const socket = net.connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('error', () => undefined);
    const answers = () => received.split('HTTP/1.1 ').length - 1;
    const until = async (test: () => boolean) => {
      for (let i = 0; i < 100 && !test(); i += 1) await new Promise((r) => setTimeout(r, 20));
    };
    socket.write(`POST /api/analytics/pageView HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    await until(() => answers() === 1 && received.includes(ResponseCode.invalidField));
    expect(received).toContain(`"code":"${ResponseCode.invalidField}"`);
    await new Promise((r) => setTimeout(r, 300)); // the refused body has been read and dropped by now
    socket.write('GET /api/users/language/getLanguageType HTTP/1.1\r\nHost: x\r\n\r\n');
    await until(() => answers() === 2);
    expect(answers()).toBe(2);
    expect(received.split('HTTP/1.1 ')[2]).toMatch(/^200 /);
    socket.end();
    await closed;
  });

  it('a declared length over the limit is refused before the body is read', async () => {
    const caller = new ApiCaller(server.url, server.clock.now);
    await caller.loginAs('demo_buyer');
    const url = '/api/upload/image';
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(BodyLimits.uploadBytes + 1)], { type: 'image/png' }), 'big.png');
    const answer = await envelope(await fetch(`${server.url}${url}`, { method: 'POST', headers: caller.headersFor('POST', url), body: form }));
    expect(answer.code).toBe(ResponseCode.invalidField);
  });
});

describe('finding 5: rate limits', () => {
  it('a flood of unsigned logins from one address is 429 with Retry-After, and /v2/me is called at most at the login limit', async () => {
    const limit = RateLimits.login.perAddress.limit;
    meCalls = 0;
    const infos = vi.spyOn(log, 'info');
    const warnings = vi.spyOn(log, 'warn');
    const answers = await Promise.all(
      Array.from({ length: limit * 3 }, () => post('/api/users/user/getToken', JSON.stringify({ accessToken: 'flood' }), { [SignedHeader.language]: 'fr' })),
    );
    const limited = answers.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(limit * 2);
    expect(meCalls).toBeLessThanOrEqual(limit);
    // The flood does not flood the log: a line per answered request, one when the address starts being refused.
    const requestLines = infos.mock.calls.filter(([line, msg]) => msg === 'request' && (line as { path?: string }).path === '/api/users/user/getToken');
    expect(requestLines.map(([line]) => (line as { status?: number }).status).sort()).toEqual(answers.filter((r) => r.status !== 429).map((r) => r.status).sort());
    expect(warnings.mock.calls.filter(([, msg]) => msg === 'rate limit: refusing until the window ends')).toHaveLength(1);
    infos.mockRestore();
    warnings.mockRestore();
    const first = limited[0];
    if (!first) throw new Error('none limited');
    expect(Number(first.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await first.json()) as { code: string; msg: string };
    expect(body.code).toBe(ResponseCode.tooManyRequests);
    expect(body.msg).toBe(translate('fr', 'messages.serverRest'));
    // The window passes: logging in works again.
    server.clock.advance(RateLimits.login.perAddress.windowMs);
    const caller = new ApiCaller(server.url, server.clock.now);
    await caller.loginAs('demo_seller');
  });

  it('a person over the signed limit is 429; another person is not', async () => {
    const a = new ApiCaller(server.url, server.clock.now);
    const b = new ApiCaller(server.url, server.clock.now);
    await a.loginAs('demo_buyer');
    await b.loginAs('demo_seller');
    const limit = RateLimits.signed.perPerson.limit;
    let refused = 0;
    for (let i = 0; i < limit + 5; i += 1) if ((await a.get('/api/users/user/getUserBalance')).status === 429) refused += 1;
    expect(refused).toBe(5);
    expect((await b.get('/api/users/user/getUserBalance')).code).toBe(ResponseCode.success);
    server.clock.advance(RateLimits.signed.perPerson.windowMs);
    expect((await a.get('/api/users/user/getUserBalance')).code).toBe(ResponseCode.success);
  });
});

describe('finding 6: the wallet-app payment password locks', () => {
  it('5 wrong tries across merge and payment lock it for 15 minutes, even for the right one; the answer says what is left', async () => {
    server.clock.advance(RateLimits.signed.perPerson.windowMs);
    const buyer = new ApiCaller(server.url, server.clock.now);
    await buyer.loginAs('demo_buyer');
    const pay = (password: string) => buyer.post<{ triesLeft?: number; lockedUntil?: string | null }>('/api/pay/wallet', { orderIds: ['999999999'], password });
    const merge = (password: string) => buyer.post<{ triesLeft?: number; lockedUntil?: string | null }>('/api/wallet/merge', { username: 'demo_buyer', password });
    const left: number[] = [];
    for (const attempt of [pay, merge, pay, merge]) {
      const answer = await attempt('000000');
      expect(answer.code).toBe(ResponseCode.invalidField);
      left.push(answer.object.triesLeft ?? -1);
    }
    expect(left).toEqual([4, 3, 2, 1]);
    expect((await buyer.get<{ passwordLock: { triesLeft: number } }>('/api/wallet/wallet/getUserBalance')).object.passwordLock.triesLeft).toBe(1);
    const fifth = await pay('000000');
    expect(fifth.code).toBe(ResponseCode.tooManyRequests);
    expect(fifth.object.triesLeft).toBe(0);
    const until = Date.parse(fifth.object.lockedUntil ?? '');
    expect(until - server.clock.now()).toBe(PasswordLock.lockMs);
    expect(fifth.msg).toContain('15');
    // The right password is refused by both while locked.
    for (const attempt of [merge, pay]) expect((await attempt('123456')).code).toBe(ResponseCode.tooManyRequests);
    // No staff needed: 15 minutes later the right one works.
    server.clock.advance(PasswordLock.lockMs);
    const after = await merge('123456');
    expect(after.code).toBe(ResponseCode.success);
    expect((await buyer.get<{ passwordLock: { triesLeft: number; lockedUntil: string | null } }>('/api/wallet/wallet/getUserBalance')).object.passwordLock).toEqual({ triesLeft: PasswordLock.tries, lockedUntil: null });
  });

  it('concurrent guesses are judged one at a time: never more than 5 wrong ones before the lock', async () => {
    server.clock.advance(RateLimits.signed.perPerson.windowMs);
    const buyer = new ApiCaller(server.url, server.clock.now);
    await buyer.loginAs('demo_buyer');
    // Eight wrong guesses at once. (A right one among them would be judged in its turn and clear the count,
    // as a right password does: the guesses after it would count from 5 again.)
    const guesses = Array.from({ length: 8 }, (_, i) => `00000${i}`);
    const answers = await Promise.all(guesses.map((password) => buyer.post<{ triesLeft: number }>('/api/wallet/merge', { username: 'demo_buyer', password })));
    const wrong = answers.filter((a) => a.code === ResponseCode.invalidField);
    // Each wrong one saw the count the one before it left: 4, 3, 2, 1 tries left, each once; the fifth locks.
    expect(wrong.map((a) => a.object.triesLeft).sort()).toEqual(Array.from({ length: PasswordLock.tries - 1 }, (_, i) => i + 1));
    expect(answers.filter((a) => a.code === ResponseCode.tooManyRequests)).toHaveLength(guesses.length - wrong.length);
    // And now even the right one is refused until the lock ends.
    expect((await buyer.post('/api/wallet/merge', { username: 'demo_buyer', password: '123456' })).code).toBe(ResponseCode.tooManyRequests);
    server.clock.advance(PasswordLock.lockMs);
  });

  it("issue 34: a stranger's wrong tries naming someone's wallet-app account lock only the stranger, never the owner", async () => {
    server.clock.advance(PasswordLock.lockMs);
    const owner = new ApiCaller(server.url, server.clock.now);
    const stranger = new ApiCaller(server.url, server.clock.now);
    await owner.loginAs('demo_buyer');
    await stranger.loginAs('demo_seller');
    const mergeAs = (caller: ApiCaller, password: string) => caller.post<{ triesLeft?: number; lockedUntil?: string | null }>('/api/wallet/merge', { username: 'demo_buyer', password });
    const left: number[] = [];
    for (let i = 0; i < PasswordLock.tries - 1; i += 1) left.push((await mergeAs(stranger, '000000')).object.triesLeft ?? -1);
    expect(left).toEqual([4, 3, 2, 1]);
    // The fifth locks the stranger's tries at this account, even the right password...
    expect((await mergeAs(stranger, '000000')).code).toBe(ResponseCode.tooManyRequests);
    expect((await mergeAs(stranger, '123456')).code).toBe(ResponseCode.tooManyRequests);
    // ...and not the owner: the wallet sheet shows every try left, the owner's merge and payment password work.
    const lock = (await owner.get<{ passwordLock: { triesLeft: number; lockedUntil: string | null } }>('/api/wallet/wallet/getUserBalance')).object.passwordLock;
    expect(lock).toEqual({ triesLeft: PasswordLock.tries, lockedUntil: null });
    expect((await mergeAs(owner, '123456')).code).toBe(ResponseCode.success);
    // The owner's own wrong try counts against the owner's count alone (4 left), not on top of the stranger's.
    expect((await owner.post<{ triesLeft?: number }>('/api/pay/wallet', { orderIds: ['999999999'], password: '000000' })).object.triesLeft).toBe(4);
    server.clock.advance(PasswordLock.lockMs);
  });
});
