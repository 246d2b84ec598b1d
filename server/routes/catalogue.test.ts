import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../src/domain/codes';
import { feed, forceSearchPlan, indexForSearch, search, searchStores, type FeedOptions } from '../services/catalogue';
import { emptyProductInput, type ProductInput } from '../../src/domain/schemas/catalogue';
import type { CommentItem, OwnProduct, OwnProductDetail, Page, ProductCard, ProductDetail, Relation, ReviewItem, SearchAnswer, SellerApplication } from '../../src/domain/types/catalogue';
import { timerHandlers } from '../timers/handlers';
import { runDueTimers } from '../timers/timers';
import { ApiCaller } from '../testing/apiClient';
import { startTestServer, type TestServer } from '../testing/testServer';

let server: TestServer;
let seller: ApiCaller;
let seller2: ApiCaller;
let buyer: ApiCaller;
let staff: ApiCaller;
let images: string[];
const caller = () => new ApiCaller(server.url, server.clock.now);

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

function validInput(): ProductInput {
  return {
    ...emptyProductInput(),
    images: images.slice(0, 3),
    title: 'Hand-woven Zyxwv basket',
    description: `A sturdy basket ${words(30)}`,
    categoryId: 3,
    condition: 'new',
    skus: [
      { specification: 'Small', colour: 'Natural', stock: '5' },
      { specification: 'Large', colour: 'Natural', stock: '2' },
    ],
    price: '12.5',
    shippingMethod: 'collect',
    shippingFee: '0.3',
    shippingPlace: 'Manila',
    visibleRange: 'global',
    globalBarter: true,
    saleCountries: [4, 1],
    contactEmail: 'shop@example.com',
  };
}

beforeAll(async () => {
  server = await startTestServer();
  const rows = await server.deps.db.selectFrom('images').select('id').orderBy('id').limit(12).execute();
  images = rows.map((r) => r.id);
  seller = caller();
  seller2 = caller();
  buyer = caller();
  staff = caller();
  await seller.loginAs('demo_seller');
  await seller2.loginAs('demo_seller2');
  await buyer.loginAs('demo_buyer');
  await staff.loginAs('demo_arbiter');
});
afterAll(async () => {
  await server?.close();
});

/** Products whose cover columns (migration 0021's triggers) differ from their picture at position 0 and its size. */
async function coverDrift(): Promise<string[]> {
  const rows = await sql<{ id: string }>`select p.id::text from products p
    left join product_images pi on pi.product_id = p.id and pi.position = 0 left join images i on i.id = pi.image_id
    where (p.cover_image_id, p.cover_width, p.cover_height) is distinct from (pi.image_id, i.width, i.height)`.execute(server.deps.db);
  return rows.rows.map((r) => r.id);
}

