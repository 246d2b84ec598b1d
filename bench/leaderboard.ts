import autocannon from 'autocannon';
import { sql } from 'kysely';
import { canonicalRequest, SignedHeader } from '../src/domain/signing';
import { dayIn, previousDay } from '../src/domain/points';
import { sign } from '../server/http/session';
import { ApiCaller } from '../server/testing/apiClient';
import { startTestServer } from '../server/testing/testServer';
import { answerTally } from './answers';
import { startServerProcess } from './serverProcess';

/**
 * Leaderboard pages at scale (issue 14 budget: p99 under 50 ms at 50 connections on PostgreSQL):
 * 100,000 users (one in a thousand frozen) and 1,000,000 points-ledger rows spread over 60 days and the
 * three kinds, with the score rows (day, month, total) the ledger keeps beside it. 50 autocannon
 * connections ask signed GET /api/ambassador/leaderboard pages; every request is signed afresh. The
 * server runs in its own process (one, then two with WORKERS=2), as `npm start` runs it.
 *
 *   npx tsx bench/leaderboard.ts                      # PostgreSQL at TEST_DATABASE_URL
 *   BENCH_USERS=1000 BENCH_ROWS=10000 BENCH_SECONDS=2 npx tsx bench/leaderboard.ts   # a smoke run
 */
const users = Number(process.env.BENCH_USERS ?? 100_000);
const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = 50;

