import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { sql } from 'kysely';
import { openDatabase } from '../server/db/database';
import { ok } from '../server/http/envelope';

/**
 * The floor of bench/scale.ts as its own process, like the server it is compared with: a bare Hono app answering
 * a primary-key select of a random listed product (DATABASE_URL, PORT), in the API's answer shape. Prints "ready" when it listens.
 */
const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? null, dataDir: 'memory://', poolSize: 10 });
const ids = (await db.selectFrom('products').select('id').where('status', '=', 'normal').orderBy(sql`random()`).limit(5000).execute()).map((r) => r.id);
const app = new Hono();
app.get('/pk', async (c) => {
  const row = await db.selectFrom('products').select(['id', 'title', 'price']).where('id', '=', ids[Math.floor(Math.random() * ids.length)] ?? 1n).executeTakeFirst();
  return ok(c, { id: row?.id.toString(), title: row?.title, price: row?.price.toString() });
});
serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 0), hostname: '127.0.0.1' }, () => console.log('ready'));