describe('seeded catalogue and browsing', () => {
  it('seeds at least 200 products across every category with images', async () => {
    const count = await server.deps.db.selectFrom('products').select(({ fn }) => fn.countAll<string>().as('n')).where('status', '=', 'normal').executeTakeFirstOrThrow();
    expect(Number(count.n)).toBeGreaterThanOrEqual(200);
    const categories = await server.deps.db.selectFrom('products').select('category_id').distinct().execute();
    expect(categories.length).toBe(10);
    expect(images.length).toBeGreaterThanOrEqual(10);
  });

  it('pages the home feed with a cursor, newest first, without repeats', async () => {
    const first = await caller().get<Page<ProductCard>>('/api/commodity/product/feed?limit=20');
    expect(first.code).toBe(ResponseCode.success);
    expect(first.object.list).toHaveLength(20);
    expect(first.object.next).not.toBeNull();
    const second = await caller().get<Page<ProductCard>>(`/api/commodity/product/feed?limit=20&cursor=${first.object.next}`);
    const ids = new Set([...first.object.list, ...second.object.list].map((p) => p.id));
    expect(ids.size).toBe(40);
    expect(first.object.list[0]?.image?.urls.card).toMatch(/^\/media\/[0-9a-f]{64}-card\.webp$/);
  });

  it('shows native products only to buyers of the seller country', async () => {
    const global = await caller().get<Page<ProductCard>>('/api/commodity/product/feed?limit=50&countryId=0');
    const philippines = await caller().get<Page<ProductCard>>('/api/commodity/product/feed?limit=50&countryId=4');
    const nativeRows = await server.deps.db.selectFrom('products').innerJoin('users', 'users.id', 'products.seller_id').select(['products.id', 'users.country_id']).where('visible_range', '=', 'native').where('status', '=', 'normal').execute();
    const nativeIds = new Set(nativeRows.map((r) => r.id.toString()));
    expect(global.object.list.some((p) => nativeIds.has(p.id))).toBe(false);
    const phNative = new Set(nativeRows.filter((r) => r.country_id === 4).map((r) => r.id.toString()));
    const cnNative = new Set(nativeRows.filter((r) => r.country_id === 1).map((r) => r.id.toString()));
    expect(philippines.object.list.some((p) => phNative.has(p.id))).toBe(true);
    expect(philippines.object.list.some((p) => cnNative.has(p.id))).toBe(false);
  });

  it('filters by category and searches by product name and by user name', async () => {
    const books = await caller().get<Page<ProductCard>>('/api/commodity/product/feed?categoryId=7&limit=50');
    expect(books.object.list.length).toBeGreaterThan(5);
    expect(books.object.list.every((p) => p.categoryId === 7)).toBe(true);
    const teapot = await caller().get<SearchAnswer>(`/api/commodity/product/search?q=${encodeURIComponent('teap')}`);
    expect(teapot.object.products.list.length).toBeGreaterThan(0);
    expect(teapot.object.products.list.every((p) => /teapot/i.test(p.title))).toBe(true);
    const byUser = await caller().get<SearchAnswer>('/api/commodity/product/search?q=demo_seller2');
    expect(byUser.object.stores.map((s) => s.username)).toContain('demo_seller2');
    const nothing = await caller().get<SearchAnswer>('/api/commodity/product/search?q=%21%21%21');
    expect(nothing.object.products.list).toEqual([]);
    const empty = await caller().get('/api/commodity/product/search?q=');
    expect(empty.code).toBe(ResponseCode.invalidField);
  });

  it('answers every search the same whether it reads the name postings, walks the visible listing first or goes to the GIN index', async () => {
    const db = server.deps.db;
    const cases: FeedOptions[] = [];
    for (const countryId of [0, 1, 4]) {
      for (const q of ['tea', 'te', 'smart phone', 'demo_seller2', 'demo', 'zzzq', 'b', 'phone smart tea', 'smart 2', 'lamp 3 vintage', 'tea tea']) {
        cases.push({ countryId, q, limit: 3 });
        cases.push({ countryId, q, limit: 20, categoryId: 3 });
      }
    }
    const pages = async (o: FeedOptions) => {
      const ids: string[] = [];
      let cursor: bigint | undefined;
      for (let i = 0; i < 30; i += 1) {
        const page = await feed(db, { ...o, ...(cursor === undefined ? {} : { cursor }) });
        ids.push(...page.list.map((p) => p.id));
        if (!page.next) break;
        cursor = BigInt(page.next);
      }
      return ids;
    };
    try {
      for (const o of cases) {
        forceSearchPlan('gin');
        const gin = await pages(o);
        forceSearchPlan('walk');
        const walk = await pages(o);
        expect(walk, JSON.stringify(o)).toEqual(gin);
        forceSearchPlan('postings');
        expect(await pages(o), JSON.stringify(o)).toEqual(gin);
        expect(new Set(gin).size).toBe(gin.length);
      }
    } finally {
      forceSearchPlan(null);
    }
  });

  it('answers a search\'s first page (one statement on a small catalogue, two over the name postings) exactly as the product page and the store lookup do', async () => {
    const db = server.deps.db;
    let storesWithoutProducts = 0;
    try {
      for (const plan of ['gin', 'walk', 'postings'] as const) {
        forceSearchPlan(plan);
        for (const countryId of [0, 1, 4]) {
          for (const q of ['tea', 'smart phone', 'demo_seller2', 'demo', 'second shop', 'shop', 'zzzq', '!!!', 'zzzq demo', 'tea b']) {
            // Category 99 lists nothing: the stores must come back without any product.
            for (const o of [{ countryId, q, limit: 3 }, { countryId, q, limit: 20, categoryId: 3 }, { countryId, q, limit: 5, categoryId: 99 }]) {
              const answer = await search(db, o);
              expect(answer, JSON.stringify(o)).toEqual({ products: await feed(db, o), stores: await searchStores(db, q) });
              if (answer.stores.length && !answer.products.list.length) storesWithoutProducts += 1;
              if (answer.products.next) expect((await search(db, { ...o, cursor: BigInt(answer.products.next) })).stores).toEqual([]);
            }
          }
        }
      }
    } finally {
      forceSearchPlan(null);
    }
    expect(storesWithoutProducts).toBeGreaterThan(0);
  });

  it('moves a seller\'s native products with the seller\'s country (the visible listing follows)', async () => {
    const db = server.deps.db;
    const native = await db.selectFrom('products as p').innerJoin('users as u', 'u.id', 'p.seller_id').select(['p.id', 'p.seller_id', 'u.country_id']).where('p.visible_range', '=', 'native').where('p.status', '=', 'normal').where('u.country_id', '>', 0).orderBy('p.id', 'desc').executeTakeFirstOrThrow();
    const other = native.country_id === 4 ? 1 : 4;
    const seen = async (countryId: number) => (await feed(db, { countryId, limit: 50, cursor: native.id + 1n })).list.some((p) => p.id === native.id.toString());
    expect(await seen(native.country_id)).toBe(true);
    expect(await seen(other)).toBe(false);
    await db.updateTable('users').set({ country_id: other }).where('id', '=', native.seller_id).execute();
    try {
      expect(await seen(other)).toBe(true);
      expect(await seen(native.country_id)).toBe(false);
      expect(await seen(0)).toBe(false);
    } finally {
      await db.updateTable('users').set({ country_id: native.country_id }).where('id', '=', native.seller_id).execute();
    }
    expect(await seen(native.country_id)).toBe(true);
  });

  it('keeps the name postings in step with titles, listing and sellers\' countries (what a fresh build would hold)', async () => {
    const db = server.deps.db;
    const drift = async () => {
      const r = await sql<{ n: string }>`select count(*)::text as n from (
        (select l.country_id as key, t as token, l.product_id from product_listing l join products p on p.id = l.product_id cross join lateral search_tokens(p.title) t
          except select key, token, product_id from search_postings)
        union all
        (select key, token, product_id from search_postings
          except select l.country_id, t, l.product_id from product_listing l join products p on p.id = l.product_id cross join lateral search_tokens(p.title) t)) d`.execute(db);
      return Number(r.rows[0]?.n);
    };
    expect(await drift()).toBe(0);
    const target = await db.selectFrom('products as p').innerJoin('users as u', 'u.id', 'p.seller_id').select(['p.id', 'p.title', 'p.seller_id', 'u.country_id'])
      .where('p.status', '=', 'normal').where('p.visible_range', '=', 'native').where('u.country_id', '>', 0).orderBy('p.id').executeTakeFirstOrThrow();
    const found = async (q: string, countryId: number) => (await feed(db, { countryId, q, limit: 20 })).list.some((p) => p.id === target.id.toString());
    forceSearchPlan('postings');
    try {
      await db.updateTable('products').set({ title: 'Quokka zebra lantern 77' }).where('id', '=', target.id).execute();
      await indexForSearch(db, target.id);
      expect(await drift()).toBe(0);
      expect(await found('zebra quok', target.country_id)).toBe(true);
      expect(await found('lantern 77', target.country_id)).toBe(true);
      expect(await found('zebra', 0)).toBe(false);
      await db.updateTable('products').set({ status: 'frozen' }).where('id', '=', target.id).execute();
      expect(await drift()).toBe(0);
      expect(await found('zebra quokka', target.country_id)).toBe(false);
      await db.updateTable('products').set({ status: 'normal' }).where('id', '=', target.id).execute();
      const other = target.country_id === 4 ? 1 : 4;
      await db.updateTable('users').set({ country_id: other }).where('id', '=', target.seller_id).execute();
      expect(await drift()).toBe(0);
      expect(await found('zebra quokka', other)).toBe(true);
      expect(await found('zebra quokka', target.country_id)).toBe(false);
    } finally {
      forceSearchPlan(null);
      await db.updateTable('users').set({ country_id: target.country_id }).where('id', '=', target.seller_id).execute();
      await db.updateTable('products').set({ title: target.title, status: 'normal' }).where('id', '=', target.id).execute();
      await indexForSearch(db, target.id);
    }
    expect(await drift()).toBe(0);
  });

  it('uses the full-text index for search, not a scan', async () => {
    const plan = await server.deps.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return sql<{ 'QUERY PLAN': string }>`explain select product_id from product_search where document @@ to_tsquery('simple', 'teap:*')`.execute(trx);
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/product_search_document/);
  });

  it('answers a product detail with images, SKUs with stock, shipping and seller; refuses unknown ids clearly', async () => {
    const feed = await caller().get<Page<ProductCard>>('/api/commodity/product/feed?limit=1');
    const id = feed.object.list[0]?.id ?? '';
    const detail = await caller().get<ProductDetail>(`/api/commodity/product/detail?id=${id}`);
    expect(detail.code).toBe(ResponseCode.success);
    expect(detail.object.images.length).toBeGreaterThanOrEqual(3);
    expect(detail.object.skus.length).toBeGreaterThan(0);
    expect(detail.object.skus[0]?.stock).toBeGreaterThan(0);
    expect(detail.object.seller.username).toMatch(/^demo_seller/);
    expect(detail.object.status).toBe('normal');
    expect((await caller().get('/api/commodity/product/detail?id=999999')).code).toBe(ResponseCode.notFound);
    expect((await caller().get('/api/commodity/product/detail?id=abc')).code).toBe(ResponseCode.invalidField);
  });
});

