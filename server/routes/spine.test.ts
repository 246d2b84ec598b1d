import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../src/domain/codes';
import { Durations } from '../../src/domain/constants';
import { formatMoney } from '../../src/domain/money';
import { SignedHeader } from '../../src/domain/signing';
import type { UserInfo } from '../../src/domain/types/user';
import { balanceOf } from '../services/users';
import { ApiCaller } from '../testing/apiClient';
import { startTestServer, type TestServer } from '../testing/testServer';

let server: TestServer;
const caller = () => new ApiCaller(server.url, server.clock.now);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('reference data', () => {
  it('lists the twelve languages with Arabic right to left', async () => {
    const answer = await caller().get<{ code: string; dir: string }[]>('/api/users/language/getLanguageType');
    expect(answer.code).toBe(ResponseCode.success);
    expect(answer.object.map((l) => l.code)).toEqual(['en', 'zh-CN', 'vi', 'fr', 'fil', 'hi', 'ms', 'ne', 'ar', 'id', 'ko', 'rw']);
    expect(answer.object.find((l) => l.code === 'ar')?.dir).toBe('rtl');
  });

  it('answers word lists by level, raising 3 and more to 100', async () => {
    const countries = await caller().get<{ level: number; list: { id: number; name: string }[] }>('/api/users/country/getWordAddress?level=1');
    expect(countries.object.level).toBe(1);
    expect(countries.object.list.map((c) => c.name)).toContain('Philippines');
    const deep = await caller().get<{ level: number; list: { name: string }[] }>('/api/users/country/getWordAddress?level=3&parentId=401');
    expect(deep.object.level).toBe(100);
    expect(deep.object.list.map((c) => c.name)).toEqual(['Makati', 'Manila', 'Quezon City']);
    const deeper = await caller().get<{ level: number }>('/api/users/country/getWordAddress?level=7');
    expect(deeper.object.level).toBe(100);
  });

  it('refuses a bad level with a clear code and message', async () => {
    const answer = await caller().get('/api/users/country/getWordAddress?level=abc');
    expect(answer.code).toBe(ResponseCode.invalidField);
    expect(answer.msg).toContain('level');
    const unknown = await caller().get('/api/users/country/getWordAddress?level=1&evil=1');
    expect(unknown.code).toBe(ResponseCode.invalidField);
    expect(unknown.msg).toContain('evil');
  });

  it('answers the country tree with provinces and cities nested', async () => {
    const answer = await caller().get<{ name: string; children: { name: string; children: { name: string }[] }[] }[]>('/api/users/country/getCountryByTreeList');
    const philippines = answer.object.find((c) => c.name === 'Philippines');
    expect(philippines?.children.map((p) => p.name)).toContain('Metro Manila');
    expect(philippines?.children.find((p) => p.name === 'Metro Manila')?.children.map((c) => c.name)).toContain('Manila');
  });

  it('records page views, with the user only when a session token is sent', async () => {
    const before = await server.deps.db.selectFrom('page_views').selectAll().execute();
    const anonymous = await caller().post('/api/analytics/pageView', { path: '/index' });
    expect(anonymous.code).toBe(ResponseCode.success);
    const c = caller();
    const login = await c.loginAs('demo_buyer');
    await c.post('/api/analytics/pageView', { path: '/my' });
    const rows = await server.deps.db.selectFrom('page_views').selectAll().orderBy('id').execute();
    expect(rows.length).toBe(before.length + 2);
    expect(rows.at(-2)?.user_id).toBeNull();
    expect(rows.at(-1)?.user_id?.toString()).toBe(login.userInfo.id);
    expect((await caller().post('/api/analytics/pageView', { path: 'no-slash' })).code).toBe(ResponseCode.invalidField);
  });
});

