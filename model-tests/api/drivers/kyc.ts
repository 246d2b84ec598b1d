import { sql } from 'kysely';
import { kycMachine, kycStateOf } from '../../../machines/kyc.machine';
import type { KycQueueItem, KycView } from '../../../src/domain/types/kyc';
import type { ApiCaller } from '../../../server/testing/apiClient';
import type { Answer, Driver, Person, Reading } from '../support/apiWalk';
import type { World } from '../support/world';

/**
 * The KYC chart against the server (issue 27): the person submits their identity details through
 * /api/kyc/submit (the identity screen); staff verify or reject from the console's queue
 * (/api/platform/kyc/*). The person may not decide their own check, nor may a stranger.
 */
export interface KycRecord {
  user: ApiCaller;
  staff: ApiCaller;
  stranger: ApiCaller;
  userId: string;
}

const people: Person[] = [
  { name: 'user', party: 'user' },
  { name: 'staff', party: 'staff' },
  { name: 'stranger', party: null },
];

const details = { fullName: 'Grace Hopper', birthDate: '1986-12-09', country: 'United States', documentType: 'passport', documentNumber: 'US5551234' };

async function must<T>(answer: Promise<{ code: string; msg: string; object: T }>, what: string): Promise<T> {
  const a = await answer;
  if (a.code !== '0000') throw new Error(`${what}: ${a.code} ${a.msg}`);
  return a.object;
}

export function kycDriver(world: World): Driver<KycRecord> {
  const db = world.db;
  return {
    name: 'kyc',
    machine: kycMachine,
    people,
    codeOf: (s) => kycStateOf(s.value),
    refusals: () => ['4001', '4003', '4004'],

    async begin() {
      world.newPath();
      const [user, staff, stranger] = await Promise.all([world.person('user'), world.person('staff', ['buyer', 'arbiter']), world.person('stranger')]);
      return { user: user.caller, staff: staff.caller, stranger: stranger.caller, userId: user.id.toString() };
    },

    variants: (type) => (type === 'REJECT' ? [{ type, reason: 'The photo is blurred' }] : [{ type }]),

    async send(rec, event, person) {
      const caller = person.name === 'user' ? rec.user : person.name === 'staff' ? rec.staff : rec.stranger;
      // Only the person has a door to submit their own details; anyone else's "submit" is their own check.
      if (event.type === 'SUBMIT') return person.name === 'user' ? (caller.post('/api/kyc/submit', details) as Promise<Answer>) : null;
      const reason = (event as { reason?: string }).reason;
      const body = event.type === 'VERIFY' ? { userId: rec.userId, decision: 'verify' } : { userId: rec.userId, decision: 'reject', reason: reason ?? 'no reason' };
      return caller.post('/api/platform/kyc/review', body) as Promise<Answer>;
    },

    elapse: (_rec, ms) => world.elapse(ms),

    chartSteps: (rec) => world.chartSteps('kyc', rec.userId),

    async read(rec): Promise<Reading> {
      const [mine, queue] = await Promise.all([must(rec.user.get<KycView>('/api/kyc/mine'), 'mine'), must(rec.staff.get<{ list: KycQueueItem[] }>('/api/platform/kyc/list'), 'queue')]);
      const item = queue.list.find((q) => q.userId === rec.userId);
      if (item && item.status !== mine.status) throw new Error(`the person sees ${mine.status}, staff ${item.status}`);
      return { code: mine.status, offered: { user: mine.allowed, staff: item?.allowed ?? [] } };
    },

    async fingerprint(rec) {
      const row = await sql<{ f: string }>`select concat_ws('|', k.status, k.chart::text, k.updated_at::text,
          (select count(*) from kyc_events e where e.user_id = k.user_id)) as f from kyc_records k where k.user_id = ${BigInt(rec.userId)}`.execute(db);
      return row.rows[0]?.f ?? 'none';
    },

    measure: async () => ({}),
    expect: () => ({}),
    invariants: () => world.invariants(),
  };
}