describe('publishing, editing and review', () => {
  let productId = '';

  it('refuses publishing without a session, from a non-seller, and with malformed bodies', async () => {
    expect((await caller().post('/api/commodity/product/publish', { product: validInput(), submit: true })).code).toBe(ResponseCode.tokenEmpty);
    expect((await buyer.post('/api/commodity/product/publish', { product: validInput(), submit: true })).code).toBe(ResponseCode.forbidden);
    const notJson = await seller.raw('POST', '/api/commodity/product/publish', { headers: seller.headersFor('POST', '/api/commodity/product/publish'), body: '{oops', contentType: 'application/json' });
    expect(notJson.code).toBe(ResponseCode.malformedRequest);
    expect((await seller.post('/api/commodity/product/publish', { product: { title: 'x' }, submit: true })).code).toBe(ResponseCode.invalidField);
    expect((await seller.post('/api/commodity/product/publish', { product: validInput(), submit: true, evil: 1 })).code).toBe(ResponseCode.invalidField);
  });

  const broken: [string, (p: ProductInput) => ProductInput, string][] = [
    ['no images', (p) => ({ ...p, images: [] }), 'Please upload images'],
    ['two images', (p) => ({ ...p, images: images.slice(0, 2) }), 'Upload at least three images'],
    ['eleven images', (p) => ({ ...p, images: [...images.slice(0, 10), images[10] ?? ''] }), 'Upload at most ten images'],
    ['a repeated image', (p) => ({ ...p, images: [images[0] ?? '', images[0] ?? '', images[1] ?? ''] }), 'Do not upload repeatedly'],
    ['an image never uploaded', (p) => ({ ...p, images: [...images.slice(0, 2), 'f'.repeat(64)] }), 'Upload failed'],
    ['no title', (p) => ({ ...p, title: '  ' }), 'Please enter a title'],
    ['an all-digit title', (p) => ({ ...p, title: '123456' }), 'The title cannot be all digits'],
    ['no description', (p) => ({ ...p, description: '' }), 'Please enter a description'],
    ['a 29-word description', (p) => ({ ...p, description: words(29) }), 'The description must be at least 30 words'],
    ['no category', (p) => ({ ...p, categoryId: null }), 'Please choose a category'],
    ['an unknown category', (p) => ({ ...p, categoryId: 999 }), 'Please choose a category'],
    ['no type', (p) => ({ ...p, condition: null }), 'Please choose the type'],
    ['no attributes', (p) => ({ ...p, skus: [] }), 'Please add a specification and colour'],
    ['no specification', (p) => ({ ...p, skus: [{ specification: '', colour: 'Red', stock: '1' }] }), 'Please enter the specification'],
    ['no colour', (p) => ({ ...p, skus: [{ specification: 'S', colour: '', stock: '1' }] }), 'Please enter the colour'],
    ['no stock', (p) => ({ ...p, skus: [{ specification: 'S', colour: 'Red', stock: '' }] }), 'Please enter the stock'],
    ['zero stock', (p) => ({ ...p, skus: [{ specification: 'S', colour: 'Red', stock: '0' }] }), 'The stock cannot be 0'],
    ['no price', (p) => ({ ...p, price: '' }), 'Please enter the price'],
    ['eight decimals in the price', (p) => ({ ...p, price: '1.12345678' }), 'At most 7 decimal places'],
    ['no shipping fee', (p) => ({ ...p, shippingFee: '' }), 'Please enter the shipping fee'],
    ['eight decimals in the fee', (p) => ({ ...p, shippingFee: '0.12345678' }), 'At most 7 decimal places'],
    ['a zero fee paid in the coin', (p) => ({ ...p, shippingFee: '0' }), 'The shipping fee cannot be 0 when paid in Pi'],
    ['no shipping place', (p) => ({ ...p, shippingPlace: '' }), 'Please enter the shipping place'],
    ['no visible range', (p) => ({ ...p, visibleRange: null }), 'Please choose the visible range'],
    ['no global barter choice', (p) => ({ ...p, globalBarter: null }), 'Please choose whether to allow global barter'],
    ['no sale countries', (p) => ({ ...p, saleCountries: [] }), 'Please choose the sale countries'],
    ['31 sale countries', (p) => ({ ...p, saleCountries: Array.from({ length: 31 }, (_, i) => i + 1) }), 'At most 30 sale countries'],
    ['a repeated sale country', (p) => ({ ...p, saleCountries: [4, 4] }), 'A sale country is chosen twice'],
    ['two countries without global barter', (p) => ({ ...p, globalBarter: false, saleCountries: [4, 1] }), 'Without global barter only one sale country is allowed'],
    ['another country without global barter', (p) => ({ ...p, globalBarter: false, saleCountries: [1] }), 'Without global barter the sale country must be your own country'],
    ['a malformed e-mail', (p) => ({ ...p, contactEmail: 'shop@' }), 'Incorrect email format'],
  ];
  for (const [what, change, message] of broken) {
    it(`refuses ${what} on the server with "${message}"`, async () => {
      const answer = await seller.post('/api/commodity/product/publish', { product: change(validInput()), submit: true });
      expect(answer.code).toBe(ResponseCode.invalidField);
      expect(answer.msg).toBe(message);
    });
  }

  it('publishes a valid product into review; it is not public yet', async () => {
    const answer = await seller.post<OwnProduct>('/api/commodity/product/publish', { product: validInput(), submit: true });
    expect(answer.code).toBe(ResponseCode.success);
    expect(answer.object.status).toBe('reviewing');
    productId = answer.object.id;
    expect((await caller().get(`/api/commodity/product/detail?id=${productId}`)).code).toBe(ResponseCode.notFound);
  });

  it('lets only staff review; a failed review carries the reason to the seller', async () => {
    expect((await seller.post('/api/platform/product/review', { id: productId, decision: 'approve' })).code).toBe(ResponseCode.forbidden);
    expect((await buyer.get('/api/platform/product/list')).code).toBe(ResponseCode.forbidden);
    const queue = await staff.get<ReviewItem[]>('/api/platform/product/list?status=reviewing');
    expect(queue.object.map((p) => p.id)).toContain(productId);
    expect((await staff.post('/api/platform/product/review', { id: productId, decision: 'reject' })).msg).toBe('Please enter a reason');
    expect((await staff.post('/api/platform/product/review', { id: productId, decision: 'reject', reason: 'Photos are blurry' })).code).toBe(ResponseCode.success);
    const mine = await seller.get<OwnProduct[]>('/api/commodity/product/mine');
    const failed = mine.object.find((p) => p.id === productId);
    expect(failed?.status).toBe('reviewFailed');
    expect(failed?.reason).toBe('Photos are blurry');
    expect(failed?.allowed).toEqual(expect.arrayContaining(['SUBMIT', 'DELETE']));
    // A second decision on a product no longer in review is refused by the chart.
    expect((await staff.post('/api/platform/product/review', { id: productId, decision: 'approve' })).code).toBe(ResponseCode.invalidField);
  });

  it('refuses another seller editing, taking down or deleting the product, and a buyer too', async () => {
    const edit = { id: productId, product: validInput(), submit: true };
    expect((await seller2.post('/api/commodity/product/edit', edit)).code).toBe(ResponseCode.forbidden);
    expect((await seller2.post('/api/commodity/product/takeDown', { id: productId })).code).toBe(ResponseCode.forbidden);
    expect((await seller2.post('/api/commodity/product/delete', { id: productId })).code).toBe(ResponseCode.forbidden);
    expect((await seller2.get(`/api/commodity/product/mine/detail?id=${productId}`)).code).toBe(ResponseCode.notFound);
    expect((await buyer.post('/api/commodity/product/delete', { id: productId })).code).toBe(ResponseCode.forbidden);
    expect((await caller().post('/api/commodity/product/delete', { id: productId })).code).toBe(ResponseCode.tokenEmpty);
    expect((await seller.post('/api/commodity/product/delete', { id: 'x' })).code).toBe(ResponseCode.invalidField);
  });

  it('edits and resubmits; staff approve; the product is listed and found by search', async () => {
    const mine = await seller.get<OwnProductDetail>(`/api/commodity/product/mine/detail?id=${productId}`);
    expect(mine.object.input.title).toBe('Hand-woven Zyxwv basket');
    const bad = await seller.post('/api/commodity/product/edit', { id: productId, product: { ...mine.object.input, title: '999' }, submit: true });
    expect(bad.msg).toBe('The title cannot be all digits');
    const edited = await seller.post<OwnProduct>('/api/commodity/product/edit', { id: productId, product: { ...mine.object.input, images: images.slice(3, 7) }, submit: true });
    expect(edited.object.status).toBe('reviewing');
    expect(edited.object.reason).toBeNull();
    expect((await staff.post('/api/platform/product/review', { id: productId, decision: 'approve' })).code).toBe(ResponseCode.success);
    const detail = await caller().get<ProductDetail>(`/api/commodity/product/detail?id=${productId}`);
    expect(detail.object.status).toBe('normal');
    expect(detail.object.images.map((i) => i.id)).toEqual(images.slice(3, 7));
    expect(detail.object.price).toBe('12.5');
    expect(detail.object.shippingFee).toBe('0.3');
    const found = await caller().get<SearchAnswer>('/api/commodity/product/search?q=zyxwv&countryId=4');
    expect(found.object.products.list.map((p) => p.id)).toEqual([productId]);
    // The card shows the new first picture: the cover columns followed the pictures' replacement.
    expect(found.object.products.list[0]?.image?.id).toBe(images[3]);
    expect(await coverDrift()).toEqual([]);
  });

  it('takes down, relists, and is frozen and unfrozen by staff only', async () => {
    expect((await seller.post<OwnProduct>('/api/commodity/product/takeDown', { id: productId })).object.status).toBe('takenDown');
    expect((await caller().get(`/api/commodity/product/detail?id=${productId}`)).code).toBe(ResponseCode.notFound);
    expect((await seller.post('/api/commodity/product/takeDown', { id: productId })).code).toBe(ResponseCode.invalidField);
    expect((await seller.post<OwnProduct>('/api/commodity/product/relist', { id: productId })).object.status).toBe('normal');
    expect((await seller.post('/api/platform/product/review', { id: productId, decision: 'freeze', reason: 'x' })).code).toBe(ResponseCode.forbidden);
    expect((await staff.post('/api/platform/product/review', { id: productId, decision: 'freeze', reason: 'Counterfeit' })).code).toBe(ResponseCode.success);
    const frozen = (await seller.get<OwnProduct[]>('/api/commodity/product/mine?status=frozen')).object.find((p) => p.id === productId);
    expect(frozen?.reason).toBe('Counterfeit');
    expect(frozen?.allowed).toEqual([]);
    expect((await seller.post('/api/commodity/product/delete', { id: productId })).code).toBe(ResponseCode.invalidField);
    expect((await staff.post('/api/platform/product/review', { id: productId, decision: 'unfreeze' })).code).toBe(ResponseCode.success);
  });

  it('saves a draft with only a title, and submits it later with every rule applied', async () => {
    const draft = await seller.post<OwnProduct>('/api/commodity/product/publish', { product: { ...emptyProductInput(), title: 'Half-finished' }, submit: false });
    expect(draft.object.status).toBe('draft');
    const cover = await server.deps.db.selectFrom('products').select(['cover_image_id', 'cover_width', 'cover_height']).where('id', '=', BigInt(draft.object.id)).executeTakeFirstOrThrow();
    expect(cover).toEqual({ cover_image_id: null, cover_width: null, cover_height: null });
    expect(await coverDrift()).toEqual([]);
    const submit = await seller.post('/api/commodity/product/submit', { id: draft.object.id });
    expect(submit.code).toBe(ResponseCode.invalidField);
    expect(submit.msg).toBe('Please upload images');
    const deleted = await seller.post<OwnProduct>('/api/commodity/product/delete', { id: draft.object.id });
    expect(deleted.object.status).toBe('deleted');
    server.clock.advance(31 * 24 * 3600 * 1000);
    await runDueTimers(server.deps.db, timerHandlers, server.clock.now());
    const row = await server.deps.db.selectFrom('products').select('status').where('id', '=', BigInt(draft.object.id)).executeTakeFirstOrThrow();
    expect(row.status).toBe('backup');
    server.clock.advance(-31 * 24 * 3600 * 1000);
  });
});

