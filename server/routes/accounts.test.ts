import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../src/domain/codes';
import { CodeRules, LoginRules } from '../../src/domain/schemas/accounts';
import type { LoginAnswer, UserInfo } from '../../src/domain/types/user';
import { ApiCaller } from '../testing/apiClient';
import { startTestServer, type TestServer } from '../testing/testServer';
import { verifyPassword } from '../services/passwords';

let server: TestServer;
const caller = () => new ApiCaller(server.url, server.clock.now);
const wallet = 'G' + 'A'.repeat(55);
const mnemonic = 'abandon ability able about above absent absorb abstract absurd abuse access accident';

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** The code in the newest message to this address, read from the outbox like a person reads the dev mailbox. */
async function latestCode(email: string): Promise<string> {
  const row = await server.deps.db.selectFrom('outbox').select('body').where('to_address', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const code = /\b(\d{6})\b/.exec(row.body)?.[1];
  if (!code) throw new Error('no code in the mail');
  return code;
}

/** Moves the clock past the resend window so the next send is allowed. */
const pastResend = () => server.clock.advance(CodeRules.resendAfterMs + 1000);

async function exchange(c: ApiCaller, ticket: string): Promise<LoginAnswer> {
  c.session = null;
  const answer = await c.post<LoginAnswer>('/api/users/user/getToken', { ticket });
  expect(answer.code).toBe(ResponseCode.success);
  c.session = { token: answer.object.token, secret: answer.object.secret, accessToken: answer.object.accessToken };
  return answer.object;
}

async function register(email: string, password = 'correct horse'): Promise<ApiCaller> {
  const c = caller();
  pastResend();
  expect((await c.post('/api/users/code/send', { email, purpose: 'register' })).code).toBe(ResponseCode.success);
  const reg = await c.post<{ ticket: string }>('/api/users/user/register', { email, code: await latestCode(email), password, confirmPassword: password, agreement: true });
  expect(reg.code).toBe(ResponseCode.success);
  await exchange(c, reg.object.ticket);
  return c;
}

describe('register and log in with e-mail', () => {
  it('registers with a code, refuses a missing agreement and a mismatched confirmation, logs in with the password', async () => {
    const c = caller();
    const email = 'alice@example.com';
    expect((await c.post('/api/users/code/send', { email: 'Alice@Example.com ', purpose: 'register' })).code).toBe(ResponseCode.success);
    const code = await latestCode(email);
    expect(code).toMatch(/^\d{6}$/);
    // the code is stored hashed only
    const stored = await server.deps.db.selectFrom('email_codes').select('code_hash').where('email', '=', email).executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);

    const base = { email, code, password: 'correct horse', confirmPassword: 'correct horse', agreement: true };
    const noAgreement = await c.post('/api/users/user/register', { ...base, agreement: false });
    expect(noAgreement.code).toBe(ResponseCode.invalidField);
    expect(noAgreement.msg).toBe('Please agree to the agreement');
    const mismatch = await c.post('/api/users/user/register', { ...base, confirmPassword: 'other horse' });
    expect(mismatch.msg).toBe('Password not match');
    const empty = await c.post('/api/users/user/register', { ...base, code: '' });
    expect(empty.msg).toBe('Verification code cannot be empty');
    const short = await c.post('/api/users/user/register', { ...base, code: '123' });
    expect(short.msg).toBe('Verification code is less than 6 characters');

    const ok = await c.post<{ ticket: string }>('/api/users/user/register', base);
    expect(ok.code).toBe(ResponseCode.success);
    const session = await exchange(c, ok.object.ticket);
    expect(session.userInfo.email).toBe(email);

    // the password is never kept in clear
    const cred = await server.deps.db.selectFrom('credentials').select('password_hash').where('user_id', '=', BigInt(session.userInfo.id)).executeTakeFirstOrThrow();
    expect(cred.password_hash).not.toContain('correct horse');
    expect(cred.password_hash.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('correct horse', cred.password_hash)).toBe(true);

    // the code was used once: reusing it fails
    const again = await caller().post('/api/users/user/register', { ...base, email });
    expect(again.code).toBe(ResponseCode.emailTaken);

    const login = await caller().post<{ ticket: string }>('/api/users/user/loginByEmail', { email: 'ALICE@example.com', password: 'correct horse' });
    expect(login.code).toBe(ResponseCode.success);
    const d = caller();
    const second = await exchange(d, login.object.ticket);
    expect(second.userInfo.id).toBe(session.userInfo.id);
    expect((await d.get<UserInfo>('/api/users/user/getUserInfo')).object.email).toBe(email);

    const wrong = await caller().post('/api/users/user/loginByEmail', { email, password: 'wrong horse' });
    expect(wrong.code).toBe(ResponseCode.loginRefused);
    const nobody = await caller().post('/api/users/user/loginByEmail', { email: 'nobody@example.com', password: 'wrong horse' });
    expect(nobody.code).toBe(ResponseCode.loginRefused);
    // sending a register code for a taken address is refused
    pastResend();
    expect((await caller().post('/api/users/code/send', { email, purpose: 'register' })).code).toBe(ResponseCode.emailTaken);
  });

  it('refuses a reused code', async () => {
    const email = 'reuse@example.com';
    await register(email);
    const code = await latestCode(email);
    const again = await caller().post('/api/users/user/register', { email: 'reuse2@example.com', code, password: 'correct horse', confirmPassword: 'correct horse', agreement: true });
    expect(again.code).toBe(ResponseCode.verificationFailed);
    expect(again.msg).toBe('Verification failed');
  });

  it('refuses an expired code', async () => {
    const email = 'late@example.com';
    pastResend();
    await caller().post('/api/users/code/send', { email, purpose: 'register' });
    const code = await latestCode(email);
    server.clock.advance(CodeRules.lifetimeMs + 1000);
    const late = await caller().post('/api/users/user/register', { email, code, password: 'correct horse', confirmPassword: 'correct horse', agreement: true });
    expect(late.code).toBe(ResponseCode.verificationFailed);
  });

  it('kills a code after five wrong tries, even when the sixth is right', async () => {
    const email = 'brute@example.com';
    pastResend();
    await caller().post('/api/users/code/send', { email, purpose: 'register' });
    const code = await latestCode(email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const body = { email, password: 'correct horse', confirmPassword: 'correct horse', agreement: true };
    for (let i = 0; i < CodeRules.maxTries; i++) {
      expect((await caller().post('/api/users/user/register', { ...body, code: wrongCode })).code).toBe(ResponseCode.verificationFailed);
    }
    expect((await caller().post('/api/users/user/register', { ...body, code })).code).toBe(ResponseCode.verificationFailed);
  });

  it('issue 34: of 150 concurrent wrong guesses at one live code at most five are judged, and the code then dies', async () => {
    const email = 'swarm@example.com';
    pastResend();
    await caller().post('/api/users/code/send', { email, purpose: 'register' });
    const code = await latestCode(email);
    const body = { email, password: 'correct horse', confirmPassword: 'correct horse', agreement: true };
    const guesses = Array.from({ length: 150 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((guess) => caller().post('/api/users/user/register', { ...body, code: guess })));
    expect(answers.every((a) => a.code === ResponseCode.verificationFailed)).toBe(true);
    const row = await server.deps.db.selectFrom('email_codes').select(['attempts', 'dead']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(CodeRules.maxTries);
    expect(row.dead).toBe(true);
    expect((await caller().post('/api/users/user/register', { ...body, code })).code).toBe(ResponseCode.verificationFailed);
  });

  it('limits codes per address: one a minute, five an hour', async () => {
    const email = 'busy@example.com';
    pastResend();
    const c = caller();
    expect((await c.post('/api/users/code/send', { email, purpose: 'register' })).code).toBe(ResponseCode.success);
    const soon = await c.post<{ retryAfterSeconds: number }>('/api/users/code/send', { email, purpose: 'register' });
    expect(soon.code).toBe(ResponseCode.tooManyRequests);
    expect(soon.object.retryAfterSeconds).toBeGreaterThan(0);
    for (let i = 1; i < CodeRules.perHour; i++) {
      pastResend();
      expect((await c.post('/api/users/code/send', { email, purpose: 'register' })).code).toBe(ResponseCode.success);
    }
    pastResend();
    expect((await c.post('/api/users/code/send', { email, purpose: 'register' })).code).toBe(ResponseCode.tooManyRequests);
    server.clock.advance(60 * 60 * 1000);
    expect((await c.post('/api/users/code/send', { email, purpose: 'register' })).code).toBe(ResponseCode.success);
  });

  it('limits codes per account too: one a minute, whatever the address', async () => {
    const c = caller();
    await c.loginAs('demo_buyer');
    pastResend();
    expect((await c.post('/api/users/user/sendEmailCode', { email: 'first.try@example.com' })).code).toBe(ResponseCode.success);
    expect((await c.post('/api/users/user/sendEmailCode', { email: 'second.try@example.com' })).code).toBe(ResponseCode.tooManyRequests);
    pastResend();
    expect((await c.post('/api/users/user/sendEmailCode', { email: 'second.try@example.com' })).code).toBe(ResponseCode.success);
  });

  it('refuses e-mail logins after ten wrong passwords in fifteen minutes, even with the right one', async () => {
    const email = 'guessed@example.com';
    await register(email, 'right password');
    for (let i = 0; i < LoginRules.maxFailures; i++) {
      expect((await caller().post('/api/users/user/loginByEmail', { email, password: `wrong ${i}` })).code).toBe(ResponseCode.loginRefused);
    }
    const locked = await caller().post('/api/users/user/loginByEmail', { email, password: 'right password' });
    expect(locked.code).toBe(ResponseCode.tooManyRequests);
    server.clock.advance(LoginRules.windowMs + 1000);
    expect((await caller().post('/api/users/user/loginByEmail', { email, password: 'right password' })).code).toBe(ResponseCode.success);
  });

  it('refuses malformed bodies with a clear code', async () => {
    const c = caller();
    const notJson = await c.raw('POST', '/api/users/user/register', { body: 'nope', contentType: 'application/json' });
    expect(notJson.code).toBe(ResponseCode.malformedRequest);
    const noType = await c.raw('POST', '/api/users/user/loginByEmail', { body: '{}' });
    expect(noType.code).toBe(ResponseCode.malformedRequest);
    const badEmail = await c.post('/api/users/code/send', { email: 'not-an-email', purpose: 'register' });
    expect(badEmail.msg).toBe('Incorrect email format');
    const badPurpose = await c.post('/api/users/code/send', { email: 'a@b.co', purpose: 'steal' });
    expect(badPurpose.code).toBe(ResponseCode.invalidField);
    const extra = await c.post('/api/users/user/loginByEmail', { email: 'a@b.co', password: 'x', admin: true });
    expect(extra.code).toBe(ResponseCode.invalidField);
  });
});

describe('forgot and reset the password', () => {
  it('resets by code, ends every session, and the new password logs in', async () => {
    const email = 'forgetful@example.com';
    const c = await register(email, 'first password');
    pastResend();
    expect((await caller().post('/api/users/code/send', { email, purpose: 'reset' })).code).toBe(ResponseCode.success);
    const code = await latestCode(email);
    const mismatch = await caller().post('/api/users/user/resetPassword', { email, code, password: 'second password', confirmPassword: 'third password' });
    expect(mismatch.msg).toBe('Password not match');
    const reset = await caller().post('/api/users/user/resetPassword', { email, code, password: 'second password', confirmPassword: 'second password' });
    expect(reset.code).toBe(ResponseCode.success);
    expect((await c.get('/api/users/user/getUserInfo')).code).toBe(ResponseCode.tokenUnavailable);
    expect((await caller().post('/api/users/user/loginByEmail', { email, password: 'first password' })).code).toBe(ResponseCode.loginRefused);
    expect((await caller().post('/api/users/user/loginByEmail', { email, password: 'second password' })).code).toBe(ResponseCode.success);
    // the code is single-use
    const again = await caller().post('/api/users/user/resetPassword', { email, code, password: 'fourth password', confirmPassword: 'fourth password' });
    expect(again.code).toBe(ResponseCode.verificationFailed);
  });

  it('answers a reset for an unknown address the same way, without sending mail', async () => {
    pastResend();
    const answer = await caller().post('/api/users/code/send', { email: 'ghost@example.com', purpose: 'reset' });
    expect(answer.code).toBe(ResponseCode.success);
    const mail = await server.deps.db.selectFrom('outbox').select('id').where('to_address', '=', 'ghost@example.com').execute();
    expect(mail).toEqual([]);
  });
});

describe('change password, bind e-mail', () => {
  it('changes the password (mismatch first, wrong old password refused) and ends other sessions', async () => {
    const email = 'changer@example.com';
    const c = await register(email, 'old password');
    const login = await caller().post<{ ticket: string }>('/api/users/user/loginByEmail', { email, password: 'old password' });
    const other = caller();
    await exchange(other, login.object.ticket);
    const mismatch = await c.post('/api/users/user/changePassword', { oldPassword: 'old password', password: 'new password', confirmPassword: 'newer password' });
    expect(mismatch.msg).toBe('Password not match');
    const wrongOld = await c.post('/api/users/user/changePassword', { oldPassword: 'guess', password: 'new password', confirmPassword: 'new password' });
    expect(wrongOld.msg).toBe('The current password is wrong');
    const ok = await c.post('/api/users/user/changePassword', { oldPassword: 'old password', password: 'new password', confirmPassword: 'new password' });
    expect(ok.code).toBe(ResponseCode.success);
    expect((await c.get('/api/users/user/getUserInfo')).code).toBe(ResponseCode.success);
    expect((await other.get('/api/users/user/getUserInfo')).code).toBe(ResponseCode.tokenUnavailable);
    expect((await caller().post('/api/users/user/loginByEmail', { email, password: 'new password' })).code).toBe(ResponseCode.success);
  });

  it('binds an e-mail and a password to a coin-browser account: both ways in reach the same account', async () => {
    const c = caller();
    const login = await c.loginAs('demo_seller2');
    const security = await c.get<{ email: string | null; hasPassword: boolean; coinLinked: boolean }>('/api/users/user/security');
    expect(security.object).toEqual({ email: null, hasPassword: false, coinLinked: true });
    const email = 'shop2@example.com';
    pastResend();
    expect((await c.post('/api/users/user/sendEmailCode', { email })).code).toBe(ResponseCode.success);
    const code = await latestCode(email);
    // another account cannot use the code sent for this one
    const thief = caller();
    await thief.loginAs('demo_buyer');
    expect((await thief.post('/api/users/user/chageEmail', { email, code })).code).toBe(ResponseCode.verificationFailed);
    const bound = await c.post<UserInfo>('/api/users/user/chageEmail', { email, code, password: 'shop password', confirmPassword: 'shop password' });
    expect(bound.code).toBe(ResponseCode.success);
    expect(bound.object.email).toBe(email);
    const byMail = await caller().post<{ ticket: string }>('/api/users/user/loginByEmail', { email, password: 'shop password' });
    const d = caller();
    const session = await exchange(d, byMail.object.ticket);
    expect(session.userInfo.id).toBe(login.userInfo.id);
    // the address now belongs to this account: nobody else may ask for it
    pastResend();
    expect((await thief.post('/api/users/user/sendEmailCode', { email })).code).toBe(ResponseCode.emailTaken);
    expect((await thief.post('/api/users/user/chageEmail', { email, code: '123456' })).code).toBe(ResponseCode.emailTaken);
  });
});

describe('profile (SPEC 7, User)', () => {
  const signedCalls: [method: 'GET' | 'POST', path: string, body: unknown][] = [
    ['POST', '/api/users/user/changeNickName', { nickname: 'New name' }],
    ['POST', '/api/users/user/changeHeadPortrait', { imageId: 'a'.repeat(64) }],
    ['POST', '/api/users/user/changePassword', { password: 'aaaaaaaa', confirmPassword: 'aaaaaaaa' }],
    ['POST', '/api/users/user/chageEmail', { email: 'x@example.com', code: '123456' }],
    ['POST', '/api/users/user/sendEmailCode', { email: 'x@example.com' }],
    ['POST', '/api/users/user/changeAddress', { countryId: 0 }],
    ['POST', '/api/users/user/walletAddress', { walletAddress: wallet, confirmWalletAddress: wallet }],
    ['POST', '/api/users/user/updateIsReade', { flag: 'tipsRead' }],
    ['POST', '/api/users/user/userCustom', { customColour: null }],
    ['GET', '/api/users/user/getFlags', null],
    ['GET', '/api/users/user/security', null],
    ['GET', '/api/users/user/freezeAccount', null],
    ['GET', '/api/users/user/getUserBalance', null],
    ['GET', '/api/users/notice/list', null],
    ['GET', '/api/users/notice/detail?id=1', null],
  ];

  it('refuses every profile call without a token (1000)', async () => {
    for (const [method, path, body] of signedCalls) {
      const c = caller();
      const answer = method === 'GET' ? await c.get(path) : await c.post(path, body);
      expect([path, answer.code]).toEqual([path, ResponseCode.tokenEmpty]);
    }
  });

  it('refuses every profile call from a frozen account (1016, with the reason)', async () => {
    const c = await register('frozen-profile@example.com');
    const info = await c.get<UserInfo>('/api/users/user/getUserInfo');
    await server.deps.db.updateTable('users').set({ frozen: true, frozen_reason: 'test reason' }).where('id', '=', BigInt(info.object.id)).execute();
    for (const [method, path, body] of signedCalls) {
      const answer = method === 'GET' ? await c.get(path) : await c.post(path, body);
      expect([path, answer.code]).toEqual([path, ResponseCode.userUnavailable]);
      expect(answer.msg).toBe('Your account is frozen');
      expect(answer.object).toBe('test reason');
    }
  });

  it('refuses malformed bodies on every POST with 4000 or 4001, never a 500', async () => {
    const c = caller();
    await c.loginAs('demo_buyer');
    for (const [method, path] of signedCalls) {
      if (method !== 'POST') continue;
      const wrongShape = await c.post(path, { unexpected: 1 });
      expect([path, wrongShape.code]).toEqual([path, ResponseCode.invalidField]);
      const headers = c.headersFor('POST', path);
      const broken = await c.raw('POST', path, { headers, body: '{broken', contentType: 'application/json' });
      expect([path, broken.code]).toEqual([path, ResponseCode.malformedRequest]);
    }
  });

  it('changes the nickname, the country, the flags and the wallet address, answering the new user info', async () => {
    const c = caller();
    await c.loginAs('demo_buyer');
    const nick = await c.post<UserInfo>('/api/users/user/changeNickName', { nickname: '  Buyer B  ' });
    expect(nick.object.nickname).toBe('Buyer B');
    expect((await c.post('/api/users/user/changeNickName', { nickname: '   ' })).msg).toBe('Please enter a nickname');

    const countries = await caller().get<{ list: { id: number; name: string }[] }>('/api/users/country/getWordAddress?level=1');
    const france = countries.object.list[0];
    if (!france) throw new Error('no countries');
    const moved = await c.post<UserInfo>('/api/users/user/changeAddress', { countryId: france.id });
    expect(moved.object.countryName).toBe(france.name);
    expect((await c.post<UserInfo>('/api/users/user/changeAddress', { countryId: 0 })).object.countryName).toBe('Global');
    expect((await c.post('/api/users/user/changeAddress', { countryId: 999999 })).code).toBe(ResponseCode.invalidField);

    expect((await c.post('/api/users/user/walletAddress', { walletAddress: '', confirmWalletAddress: '' })).msg).toBe('Your wallet address is empty');
    expect((await c.post('/api/users/user/walletAddress', { walletAddress: mnemonic, confirmWalletAddress: mnemonic })).msg).toBe('Do not fill a mnemonic');
    expect((await c.post('/api/users/user/walletAddress', { walletAddress: wallet, confirmWalletAddress: wallet.replace(/A$/, 'B') })).msg).toBe('Wallet address mismatch');
    expect((await c.post<UserInfo>('/api/users/user/walletAddress', { walletAddress: wallet, confirmWalletAddress: wallet })).object.walletAddress).toBe(wallet);

    expect((await c.get<Record<string, boolean>>('/api/users/user/getFlags')).object.tipsRead).toBe(false);
    const flags = await c.post<Record<string, boolean>>('/api/users/user/updateIsReade', { flag: 'tipsRead' });
    expect(flags.object.tipsRead).toBe(true);
    expect((await c.post<Record<string, boolean>>('/api/users/user/updateIsReade', { flag: 'walletSetupCancelled', value: true })).object).toMatchObject({ tipsRead: true, walletSetupCancelled: true, riskWarningRead: false });
    // another user's flags are their own
    const other = caller();
    await other.loginAs('demo_seller');
    expect((await other.get<Record<string, boolean>>('/api/users/user/getFlags')).object.tipsRead).toBe(false);

    expect((await c.get<{ balance: string }>('/api/users/user/getUserBalance')).object.balance).toMatch(/^\d+(\.\d+)?$/);
  });

  it('validates the custom background strictly and keeps it on the account', async () => {
    const c = caller();
    await c.loginAs('demo_buyer');
    const good = { type: 'radial', direction: 'bottomLeft', colours: ['#ff0000', '#00FF00', '#0000ff'] };
    const saved = await c.post<UserInfo>('/api/users/user/userCustom', { customColour: good });
    expect(JSON.parse(saved.object.customColour ?? 'null')).toEqual(good);
    for (const bad of [
      { ...good, colours: ['#ff0000'] },
      { ...good, colours: ['#ff0000', '#ff0000', '#ff0000', '#ff0000', '#ff0000', '#ff0000'] },
      { ...good, colours: ['red', '#ff0000'] },
      { ...good, colours: ['#ff0000', 'url(javascript:alert(1))'] },
      { ...good, type: 'conic' },
      { ...good, direction: 'up' },
      { ...good, extra: 1 },
      '#ff0000',
    ]) {
      expect((await c.post('/api/users/user/userCustom', { customColour: bad })).code).toBe(ResponseCode.invalidField);
    }
    const again = caller();
    await again.loginAs('demo_buyer');
    expect((await again.get<UserInfo>('/api/users/user/getUserInfo')).object.customColour).toBe(JSON.stringify(good));
  });

  it('sets the head portrait only from an image the caller uploaded', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer();
    const owner = caller();
    await owner.loginAs('demo_seller');
    const uploaded = await owner.upload(png);
    const thief = caller();
    await thief.loginAs('demo_buyer');
    expect((await thief.post('/api/users/user/changeHeadPortrait', { imageId: uploaded.object.id })).code).toBe(ResponseCode.notFound);
    const mine = await owner.post<UserInfo>('/api/users/user/changeHeadPortrait', { imageId: uploaded.object.id });
    expect(mine.object.headPortrait).toBe(uploaded.object.urls.card);
  });

  it('lets a user freeze their own account: every session ends and logging in is refused', async () => {
    const email = 'selffreeze@example.com';
    const c = await register(email);
    expect((await c.get('/api/users/user/freezeAccount')).code).toBe(ResponseCode.success);
    expect((await c.get('/api/users/user/getUserInfo')).code).toBe(ResponseCode.tokenUnavailable);
    expect((await caller().post('/api/users/user/loginByEmail', { email, password: 'correct horse' })).code).toBe(ResponseCode.userUnavailable);
  });
});

describe('platform console and notices', () => {
  const consoleCalls: [method: 'GET' | 'POST', path: string, body: unknown][] = [
    ['GET', '/api/console/users/find?q=demo', null],
    ['POST', '/api/console/users/freeze', { userId: '1', reason: 'x' }],
    ['POST', '/api/console/users/unfreeze', { userId: '1' }],
    ['POST', '/api/console/notices/publish', { title: 't', body: 'b' }],
  ];

  it('refuses every console call from a buyer (4003) and without a token (1000)', async () => {
    const buyer = caller();
    await buyer.loginAs('demo_buyer');
    for (const [method, path, body] of consoleCalls) {
      const answer = method === 'GET' ? await buyer.get(path) : await buyer.post(path, body);
      expect([path, answer.code]).toEqual([path, ResponseCode.forbidden]);
      const anon = method === 'GET' ? await caller().get(path) : await caller().post(path, body);
      expect([path, anon.code]).toEqual([path, ResponseCode.tokenEmpty]);
    }
  });

  it('finds a user, freezes with a reason (their next request is 1016), unfreezes', async () => {
    const staff = caller();
    await staff.loginAs('demo_arbiter');
    const victim = caller();
    await victim.loginAs('demo_seller');
    const found = await staff.get<{ list: { id: string; username: string; frozen: boolean }[] }>('/api/console/users/find?q=demo_seller');
    const seller = found.object.list.find((u) => u.username === 'demo_seller');
    if (!seller) throw new Error('not found');
    expect((await staff.get<{ list: { id: string }[] }>(`/api/console/users/find?q=${seller.id}`)).object.list.map((u) => u.id)).toContain(seller.id);
    expect((await staff.post('/api/console/users/freeze', { userId: seller.id, reason: '' })).msg).toBe('Please give a reason');
    expect((await staff.post('/api/console/users/freeze', { userId: '999999', reason: 'x' })).code).toBe(ResponseCode.notFound);
    const frozen = await staff.post<{ frozen: boolean }>('/api/console/users/freeze', { userId: seller.id, reason: 'fake goods' });
    expect(frozen.object.frozen).toBe(true);
    const stopped = await victim.get('/api/users/user/getUserInfo');
    expect(stopped.code).toBe(ResponseCode.userUnavailable);
    expect(stopped.msg).toBe('Your account is frozen');
    expect(stopped.object).toBe('fake goods');
    expect((await staff.post<{ frozen: boolean }>('/api/console/users/unfreeze', { userId: seller.id })).object.frozen).toBe(false);
    expect((await victim.get('/api/users/user/getUserInfo')).code).toBe(ResponseCode.success);
    const log = await server.deps.db.selectFrom('freeze_log').select(['action', 'reason']).where('user_id', '=', BigInt(seller.id)).orderBy('id').execute();
    expect(log).toEqual([{ action: 'freeze', reason: 'fake goods' }, { action: 'unfreeze', reason: '' }]);
    // staff cannot freeze themselves
    const me = (await staff.get<UserInfo>('/api/users/user/getUserInfo')).object;
    expect((await staff.post('/api/console/users/freeze', { userId: me.id, reason: 'x' })).code).toBe(ResponseCode.forbidden);
  });

  it('publishes notices; users see unread marks and opening one marks it read', async () => {
    const staff = caller();
    await staff.loginAs('demo_arbiter');
    expect((await staff.post('/api/console/notices/publish', { title: ' ', body: 'x' })).msg).toBe('Please enter a title');
    const published = await staff.post<{ id: string }>('/api/console/notices/publish', { title: 'Maintenance', body: 'We will be back soon.' });
    expect(published.code).toBe(ResponseCode.success);
    const reader = caller();
    await reader.loginAs('demo_buyer');
    type List = { list: { id: string; title: string; read: boolean }[]; unread: number };
    const before = await reader.get<List>('/api/users/notice/list');
    expect(before.object.list[0]).toMatchObject({ id: published.object.id, title: 'Maintenance', read: false });
    expect(before.object.unread).toBeGreaterThan(0);
    const detail = await reader.get<{ body: string }>(`/api/users/notice/detail?id=${published.object.id}`);
    expect(detail.object.body).toBe('We will be back soon.');
    const after = await reader.get<List>('/api/users/notice/list');
    expect(after.object.list[0]?.read).toBe(true);
    expect(after.object.unread).toBe(before.object.unread - 1);
    // another user's marks are their own
    const other = caller();
    await other.loginAs('demo_seller2');
    expect((await other.get<List>('/api/users/notice/list')).object.list[0]?.read).toBe(false);
    // visitors read notices without marks
    expect((await caller().get<List>('/api/notices/list')).object.list[0]?.title).toBe('Maintenance');
    expect((await caller().get('/api/notices/detail?id=abc')).code).toBe(ResponseCode.invalidField);
    expect((await caller().get('/api/notices/detail?id=999999')).code).toBe(ResponseCode.notFound);
  });
});

describe('the sandbox dev mailbox', () => {
  it('lists the outbox newest first, escaped', async () => {
    const email = 'mailbox@example.com';
    pastResend();
    await caller().post('/api/users/code/send', { email, purpose: 'register' });
    const res = await fetch(`${server.url}/sandbox/mailbox?to=${encodeURIComponent(email)}`);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain(await latestCode(email));
    expect(html).toContain('Your Coin Mall registration code');
  });
});
