import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing/testServer';
import { afterSaleDriver } from './drivers/afterSale';
import { orderDriver } from './drivers/order';
import { withdrawalDriver } from './drivers/withdrawal';
import type { Driver, Edge } from './support/apiWalk';
import { race } from './support/race';
import { World } from './support/world';

/**
 * Two parties at the same moment (issue 36, part 2), on PostgreSQL only: the test server's pool gives
 * each request its own connection, so the two steps meet in the database (row locks), not in one
 * connection's queue. Each race is repeated RACE_RUNS times (default 3); which order won is printed.
 * The order chart lets the seller cancel only in paid (before confirming), so "cancel against ship" is raced
 * as cancel against confirm, cancel against the confirmation window, and a refund request against ship. The
 * withdrawal chart has no cancel by the person in manual review, so its race is two reviews at once (approve
 * against reject).
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const runs = Number(process.env.RACE_RUNS ?? 3);

let server: TestServer;
beforeAll(async () => {
  if (onPostgres) server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const is = (type: string, party: string) => (e: Edge) => (type.startsWith('xstate.after.') ? e.event.type.startsWith(type) : e.event.type === type) && e.party === party;

const races: [string, (w: World) => Driver<never>, string, [(e: Edge) => boolean, (e: Edge) => boolean]][] = [
  ['order: the buyer cancels as the seller confirms', (w) => orderDriver(w) as Driver<never>, '"paid"', [is('CANCEL', 'buyer'), is('CONFIRM', 'seller')]],
  ['order: the seller cancels as the 24 h confirmation window ends', (w) => orderDriver(w) as Driver<never>, '"paid"', [is('CANCEL', 'seller'), is('xstate.after.sellerConfirmWindow', 'system')]],
  ['order: the buyer asks a refund as the seller ships', (w) => orderDriver(w) as Driver<never>, '"notShipped"', [is('REQUEST_REFUND', 'buyer'), is('SHIP', 'seller')]],
  ['after-sale: the buyer appeals as the appeal window ends', (w) => afterSaleDriver(w) as Driver<never>, '"sellerRejected"', [is('APPEAL', 'buyer'), is('xstate.after.appealWindow', 'system')]],
  ['withdrawal: two reviews at once (approve against reject)', (w) => withdrawalDriver(w) as Driver<never>, '"manualReview"', [is('APPROVE', 'staff'), is('REJECT', 'staff')]],
];

describe.runIf(onPostgres).each(races)('%s', (name, make, state, pick) => {
  it(`ends in exactly one of the chart's outcomes, money once (${runs} times)`, { timeout: 300_000 }, async () => {
    const seen: string[] = [];
    for (let i = 0; i < runs; i += 1) {
      const driver = make(new World(server));
      seen.push((await race(driver, state, pick, driver.inputs?.[0])).order);
    }
    console.info(`race ${name}: ${seen.join(' | ')}`);
    expect(seen).toHaveLength(runs);
  });
});
