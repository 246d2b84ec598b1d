import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KycQueueItem, KycView } from '../../src/domain/types/kyc';
import type { WithdrawableAnswer } from '../../src/domain/types/withdrawal';
import { ApiCaller } from '../testing/apiClient';
import { startTestServer, type TestServer } from '../testing/testServer';

/**
 * KYC kept by the product (issue 27): the withdrawal checks read it in every mode; a person submits,
 * staff verify or reject with a reason; nobody else decides, nobody decides their own.
 */
let server: TestServer;
let staff: ApiCaller;

beforeAll(async () => {
  server = await startTestServer();
  staff = new ApiCaller(server.url, server.clock.now);
  await staff.loginAs('demo_arbiter');
});
afterAll(async () => {
  await server?.close();
});

const details = { fullName: 'Ada Lovelace', birthDate: '1990-12-10', country: 'United Kingdom', documentType: 'passport', documentNumber: 'AB123456' };

async function signIn(username: string): Promise<ApiCaller> {
  const caller = new ApiCaller(server.url, server.clock.now);
  await caller.loginAs(username);
  return caller;
}

async function newPerson(): Promise<ApiCaller> {
  const username = `kyc_${crypto.randomBytes(3).toString('hex')}`;
  await fetch(`${server.url}/sandbox/api/wallets`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username }) });
  return signIn(username);
}

const kycBlocks = async (caller: ApiCaller) => (await caller.get<WithdrawableAnswer>('/api/commodity/userPermission/isUserWithdrawable')).object;

describe('KYC kept by the product', () => {
  it('the sandbox keeps demo users of each status, and the withdrawal checks read it', async () => {
    const expected: [string, string, boolean][] = [
      ['demo_buyer', 'passed', false],
      ['demo_seller2', 'pending', true],
      ['demo_arbiter', 'none', true],
      ['demo_rejected', 'rejected', true],
    ];
    for (const [username, status, blocked] of expected) {
      const caller = await signIn(username);
      expect((await caller.get<KycView>('/api/kyc/mine')).object.status, username).toBe(status);
      const answer = await kycBlocks(caller);
      expect(answer.kyc, username).toBe(status);
      expect(answer.blockers.includes('kycNotPassed'), username).toBe(blocked);
    }
    const rejected = (await (await signIn('demo_rejected')).get<KycView>('/api/kyc/mine')).object;
    expect(rejected.rejection).toContain('does not match');
  });

  it('submit → under review → rejected with a reason → submitted again → passed; each step in the history; the checks follow', async () => {
    const person = await newPerson();
    expect((await kycBlocks(person)).kyc).toBe('none');
    // Bad details get a code and the product's message; nothing changes.
    const bad = await person.post('/api/kyc/submit', { ...details, birthDate: '2030-01-01' });
    expect([bad.code, bad.msg]).toEqual(['4001', 'Enter your date of birth as it is on the document']);
    expect((await person.post('/api/kyc/submit', { ...details, documentNumber: '<script>' })).code).toBe('4001');
    expect((await person.get<KycView>('/api/kyc/mine')).object.status).toBe('none');

    const submitted = await person.post<KycView>('/api/kyc/submit', details);
    expect(submitted.object).toMatchObject({ status: 'pending', fullName: 'Ada Lovelace', documentNumberEnd: '3456' });
    expect(JSON.stringify(submitted.object)).not.toContain('AB123456');
    expect((await kycBlocks(person)).blockers).toContain('kycNotPassed');
    // Under review, a second submission is refused by the chart.
    expect((await person.post('/api/kyc/submit', details)).code).toBe('4001');

    const queue = (await staff.get<{ list: KycQueueItem[] }>('/api/platform/kyc/list')).object.list;
    const item = queue.find((q) => q.fullName === 'Ada Lovelace' && q.status === 'pending');
    expect(item?.documentNumber).toBe('AB123456');
    const userId = item?.userId ?? '';
    expect((await staff.post('/api/platform/kyc/review', { userId, decision: 'reject', reason: '' })).msg).toBe('Give a reason');
    expect((await staff.post<KycView>('/api/platform/kyc/review', { userId, decision: 'reject', reason: 'The photo is blurred' })).object).toMatchObject({ status: 'rejected', rejection: 'The photo is blurred' });
    expect((await kycBlocks(person)).kyc).toBe('rejected');
    // A decided check is not decided again.
    expect((await staff.post('/api/platform/kyc/review', { userId, decision: 'verify' })).code).toBe('4001');

    expect((await person.post<KycView>('/api/kyc/submit', { ...details, documentNumber: 'AB123457' })).object).toMatchObject({ status: 'pending', rejection: null });
    expect((await staff.post<KycView>('/api/platform/kyc/review', { userId, decision: 'verify' })).object.status).toBe('passed');
    const mine = (await person.get<KycView>('/api/kyc/mine')).object;
    expect(mine.history.map((h) => `${h.event}:${h.by}:${h.to}`)).toEqual(['SUBMIT:user:pending', 'REJECT:staff:rejected', 'SUBMIT:user:pending', 'VERIFY:staff:passed']);
    expect(mine.history[1]?.note).toBe('The photo is blurred');
    const answer = await kycBlocks(person);
    expect(answer.kyc).toBe('passed');
    expect(answer.blockers).not.toContain('kycNotPassed');
  });

  it('a non-staff verifier is 4003; staff verifying themselves is 4003; an unknown person is 4004', async () => {
    const person = await newPerson();
    await person.post('/api/kyc/submit', details);
    const userId = (await staff.get<{ list: KycQueueItem[] }>('/api/platform/kyc/list')).object.list.at(-1)?.userId ?? '';
    const stranger = await signIn('demo_buyer');
    expect((await stranger.post('/api/platform/kyc/review', { userId, decision: 'verify' })).code).toBe('4003');
    expect((await stranger.get('/api/platform/kyc/list')).code).toBe('4003');
    expect((await person.post('/api/platform/kyc/review', { userId, decision: 'verify' })).code).toBe('4003');
    expect((await person.get<KycView>('/api/kyc/mine')).object.status).toBe('pending');

    // demo_arbiter submits their own details, then tries to verify them.
    expect((await staff.post<KycView>('/api/kyc/submit', { ...details, fullName: 'Platform Arbiter' })).object.status).toBe('pending');
    const own = (await staff.get<{ list: KycQueueItem[] }>('/api/platform/kyc/list')).object.list.find((q) => q.username === 'demo_arbiter');
    expect((await staff.post('/api/platform/kyc/review', { userId: own?.userId, decision: 'verify' })).code).toBe('4003');
    expect((await staff.get<KycView>('/api/kyc/mine')).object.status).toBe('pending');
    expect((await staff.post('/api/platform/kyc/review', { userId: '999999', decision: 'verify' })).code).toBe('4004');
  });
});
