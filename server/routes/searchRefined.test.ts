import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '../../src/domain/types/catalogue';
import { indexForSearch } from '../services/catalogue';
import { invalidateCatalogue } from '../services/catalogueCache';
import { ApiCaller } from '../testing/apiClient';
import { insertProduct } from '../testing/commerceFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';

/** Issue 22, finding 5: search sorts and filters on the server with validated parameters, says how many, suggests from the catalogue's words. */
let server: TestServer;
const caller = () => new ApiCaller(server.url, server.clock.now);
type Refined = SearchAnswer & { count: { value: number; more: boolean } };

beforeAll(async () => {
  server = await startTestServer();
  const db = server.deps.db;
  const made = [
    await insertProduct(db, { seller: 'demo_seller', title: 'Quokka lamp brass', price: '15', shippingFee: '2' }),
    await insertProduct(db, { seller: 'demo_seller', title: 'Quokka lamp paper', price: '5', shippingMethod: 'free' }),
    await insertProduct(db, { seller: 'demo_seller2', title: 'Quokka lampshade', price: '25', shippingFee: '0' }),
    await insertProduct(db, { seller: 'demo_seller2', title: 'Quokka mug', price: '8' }),
  ];
  await db.updateTable('products').set({ condition: 'secondHand' }).where('id', '=', BigInt(made[1]?.productId ?? '0')).execute();
  for (const p of made) await indexForSearch(db, BigInt(p.productId));
  invalidateCatalogue(db);
});
afterAll(async () => {
  await server?.close();
});

const titles = (a: SearchAnswer) => a.products.list.map((p) => p.title);

describe('search with sort, filters and a count', () => {
  it('sorts by price both ways and newest, and counts the matches', async () => {
    const up = await caller().get<Refined>('/api/commodity/product/search?q=quokka&sort=priceAsc');
    expect(up.code).toBe('0000');
    expect(titles(up.object)).toEqual(['Quokka lamp paper', 'Quokka mug', 'Quokka lamp brass', 'Quokka lampshade']);
    expect(up.object.count).toEqual({ value: 4, more: false });
    const down = await caller().get<Refined>('/api/commodity/product/search?q=quokka&sort=priceDesc');
    expect(titles(down.object)).toEqual(['Quokka lampshade', 'Quokka lamp brass', 'Quokka mug', 'Quokka lamp paper']);
    const newest = await caller().get<Refined>('/api/commodity/product/search?q=quokka&sort=newest');
    expect(titles(newest.object)).toEqual(['Quokka mug', 'Quokka lampshade', 'Quokka lamp paper', 'Quokka lamp brass']);
    const relevance = await caller().get<Refined>('/api/commodity/product/search?q=quokka%20lamp&sort=relevance');
    expect(titles(relevance.object).sort()).toEqual(['Quokka lamp brass', 'Quokka lamp paper', 'Quokka lampshade']);
    expect(relevance.object.count.value).toBe(3);
  });

  it('filters by price range, condition and free shipping', async () => {
    const range = await caller().get<Refined>('/api/commodity/product/search?q=quokka&sort=priceAsc&minPrice=6&maxPrice=20');
    expect(titles(range.object)).toEqual(['Quokka mug', 'Quokka lamp brass']);
    expect(range.object.count.value).toBe(2);
    const used = await caller().get<Refined>('/api/commodity/product/search?q=quokka&condition=secondHand');
    expect(titles(used.object)).toEqual(['Quokka lamp paper']);
    const free = await caller().get<Refined>('/api/commodity/product/search?q=quokka&freeShipping=1&sort=priceAsc');
    expect(titles(free.object)).toEqual(['Quokka lamp paper', 'Quokka lampshade']);
    const none = await caller().get<Refined>('/api/commodity/product/search?q=quokka&minPrice=1000');
    expect([none.object.products.list.length, none.object.count.value]).toEqual([0, 0]);
  });

  it('refuses bad parameters with a code and a message', async () => {
    for (const query of ['sort=cheapest', 'minPrice=-1', 'maxPrice=1e9', 'minPrice=9&maxPrice=2', 'condition=broken', 'freeShipping=yes', 'page=26', 'page=0', 'minPrice=0.12345678']) {
      const answer = await caller().get(`/api/commodity/product/search?q=quokka&${query}`);
      expect([query, answer.code]).toEqual([query, '4001']);
      expect(answer.msg).toBeTruthy();
    }
  });
});

describe('suggestions and popular words', () => {
  it('completes the last word from the catalogue vocabulary, keeping the words before it', async () => {
    const one = await caller().get<string[]>('/api/commodity/product/suggest?q=quok');
    expect(one.object).toContain('quokka');
    const two = await caller().get<string[]>('/api/commodity/product/suggest?q=quokka%20lamps');
    expect(two.object).toEqual(['quokka lampshade']);
    expect((await caller().get<string[]>('/api/commodity/product/suggest?q=zzzzqx')).object).toEqual([]);
    expect((await caller().get<string[]>('/api/commodity/product/suggest?q=')).object).toEqual([]);
    expect((await caller().get(`/api/commodity/product/suggest?q=${'a'.repeat(101)}`)).code).toBe('4001');
    expect((await caller().get('/api/commodity/product/suggest')).code).toBe('4001');
  });

  it('names the words most common in the newest listed titles', async () => {
    const popular = await caller().get<string[]>('/api/commodity/product/popular?countryId=0');
    expect(popular.code).toBe('0000');
    expect(popular.object.length).toBeGreaterThan(0);
    expect(popular.object.length).toBeLessThanOrEqual(8);
    // Each is a word of listed titles.
    const titles = (await server.deps.db.selectFrom('products').select('title').where('status', '=', 'normal').orderBy('id', 'desc').limit(400).execute()).map((r) => r.title.toLowerCase());
    const counts = popular.object.map((w) => titles.filter((t) => t.split(/[^\p{L}\p{N}]+/u).includes(w)).length);
    expect(counts.every((n) => n > 0)).toBe(true);
    expect(popular.object.every((w) => w.length >= 3 && !/^\d+$/.test(w))).toBe(true);
    expect((await caller().get('/api/commodity/product/popular?countryId=x')).code).toBe('4001');
  });
});
