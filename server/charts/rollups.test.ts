import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketOf } from '../../src/domain/chartRollups';
import { beforeFirstStep } from '../../src/domain/chartSteps';
import type { Db } from '../db/database';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { recordChartStep } from './steps';

/**
 * The rollups of migration 0029 (issue 35) equal a brute-force recount over chart_steps: per day, chart,
 * transition, party and time bucket the steps and milliseconds; each record's current state; the records
 * per state. After steps from two connections at once, and (PostgreSQL) after a kill -9 in a burst.
 */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ poolSize: 4 });
}, 60_000);
afterAll(async () => {
  await t?.drop();
});

const key = (parts: (string | number | bigint)[]) => parts.join('|');

async function recount(db: Db) {
  const steps = await db.selectFrom('chart_steps').selectAll().orderBy('id').execute();
  const rollups = new Map<string, { steps: number; ms: number }>();
  const records = new Map<string, { state: string; entered: number }>();
  for (const s of steps) {
    const ms = s.entered_at ? Math.max(0, s.created_at.getTime() - s.entered_at.getTime()) : 0;
    const k = key([s.chart, s.created_at.toISOString().slice(0, 10), s.from_state, s.event, s.to_state, s.party, bucketOf(s.entered_at ? ms / 1000 : null)]);
    const r = rollups.get(k) ?? { steps: 0, ms: 0 };
    rollups.set(k, { steps: r.steps + 1, ms: r.ms + ms });
    records.set(key([s.chart, s.record_id]), { state: s.to_state, entered: s.created_at.getTime() });
  }
  const counts = new Map<string, number>();
  for (const [k, r] of records) {
    const chart = k.split('|')[0] ?? '';
    counts.set(key([chart, r.state]), (counts.get(key([chart, r.state])) ?? 0) + 1);
  }
  return { steps: steps.length, rollups, records, counts };
}

async function stored(db: Db) {
  const rollupRows = await sql<{ chart: string; day: string; from_state: string; event: string; to_state: string; party: string; bucket: number; steps: string; ms: string }>`
    select chart, day::text as day, from_state, event, to_state, party, bucket, sum(steps)::text as steps, sum(ms)::text as ms
    from chart_step_rollups group by 1, 2, 3, 4, 5, 6, 7`.execute(db);
  const rollups = new Map(rollupRows.rows.map((r) => [key([r.chart, r.day, r.from_state, r.event, r.to_state, r.party, r.bucket]), { steps: Number(r.steps), ms: Number(r.ms) }]));
  const recordRows = await db.selectFrom('chart_records').selectAll().execute();
  const records = new Map(recordRows.map((r) => [key([r.chart, r.record_id]), { state: r.state, entered: r.entered_at.getTime() }]));
  const countRows = await sql<{ chart: string; state: string; records: string }>`select chart, state, sum(records)::text as records from chart_state_counts group by 1, 2 having sum(records) <> 0`.execute(db);
  const counts = new Map(countRows.rows.map((r) => [key([r.chart, r.state]), Number(r.records)]));
  return { rollups, records, counts };
}

async function expectRollupsEqualRecount(db: Db): Promise<number> {
  const brute = await recount(db);
  const kept = await stored(db);
  expect(kept.rollups).toEqual(brute.rollups);
  expect(kept.records).toEqual(brute.records);
  expect(kept.counts).toEqual(brute.counts);
  return brute.steps;
}

const hour = 3_600_000;
const base = Date.parse('2026-10-01T06:00:00Z');

describe(`chart rollups equal a recount of chart_steps (issue 35, ${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('after the seed and the backfill', async () => {
    expect(await expectRollupsEqualRecount(t.db)).toBeGreaterThan(0);
  });

  it('after histories at chosen times, over days and buckets, self-loops included', async () => {
    const offsets = [0, 0.001, 0.5, 1, 7, 30, 300, 1800, 24 * 3600, 3 * 24 * 3600, 9 * 24 * 3600];
    await t.db.transaction().execute(async (trx) => {
      for (let r = 0; r < 40; r++) {
        const id = 7_000_000n + BigInt(r);
        let at = base + r * 5 * hour;
        await recordChartStep(trx, 'order', id, { event: 'SUBMIT', party: 'buyer', from: beforeFirstStep, to: 'submitted', at });
        const path = r % 4 === 0 ? ['paid', 'paid', 'shipped', 'received', 'completed'] : r % 4 === 1 ? ['cancelled'] : ['paid', 'shipped'];
        let from = 'submitted';
        for (const [i, to] of path.entries()) {
          at += (offsets[(r + i) % offsets.length] ?? 0) * 1000;
          await recordChartStep(trx, 'order', id, { event: from === to ? 'POLL' : `TO_${to}`, party: r % 3 === 0 ? 'system' : 'seller', from, to, at });
          from = to;
        }
      }
    });
    await expectRollupsEqualRecount(t.db);
  });

  it('after steps from two connections at once on the same records and transitions', async () => {
    const lane = async (lane: number) => {
      for (let i = 0; i < 30; i++) {
        await t.db.transaction().execute(async (trx) => {
          // As a chart does: the record is locked and stepped from the state it is in (both lanes step the
          // same five records; stepping one from a state it had already left made the counters disagree).
          const id = 7_100_000n + BigInt(i % 5);
          await sql`select pg_advisory_xact_lock(${id})`.execute(trx);
          const now = await trx.selectFrom('chart_records').select('state').where('chart', '=', 'afterSale').where('record_id', '=', id).executeTakeFirst();
          const from = now?.state ?? beforeFirstStep;
          await recordChartStep(trx, 'afterSale', id, { event: 'REQUEST', party: lane ? 'buyer' : 'seller', from, to: from === 'a' ? 'b' : 'a', at: Date.now() });
        });
      }
    };
    await Promise.all([lane(0), lane(1)]);
    await expectRollupsEqualRecount(t.db);
  });

  it.runIf(process.env.TEST_DB === 'postgres')('after a kill -9 in the middle of a burst of steps from another process', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/testing/chartStepsChild.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATABASE_URL: t.url ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<string | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    const before = await t.db.selectFrom('chart_steps').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    // Let the burst run, then cut the power.
    for (let i = 0; i < 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const now = await t.db.selectFrom('chart_steps').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
      if (Number(now.n) - Number(before.n) > 200) break;
    }
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const steps = await expectRollupsEqualRecount(t.db);
    expect(steps - Number(before.n)).toBeGreaterThan(50);
  }, 60_000);
});