describe('favourites, follows, comments, blocks and reports', () => {
  let productId = '';
  let sellerId = '';
  beforeAll(async () => {
    const feed = await caller().get<Page<ProductCard>>('/api/commodity/product/feed?limit=50');
    const product = feed.object.list.find((p) => p.sellerName === 'Demo Seller');
    productId = product?.id ?? '';
    sellerId = product?.sellerId ?? '';
  });

  it('collects and uncollects; only one’s own favourites are listed', async () => {
    expect((await caller().post('/api/commodity/collect/add', { id: productId })).code).toBe(ResponseCode.tokenEmpty);
    expect((await buyer.post('/api/commodity/collect/add', { id: productId })).code).toBe(ResponseCode.success);
    expect((await buyer.post('/api/commodity/collect/add', { id: productId })).code).toBe(ResponseCode.success);
    expect((await buyer.get<Relation>(`/api/commodity/product/relation?productId=${productId}`)).object.collected).toBe(true);
    expect((await buyer.get<Page<ProductCard>>('/api/commodity/collect/list')).object.list.map((p) => p.id)).toEqual([productId]);
    expect((await seller2.get<Page<ProductCard>>('/api/commodity/collect/list')).object.list).toEqual([]);
    expect((await buyer.post('/api/commodity/collect/add', { id: '999999' })).code).toBe(ResponseCode.notFound);
    expect((await buyer.post('/api/commodity/collect/remove', { id: productId })).code).toBe(ResponseCode.success);
    expect((await buyer.get<Page<ProductCard>>('/api/commodity/collect/list')).object.list).toEqual([]);
  });

  it('follows and unfollows a store; a buyer is not a store', async () => {
    expect((await buyer.post('/api/commodity/store/follow', { sellerId })).code).toBe(ResponseCode.success);
    expect((await caller().get<{ followers: number }>(`/api/commodity/store/info?sellerId=${sellerId}`)).object.followers).toBe(1);
    expect((await buyer.get<Relation>(`/api/commodity/product/relation?sellerId=${sellerId}`)).object.following).toBe(true);
    expect((await buyer.post('/api/commodity/store/unfollow', { sellerId })).code).toBe(ResponseCode.success);
    expect((await caller().get<{ followers: number }>(`/api/commodity/store/info?sellerId=${sellerId}`)).object.followers).toBe(0);
    const buyerId = (await buyer.get<{ id: string }>('/api/users/user/getUserNameId')).object.id;
    expect((await seller.post('/api/commodity/store/follow', { sellerId: buyerId })).code).toBe(ResponseCode.notFound);
  });

  it('needs text and a rating for a comment; the owner deletes it and blocks the author', async () => {
    expect((await buyer.post('/api/commodity/comment/add', { productId, content: '', rating: 4, anonymous: false })).msg).toBe('Please write a comment');
    expect((await buyer.post('/api/commodity/comment/add', { productId, content: 'Nice', rating: null, anonymous: false })).msg).toBe('Please choose a rating');
    expect((await buyer.post('/api/commodity/comment/add', { productId, content: 'Nice', rating: 9, anonymous: false })).code).toBe(ResponseCode.invalidField);
    const added = await buyer.post<CommentItem>('/api/commodity/comment/add', { productId, content: 'Lovely, fast shipping', rating: 5, anonymous: true });
    expect(added.code).toBe(ResponseCode.success);
    const list = await caller().get<Page<CommentItem>>(`/api/commodity/comment/list?productId=${productId}`);
    expect(list.object.list[0]).toMatchObject({ content: 'Lovely, fast shipping', rating: 5, anonymous: true, authorName: null });
    // A plain comment is not an order rating (issue 33, finding 7): the product's rating counts only buyers' RATE steps.
    expect((await caller().get<ProductDetail>(`/api/commodity/product/detail?id=${productId}`)).object.rating).toEqual({ average: null, count: 0 });
    expect((await seller2.post('/api/commodity/comment/delete', { id: added.object.id })).code).toBe(ResponseCode.forbidden);
    expect((await buyer.post('/api/commodity/comment/delete', { id: added.object.id })).code).toBe(ResponseCode.forbidden);
    expect((await seller.post('/api/commodity/comment/block', { id: added.object.id })).code).toBe(ResponseCode.success);
    expect((await seller.post('/api/commodity/comment/delete', { id: added.object.id })).code).toBe(ResponseCode.success);
    expect((await caller().get<Page<CommentItem>>(`/api/commodity/comment/list?productId=${productId}`)).object.list).toEqual([]);
    const again = await buyer.post('/api/commodity/comment/add', { productId, content: 'Again', rating: 1, anonymous: false });
    expect(again.code).toBe(ResponseCode.forbidden);
    expect(again.msg).toBe('The seller has blocked you from commenting');
  });

  it('reports a product; the report count reaches the console', async () => {
    expect((await seller2.post('/api/commodity/product/report', { productId, reason: '' })).code).toBe(ResponseCode.invalidField);
    expect((await seller2.post('/api/commodity/product/report', { productId, reason: 'Looks fake' })).code).toBe(ResponseCode.success);
    const listed = await staff.get<ReviewItem[]>('/api/platform/product/list?status=normal');
    expect(listed.object.find((p) => p.id === productId)?.reports).toBe(1);
    // The count is kept on the product with each report (issue 16): the most reported come first, and it always equals the reports filed.
    expect((await buyer.post('/api/commodity/product/report', { productId, reason: 'Not as described' })).code).toBe(ResponseCode.success);
    const queue = (await staff.get<ReviewItem[]>('/api/platform/product/list?status=normal')).object;
    expect(queue[0]).toMatchObject({ id: productId, reports: 2 });
    const drift = await sql<{ id: string }>`select p.id::text from products p where p.report_count <> (select count(*) from product_reports r where r.product_id = p.id)`.execute(server.deps.db);
    expect(drift.rows).toEqual([]);
  });
});

