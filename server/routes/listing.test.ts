import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../src/domain/codes';
import { emptyProductInput, type ProductInput } from '../../src/domain/schemas/catalogue';
import type { CategorySuggestion, ListingDraft } from '../../src/domain/schemas/listing';
import { insertProduct } from '../testing/commerceFixtures';
import { ApiCaller } from '../testing/apiClient';
import { startTestServer, type TestServer } from '../testing/testServer';

/**
 * The listing flow's server side (issue 37, finding 1): the category suggested from a title, from the catalogue's
 * own words, and the draft of a new listing kept per seller, read and written only by that seller.
 */
let server: TestServer;
let seller: ApiCaller;
let seller2: ApiCaller;
let buyer: ApiCaller;
let ownImages: string[];
const caller = () => new ApiCaller(server.url, server.clock.now);

beforeAll(async () => {
  server = await startTestServer();
  seller = caller();
  seller2 = caller();
  buyer = caller();
  await seller.loginAs('demo_seller');
  await seller2.loginAs('demo_seller2');
  await buyer.loginAs('demo_buyer');
  const db = server.deps.db;
  const sellerId = (await db.selectFrom('users').select('id').where('username', '=', 'demo_seller').executeTakeFirstOrThrow()).id;
  ownImages = (await db.selectFrom('image_uploads').select('image_id').where('user_id', '=', sellerId).orderBy('image_id').limit(4).execute()).map((r) => r.image_id);
  // Words no demo product has: "quokka" names three toys and one book, "zebu" one toy.
  const toys = (await db.selectFrom('categories').select('id').where('key', '=', 'toys').executeTakeFirstOrThrow()).id;
  const books = (await db.selectFrom('categories').select('id').where('key', '=', 'books').executeTakeFirstOrThrow()).id;
  for (const [title, category] of [
    ['Plush quokka', toys],
    ['Quokka puppet zebu', toys],
    ['Wooden quokka', toys],
    ['Quokka field guide', books],
  ] as const) {
    const { productId } = await insertProduct(db, { seller: 'demo_seller2', title });
    await db.updateTable('products').set({ category_id: category }).where('id', '=', BigInt(productId)).execute();
  }
});
afterAll(async () => {
  await server?.close();
});

const suggest = (who: ApiCaller, title: string) => who.get<CategorySuggestion[]>(`/api/commodity/product/category/suggest?title=${encodeURIComponent(title)}`);

describe('category suggested from the title', () => {
  it('ranks the categories whose products share the most words of the title, then the most products', async () => {
    const answer = await suggest(seller, 'Quokka zebu');
    expect(answer.code).toBe(ResponseCode.success);
    expect(answer.object.map((s) => s.key)).toEqual(['toys', 'books']);
    expect(answer.object[0]).toMatchObject({ key: 'toys', words: 2, products: 3 });
    expect(answer.object[1]).toMatchObject({ key: 'books', words: 1, products: 1 });
  });

  it('reads the demo catalogue: a teapot is for the home', async () => {
    const answer = await suggest(seller, 'Blue ceramic Teapot');
    expect(answer.object[0]?.key).toBe('home');
  });

  it('answers nothing for a title without a known word, digits only or empty', async () => {
    for (const title of ['zzqxv', '12345', '', '  ']) {
      const answer = await suggest(seller, title);
      expect(answer.code).toBe(ResponseCode.success);
      expect(answer.object).toEqual([]);
    }
  });

  it('is for sellers: a buyer is refused, a visitor is asked to log in, a bad title is a code and a message', async () => {
    expect((await suggest(buyer, 'quokka')).code).toBe(ResponseCode.forbidden);
    expect((await caller().get('/api/commodity/product/category/suggest?title=quokka')).status).not.toBe(500);
    const long = await suggest(seller, 'x'.repeat(121));
    expect(long.code).toBe(ResponseCode.invalidField);
    expect(long.msg).not.toBe('');
    expect((await seller.get('/api/commodity/product/category/suggest')).code).toBe(ResponseCode.invalidField);
  });
});

describe('the draft of a new listing', () => {
  const draft = (): ProductInput => ({ ...emptyProductInput(), title: 'Plush quokka', images: ownImages.slice(0, 3), price: '4.5', skus: [{ specification: '', colour: '', stock: '3' }] });

  it('is kept per seller, restored with its pictures in order, and only the seller reads it', async () => {
    expect((await seller.get('/api/commodity/product/draft')).object).toBeNull();
    const order = [ownImages[2], ownImages[0], ownImages[1]] as string[];
    const saved = await seller.post('/api/commodity/product/draft/save', { product: { ...draft(), images: order } });
    expect(saved.code).toBe(ResponseCode.success);
    const back = await seller.get<ListingDraft>('/api/commodity/product/draft');
    expect(back.object.product.title).toBe('Plush quokka');
    expect(back.object.product.price).toBe('4.5');
    expect(back.object.images.map((i) => i.id)).toEqual(order);
    expect(back.object.images[0]?.urls.thumb).toContain(order[0]);
    // Another seller's token reads their own (none), and cannot clear this one.
    expect((await seller2.get('/api/commodity/product/draft')).object).toBeNull();
    expect((await seller2.post('/api/commodity/product/draft/clear', {})).object).toEqual({ cleared: false });
    expect((await seller.get<ListingDraft>('/api/commodity/product/draft')).object.product.title).toBe('Plush quokka');
    // A buyer has no drafts to read or write.
    expect((await buyer.get('/api/commodity/product/draft')).code).toBe(ResponseCode.forbidden);
    expect((await buyer.post('/api/commodity/product/draft/save', { product: draft() })).code).toBe(ResponseCode.forbidden);
  });

  it("refuses another person's pictures, a repeated picture, and a malformed body, with a code and a message", async () => {
    // A picture that is not an upload of the seller's (the demo pictures are both demo sellers' uploads).
    const foreign = await seller2.post('/api/commodity/product/draft/save', { product: { ...draft(), images: ['a'.repeat(64)] } });
    expect(foreign.code).toBe(ResponseCode.invalidField);
    expect(foreign.msg).not.toBe('');
    const repeated = await seller.post('/api/commodity/product/draft/save', { product: { ...draft(), images: [ownImages[0], ownImages[0]] } });
    expect(repeated.code).toBe(ResponseCode.invalidField);
    const bad = await seller.post('/api/commodity/product/draft/save', { product: { ...draft(), price: 12 } });
    expect(bad.code).toBe(ResponseCode.invalidField);
    expect((await seller.post('/api/commodity/product/draft/save', { product: draft(), extra: 1 })).code).toBe(ResponseCode.invalidField);
    // The seller's own draft is unchanged by the refusals.
    expect((await seller.get<ListingDraft>('/api/commodity/product/draft')).object.product.images).toHaveLength(3);
  });

  it('is cleared when the seller publishes, and by the seller', async () => {
    await seller.post('/api/commodity/product/draft/save', { product: draft() });
    const published = await seller.post('/api/commodity/product/publish', { product: { ...draft(), images: [] }, submit: false });
    expect(published.code).toBe(ResponseCode.success);
    expect((await seller.get('/api/commodity/product/draft')).object).toBeNull();
    await seller.post('/api/commodity/product/draft/save', { product: draft() });
    expect((await seller.post('/api/commodity/product/draft/clear', {})).object).toEqual({ cleared: true });
    expect((await seller.get('/api/commodity/product/draft')).object).toBeNull();
  });
});
