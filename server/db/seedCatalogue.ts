import { sql, type Insertable } from 'kysely';
import sharp from 'sharp';
import { productMachine } from '../../machines/product.machine';
import { parseMoney } from '../../src/domain/money';
import { applyEvent, initial, store } from '../charts/apply';
import { readConfig } from '../config';
import type { Deps } from '../deps';
import { chainOfConfig } from '../platform/chain';
import { createPlatformClient } from '../platform/client';
import { storeImage } from '../services/images';
import type { Db } from './database';
import type { ProductsTable } from './schema';
import { categories } from './seedData';

/**
 * Demo catalogue for the first start: 240 products across every category from the two demo sellers,
 * with generated pictures (24 distinct gradient images with an initial, reused), inserted in bulk.
 */
const palette = [
  ['#ff7a59', '#ffcf5c'], ['#5b8def', '#9be7ff'], ['#7b61ff', '#ff8bd8'], ['#2bb673', '#c4f07a'], ['#f2545b', '#ffb3a7'], ['#00a6a6', '#a0f1ea'],
  ['#ff9f1c', '#ffe066'], ['#3d5a80', '#98c1d9'], ['#8338ec', '#c77dff'], ['#06d6a0', '#caffbf'], ['#ef476f', '#ffd6e0'], ['#118ab2', '#8ecae6'],
];

const names: Record<string, string[]> = {
  electronics: ['Phone', 'Earbuds', 'Charger', 'Tablet', 'Smartwatch', 'Speaker', 'Power bank', 'Keyboard', 'Mouse', 'Camera', 'Router', 'Headphones'],
  fashion: ['T-shirt', 'Sneakers', 'Denim jacket', 'Scarf', 'Backpack', 'Sunglasses', 'Dress', 'Hoodie', 'Cap', 'Belt', 'Sandals', 'Wallet'],
  home: ['Lamp', 'Cushion', 'Teapot', 'Rug', 'Vase', 'Clock', 'Blanket', 'Mug set', 'Plant pot', 'Mirror', 'Shelf', 'Candle'],
  beauty: ['Face cream', 'Lipstick', 'Perfume', 'Hair oil', 'Soap bar', 'Sunscreen', 'Nail polish', 'Shampoo', 'Brush set', 'Serum', 'Lotion', 'Mask'],
  food: ['Coffee beans', 'Green tea', 'Honey', 'Dried mango', 'Chocolate', 'Rice', 'Olive oil', 'Spice mix', 'Cookies', 'Jam', 'Noodles', 'Nuts'],
  sports: ['Football', 'Yoga mat', 'Dumbbells', 'Running shoes', 'Bicycle helmet', 'Jump rope', 'Water bottle', 'Tennis racket', 'Gloves', 'Tent', 'Swim goggles', 'Sports bag'],
  books: ['Novel', 'Cookbook', 'Travel guide', 'Comic', 'Poetry', 'Atlas', 'Notebook', 'Dictionary', 'Biography', 'History book', 'Kids book', 'Sketchbook'],
  toys: ['Puzzle', 'Robot kit', 'Teddy bear', 'Board game', 'Kite', 'Toy car', 'Blocks', 'Doll', 'Yo-yo', 'Drone', 'Marbles', 'Card game'],
  services: ['Logo design', 'Translation', 'Tutoring', 'Photo editing', 'Web page', 'Music lesson', 'Resume review', 'Voice over', 'Video edit', 'Copywriting', 'Consulting', 'Repair'],
  other: ['Gift box', 'Stamp set', 'Handmade card', 'Keychain', 'Poster', 'Sticker pack', 'Umbrella', 'Coin holder', 'Lucky charm', 'Bookmark', 'Magnet', 'Badge'],
};
const adjectives = ['Classic', 'Pi', 'Deluxe', 'Mini', 'Eco', 'Smart', 'Handmade', 'Vintage', 'Pro', 'Cosy', 'Bright', 'Urban'];
const specs = [['Small', 'Medium', 'Large'], ['Standard', 'Plus'], ['64 GB', '128 GB'], ['One size']];
const colours = [['Black', 'White'], ['Red', 'Blue', 'Green'], ['Natural'], ['Pink', 'Grey']];
const filler =
  'Carefully packed and shipped from our shop. Quality checked before sending, with friendly after-sales support. Pay with Pi and enjoy fast, tracked delivery to your door. Perfect as a gift or for everyday use at home, work or travel.';

