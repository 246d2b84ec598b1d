import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordChartStep } from '../charts/steps';
import { chartStateGauge, chartStuckGauge } from '../services/chartProduction';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { addMetricsSource, chartStepsWritten, metricsRegistry } from './metrics';

/**
 * The chart figures for Prometheus (issue 35): a counter of steps by chart, transition and party (no ids),
 * a gauge of records per state and one of stuck records, read from the database when scraped.
 */
let t: TestDatabase;
let remove = () => undefined as void;
beforeAll(async () => {
  t = await createTestDatabase();
  remove = addMetricsSource({
    pools: () => [],
    timerBacklog: async () => ({ due: 0, lagSeconds: 0 }),
    payouts: async () => ({ queued: 0, inFlight: 0 }),
    liveStreams: () => 0,
    chartStates: () => chartStateGauge(t.db),
    chartStuck: () => chartStuckGauge(t.db, Date.now()),
  });
}, 60_000);
afterAll(async () => {
  remove();
  await t?.drop();
});

describe('chart metrics', () => {
  it('counts each step by chart, transition and party, and reads records per state and stuck records when scraped', async () => {
    const now = Date.now();
    // The counter is the process's: other files in the same worker may have counted this transition before.
    const counted = async () => (await chartStepsWritten.get()).values.find((v) => v.labels.chart === 'order' && v.labels.transition === 'unpaid>PAY>paid' && v.labels.party === 'server')?.value ?? 0;
    const before = await counted();
    await t.db.transaction().execute(async (trx) => {
      await recordChartStep(trx, 'order', 5_900_001n, { event: 'SUBMIT', party: 'buyer', from: '', to: 'unpaid', at: now - 40 * 3_600_000 });
      await recordChartStep(trx, 'order', 5_900_001n, { event: 'PAY', party: 'server', from: 'unpaid', to: 'paid', at: now - 30 * 3_600_000 });
    });
    const text = await metricsRegistry.metrics();
    expect(text).toMatch(new RegExp(`coin_mall_chart_steps_total\\{chart="order",transition="unpaid>PAY>paid",party="server"\\} ${before + 1}\n`));
    expect(text).not.toMatch(/coin_mall_chart_steps_total\{[^}]*5900001/);
    const paid = (await chartStateGauge(t.db)).find((r) => r.chart === 'order' && r.state === 'paid')?.records ?? 0;
    expect(paid).toBeGreaterThanOrEqual(1);
    expect(text).toContain(`coin_mall_chart_records{chart="order",state="paid"} ${paid}`);
    // Paid 30 h ago, its 24 h confirmation window passed: stuck.
    expect(text).toMatch(/coin_mall_chart_records_stuck\{chart="order"\} [1-9]/);
  });
});