describe('login', () => {
  it('takes the identity from the platform, never from the body', async () => {
    const c = caller();
    const login = await c.loginAs('demo_seller');
    expect(login.userInfo.username).toBe('demo_seller');
    expect(login.token).toMatch(/^[\w-]{40,}$/);
    expect(login.secret).toMatch(/^[0-9a-f]{64}$/);
    const spoof = await caller().post('/api/users/user/getToken', { accessToken: 'x', uid: 'someone-else' });
    expect(spoof.code).toBe(ResponseCode.invalidField);
    const forged = await caller().post('/api/users/user/getToken', { accessToken: 'not-a-token-the-platform-issued' });
    expect(forged.code).toBe(ResponseCode.platformRefused);
  });

  it('answers malformed bodies with 4000 and wrong types with 4001, never a 500', async () => {
    const c = caller();
    const bad = await c.raw('POST', '/api/users/user/getToken', { body: '{not json', contentType: 'application/json' });
    expect(bad.status).toBe(200);
    expect(bad.code).toBe(ResponseCode.malformedRequest);
    const noType = await c.raw('POST', '/api/users/user/getToken', { body: '{}' });
    expect(noType.code).toBe(ResponseCode.malformedRequest);
    const wrongType = await c.post('/api/users/user/getToken', { accessToken: 42 });
    expect(wrongType.code).toBe(ResponseCode.invalidField);
    const array = await c.post('/api/users/user/getToken', [1, 2]);
    expect(array.code).toBe(ResponseCode.invalidField);
    for (const answer of [bad, noType, wrongType, array]) expect(answer.msg).not.toMatch(/at .*\.ts|Error:/);
  });

  it('answers unknown paths with 4004 and known paths with the wrong method with 1003', async () => {
    const missing = await caller().get('/api/users/user/nothingHere');
    expect(missing.code).toBe(ResponseCode.notFound);
    const wrongMethod = await caller().raw('POST', '/api/users/language/getLanguageType');
    expect(wrongMethod.code).toBe(ResponseCode.methodNotSupported);
  });

  it('exchanges a one-time ticket from the address hash for a session, once', async () => {
    const c = caller();
    const login = await c.loginAs('demo_buyer');
    const ticket = await c.post<{ ticket: string }>('/api/users/user/loginTicket');
    expect(ticket.code).toBe(ResponseCode.success);
    const other = caller();
    const exchanged = await other.post<{ token: string; userInfo: UserInfo }>('/api/users/user/getToken', { ticket: ticket.object.ticket });
    expect(exchanged.code).toBe(ResponseCode.success);
    expect(exchanged.object.userInfo.id).toBe(login.userInfo.id);
    const again = await caller().post('/api/users/user/getToken', { ticket: ticket.object.ticket });
    expect(again.code).toBe(ResponseCode.tokenUnavailable);
    const stale = await c.post<{ ticket: string }>('/api/users/user/loginTicket');
    server.clock.advance(11 * Durations.minute);
    const late = await caller().post('/api/users/user/getToken', { ticket: stale.object.ticket });
    expect(late.code).toBe(ResponseCode.tokenUnavailable);
  });
});

