import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrate, openDatabase } from '../server/db/database';
import { seed } from '../server/db/seed';
import { seedScale } from '../server/db/seedScale';

/**
 * `npm run seed:scale -- --products 1000000 --users 100000 [--orders N] [--hot-ledger N]`: fills the
 * database of DATABASE_URL (or PGlite under DATA_DIR, for the smaller sizes) with generated data at
 * marketplace size, on top of the demo data. See server/db/seedScale.ts.
 */
const { values } = parseArgs({
  options: { products: { type: 'string', default: '10000' }, users: { type: 'string', default: '1000' }, orders: { type: 'string' }, 'hot-ledger': { type: 'string' } },
});
const databaseUrl = process.env.DATABASE_URL || null;
const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
const started = Date.now();
const db = await openDatabase({ databaseUrl, dataDir });
await migrate(db);
await seed(db, { demo: true, dataDir });
console.log(`seeding ${databaseUrl ? 'PostgreSQL' : `PGlite in ${dataDir}`}…`);
await seedScale(db, {
  products: Number(values.products),
  users: Number(values.users),
  ...(values.orders ? { orders: Number(values.orders) } : {}),
  ...(values['hot-ledger'] ? { hotLedgerRows: Number(values['hot-ledger']) } : {}),
  log: (line) => console.log(line),
});
await db.destroy();
console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
