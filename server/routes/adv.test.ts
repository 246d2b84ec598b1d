import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Durations } from '../../src/domain/constants';
import { PointRewards } from '../../src/domain/points';
import type { AdRewardAnswer, AmbassadorSummary, CheckInSummary, LeaderboardPage, SignAnswer, SignCalendar, SignCheck } from '../../src/domain/types/points';
import { ApiCaller } from '../testing/apiClient';
import { userId } from '../testing/commerceFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';
import { releaseAmbassadorRewards } from '../services/ambassador';
import { postPoints } from '../services/points';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A new person: a sandbox wallet, logged in. */
async function newUser(name: string, timeZone?: string): Promise<ApiCaller> {
  const res = await fetch(`${server.url}/sandbox/api/wallets`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: name }) });
  expect(res.status).toBe(201);
  const caller = new ApiCaller(server.url, server.clock.now);
  await caller.loginAs(name);
  if (timeZone) await server.deps.db.updateTable('users').set({ time_zone: timeZone }).where('username', '=', name).execute();
  return caller;
}

async function entries(name: string, kind: string) {
  const id = await userId(server.deps.db, name);
  return server.deps.db.selectFrom('points_entries').selectAll().where('user_id', '=', id).where('kind', '=', kind).execute();
}

/** An ad session (the signed call before showAd, issue 25), then the sandbox host's ad for this person. */
async function startSession(caller: ApiCaller): Promise<string> {
  const started = await caller.post<{ session: string }>('/api/adv/ad/start', {});
  if (started.code !== '0000') throw new Error(`no ad session: ${started.code} ${started.msg}`);
  return started.object.session;
}

async function openAd(caller: ApiCaller, verdict: 'granted' | 'revoked' | 'failed' | null): Promise<{ adId: string; session: string }> {
  const session = await startSession(caller);
  const res = await fetch(`${server.url}/sandbox/api/ads`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ accessToken: caller.session?.accessToken }) });
  const { adId } = (await res.json()) as { adId: string };
  if (verdict) {
    await fetch(`${server.url}/sandbox/api/ads/${adId}/verdict`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ status: verdict }) });
  }
  return { adId, session };
}

