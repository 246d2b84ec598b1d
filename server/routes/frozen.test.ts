import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../src/domain/codes';
import { createApi } from '../app';
import { ApiCaller } from '../testing/apiClient';
import { startTestServer, type TestServer } from '../testing/testServer';

/**
 * Issue 11, defect 3 (server): a frozen account is told so everywhere. Every signed endpoint of the
 * route table answers 1016 with the freeze reason as the object text, and so does logging in again.
 */
let server: TestServer;
let frozen: ApiCaller;
const reason = 'Selling counterfeit goods';

/** Endpoints anyone may call: they answer the same whoever asks, so a freeze is not theirs to tell. */
const publicPosts = new Set([
  '/api/analytics/pageView',
  '/api/users/user/getToken',
  '/api/users/code/send',
  '/api/users/user/register',
  '/api/users/user/loginByEmail',
  '/api/users/user/resetPassword',
]);

beforeAll(async () => {
  server = await startTestServer();
  frozen = new ApiCaller(server.url, server.clock.now);
  await frozen.loginAs('demo_buyer');
  await server.deps.db.updateTable('users').set({ frozen: true, frozen_reason: reason }).where('username', '=', 'demo_buyer').execute();
});
afterAll(async () => {
  await server?.close();
});

describe('a frozen account', () => {
  it('every signed POST endpoint answers 1016 with the reason, and changes nothing', async () => {
    const posts = [...new Set(createApi(server.deps).routes.filter((r) => r.method === 'POST' && r.path.startsWith('/api/')).map((r) => r.path))];
    const signed = posts.filter((p) => !publicPosts.has(p));
    expect(signed.length).toBeGreaterThan(40);
    for (const path of signed) {
      const answer = path === '/api/upload/image' ? await frozen.upload(new Uint8Array([137, 80, 78, 71])) : await frozen.post(path, {});
      expect([path, answer.code, answer.msg, answer.object]).toEqual([path, ResponseCode.userUnavailable, 'Your account is frozen', reason]);
    }
  });

  it('logging in again answers 1016 with the reason, not a generic failure', async () => {
    const again = new ApiCaller(server.url, server.clock.now);
    await expect(again.loginAs('demo_buyer')).rejects.toThrow(/login failed: 1016 Your account is frozen/);
    const { wallets } = (await (await fetch(`${server.url}/sandbox/api/wallets`)).json()) as { wallets: { uid: string; username: string }[] };
    const uid = wallets.find((w) => w.username === 'demo_buyer')?.uid;
    const auth = (await (await fetch(`${server.url}/sandbox/api/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ uid }) })).json()) as { accessToken: string };
    const answer = await again.post('/api/users/user/getToken', { accessToken: auth.accessToken });
    expect([answer.code, answer.object]).toEqual([ResponseCode.userUnavailable, reason]);
  });
});
