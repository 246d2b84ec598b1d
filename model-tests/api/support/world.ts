import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { ServerChart } from '../../../src/domain/chartSteps';
import { Durations } from '../../../src/domain/constants';
import type { RoleName } from '../../../src/domain/types/user';
import { ApiCaller } from '../../../server/testing/apiClient';
import { ledgerIsBalanced, userId } from '../../../server/testing/commerceFixtures';
import type { TestServer } from '../../../server/testing/testServer';
import { balanceMismatches } from '../../../server/services/ledger';
import { timerHandlers } from '../../../server/timers/handlers';
import { runDueTimers } from '../../../server/timers/timers';

/**
 * What every API-level model walk needs of the running server: fresh people (a sandbox wallet each,
 * logged in the way the browser does, so one path's clock jumps never touch another's sessions or
 * balances), time moved by the server's clock and its timer runner, and the ledger invariants.
 */
export class World {
  private n = 0;
  /** The people of the path being walked: they log in again after a long jump of the clock, as a person would. */
  private people: { caller: ApiCaller; username: string }[] = [];
  constructor(public server: TestServer) {}

  /** A new path: its own people from now on. */
  newPath(): void {
    this.people = [];
  }

  get db() {
    return this.server.deps.db;
  }

  /** A record's rows of chart_steps, oldest first; none while it has no id yet. */
  async chartSteps(chart: ServerChart, id: string | bigint | null): Promise<{ event: string; party: string }[]> {
    if (id === null) return [];
    return this.db.selectFrom('chart_steps').select(['event', 'party']).where('chart', '=', chart).where('record_id', '=', BigInt(id)).orderBy('id').execute();
  }

  /** A new person: a sandbox wallet and a session, like a person picking "create" in the sandbox host. */
  async person(role: string, roles: RoleName[] = []): Promise<{ caller: ApiCaller; id: bigint; username: string }> {
    this.n += 1;
    const username = `mt_${role.slice(0, 8)}_${this.n}_${crypto.randomBytes(3).toString('hex')}`.toLowerCase();
    const res = await fetch(`${this.server.url}/sandbox/api/wallets`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username }) });
    if (res.status !== 201) throw new Error(`sandbox wallet ${username}: ${res.status} ${await res.text()}`);
    const caller = new ApiCaller(this.server.url, this.server.clock.now);
    await caller.loginAs(username);
    this.people.push({ caller, username });
    const id = await userId(this.db, username);
    if (roles.length) {
      // A fixture, like the seed's demo users: the role a person earns elsewhere (seller authentication, staff).
      await this.db.updateTable('users').set({ roles: JSON.stringify(roles), country_id: 4 }).where('id', '=', id).execute();
    }
    return { caller, id, username };
  }

  /** Moves the server's clock and runs the timer runner, as the server's poller would. */
  async elapse(ms: number): Promise<void> {
    this.server.clock.advance(ms);
    await runDueTimers(this.db, timerHandlers, this.server.clock.now());
    // Sessions last 30 days: after days have passed, the path's people sign in again (the screens' login gate does).
    if (ms >= Durations.day) await Promise.all(this.people.map((p) => p.caller.loginAs(p.username)));
  }

  /** The money invariants: the ledger sums to zero (and each transaction), balances equal the ledger, none negative. */
  async invariants(): Promise<string[]> {
    const wrong: string[] = [];
    if (!(await ledgerIsBalanced(this.db))) wrong.push('the ledger does not sum to zero');
    const mismatches = await balanceMismatches(this.db);
    if (mismatches.length) wrong.push(`maintained balances differ from the ledger: ${mismatches.map((m) => m.account).join(', ')}`);
    const negative = await sql<{ account: string }>`select account from account_balances where balance < 0 and (account like 'user:%' or account like 'pending:%' or account like 'escrow:%')`.execute(this.db);
    if (negative.rows.length) wrong.push(`negative balances: ${negative.rows.map((r) => r.account).join(', ')}`);
    return wrong;
  }

  /** A small PNG uploaded by the person, the way a screen uploads evidence. */
  async upload(caller: ApiCaller): Promise<string> {
    const sharp = (await import('sharp')).default;
    const colour = `#${crypto.randomBytes(3).toString('hex')}`;
    const png = await sharp({ create: { width: 8 + crypto.randomInt(40), height: 8 + crypto.randomInt(40), channels: 3, background: colour } }).png().toBuffer();
    const answer = await caller.upload(new Uint8Array(png));
    if (answer.code !== '00000') throw new Error(`upload: ${answer.code} ${answer.msg}`);
    return answer.object.id;
  }
}
