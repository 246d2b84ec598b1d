import { sql } from 'kysely';
import { parseMoney } from '../../src/domain/money';
import { languages } from '../../src/domain/languages';
import type { Db } from './database';
import { categories, countries, demoUsers } from './seedData';
import { seedKyc } from '../services/kyc';
import { seedCatalogue } from './seedCatalogue';
import { demoTopUp } from '../services/ledger';
import { inviteCode } from '../services/users';

/** What one seed wrote: demo people and demo products added now (0 when each part was there already, or no demo). */
export interface SeedReport {
  people: number;
  products: number;
}

/**
 * Reference data is brought up to date on every start. The demo data (`demo`: the sandbox, or SEED_DEMO=1;
 * never a production start otherwise) comes in parts, each written once and checked on its own (issue 34):
 * the demo people (each added when their username is missing, demo_buyer's top-up with them), then the demo
 * catalogue (when the demo sellers have no product yet). A start that failed between the parts (the bucket
 * missing at the first start) writes the part left on the next start.
 */
export async function seed(db: Db, options: { demo: boolean; dataDir?: string }): Promise<SeedReport> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('languages')
      .values(languages.map((l, sort) => ({ code: l.code, name: l.name, native_name: l.nativeName, dir: l.dir, sort })))
      .onConflict((oc) =>
        oc.column('code').doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), native_name: eb.ref('excluded.native_name'), dir: eb.ref('excluded.dir'), sort: eb.ref('excluded.sort') })),
      )
      .execute();
    const regions: { id: number; parent_id: number | null; level: number; name: string; code: string }[] = [];
    countries.forEach((country, ci) => {
      const countryId = ci + 1;
      regions.push({ id: countryId, parent_id: null, level: 1, name: country.name, code: country.code });
      country.provinces?.forEach((province, pi) => {
        const provinceId = countryId * 100 + pi + 1;
        regions.push({ id: provinceId, parent_id: countryId, level: 2, name: province.name, code: `${country.code}-${pi + 1}` });
        province.cities.forEach((city, xi) => {
          regions.push({ id: provinceId * 100 + xi + 1, parent_id: provinceId, level: 100, name: city, code: `${country.code}-${pi + 1}-${xi + 1}` });
        });
      });
    });
    await trx
      .insertInto('regions')
      .values(regions)
      .onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), code: eb.ref('excluded.code') })))
      .execute();
    await trx
      .insertInto('categories')
      .values(categories.map((c, sort) => ({ id: sort + 1, parent_id: null, key: c.key, icon: c.icon, sort })))
      .onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({ key: eb.ref('excluded.key'), icon: eb.ref('excluded.icon'), sort: eb.ref('excluded.sort') })))
      .execute();
  });

  const report: SeedReport = { people: 0, products: 0 };
  if (!options.demo) return report;
  report.people = await seedDemoPeople(db);
  report.products = await seedCatalogue(db, options.dataDir);
  return report;
}

/** The demo people missing by username, in one transaction; answers how many were added. */
async function seedDemoPeople(db: Db): Promise<number> {
  return await db.transaction().execute(async (trx) => {
    // Two machines starting at once on one database: the second waits, then finds the people there.
    await sql`select pg_advisory_xact_lock(hashtextextended('coin-mall:seed-demo', 0))`.execute(trx);
    const present = new Set((await trx.selectFrom('users').select('username').where('username', 'in', demoUsers.map((u) => u.username)).execute()).map((r) => r.username));
    let added = 0;
    for (const u of demoUsers) {
      if (present.has(u.username)) continue;
      added += 1;
      await trx
        .insertInto('users')
        .values({
          pi_uid: u.piUid,
          username: u.username,
          nickname: u.nickname,
          invite_code: inviteCode(),
          roles: JSON.stringify(u.roles),
          country_id: u.countryId,
        })
        .execute();
      await trx
        .insertInto('sandbox_wallets')
        .values({ uid: u.piUid, username: u.username, balance: parseMoney(String(u.walletCoins)) })
        .onConflict((oc) => oc.column('uid').doNothing())
        .execute();
      const person = await trx.selectFrom('users').select('id').where('username', '=', u.username).executeTakeFirstOrThrow();
      await seedKyc(trx, person.id, u.kyc, u.nickname);
    }
    // Demo: the platform grants demo_buyer an account balance (a ledger credit from platform:topup) to try the balance payment.
    const buyer = present.has('demo_buyer') ? undefined : await trx.selectFrom('users').select('id').where('username', '=', 'demo_buyer').executeTakeFirst();
    if (buyer) await demoTopUp(trx, buyer.id, parseMoney('500'));
    return added;
  });
}