describe('daily check-in', () => {
  it('20 concurrent check-ins by one person: one reward (code 0) and 19 code 14 "Already signed in today"', async () => {
    const ana = await newUser('ck_ana', 'Asia/Manila');
    const answers = await Promise.all(Array.from({ length: 20 }, () => ana.post<SignAnswer>('/api/adv/sign', {})));
    const codes = answers.map((a) => a.code).sort();
    expect(codes.filter((c) => c === '0')).toHaveLength(1);
    expect(codes.filter((c) => c === '14')).toHaveLength(19);
    expect(answers.find((a) => a.code === '14')?.msg).toBe('Already signed in today');
    expect(await entries('ck_ana', 'checkIn')).toHaveLength(1);
    const summary = await ana.get<CheckInSummary>('/api/adv/summary');
    expect(summary.object).toMatchObject({ signedToday: true, streak: 1, totalDays: 1, points: '1', timeZone: 'Asia/Manila' });
    expect((await ana.post<SignCheck>('/api/adv/sign/check', {})).object.signed).toBe(true);
    const calendar = await ana.post<SignCalendar>('/api/adv/sign/list', {});
    expect(calendar.code).toBe('0000');
    expect(calendar.object.days.filter((d) => d.signed)).toEqual([{ day: calendar.object.today, signed: true, reward: '1' }]);
  });

  it('the day is decided in each person\'s saved time zone, not by the device: two zones across one instant', async () => {
    server.clock.set(Date.parse('2026-03-10T09:30:00Z')); // Kiritimati 23:30 on the 10th, Los Angeles 02:30 on the 10th
    const kiri = await newUser('ck_kiri', 'Pacific/Kiritimati'); // UTC+14
    const la = await newUser('ck_la', 'America/Los_Angeles'); // UTC-7 in March 2026
    expect((await kiri.post<SignAnswer>('/api/adv/sign', {})).object.day).toBe('2026-03-10');
    expect((await la.post<SignAnswer>('/api/adv/sign', {})).object.day).toBe('2026-03-10');
    server.clock.advance(Durations.hour); // Kiritimati is on the 11th now, Los Angeles still on the 10th
    const kiriAgain = await kiri.post<SignAnswer>('/api/adv/sign', {});
    expect(kiriAgain.code).toBe('0');
    expect(kiriAgain.object).toMatchObject({ day: '2026-03-11', streak: 2, points: '2' });
    expect((await la.post('/api/adv/sign', {})).code).toBe('14');
    server.clock.set(Date.parse('2026-03-11T07:30:00Z')); // Los Angeles 00:30 on the 11th
    expect((await la.post<SignAnswer>('/api/adv/sign', {})).object).toMatchObject({ day: '2026-03-11', streak: 2 });
    const march = await kiri.post<SignCalendar>('/api/adv/sign/list', { month: '2026-03' });
    expect(march.object.days.filter((d) => d.signed).map((d) => d.day)).toEqual(['2026-03-10', '2026-03-11']);
    expect((await kiri.post('/api/adv/sign/list', { month: '2026-13' })).code).toBe('4001');
    server.clock.set(Date.now());
  });

  it('a login stores the device\'s time zone when the person has none, and never overwrites it', async () => {
    await fetch(`${server.url}/sandbox/api/wallets`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'ck_tz' }) });
    const login = async (timeZone: string) => {
      const { wallets } = (await (await fetch(`${server.url}/sandbox/api/wallets`)).json()) as { wallets: { uid: string; username: string }[] };
      const uid = wallets.find((w) => w.username === 'ck_tz')?.uid;
      const auth = (await (await fetch(`${server.url}/sandbox/api/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ uid }) })).json()) as { accessToken: string };
      return new ApiCaller(server.url, server.clock.now).post('/api/users/user/getToken', { accessToken: auth.accessToken, timeZone });
    };
    expect((await login('Europe/Paris')).code).toBe('0000');
    expect((await login('Asia/Tokyo')).code).toBe('0000');
    const row = await server.deps.db.selectFrom('users').select('time_zone').where('username', '=', 'ck_tz').executeTakeFirstOrThrow();
    expect(row.time_zone).toBe('Europe/Paris');
  });

  it('pays 1 point up to the platform\'s 1,000,000th check-in and 0.314 once check-ins exceed it', async () => {
    const one = await newUser('ck_one');
    const two = await newUser('ck_two');
    await server.deps.db.updateTable('platform_counters').set({ value: 999_999n }).where('name', '=', 'checkIns').execute();
    expect((await one.get<CheckInSummary>('/api/adv/summary')).object.nextReward).toBe('1');
    expect((await one.post<SignAnswer>('/api/adv/sign', {})).object.reward).toBe('1');
    expect((await two.get<CheckInSummary>('/api/adv/summary')).object.nextReward).toBe('0.314');
    const halved = await two.post<SignAnswer>('/api/adv/sign', {});
    expect(halved.object).toMatchObject({ reward: '0.314', points: '0.314' });
    expect((await entries('ck_two', 'checkIn')).map((e) => e.amount)).toEqual([PointRewards.checkInAfterThreshold]);
  });

  it('a body that breaks the schema is 4001, a stranger without a session is refused', async () => {
    const caller = await newUser('ck_schema');
    expect((await caller.post('/api/adv/sign', { extra: 1 })).code).toBe('4001');
    expect((await new ApiCaller(server.url, server.clock.now).post('/api/adv/sign', {})).code).toBe('1000');
  });
});

describe('rewarded video', () => {
  it('pays an ad id the platform granted once, however often it is claimed; another person\'s ad id is refused', async () => {
    const vic = await newUser('ad_vic');
    const { adId, session } = await openAd(vic, 'granted');
    const first = await vic.post<AdRewardAnswer>('/api/adv/ad/reward', { adId, seconds: 15, session });
    expect(first.object).toMatchObject({ adId, status: 'granted', rewarded: true, reward: '0.1', points: '0.1' });
    const again = await Promise.all(Array.from({ length: 5 }, () => vic.post<AdRewardAnswer>('/api/adv/ad/reward', { adId, seconds: 15, session })));
    for (const a of again) expect(a.object.points).toBe('0.1');
    expect(await entries('ad_vic', 'rewardedAd')).toHaveLength(1);
    const summary = await vic.get<CheckInSummary>('/api/adv/summary');
    expect(summary.object).toMatchObject({ adsToday: 1, adSecondsToday: 15, adSecondsTotal: 15 });
    const thief = await newUser('ad_thief');
    expect((await thief.post('/api/adv/ad/reward', { adId, session })).code).toBe('4003');
    expect((await thief.post('/api/adv/ad/reward', { adId, session: await startSession(thief) })).code).toBe('4003');
  });

  it('a revoked or failed ad pays nothing, ever; an ad closed early (not acknowledged) pays nothing and is not recorded', async () => {
    const rey = await newUser('ad_rey');
    for (const verdict of ['revoked', 'failed'] as const) {
      const { adId, session } = await openAd(rey, verdict);
      const answer = await rey.post<AdRewardAnswer>('/api/adv/ad/reward', { adId, session });
      expect(answer.object).toMatchObject({ status: verdict, rewarded: false, reward: '0', points: '0' });
      await fetch(`${server.url}/sandbox/api/ads/${adId}/verdict`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ status: 'granted' }) });
      expect((await rey.post<AdRewardAnswer>('/api/adv/ad/reward', { adId, session })).object.rewarded).toBe(false);
    }
    const closed = await openAd(rey, null);
    expect((await rey.post<AdRewardAnswer>('/api/adv/ad/reward', { adId: closed.adId, session: closed.session })).object).toMatchObject({ status: null, rewarded: false });
    expect(await server.deps.db.selectFrom('rewarded_ads').select('ad_id').where('ad_id', '=', closed.adId).executeTakeFirst()).toBeUndefined();
    expect(await entries('ad_rey', 'rewardedAd')).toHaveLength(0);
    const session = await startSession(rey);
    expect((await rey.post('/api/adv/ad/reward', { adId: 'x y', session })).code).toBe('4001');
    expect((await rey.post('/api/adv/ad/reward', { adId: 'ad_no_session' })).code).toBe('4001');
    // An ad id the platform does not know: the platform refused, nothing is paid.
    expect((await rey.post('/api/adv/ad/reward', { adId: 'ad_unknown', session })).code).toBe('4100');
  });
});

describe('issue 25: a rewarded ad belongs to the person who asked for it', () => {
  it('finding 1: a stranger who learns the ad id is refused, and the watcher is still paid', async () => {
    const watcher = await newUser('ad_watcher');
    const stranger = await newUser('ad_stranger');
    const { adId, session } = await openAd(watcher, 'granted');
    // With no session, with the watcher's session, and with one of the stranger's own opened after the ad.
    server.clock.advance(10_000);
    const own = await startSession(stranger);
    for (const attempt of [{ adId, session }, { adId, session: own }]) {
      const answer = await stranger.post<AdRewardAnswer>('/api/adv/ad/reward', attempt);
      expect(answer.code).toBe('4003');
    }
    expect(await entries('ad_stranger', 'rewardedAd')).toHaveLength(0);
    const paid = await watcher.post<AdRewardAnswer>('/api/adv/ad/reward', { adId, session, seconds: 30 });
    expect(paid.code).toBe('0000');
    expect(paid.object).toMatchObject({ rewarded: true, reward: '0.1' });
    // A session takes one ad: the stranger's session cannot take a second claim of it either.
    expect((await stranger.post('/api/adv/ad/reward', { adId, session: own })).code).toBe('4003');
  });

  it('finding 2: 20 granted ads claimed at once by one person pay exactly 10', async () => {
    const greedy = await newUser('ad_greedy');
    const ads = [];
    for (let i = 0; i < 20; i += 1) ads.push(await openAd(greedy, 'granted'));
    const answers = await Promise.all(ads.map(({ adId, session }) => greedy.post<AdRewardAnswer>('/api/adv/ad/reward', { adId, session })));
    expect(answers.every((a) => a.code === '0000')).toBe(true);
    expect(answers.filter((a) => a.object.rewarded)).toHaveLength(10);
    expect(await entries('ad_greedy', 'rewardedAd')).toHaveLength(10);
  });
});

describe('ambassador programme', () => {
  it('an inviter\'s code is named once, never one\'s own, never closing a cycle', async () => {
    const amy = await newUser('amb_amy');
    const ben = await newUser('amb_ben');
    const cat = await newUser('amb_cat');
    const code = async (c: ApiCaller) => (await c.get<{ inviteCode: string }>('/api/users/user/getUserNameId')).object.inviteCode;
    const own = await amy.post('/api/ambassador/inviter', { inviteCode: await code(amy) });
    expect(own.code).toBe('4003');
    expect((await ben.post('/api/ambassador/inviter', { inviteCode: await code(amy) })).code).toBe('0000'); // amy invited ben
    expect((await ben.post('/api/ambassador/inviter', { inviteCode: await code(cat) })).code).toBe('4003'); // once
    expect((await cat.post('/api/ambassador/inviter', { inviteCode: await code(ben) })).code).toBe('0000'); // ben invited cat
    expect((await amy.post('/api/ambassador/inviter', { inviteCode: await code(cat) })).code).toBe('4003'); // amy <- cat <- ben <- amy: a cycle
    expect((await amy.post('/api/ambassador/inviter', { inviteCode: await code(ben) })).code).toBe('4003'); // a two-cycle too
    expect((await amy.post('/api/ambassador/inviter', { inviteCode: 'NOSUCH99' })).code).toBe('4004');
    const summary = await amy.get<AmbassadorSummary>('/api/ambassador/summary');
    expect(summary.object).toMatchObject({ invitees: 1, qualified: 0, level: 1, medal: 'bronze', held: 1, totalProfit: '0' });
    const invitees = await amy.get<{ list: { nickname: string; qualified: boolean }[] }>('/api/ambassador/invitees');
    expect(invitees.object.list).toEqual([expect.objectContaining({ nickname: 'amb_ben', qualified: false })]);
  });

  it('a code named at registration binds the new account; an unknown one refuses the registration before the code is used', async () => {
    const host = await newUser('amb_host');
    const code = (await host.get<{ inviteCode: string }>('/api/users/user/getUserNameId')).object.inviteCode;
    const caller = new ApiCaller(server.url, server.clock.now);
    const email = 'invited@example.com';
    expect((await caller.post('/api/users/code/send', { email, purpose: 'register' })).code).toBe('0000');
    const mail = await server.deps.db.selectFrom('outbox').select('body').where('to_address', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const emailCode = /\b(\d{6})\b/.exec(mail.body)?.[1] ?? '';
    const base = { email, code: emailCode, password: 'correct horse', confirmPassword: 'correct horse', agreement: true };
    const unknown = await caller.post('/api/users/user/register', { ...base, inviteCode: 'NOSUCH99' });
    expect(unknown.code).toBe('4004');
    expect(unknown.msg).toBe('No one has this invite code');
    expect((await caller.post('/api/users/user/register', { ...base, inviteCode: code.toLowerCase() })).code).toBe('0000');
    const row = await server.deps.db.selectFrom('users').select('invited_by').where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.invited_by).toBe(await userId(server.deps.db, 'amb_host'));
  });

  it('pays the inviter only once the invitee\'s first order is past its after-sale window, and never for a refunded one', async () => {
    const db = server.deps.db;
    const ida = await newUser('amb_ida');
    const code = (await ida.get<{ inviteCode: string }>('/api/users/user/getUserNameId')).object.inviteCode;
    const kept = await newUser('amb_kept');
    const refunded = await newUser('amb_refunded');
    expect((await kept.post('/api/ambassador/inviter', { inviteCode: code })).code).toBe('0000');
    expect((await refunded.post('/api/ambassador/inviter', { inviteCode: code })).code).toBe('0000');
    const seller = await userId(db, 'demo_seller');
    const receivedAt = server.clock.now();
    const order = async (buyer: string, status: string) => {
      const buyerId = await userId(db, buyer);
      const checkout = await db.insertInto('checkouts').values({ buyer_id: buyerId, idempotency_key: `k-${buyer}` }).returning('id').executeTakeFirstOrThrow();
      const row = await db
        .insertInto('orders')
        .values({
          order_no: `AMB-${buyer}`,
          checkout_id: checkout.id,
          buyer_id: buyerId,
          seller_id: seller,
          status,
          chart: JSON.stringify({ value: status, context: {} }),
          goods_amount: 10n,
          shipping_amount: 0n,
          total_amount: 10n,
          handling_fee: 0n,
          payment_method: 'balance',
          delivery: JSON.stringify({}),
          expires_at: new Date(receivedAt),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('order_events').values({ order_id: row.id, event: 'CONFIRM_RECEIPT', party: 'buyer', from_stage: 'sent', to_stage: 'unrated', created_at: new Date(receivedAt) }).execute();
    };
    await order('amb_kept', 'unrated');
    await order('amb_refunded', 'refunded');
    server.clock.advance(Durations.afterSaleWindow - Durations.minute);
    expect(await releaseAmbassadorRewards(server.deps)).toBe(0);
    server.clock.advance(2 * Durations.minute);
    expect(await releaseAmbassadorRewards(server.deps)).toBe(1);
    expect(await releaseAmbassadorRewards(server.deps)).toBe(0);
    const summary = await ida.get<AmbassadorSummary>('/api/ambassador/summary');
    expect(summary.object).toMatchObject({ invitees: 2, qualified: 1, totalProfit: '10', monthProfit: '10', held: 1 });
    expect(await entries('amb_ida', 'ambassador')).toHaveLength(1);
    const info = await ida.get<{ ambassadorLevel: number; medalLevel: number }>('/api/users/user/getUserInfo');
    expect(info.object).toMatchObject({ ambassadorLevel: 1, medalLevel: 1 });
    server.clock.set(Date.now());
  });
});

describe('leaderboards', () => {
  it('rank with ties (1, 1, 3), frozen people left out, paged; day, month and total', async () => {
    const names = ['lb_x', 'lb_y', 'lb_z', 'lb_frozen'];
    const callers: ApiCaller[] = [];
    for (const n of names) callers.push(await newUser(n)); // one after another: ties are ordered by user id
    const today = (await callers[0]?.get<CheckInSummary>('/api/adv/summary'))?.object.today ?? '';
    const scores = [900_000n, 900_000n, 800_000n, 2_000_000n];
    const ids = await Promise.all(names.map((name) => userId(server.deps.db, name)));
    await server.deps.db.transaction().execute(async (trx) => {
      for (const [i, id] of ids.entries()) await postPoints(trx, { userId: id, kind: 'ambassador', amount: scores[i] ?? 0n, reference: `lb-${names[i] ?? ''}`, day: today });
    });
    await server.deps.db.updateTable('users').set({ frozen: true }).where('username', '=', 'lb_frozen').execute();
    const viewer = callers[0] as ApiCaller;
    for (const period of ['day', 'month', 'total'] as const) {
      const page = await viewer.get<LeaderboardPage>(`/api/ambassador/leaderboard?board=ambassador&period=${period}`);
      expect(page.code).toBe('0000');
      expect(page.object.rows.slice(0, 3)).toEqual([
        { rank: 1, nickname: 'lb_x', score: '900', me: true },
        { rank: 1, nickname: 'lb_y', score: '900', me: false },
        { rank: 3, nickname: 'lb_z', score: '800', me: false },
      ]);
      expect(page.object.rows.some((r) => r.nickname === 'lb_frozen')).toBe(false);
      expect(page.object.mine).toEqual({ rank: 1, score: '900' });
    }
    const third = await (callers[2] as ApiCaller).get<LeaderboardPage>('/api/ambassador/leaderboard?board=ambassador&period=total&page=2');
    expect(third.object.mine).toEqual({ rank: 3, score: '800' });
    const second = await viewer.get<LeaderboardPage>('/api/ambassador/leaderboard?board=ambassador&period=total&page=2');
    expect(second.object.rows.every((r) => r.rank > 3)).toBe(true);
    const checkIns = await viewer.get<LeaderboardPage>('/api/ambassador/leaderboard?board=checkIn&period=total');
    expect(checkIns.object.rows.length).toBeGreaterThan(0);
    expect((await viewer.get('/api/ambassador/leaderboard?board=nope&period=day')).code).toBe('4001');
  });
});

describe('leaderboard standings', () => {
  it('every page agrees with SQL rank() over random scores with ties; another person’s new points show on the next read', async () => {
    const viewer = await newUser('st_viewer');
    const today = (await viewer.get<CheckInSummary>('/api/adv/summary')).object.today;
    const inserted = await server.deps.db
      .insertInto('users')
      .values(Array.from({ length: 57 }, (_, i) => ({ username: `st_${i}`, nickname: `st_${i}`, invite_code: `ST${String(i).padStart(6, '0')}`, roles: JSON.stringify(['buyer']), frozen: i % 19 === 7 })))
      .returning('id')
      .execute();
    await server.deps.db.transaction().execute(async (trx) => {
      for (const [i, row] of inserted.entries()) {
        // Few distinct amounts, so that ties are common; some people score twice.
        await postPoints(trx, { userId: row.id, kind: 'rewardedAd', amount: BigInt(1 + ((i * 7) % 5)) * 10_000_000n, reference: `st-a-${i}`, day: today });
        if (i % 3 === 0) await postPoints(trx, { userId: row.id, kind: 'checkIn', amount: 10_000_000n, reference: `st-b-${i}`, day: today });
      }
    });
    const expected = async () =>
      (
        await sql<{ nickname: string; rank: number }>`select u.nickname, (rank() over (order by s.score desc))::int as rank
          from points_scores s join users u on u.id = s.user_id where s.board = 'checkIn' and s.period = 't' and not u.frozen
          order by s.score desc, s.user_id`.execute(server.deps.db)
      ).rows;
    const shown = async () => {
      const all: { nickname: string; rank: number }[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await viewer.get<LeaderboardPage>(`/api/ambassador/leaderboard?board=checkIn&period=total&page=${page}`);
        expect(answer.code).toBe('0000');
        all.push(...answer.object.rows.map((r) => ({ nickname: r.nickname, rank: r.rank })));
        if (!answer.object.hasMore) return all;
      }
    };
    const before = await expected();
    expect(before.length).toBeGreaterThan(40);
    expect(await shown()).toEqual(before);
    // Somebody else climbs to the top: the standing is read again after this process's write.
    const climber = inserted[10]?.id ?? 0n;
    await server.deps.db.transaction().execute((trx) => postPoints(trx, { userId: climber, kind: 'checkIn', amount: 1_000_000_000n, reference: 'st-climb', day: today }));
    const after = await expected();
    expect(after[0]).toEqual({ nickname: 'st_10', rank: 1 });
    expect(await shown()).toEqual(after);
  });
});
