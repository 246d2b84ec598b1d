import { openDatabase } from '../server/db/database';
import { feed } from '../server/services/catalogue';
const words = ['vintage', 'smart', 'handmade', 'classic', 'mini', 'eco', 'wooden', 'silk', 'ceramic', 'retro', 'solar', 'tea', 'phone', 'lamp', 'scarf', 'puzzle', 'coffee', 'yoga', 'backpack', 'speaker', 'vase', 'watch', 'kite', 'basket', 'candle'];
const db = await openDatabase({ databaseUrl: process.env.DB ?? 'postgres://postgres@127.0.0.1:5432/coin_mall_scale_1000000', dataDir: 'memory://', poolSize: 2 });
const times: [number, string, number][] = [];
const countries = [0, 3, 11];
for (const a of words) for (const b of words) {
  const c = countries[Math.floor(Math.random() * 3)] as number;
  const t = performance.now();
  const r = await feed(db, { countryId: c, q: `${a} ${b}`, limit: 20 });
  times.push([performance.now() - t, `${a} ${b} c${c}`, r.list.length]);
}
times.sort((x, y) => y[0] - x[0]);
const sum = times.reduce((s, t) => s + t[0], 0);
console.log('mean', (sum / times.length).toFixed(2), 'ms; worst:');
for (const t of times.slice(0, 15)) console.log(t[0].toFixed(1), t[1], t[2]);
console.log('median', times[Math.floor(times.length / 2)]?.[0].toFixed(2));
await db.destroy();
