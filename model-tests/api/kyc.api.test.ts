import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing/testServer';
import { kycDriver } from './drivers/kyc';
import { walkApi } from './support/apiWalk';
import { recordApiCoverage, reportGuards } from './support/coverageLevels';
import { World } from './support/world';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

it('walks every transition of the KYC chart through the API, with its negative steps', { timeout: 240_000 }, async () => {
  const driver = kycDriver(new World(server));
  const result = await walkApi(driver);
  reportGuards(result);
  expect(result.failures).toEqual([]);
  expect(result.missing).toEqual([]);
  recordApiCoverage(result, driver.machine);
});
