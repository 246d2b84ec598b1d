import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartStepsBackfill } from '../db/migrations/0026_chart_steps';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { recordChartStep } from './steps';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.drop();
});

const at = (iso: string) => Date.parse(iso);

describe('chart_steps (issue 35)', () => {
  it('writes each step with the time its record entered the state it leaves', async () => {
    await t.db.transaction().execute(async (trx) => {
      await recordChartStep(trx, 'workOrder', 9_000_001n, { event: 'FILE', party: 'user', from: '', to: 'open', at: at('2026-11-01T10:00:00Z') });
      await recordChartStep(trx, 'workOrder', 9_000_002n, { event: 'FILE', party: 'user', from: '', to: 'open', at: at('2026-11-01T11:00:00Z') });
      await recordChartStep(trx, 'workOrder', 9_000_001n, { event: 'STAFF_REPLY', party: 'staff', from: 'open', to: 'answered', at: at('2026-11-01T12:30:00Z') });
    });
    const rows = await t.db.selectFrom('chart_steps').selectAll().where('chart', '=', 'workOrder').where('record_id', 'in', [9_000_001n, 9_000_002n]).orderBy('id').execute();
    expect(rows.map((r) => [r.record_id, r.event, r.party, r.from_state, r.to_state, r.entered_at?.toISOString() ?? null, r.created_at.toISOString()])).toEqual([
      [9_000_001n, 'FILE', 'user', '', 'open', null, '2026-11-01T10:00:00.000Z'],
      [9_000_002n, 'FILE', 'user', '', 'open', null, '2026-11-01T11:00:00.000Z'],
      [9_000_001n, 'STAFF_REPLY', 'staff', 'open', 'answered', '2026-11-01T10:00:00.000Z', '2026-11-01T12:30:00.000Z'],
    ]);
  });

  it('a step of a transaction that fails is not written', async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        await recordChartStep(trx, 'product', 9_000_003n, { event: 'SUBMIT', party: 'seller', from: 'draft', to: 'inReview', at: Date.now() });
        throw new Error('the step failed');
      }),
    ).rejects.toThrow('the step failed');
    expect(await t.db.selectFrom('chart_steps').select('id').where('chart', '=', 'product').where('record_id', '=', 9_000_003n).execute()).toEqual([]);
  });

  it('the migration copies the histories written before it, in order, with their entered times', async () => {
    await t.db.transaction().execute(async (trx) => {
      await sql`delete from chart_steps`.execute(trx);
      await sql`insert into kyc_events (user_id, event, party, by_user_id, from_status, to_status, note, created_at)
        select u.id, e.event, e.party, u.id, e.from_status, e.to_status, null, e.at::timestamptz from users u cross join (values
          ('SUBMIT', 'user', 'none', 'underReview', '2026-10-01T08:00:00Z'),
          ('REJECT', 'staff', 'underReview', 'rejected', '2026-10-02T08:00:00Z'),
          ('SUBMIT', 'user', 'rejected', 'underReview', '2026-10-03T09:00:00Z')) e(event, party, from_status, to_status, at)
        where u.username = 'demo_arbiter'`.execute(trx);
      await sql.raw(chartStepsBackfill).execute(trx);
    });
    const arbiter = await t.db.selectFrom('users').select('id').where('username', '=', 'demo_arbiter').executeTakeFirstOrThrow();
    const rows = await t.db.selectFrom('chart_steps').selectAll().where('chart', '=', 'kyc').where('record_id', '=', arbiter.id).orderBy('id').execute();
    expect(rows.map((r) => [r.event, r.party, r.from_state, r.to_state, r.entered_at?.toISOString() ?? null])).toEqual([
      ['SUBMIT', 'user', 'none', 'underReview', null],
      ['REJECT', 'staff', 'underReview', 'rejected', '2026-10-01T08:00:00.000Z'],
      ['SUBMIT', 'user', 'rejected', 'underReview', '2026-10-02T08:00:00.000Z'],
    ]);
    // Every history row of every chart was copied once.
    const counted = await sql<{ events: string; steps: string }>`select
      (select count(*) from order_events) + (select count(*) from after_sale_events) + (select count(*) from withdrawal_events) + (select count(*) from kyc_events) as events,
      (select count(*) from chart_steps) as steps`.execute(t.db);
    expect(counted.rows[0]?.steps).toBe(counted.rows[0]?.events);
  });
});
