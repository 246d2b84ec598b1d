import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../src/domain/codes';
import { parseMoney } from '../../src/domain/money';
import { stellarAddressOf } from '../../src/domain/stellarAddress';
import type { ConsoleQueue, PersonContext } from '../../src/domain/types/console';
import { ApiCaller } from '../testing/apiClient';
import { startTestServer, type TestServer } from '../testing/testServer';
import { createWithdrawal } from '../services/withdrawals';

/** The console's dashboard (issue 24, finding 13): what waits in each queue and since when; staff only. */
let server: TestServer;
let staff: ApiCaller;
let buyer: ApiCaller;

beforeAll(async () => {
  server = await startTestServer();
  staff = new ApiCaller(server.url, server.clock.now);
  buyer = new ApiCaller(server.url, server.clock.now);
  await staff.loginAs('demo_arbiter');
  await buyer.loginAs('demo_buyer');
});
afterAll(async () => {
  await server?.close();
});

const queues = async () => {
  const answer = await staff.get<{ list: ConsoleQueue[] }>('/api/console/queues');
  expect(answer.code, answer.msg).toBe('0000');
  return new Map(answer.object.list.map((q) => [q.key, q]));
};

describe('console queues', () => {
  it('counts each queue with its oldest item; a withdrawal waiting for review shows at once', async () => {
    const before = await queues();
    expect([...before.keys()].sort()).toEqual(['appeals', 'customerService', 'kyc', 'productReview', 'sellerApplications', 'withdrawals']);
    expect(before.get('withdrawals')).toEqual({ key: 'withdrawals', count: 0, oldestAt: null });

    const user = await server.deps.db.selectFrom('users').selectAll().where('username', '=', 'demo_buyer').executeTakeFirstOrThrow();
    const at = server.clock.now();
    await createWithdrawal(server.deps, user, { address: stellarAddressOf(crypto.randomBytes(32)), amount: parseMoney('2') });
    server.clock.advance(60_000);
    const after = (await queues()).get('withdrawals');
    expect(after?.count).toBe(1);
    expect(Date.parse(after?.oldestAt ?? '')).toBe(at);
  });

  it("gives a person's context beside a decision: account age, orders, withdrawals, disputes", async () => {
    const id = (await server.deps.db.selectFrom('users').select('id').where('username', '=', 'demo_buyer').executeTakeFirstOrThrow()).id.toString();
    const answer = await staff.get<PersonContext>(`/api/console/users/context?userId=${id}`);
    expect(answer.code, answer.msg).toBe('0000');
    expect(answer.object).toMatchObject({ userId: id, username: 'demo_buyer', frozen: false, withdrawalsSucceeded: 0, withdrawalsFailed: 0, withdrawn: '0', disputesAsBuyer: 0 });
    expect(Date.parse(answer.object.memberSince)).toBeLessThanOrEqual(server.clock.now());
    expect((await staff.get('/api/console/users/context?userId=999999')).code).toBe(ResponseCode.notFound);
    expect((await staff.get('/api/console/users/context?userId=x')).code).toBe(ResponseCode.invalidField);
  });

  it('is refused to anyone but staff', async () => {
    expect((await buyer.get('/api/console/queues')).code).toBe(ResponseCode.forbidden);
    expect((await buyer.get('/api/console/users/context?userId=1')).code).toBe(ResponseCode.forbidden);
  });
});
