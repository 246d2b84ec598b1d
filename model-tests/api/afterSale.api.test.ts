import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { Party } from '../../machines/parties';
import { startTestServer, type TestServer } from '../../server/testing/testServer';
import { afterSaleDriver } from './drivers/afterSale';
import { walkApi } from './support/apiWalk';
import { recordApiCoverage, reportGuards } from './support/coverageLevels';
import { World } from './support/world';

/** The after-sale chart walked through the API, and one mutation check (see order.api.test.ts for the others). */
const mutation = vi.hoisted(() => ({ partialPaysInFull: false }));

vi.mock('../../server/charts/apply', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/charts/apply')>();
  return {
    ...real,
    applyEventWithActions(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject, party: Party) {
      if (mutation.partialPaysInFull && machine.id === 'afterSale' && event.type === 'DECIDE_PARTIAL') {
        // The arbiter's partial refund pays the whole amount asked.
        return real.applyEventWithActions(machine, snapshot, { type: 'DECIDE_FULL', reason: String(event.reason) }, party);
      }
      return real.applyEventWithActions(machine, snapshot, event, party);
    },
  };
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  mutation.partialPaysInFull = false;
  await server?.close();
});

it('walks every transition of the after-sale chart through the API, with its negative steps', { timeout: 240_000 }, async () => {
  const driver = afterSaleDriver(new World(server));
  const result = await walkApi(driver);
  reportGuards(result);
  expect(result.failures).toEqual([]);
  expect(result.missing).toEqual([]);
  recordApiCoverage(result, driver.machine);
});

it('fails naming the transition when a partial decision refunds the whole amount', { timeout: 60_000 }, async () => {
  const partial = 'afterSale.underAppeal --DECIDE_PARTIAL#0--> afterSale.refunded';
  mutation.partialPaysInFull = true;
  try {
    const result = await walkApi(afterSaleDriver(new World(server)), { only: (e) => e.key === partial, negatives: false });
    // Once per application (refund only: 3 asked; return and refund: 6 asked); the arbiter decided 1.
    expect(result.failures.map((f) => f.transition)).toEqual([partial, partial]);
    expect(result.failures[0]?.message).toContain(`${partial} by arbiter: buyer moved 30000000 (the chart's effects say 10000000)`);
    expect(result.failures[1]?.message).toContain(`${partial} by arbiter: buyer moved 60000000 (the chart's effects say 10000000)`);
  } finally {
    mutation.partialPaysInFull = false;
  }
});
