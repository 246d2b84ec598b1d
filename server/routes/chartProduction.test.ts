import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketOf } from '../../src/domain/chartRollups';
import type { ProductionRecords, ProductionView } from '../../src/domain/types/chartProduction';
import { recordChartStep } from '../charts/steps';
import { ApiCaller } from '../testing/apiClient';
import { confirmedOrder } from '../testing/confirmedOrder';
import { startTestServer, type TestServer } from '../testing/testServer';

/**
 * The gallery's "In production" API (issue 35): a seeded history with chosen paths at chosen times; every
 * count, party split, median and p90 the view answers equals a brute-force computation over chart_steps;
 * the order filters narrow to the matching orders; a record whose timer's deadline passed while the runner
 * was stopped is in the stuck list; only staff may read any of it (another user's token is refused 4003).
 */
let server: TestServer;
let buyer: ApiCaller;
let seller: ApiCaller;
let staff: ApiCaller;
let orderId = '';
const hour = 3_600_000;

beforeAll(async () => {
  server = await startTestServer();
  buyer = new ApiCaller(server.url, server.clock.now);
  seller = new ApiCaller(server.url, server.clock.now);
  staff = new ApiCaller(server.url, server.clock.now);
  orderId = await confirmedOrder(server, { buyer, seller, staff });

  // A chosen history: 60 orders (numbers far from real ones) over the last 20 days, on chosen paths.
  const now = server.clock.now();
  await server.deps.db.transaction().execute(async (trx) => {
    for (let r = 0; r < 60; r++) {
      const id = 6_000_000n + BigInt(r);
      let at = now - (20 * 24 - r * 7) * hour;
      const step = async (event: string, party: 'buyer' | 'seller' | 'system' | 'server', from: string, to: string, wait: number) => {
        at += wait;
        await recordChartStep(trx, 'order', id, { event, party, from, to, at });
      };
      await step('SUBMIT', 'buyer', '', 'unpaid', 0);
      if (r % 6 === 0) {
        await step('unpaidWindow', 'system', 'unpaid', 'expired', 30 * 60_000);
        continue;
      }
      await step('PAY', 'server', 'unpaid', 'paid', (r % 7) * 60_000 + 5_000);
      if (r % 5 === 0) {
        await step('sellerConfirmWindow', 'system', 'paid', 'canceled', 24 * hour);
        continue;
      }
      if (r % 11 === 0) continue; // still waiting for the seller
      await step('CONFIRM', 'seller', 'paid', 'notShipped', (r % 13) * hour + 60_000);
      await step('SHIP', 'seller', 'notShipped', 'sent', (r % 3) * hour);
      if (r % 2 === 0) await step('CONFIRM_RECEIPT', 'buyer', 'sent', 'unrated', (r % 4) * 24 * hour);
    }
    // Paid 30 hours ago: its 24 h confirmation window passed while the timer runner was stopped.
    await recordChartStep(trx, 'order', 6_100_000n, { event: 'SUBMIT', party: 'buyer', from: '', to: 'unpaid', at: now - 31 * hour });
    await recordChartStep(trx, 'order', 6_100_000n, { event: 'PAY', party: 'server', from: 'unpaid', to: 'paid', at: now - 30 * hour });
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

interface Step {
  record_id: bigint;
  event: string;
  party: string;
  from_state: string;
  to_state: string;
  entered_at: Date | null;
  created_at: Date;
}

function exactQuantile(values: number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil(q * sorted.length)) - 1] ?? null;
}

function bruteForce(steps: Step[]) {
  const arrows = new Map<string, { count: number; byParty: Record<string, number> }>();
  const held = new Map<string, number[]>();
  for (const s of steps) {
    const key = `${s.from_state}>${s.event}>${s.to_state}`;
    const a = arrows.get(key) ?? { count: 0, byParty: {} };
    a.count++;
    a.byParty[s.party] = (a.byParty[s.party] ?? 0) + 1;
    arrows.set(key, a);
    if (s.entered_at) held.set(s.from_state, [...(held.get(s.from_state) ?? []), (s.created_at.getTime() - s.entered_at.getTime()) / 1000]);
  }
  return { arrows, held };
}

describe('GET /api/statecharts/production (issue 35)', () => {
  it('every count, party split, median and p90 of the 30-day view equals a brute-force computation over the steps', async () => {
    const answer = await staff.get<ProductionView>('/api/statecharts/production?chart=order&period=30d');
    expect(answer.code).toBe('0000');
    const view = answer.object;
    const since = new Date(`${view.from}T00:00:00Z`);
    const steps = (await server.deps.db.selectFrom('chart_steps').selectAll().where('chart', '=', 'order').where('created_at', '>=', since).execute()) as Step[];
    const brute = bruteForce(steps);
    expect(new Map(view.arrows.map((a) => [`${a.from}>${a.event}>${a.to}`, { count: a.count, byParty: a.byParty }]))).toEqual(brute.arrows);
    expect(view.arrows.find((a) => a.event === 'sellerConfirmWindow')?.timer).toBe(true);
    expect(view.arrows.find((a) => a.event === 'CONFIRM')?.timer).toBe(false);
    for (const state of view.states) {
      const held = brute.held.get(state.state) ?? [];
      expect(state.left, state.state).toBe(held.length);
      for (const [q, shown] of [[0.5, state.medianSeconds], [0.9, state.p90Seconds]] as const) {
        const exact = exactQuantile(held, q);
        // The figure is read from log-scale buckets: it lies in the same bucket as the exact one.
        expect(shown === null ? null : bucketOf(shown), `${state.state} q${q}`).toBe(exact === null ? null : bucketOf(exact));
      }
    }
    const records = await sql<{ state: string; n: string }>`select state, count(*)::text as n from (
      select distinct on (record_id) record_id, to_state as state from chart_steps where chart = 'order' order by record_id, id desc) r group by 1`.execute(server.deps.db);
    expect(Object.fromEntries(view.states.filter((s) => s.now > 0).map((s) => [s.state, s.now]))).toEqual(Object.fromEntries(records.rows.map((r) => [r.state, Number(r.n)])));
    expect(view.states.find((s) => s.state === 'paid')?.deadlineSeconds).toBe(24 * 3600);
    // The funnel: steps into each stage of the main path, its share of the first, where the rest went.
    const into = (state: string) => steps.filter((s) => s.to_state === state && s.from_state !== state).length;
    expect(view.funnel.map((f) => [f.state, f.reached])).toEqual(['unpaid', 'paid', 'notShipped', 'sent', 'unrated', 'completed'].map((s) => [s, into(s)]));
    expect(view.funnel[1]?.share).toBeCloseTo(into('paid') / into('unpaid'));
    expect(view.funnel[1]?.elsewhere).toEqual([{ to: 'canceled', count: steps.filter((s) => s.from_state === 'paid' && s.to_state === 'canceled').length }]);
  });

  it("the seller filter narrows to that seller's orders; a bad period answers 4001", async () => {
    const sellerId = (await server.deps.db.selectFrom('users').select('id').where('username', '=', 'demo_seller').executeTakeFirstOrThrow()).id;
    const view = (await staff.get<ProductionView>(`/api/statecharts/production?chart=order&period=today&seller=${sellerId}`)).object;
    expect(view.filtered).toBe(true);
    const theirs = await sql<{ n: string }>`select count(*)::text as n from chart_steps s join orders o on o.id = s.record_id
      where s.chart = 'order' and o.seller_id = ${sellerId} and s.created_at >= ${view.from}::date`.execute(server.deps.db);
    expect(view.arrows.reduce((s, a) => s + a.count, 0)).toBe(Number(theirs.rows[0]?.n));
    expect(view.arrows.map((a) => a.event)).toContain('CONFIRM');
    expect(view.states.find((s) => s.state === 'notShipped')?.now).toBeGreaterThanOrEqual(1);
    expect((await staff.get('/api/statecharts/production?chart=order&period=custom&from=2026-11-10&to=2026-11-01')).code).toBe('4001');
    expect((await staff.get('/api/statecharts/production?chart=payment')).code).toBe('4001');
    expect((await staff.get('/api/statecharts/production?chart=order&country=x1')).code).toBe('4001');
  });

  it("the seller's own token is refused the view filtered to that seller; staff's is answered from the rollups", async () => {
    const sellerId = (await server.deps.db.selectFrom('users').select('id').where('username', '=', 'demo_seller').executeTakeFirstOrThrow()).id;
    const url = `/api/statecharts/production?chart=order&period=30d&seller=${sellerId}`;
    expect((await seller.get(url)).code).toBe('4003');
    const view = await staff.get<ProductionView>(url);
    expect(view.code).toBe('0000');
    const kept = await sql<{ n: string }>`select coalesce(sum(records), 0)::text as n from chart_order_state_counts where seller_id = ${sellerId} and category_id = 0`.execute(server.deps.db);
    expect(view.object.states.reduce((s, st) => s + st.now, 0)).toBe(Number(kept.rows[0]?.n));
    expect(Number(kept.rows[0]?.n)).toBeGreaterThanOrEqual(1);
    // A state's list under the same filter holds that seller's orders only (the generated ones have no seller).
    const listed = (await staff.get<ProductionRecords>(`/api/statecharts/production/state?chart=order&state=notShipped&seller=${sellerId}`)).object.list;
    expect(listed.map((r) => r.id)).toContain(orderId);
    expect(listed.every((r) => Number(r.id) < 6_000_000)).toBe(true);
    expect((await seller.get(`/api/statecharts/production/state?chart=order&state=notShipped&seller=${sellerId}`)).code).toBe('4003');
  });

  it('lists the records in a state longest waiting first, and those that took an arrow in the period', async () => {
    const waiting = (await staff.get<ProductionRecords>('/api/statecharts/production/state?chart=order&state=paid')).object;
    expect(waiting.list.length).toBeGreaterThan(1);
    expect(waiting.list.map((r) => r.waitingSeconds)).toEqual([...waiting.list.map((r) => r.waitingSeconds)].sort((a, b) => b - a));
    const cancelled = (await staff.get<ProductionRecords>('/api/statecharts/production/arrow?chart=order&period=30d&from_state=paid&event=sellerConfirmWindow&to_state=canceled')).object;
    expect(cancelled.list.map((r) => r.id).sort()).toEqual(Array.from({ length: 60 }, (_, r) => r).filter((r) => r % 6 !== 0 && r % 5 === 0).map((r) => String(6_000_000 + r)).sort());
  });

  it('a record whose 24 h confirmation window passed while the timer runner was stopped is in the stuck list, with how late it is', async () => {
    const stuck = (await staff.get<{ list: { id: string; state: string; lateSeconds: number }[] }>('/api/statecharts/production/stuck?chart=order')).object.list;
    const late = stuck.find((r) => r.id === '6100000');
    expect(late?.state).toBe('paid');
    expect(late?.lateSeconds).toBeGreaterThanOrEqual(6 * 3600 - 60);
    expect(stuck.map((r) => r.id)).not.toContain(orderId);
    expect((await staff.get<ProductionView>('/api/statecharts/production?chart=order')).object.stuck).toBe(stuck.length);
  });

  it('the CSV carries the view, one line per state and arrow', async () => {
    const url = '/api/statecharts/production/csv?chart=order&period=30d';
    const csv = await staff.raw('GET', url, { headers: staff.headersFor('GET', url) });
    expect(csv.status).toBe(200);
    const lines = csv.msg.trim().split('\n');
    expect(lines[0]).toMatch(/^kind,chart,from_day,to_day,state_or_from,event,to,now,left_or_count,median_seconds,p90_seconds,timer,by_/);
    expect(lines).toContainEqual(expect.stringMatching(/^arrow,order,\d{4}-\d{2}-\d{2},\d{4}-\d{2}-\d{2},paid,sellerConfirmWindow,canceled,,\d+,,,yes,/));
  });

  it('another (non-staff) user and a visitor are refused on every endpoint', async () => {
    const urls = [
      '/api/statecharts/production?chart=order',
      '/api/statecharts/production/state?chart=order&state=paid',
      '/api/statecharts/production/arrow?chart=order&from_state=paid&event=CONFIRM&to_state=notShipped',
      '/api/statecharts/production/stuck?chart=order',
      '/api/statecharts/production/csv?chart=order',
      // The filtered views read the per-seller, per-country and per-category rollups (migration 0032).
      '/api/statecharts/production?chart=order&period=30d&seller=1',
      '/api/statecharts/production?chart=order&period=30d&country=1&category=1',
      '/api/statecharts/production/csv?chart=order&seller=1&country=1&category=1',
    ];
    for (const url of urls) {
      expect((await buyer.get(url)).code, url).toBe('4003');
      expect((await seller.get(url)).code, url).toBe('4003');
      expect((await new ApiCaller(server.url, server.clock.now).raw('GET', url)).code, url).not.toBe('0000');
    }
  });
});
