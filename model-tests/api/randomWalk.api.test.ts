import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing/testServer';
import { chartDrivers } from './drivers/byChart';
import { randomWalk } from './support/randomWalk';
import { recordLevel } from '../support/coverageFile';
import { allGuards } from '../support/guards';
import { allTransitions } from '../support/walk';
import { World } from './support/world';

/**
 * Issue 36, part 2: random walks over the order, after-sale and withdrawal charts against the API
 * (model-tests/api/support/randomWalk.ts). Bounded for the suite: WALK_RUNS walks per chart (default 3)
 * of at most WALK_STEPS choices (default 6); WALK_SEED replays a printed seed. On a failure fast-check
 * prints the seed, the shrunk (shortest) list of choices, and the step that disagreed. The transitions
 * and guard outcomes the walks saw are added to the API level of model-tests/coverage.json.
 */
const runs = Number(process.env.WALK_RUNS ?? 3);
const maxSteps = Number(process.env.WALK_STEPS ?? 6);
const seed = process.env.WALK_SEED ? Number(process.env.WALK_SEED) : undefined;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const charts = chartDrivers(['order', 'afterSale', 'withdrawal']);

describe.each(charts)('random walks over the %s chart', (name, make) => {
  it('agrees with the chart after every step, refused steps change nothing, money balances', { timeout: 300_000 }, async () => {
    const driver = make(new World(server));
    const result = await randomWalk(driver, { runs, maxSteps, seed });
    // What the walks took and the guard outcomes they saw go into coverage.json's API level as the shortest-path
    // walk's do, added to it (a run's sequences change with its seed; it takes nothing away).
    recordLevel(name, 'api', allTransitions(driver.machine), result.walked, result.guards, allGuards(driver.machine), { merge: true });
    // The summary a long run reads: its seed (to replay), what it walked, the guard outcomes it did not see.
    console.info(`random walk ${name}: seed ${result.seed}, ${result.runs} walks, ${result.steps} steps, ${result.refused} refused steps, ${result.walked.size} transitions; guard outcomes not seen: ${result.guardGaps.join(', ') || 'none'}`);
    expect(result.runs).toBe(runs);
    expect(result.steps).toBeGreaterThan(0);
  });
});
