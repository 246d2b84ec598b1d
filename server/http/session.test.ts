import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResponseCode } from '../../src/domain/codes';
import { ApiCaller } from '../testing/apiClient';
import { startTestServer, type TestServer } from '../testing/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { poolSize: 1 });
});
afterAll(async () => {
  await server.close();
});

it('a signed read records its signature (a replay gets 1007) and leaves the connection committing durably', async () => {
  const caller = new ApiCaller(server.url, server.clock.now);
  await caller.loginAs('demo_buyer');
  const url = '/api/users/user/getUserNameId';
  const headers = caller.headersFor('GET', url);
  expect((await caller.raw('GET', url, { headers })).code).toBe(ResponseCode.success);
  expect((await caller.raw('GET', url, { headers })).code).toBe(ResponseCode.repeatedRequest);
  // One pooled connection: the signature's relaxed commit was local to its own statement.
  const setting = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(server.deps.db);
  expect(setting.rows[0]?.synchronous_commit).toBe('on');
});

it('a session revoked elsewhere (another process, straight in the database) is refused with 1002 at once, even with a bad signature', async () => {
  const caller = new ApiCaller(server.url, server.clock.now);
  await caller.loginAs('demo_buyer');
  const url = '/api/users/user/getUserNameId';
  expect((await caller.get(url)).code).toBe(ResponseCode.success);
  expect((await caller.get(url)).code).toBe(ResponseCode.success);
  const token = caller.session?.token ?? '';
  await server.deps.db.updateTable('sessions').set({ revoked_at: new Date(server.clock.now()) }).where('token', '=', token).execute();
  const badSignature = { ...caller.headersFor('GET', url), auth: '0'.repeat(64) };
  expect((await caller.raw('GET', url, { headers: badSignature })).code).toBe(ResponseCode.tokenUnavailable);
  expect((await caller.get(url)).code).toBe(ResponseCode.tokenUnavailable);
});

it('a session deleted from the database is refused with 1002', async () => {
  const caller = new ApiCaller(server.url, server.clock.now);
  await caller.loginAs('demo_seller');
  const url = '/api/users/user/getUserNameId';
  expect((await caller.get(url)).code).toBe(ResponseCode.success);
  await server.deps.db.deleteFrom('sessions').where('token', '=', caller.session?.token ?? '').execute();
  expect((await caller.get(url)).code).toBe(ResponseCode.tokenUnavailable);
});