function svg(index: number, letter: string): string {
  const [a, b] = palette[index % palette.length] ?? ['#888', '#ccc'];
  const angle = (index * 37) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
  <defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
  <rect width="600" height="600" fill="url(#g)"/>
  <circle cx="${150 + (index * 53) % 300}" cy="${150 + (index * 97) % 300}" r="${90 + (index % 4) * 30}" fill="#ffffff" fill-opacity="0.18"/>
  <text x="300" y="370" font-family="DejaVu Sans, Arial, sans-serif" font-size="260" font-weight="700" fill="#ffffff" fill-opacity="0.92" text-anchor="middle">${letter}</text>
</svg>`;
}

/**
 * `dataDir`: where the server keeps its media (the configured data directory); the environment's by default.
 * Written once: nothing when the demo sellers are missing or have a product already (products are never
 * deleted, so a catalogue seeded before is never seeded twice). Answers how many products it added.
 */
export async function seedCatalogue(db: Db, dataDir?: string): Promise<number> {
  const sellers = await db.selectFrom('users').select(['id', 'username', 'country_id']).where('username', 'in', ['demo_seller', 'demo_seller2']).orderBy('username').execute();
  if (sellers.length === 0) return 0;
  const seeded = await db.selectFrom('products').select('id').where('seller_id', 'in', sellers.map((s) => s.id)).limit(1).executeTakeFirst();
  if (seeded) return 0;
  const config = { ...readConfig(process.env), ...(dataDir ? { dataDir } : {}) };
  const deps: Deps = { db, config, platform: createPlatformClient({ baseUrl: config.piPlatformUrl, apiKey: config.piApiKey }), chain: chainOfConfig(config, () => config.piPlatformUrl), now: Date.now };

  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWX';
  const images = await Promise.all(
    Array.from(letters, async (letter, i) => {
      const png = await sharp(Buffer.from(svg(i, letter))).png({ compressionLevel: 6 }).toBuffer();
      return (await storeImage(deps, png, null)).id;
    }),
  );
  // The demo sellers uploaded the demo pictures: each may use them on a product (requireOwnImages).
  await db
    .insertInto('image_uploads')
    .values(sellers.flatMap((s) => images.map((image_id) => ({ image_id, user_id: s.id }))))
    .onConflict((oc) => oc.columns(['image_id', 'user_id']).doNothing())
    .execute();
  const categoryRows = await db.selectFrom('categories').select(['id', 'key']).orderBy('sort').execute();
  const byKey = new Map(categoryRows.map((c) => [c.key, c.id]));

  const submitted = applyEvent(productMachine, initial(productMachine), { type: 'SUBMIT' }, 'seller');
  const reviewing = store(submitted);
  const listed = store(applyEvent(productMachine, submitted, { type: 'APPROVE' }, 'staff'));

  const rows: Insertable<ProductsTable>[] = [];
  const meta: { images: string[]; skus: { specification: string; colour: string; stock: number }[] }[] = [];
  let n = 0;
  for (const [ci, category] of categories.entries()) {
    const list = names[category.key] ?? names.other ?? [];
    for (let k = 0; k < 24; k += 1) {
      const seller = sellers[n % sellers.length];
      if (!seller) continue;
      const name = list[k % list.length] ?? 'Item';
      const title = `${adjectives[(k + ci) % adjectives.length]} ${name}${k >= list.length ? ` ${k - list.length + 2}` : ''}`;
      const native = n % 5 === 4;
      const chart = n % 60 === 59 ? reviewing : listed;
      const price = `${(n % 40) + 1}.${String((n * 7919) % 1000).padStart(3, '0')}`;
      const collect = n % 3 === 0;
      rows.push({
        seller_id: seller.id,
        title,
        description: `${title}: ${category.key} from ${seller.username.replace('_', ' ')}. ${filler}`,
        category_id: byKey.get(category.key) ?? ci + 1,
        condition: n % 4 === 3 ? 'secondHand' : 'new',
        price: parseMoney(price),
        shipping_fee: collect ? parseMoney(`0.${(n % 9) + 1}`) : 0n,
        shipping_method: collect ? 'collect' : 'free',
        shipping_place: seller.country_id === 1 ? 'Shenzhen, China' : 'Manila, Philippines',
        visible_range: native ? 'native' : 'global',
        global_barter: !native,
        sale_countries: JSON.stringify(native ? [seller.country_id] : n % 2 === 0 ? [0] : [1, 2, 3, 4, 5, 6, 9, 12]),
        contact_email: `${seller.username}@example.com`,
        status: String(chart.value),
        chart: JSON.stringify(chart),
        review_reason: null,
      });
      const first = (n * 5) % images.length;
      meta.push({
        images: [0, 7, 13].map((d) => images[(first + d) % images.length] ?? ''),
        skus: (specs[n % specs.length] ?? ['One size']).flatMap((specification, si) =>
          (colours[(n + si) % colours.length] ?? ['Natural']).map((colour, xi) => ({ specification, colour, stock: ((n + si * 3 + xi * 5) % 30) + 1 })),
        ),
      });
      n += 1;
    }
  }
  const added = await db.transaction().execute(async (trx) => {
    // Two machines starting at once on one database: the second waits, then finds the catalogue there.
    await sql`select pg_advisory_xact_lock(hashtextextended('coin-mall:seed-demo', 0))`.execute(trx);
    if (await trx.selectFrom('products').select('id').where('seller_id', 'in', sellers.map((s) => s.id)).limit(1).executeTakeFirst()) return 0;
    const ids = await trx.insertInto('products').values(rows).returning('id').execute();
    const imageRows = ids.flatMap((r, i) => (meta[i]?.images ?? []).map((image_id, position) => ({ product_id: r.id, image_id, position })));
    const skuRows = ids.flatMap((r, i) => (meta[i]?.skus ?? []).map((s) => ({ product_id: r.id, ...s })));
    await trx.insertInto('product_images').values(imageRows).execute();
    await trx.insertInto('product_skus').values(skuRows).execute();
    await sql`insert into product_search (product_id, document) select id, to_tsvector('simple', title) from products on conflict (product_id) do nothing`.execute(trx);
    return ids.length;
  });
  if (added === 0) return 0;
  // Fresh statistics, so the planner walks the feed index in order instead of sorting everything.
  await sql`analyze products`.execute(db);
  await sql`analyze product_images`.execute(db);
  await sql`analyze users`.execute(db);
  await sql`analyze product_search`.execute(db);
  return added;
}