process.env.TEST_DB = process.env.TEST_DB ?? 'postgres';
const server = await startTestServer({}, { poolSize: 20 });
try {
  const db = server.deps.db;
  const today = dayIn('UTC', Date.now());
  let first = today;
  for (let i = 0; i < 59; i++) first = previousDay(first);
  const loadStart = Date.now();
  await sql`insert into users (username, nickname, invite_code, roles, frozen)
    select 'bench_' || g, 'Bench ' || g, 'BN' || lpad(to_hex(g), 8, '0'), '["buyer"]'::jsonb, g % 1000 = 0
    from generate_series(1, ${users}) g`.execute(db);
  const ids = await sql<{ lo: bigint; hi: bigint }>`select min(id) as lo, max(id) as hi from users where username like 'bench\\_%'`.execute(db);
  const lo = ids.rows[0]?.lo ?? 1n;
  // Scores follow a skewed spread so that ties are frequent at the bottom and rare at the top.
  await sql`insert into points_entries (user_id, kind, amount, reference, day)
    select ${lo}::int8 + (g::int8 * 7919) % ${users},
           (array['checkIn','rewardedAd','ambassador'])[1 + g % 3],
           case g % 3 when 0 then 1000 when 1 then 100 else 10000 end * (1 + (g % 97) / 50),
           'bench-' || g,
           ${first}::date + ((g / 3) % 60)
    from generate_series(1, ${rows}) g`.execute(db);
  for (const [period, expr] of [
    ['day', `'d:' || day::text`],
    ['month', `'m:' || to_char(day, 'YYYY-MM')`],
    ['total', `'t'`],
  ] as const) {
    await sql`insert into points_scores (board, period, user_id, score)
      select case when kind = 'ambassador' then 'ambassador' else 'checkIn' end, ${sql.raw(expr)}, user_id, sum(amount)
      from points_entries group by 1, 2, 3
      on conflict (board, period, user_id) do update set score = excluded.score`.execute(db);
    void period;
  }
  await sql`analyze`.execute(db);
  const scoreRows = await sql<{ n: number }>`select count(*)::int as n from points_scores`.execute(db);
  console.log(`loaded ${users} users, ${rows} ledger rows, ${scoreRows.rows[0]?.n ?? 0} score rows in ${((Date.now() - loadStart) / 1000).toFixed(1)} s`);

  const caller = new ApiCaller(server.url, Date.now);
  await caller.loginAs('demo_buyer');
  server.clock.set(Date.now());
  const session = caller.session;
  if (!session) throw new Error('no session');

  const measure = async (base: string, name: string, path: string) => {
    const answers = answerTally();
    const result = await autocannon({
      url: base,
      connections,
      duration: seconds,
      requests: [
        {
          method: 'GET',
          path,
          setupRequest: (req) => ({ ...req, headers: caller.headersFor('GET', path) }),
          onResponse: (status, body) => answers.onResponse(status, body),
        },
      ],
    });
    const check = await caller.get<{ rows?: unknown[] }>(path);
    return { name, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors, refused: answers.refused, codes: answers.codes(), rows: check.object?.rows?.length ?? 0 };
  };
  // The database's own time, one at a time: reading a period's standing (once per 10 s per process and
  // period, or after a local write), a page's one query, and, for comparison, the count over the index
  // that the rank of a median score would cost without the standing.
  const someIds = (await sql<{ id: string }>`select user_id::text as id from points_scores where board = 'checkIn' and period = 't' order by score desc, user_id offset 980 limit 20`.execute(db)).rows.map((r) => r.id);
  for (const [what, text] of [
    ['standing read, check-in total', sql`explain analyze select string_agg(t.user_id::text, ','), string_agg(t.score::text, ',')
       from (select s.user_id, s.score from points_scores s where s.board = 'checkIn' and s.period = 't'
             and not exists (select 1 from users f where f.frozen and f.id = s.user_id) order by s.score desc, s.user_id) t`],
    ['page query, check-in total, page 50', sql`explain analyze select (select score from points_scores where board = 'checkIn' and period = 't' and user_id = ${lo}) as mine,
       (select json_agg(json_build_object('id', id::text, 'nickname', nickname)) from users where id = any(${`{${someIds.join(',')}}`}::int8[]) and not frozen) as names`],
    ['rank count in SQL (not used), median score', sql`explain analyze select count(*) from points_scores h where h.board = 'checkIn' and h.period = 't'
       and h.score > (select percentile_disc(0.5) within group (order by score) from points_scores where board = 'checkIn' and period = 't')`],
  ] as const) {
    const plan = await text.execute(db);
    const lines = (plan.rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']);
    console.log(`${what}: ${lines.find((l) => l.startsWith('Execution Time')) ?? '?'} (${lines[0]?.trim().slice(0, 80) ?? ''})`);
  }
  // The server runs as `npm start` runs it, in its own process(es), so that autocannon and the request
  // signing here do not share its event loop; one round with one process and one with two (WORKERS).
  const rounds: { workers: number; cases: Awaited<ReturnType<typeof measure>>[] }[] = [];
  const databaseUrl = server.database.url;
  if (!databaseUrl) throw new Error('the leaderboard bench runs on PostgreSQL (TEST_DB=postgres)');
  for (const workers of [1, 2]) {
    const child = await startServerProcess({ databaseUrl, workers, port: 18_950 + workers });
    try {
      const run = (name: string, path: string) => measure(child.url, name, path);
      // A warm-up: the connections opened and the code warm; then every standing measured read once,
      // as it is after the first request of its period (a standing is read once per 10 s per process).
      await run('warm-up', '/api/ambassador/leaderboard?board=checkIn&period=total&page=2');
      for (const [board, period] of [['checkIn', 'day'], ['checkIn', 'total'], ['ambassador', 'month']]) {
        await fetch(`${child.url}/api/ambassador/leaderboard?board=${board}&period=${period}&page=3`, { headers: caller.headersFor('GET', `/api/ambassador/leaderboard?board=${board}&period=${period}&page=3`) });
      }
      rounds.push({
        workers,
        cases: [
          // The floor: a signed request that reads the session and answers a constant (no leaderboard).
          await run('floor: getUserNameId', '/api/users/user/getUserNameId'),
          await run('check-in, day, page 1', '/api/ambassador/leaderboard?board=checkIn&period=day&page=1'),
          await run('check-in, total, page 1', '/api/ambassador/leaderboard?board=checkIn&period=total&page=1'),
          await run('ambassador, month, page 1', '/api/ambassador/leaderboard?board=ambassador&period=month&page=1'),
          await run('check-in, total, page 50', '/api/ambassador/leaderboard?board=checkIn&period=total&page=50'),
        ],
      });
      await new Promise((resolve) => setTimeout(resolve, 2000)); // requests still in flight when the last run stopped
    } finally {
      await child.stop();
    }
  }
  let worst = 0;
  for (const { workers, cases } of rounds) {
    console.log(`leaderboard pages, ${process.env.TEST_DB}, ${connections} connections, ${seconds} s each, ${workers} server process${workers > 1 ? 'es' : ''}`);
    console.log('case                          req/s   p50 ms   p99 ms   rows  errors  non-2xx  refused');
    for (const c of cases) {
      console.log(`${c.name.padEnd(28)} ${String(c.rps).padStart(6)} ${String(c.p50).padStart(8)} ${String(c.p99).padStart(8)} ${String(c.rows).padStart(6)} ${String(c.errors).padStart(7)} ${String(c.non2xx).padStart(8)} ${String(c.refused).padStart(8)}${c.refused ? ` (${c.codes})` : ''}`);
    }
    if (workers === 1) worst = Math.max(...cases.filter((c) => !c.name.startsWith('floor')).map((c) => c.p99));
  }
  console.log(`worst leaderboard p99 with one server process: ${worst} ms (budget 50 ms) ${worst < 50 ? 'met' : 'NOT met'}`);
} finally {
  await server.close();
}