describe('signed requests', () => {
  const url = '/api/users/user/getUserInfo';

  it('answers the user info of the session only', async () => {
    const buyer = caller();
    const seller = caller();
    await buyer.loginAs('demo_buyer');
    await seller.loginAs('demo_seller');
    const a = await buyer.get<UserInfo>(url);
    const b = await seller.get<UserInfo>(url);
    expect(a.object.username).toBe('demo_buyer');
    expect(b.object.username).toBe('demo_seller');
    // The balance is derived from the ledger (demo_buyer starts with a demo top-up).
    expect(a.object.balance).toBe(formatMoney(await balanceOf(server.deps.db, BigInt(a.object.id))));
    expect(b.object.balance).toBe(formatMoney(await balanceOf(server.deps.db, BigInt(b.object.id))));
    const nameId = await seller.get<{ username: string }>('/api/users/user/getUserNameId');
    expect(nameId.object.username).toBe('demo_seller');
  });

  it('checks each header in order: 1000, 1020, 1005, 1004', async () => {
    const c = caller();
    await c.loginAs('demo_buyer');
    const full = c.headersFor('GET', url);
    const without = (name: string) => Object.fromEntries(Object.entries(full).filter(([k]) => k !== name));
    expect((await c.raw('GET', url, { headers: without(SignedHeader.token) })).code).toBe(ResponseCode.tokenEmpty);
    expect((await c.raw('GET', url, { headers: without(SignedHeader.accessToken) })).code).toBe(ResponseCode.accessTokenEmpty);
    expect((await c.raw('GET', url, { headers: without(SignedHeader.timestamp) })).code).toBe(ResponseCode.timestampEmpty);
    expect((await c.raw('GET', url, { headers: without(SignedHeader.auth) })).code).toBe(ResponseCode.authEmpty);
    expect((await c.raw('GET', url, { headers: full })).code).toBe(ResponseCode.success);
  });

  it('refuses an unknown token with 1002 and an expired one with 1001', async () => {
    const c = caller();
    await c.loginAs('demo_buyer');
    const session = c.session;
    if (!session) throw new Error('no session');
    c.session = { ...session, token: 'forged-token' };
    expect((await c.get(url)).code).toBe(ResponseCode.tokenUnavailable);
    c.session = { ...session, accessToken: 'another-access-token' };
    expect((await c.get(url)).code).toBe(ResponseCode.tokenUnavailable);
    c.session = session;
    server.clock.advance(Durations.sessionLifetime + Durations.minute);
    expect((await c.get(url)).code).toBe(ResponseCode.tokenExpired);
  });

  it('refuses a timestamp more than 5 minutes off, or a bad signature, with 1006', async () => {
    const c = caller();
    await c.loginAs('demo_buyer');
    const old = c.headersFor('GET', url, String(server.clock.now() - 6 * Durations.minute));
    expect((await c.raw('GET', url, { headers: old })).code).toBe(ResponseCode.authExpired);
    const future = c.headersFor('GET', url, String(server.clock.now() + 6 * Durations.minute));
    expect((await c.raw('GET', url, { headers: future })).code).toBe(ResponseCode.authExpired);
    const altered = { ...c.headersFor('GET', url), [SignedHeader.timestamp]: String(server.clock.now() - 1000) };
    expect((await c.raw('GET', url, { headers: altered })).code).toBe(ResponseCode.authExpired);
    const otherUrl = c.headersFor('GET', '/api/users/user/getUserNameId');
    expect((await c.raw('GET', url, { headers: otherUrl })).code).toBe(ResponseCode.authExpired);
  });

  it('refuses the same signature seen again with 1007', async () => {
    const c = caller();
    await c.loginAs('demo_buyer');
    const headers = c.headersFor('GET', url);
    expect((await c.raw('GET', url, { headers })).code).toBe(ResponseCode.success);
    const replay = await c.raw('GET', url, { headers });
    expect(replay.code).toBe(ResponseCode.repeatedRequest);
  });

  it('answers 1015 for a session whose user no longer exists and 1016 for a frozen account', async () => {
    const c = caller();
    const login = await c.loginAs('demo_seller2');
    await server.deps.db.updateTable('users').set({ frozen: true, frozen_reason: 'Selling counterfeit goods' }).where('id', '=', BigInt(login.userInfo.id)).execute();
    const frozen = await c.get(url);
    expect(frozen.code).toBe(ResponseCode.userUnavailable);
    expect(frozen.object).toBe('Selling counterfeit goods');
    const relogin = caller();
    await expect(relogin.loginAs('demo_seller2')).rejects.toThrow(/1016/);
    await server.deps.db.updateTable('users').set({ frozen: false, frozen_reason: null }).where('id', '=', BigInt(login.userInfo.id)).execute();
    await server.deps.db.updateTable('sessions').set({ user_id: 999_999n }).where('token', '=', c.session?.token ?? '').execute();
    expect((await c.get(url)).code).toBe(ResponseCode.userNotExist);
  });

  it('logout revokes the session on the server', async () => {
    const c = caller();
    await c.loginAs('demo_buyer');
    expect((await c.post('/api/users/user/logout')).code).toBe(ResponseCode.success);
    expect((await c.get(url)).code).toBe(ResponseCode.tokenUnavailable);
  });

  it('answers in the caller’s language', async () => {
    const c = caller();
    c.language = 'fr';
    const answer = await c.get(url);
    expect(answer.code).toBe(ResponseCode.tokenEmpty);
    const english = await caller().get(url);
    expect(english.msg).toBe('You are not logged in');
    expect(answer.msg).not.toBe('');
    expect(answer.msg).not.toBe(english.msg);
  });
});