describe('seller authentication', () => {
  it('a buyer applies, staff refuse with a reason, the buyer applies again, staff approve, and then the buyer can publish', async () => {
    const applicant = caller();
    await applicant.loginAs('demo_buyer');
    expect((await caller().post('/api/commodity/seller/apply', {})).code).toBe(ResponseCode.tokenEmpty);
    expect((await applicant.post('/api/commodity/seller/apply', { storeName: '', realName: 'B', email: 'b@example.com', description: '' })).code).toBe(ResponseCode.invalidField);
    const form = { storeName: 'Buyer Goods', realName: 'Bea Buyer', email: 'bea@example.com', description: 'Crafts' };
    const applied = await applicant.post<SellerApplication>('/api/commodity/seller/apply', form);
    expect(applied.object.status).toBe('pending');
    expect((await applicant.post('/api/commodity/seller/apply', form)).msg).toBe('Your application is already being reviewed');
    expect((await applicant.get('/api/platform/seller/applications')).code).toBe(ResponseCode.forbidden);
    expect((await seller.post('/api/platform/seller/decide', { id: applied.object.id, decision: 'approve' })).code).toBe(ResponseCode.forbidden);
    expect((await staff.post('/api/platform/seller/decide', { id: applied.object.id, decision: 'refuse' })).msg).toBe('Please enter a reason');
    expect((await staff.post('/api/platform/seller/decide', { id: applied.object.id, decision: 'refuse', reason: 'Incomplete' })).code).toBe(ResponseCode.success);
    const mine = await applicant.get<{ seller: boolean; application: SellerApplication }>('/api/commodity/seller/application');
    expect(mine.object).toMatchObject({ seller: false, application: { status: 'refused', reason: 'Incomplete' } });
    const second = await applicant.post<SellerApplication>('/api/commodity/seller/apply', form);
    const pending = await staff.get<SellerApplication[]>('/api/platform/seller/applications');
    expect(pending.object.map((a) => a.id)).toContain(second.object.id);
    expect((await staff.post('/api/platform/seller/decide', { id: second.object.id, decision: 'approve' })).code).toBe(ResponseCode.success);
    // A new seller publishes with pictures of their own (the demo pictures are the demo sellers' uploads).
    const sharp = (await import('sharp')).default;
    const own = await Promise.all(
      ['#aa0000', '#00aa00', '#0000aa'].map(async (background) => (await applicant.upload(await sharp({ create: { width: 16, height: 16, channels: 3, background } }).png().toBuffer())).object.id),
    );
    expect((await applicant.post('/api/commodity/product/publish', { product: validInput(), submit: true })).code).toBe(ResponseCode.invalidField);
    const published = await applicant.post<OwnProduct>('/api/commodity/product/publish', { product: { ...validInput(), images: own }, submit: true });
    expect(published.code).toBe(ResponseCode.success);
  });
});
