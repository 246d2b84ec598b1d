import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../src/domain/codes';
import { QuickReplyLimits } from '../../src/domain/customerService';
import type { CheckoutAnswer } from '../../src/domain/types/commerce';
import type { ConversationView, QuickReplyView } from '../../src/domain/types/customerService';
import { ApiCaller } from '../testing/apiClient';
import { insertAddress, insertProduct, userId } from '../testing/commerceFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';

/**
 * Issue 37, finding 5: a seller's quick replies, stored per seller (CRUD, limits, bad input with a code and a
 * message, another seller's and a buyer's token refused), and the chat's order and product cards with their picture.
 */
let server: TestServer;
let seller: ApiCaller;
let otherSeller: ApiCaller;
let buyer: ApiCaller;

beforeAll(async () => {
  server = await startTestServer();
  seller = new ApiCaller(server.url, server.clock.now);
  otherSeller = new ApiCaller(server.url, server.clock.now);
  buyer = new ApiCaller(server.url, server.clock.now);
  await seller.loginAs('demo_seller');
  await otherSeller.loginAs('demo_seller2');
  await buyer.loginAs('demo_buyer');
});
afterAll(async () => {
  await server?.close();
});

const list = async (caller = seller) => {
  const answer = await caller.get<QuickReplyView[]>('/api/chat/quickReply/list');
  expect(answer.code, answer.msg).toBe(ResponseCode.success);
  return answer.object;
};
const add = (body: unknown, caller = seller) => caller.post<QuickReplyView[]>('/api/chat/quickReply/add', { body });
const clear = async () => {
  for (const r of await list()) expect((await seller.post('/api/chat/quickReply/delete', { id: r.id })).code).toBe(ResponseCode.success);
};

describe('a seller’s quick replies', () => {
  it('are added, listed in the seller’s order, edited, reordered and deleted, all on the server', async () => {
    await clear();
    const first = await add('  Thanks for your order! It ships within 24 hours.  ');
    expect(first.code, first.msg).toBe(ResponseCode.success);
    // Trimmed, as the form's schema trims.
    expect(first.object.map((r) => r.body)).toEqual(['Thanks for your order! It ships within 24 hours.']);
    await add('Yes, it is in stock.');
    const three = await add('Line one\nline two');
    expect(three.object.map((r) => r.body)).toEqual(['Thanks for your order! It ships within 24 hours.', 'Yes, it is in stock.', 'Line one\nline two']);
    const [a, b, c] = three.object as [QuickReplyView, QuickReplyView, QuickReplyView];

    const edited = await seller.post<QuickReplyView[]>('/api/chat/quickReply/edit', { id: b.id, body: 'Yes, it is in stock and ships today.' });
    expect(edited.code, edited.msg).toBe(ResponseCode.success);
    expect(edited.object[1]).toEqual({ id: b.id, body: 'Yes, it is in stock and ships today.' });

    const reordered = await seller.post<QuickReplyView[]>('/api/chat/quickReply/reorder', { ids: [c.id, a.id, b.id] });
    expect(reordered.code, reordered.msg).toBe(ResponseCode.success);
    expect(reordered.object.map((r) => r.id)).toEqual([c.id, a.id, b.id]);
    // Kept: another session of the same seller reads the same list in the same order.
    const again = new ApiCaller(server.url, server.clock.now);
    await again.loginAs('demo_seller');
    expect((await list(again)).map((r) => r.id)).toEqual([c.id, a.id, b.id]);

    const deleted = await seller.post<QuickReplyView[]>('/api/chat/quickReply/delete', { id: a.id });
    expect(deleted.code, deleted.msg).toBe(ResponseCode.success);
    expect(deleted.object.map((r) => r.id)).toEqual([c.id, b.id]);
    // Positions stay dense after a delete: a new reply goes last.
    expect((await add('A new last one.')).object.map((r) => r.body).at(-1)).toBe('A new last one.');
    const positions = await server.deps.db.selectFrom('quick_replies').select('position').where('seller_id', '=', await userId(server.deps.db, 'demo_seller')).orderBy('position').execute();
    expect(positions.map((p) => p.position)).toEqual([0, 1, 2]);
  });

  it(`keep at most ${QuickReplyLimits.perSeller} a seller, ${QuickReplyLimits.textMax} characters each, the same text once: each refusal a code and a message`, async () => {
    await clear();
    const long = await add('x'.repeat(QuickReplyLimits.textMax + 1));
    expect(long.code).toBe(ResponseCode.invalidField);
    expect(long.msg).not.toBe('');
    expect((await add('x'.repeat(QuickReplyLimits.textMax))).code).toBe(ResponseCode.success);
    // Empty or only spaces, not text, a control character, an unknown field, malformed JSON: 4001 / 4000, never 5000.
    for (const body of ['', '   ', 42, null, ['a'], 'bell\u0007']) {
      const answer = await add(body);
      expect(answer.code, JSON.stringify(body)).toBe(ResponseCode.invalidField);
      expect(answer.msg).not.toBe('');
    }
    expect((await seller.post('/api/chat/quickReply/add', { body: 'Hi', extra: 1 })).code).toBe(ResponseCode.invalidField);
    const malformed = await seller.raw('POST', '/api/chat/quickReply/add', { headers: seller.headersFor('POST', '/api/chat/quickReply/add'), body: '{"body":', contentType: 'application/json' });
    expect(malformed.code).toBe(ResponseCode.malformedRequest);
    expect((await seller.post('/api/chat/quickReply/edit', { id: 'abc', body: 'Hi' })).code).toBe(ResponseCode.invalidField);
    expect((await seller.post('/api/chat/quickReply/delete', { id: '99999999999' })).code).toBe(ResponseCode.notFound);

    // The same text twice is refused with its own words.
    const twice = await add('x'.repeat(QuickReplyLimits.textMax));
    expect(twice.code).toBe(ResponseCode.invalidField);
    expect(twice.msg).toBe('You have saved this quick reply already');

    for (let n = 2; n <= QuickReplyLimits.perSeller; n++) expect((await add(`Reply number ${n}`)).code).toBe(ResponseCode.success);
    expect(await list()).toHaveLength(QuickReplyLimits.perSeller);
    const full = await add('One too many');
    expect(full.code).toBe(ResponseCode.invalidField);
    expect(full.msg).toBe(`You can keep at most ${QuickReplyLimits.perSeller} quick replies; delete one first`);
    expect(await list()).toHaveLength(QuickReplyLimits.perSeller);

    // Adds at once from two devices still keep the limit.
    await seller.post('/api/chat/quickReply/delete', { id: (await list())[0]?.id });
    const racers = await Promise.all(['Racer one', 'Racer two', 'Racer three'].map(async (body) => {
      const device = new ApiCaller(server.url, server.clock.now);
      await device.loginAs('demo_seller');
      return add(body, device);
    }));
    expect(racers.filter((r) => r.code === ResponseCode.success)).toHaveLength(1);
    expect(await list()).toHaveLength(QuickReplyLimits.perSeller);

    // A reorder names each reply once: a missing, repeated or unknown id is refused and nothing moves.
    const ids = (await list()).map((r) => r.id);
    for (const wrong of [ids.slice(1), [ids[0], ...ids.slice(0, -1)], [...ids.slice(1), '99999999999']]) {
      expect((await seller.post('/api/chat/quickReply/reorder', { ids: wrong })).code).toBe(ResponseCode.invalidField);
    }
    expect((await list()).map((r) => r.id)).toEqual(ids);
    await clear();
  });

  it('are the seller’s own: another seller’s token neither reads, edits, deletes nor reorders them; a buyer has none', async () => {
    await clear();
    const mine = (await add('Only mine.')).object[0] as QuickReplyView;
    // Another seller's list is their own, without this one.
    expect((await list(otherSeller)).map((r) => r.id)).not.toContain(mine.id);
    const edit = await otherSeller.post('/api/chat/quickReply/edit', { id: mine.id, body: 'Taken over' });
    expect(edit.code).toBe(ResponseCode.notFound);
    expect((await otherSeller.post('/api/chat/quickReply/delete', { id: mine.id })).code).toBe(ResponseCode.notFound);
    const theirs = (await list(otherSeller)).map((r) => r.id);
    expect((await otherSeller.post('/api/chat/quickReply/reorder', { ids: [...theirs, mine.id] })).code).toBe(ResponseCode.invalidField);
    expect(await list()).toEqual([mine]);
    // A buyer (no seller role) is refused every call; unsigned calls are refused before anything.
    expect((await buyer.get('/api/chat/quickReply/list')).code).toBe(ResponseCode.forbidden);
    expect((await add('A buyer reply', buyer)).code).toBe(ResponseCode.forbidden);
    expect((await buyer.post('/api/chat/quickReply/delete', { id: mine.id })).code).toBe(ResponseCode.forbidden);
    const unsigned = await (await fetch(`${server.url}/api/chat/quickReply/list`)).json() as { code: string };
    expect(unsigned.code).not.toBe(ResponseCode.success);
    expect(await list()).toEqual([mine]);
  });
});

describe('the chat’s order and product cards', () => {
  it('carry the cover at the catalogue’s card size, the name, variant × quantity and price', async () => {
    const picture = (await seller.upload(await sharp({ create: { width: 64, height: 48, channels: 3, background: `#${crypto.randomBytes(3).toString('hex')}` } }).png().toBuffer())).object.id;
    const p = await insertProduct(server.deps.db, { seller: 'demo_seller', title: 'Teak salad bowl', price: '6', shippingFee: '1', skus: [{ specification: '30 cm', colour: 'Natural', stock: 5 }] });
    await server.deps.db.insertInto('product_images').values({ product_id: BigInt(p.productId), image_id: picture, position: 0 }).execute();
    const addressId = await insertAddress(server.deps.db, 'demo_buyer');
    const placed = await buyer.post<CheckoutAnswer>('/api/commodity/orders/submit', { idempotencyKey: crypto.randomUUID(), items: [{ productId: p.productId, skuId: p.skuIds[0], quantity: 2 }], addressId, paymentMethod: 'balance' });
    expect(placed.code, placed.msg).toBe(ResponseCode.success);
    const orderId = placed.object.orders[0]?.id ?? '';
    const sellerId = (await userId(server.deps.db, 'demo_seller')).toString();

    const aboutOrder = await buyer.post<ConversationView>('/api/chat/conversation/open', { kind: 'seller', sellerId, subject: { kind: 'order', id: orderId } });
    expect(aboutOrder.code, aboutOrder.msg).toBe(ResponseCode.success);
    expect(aboutOrder.object.subject).toMatchObject({ kind: 'order', id: orderId, title: 'Teak salad bowl', imageUrl: `/media/${picture}-card.webp`, line: { variant: '30 cm · Natural', quantity: 2, unitPrice: '6' }, moreLines: 0 });
    const served = await fetch(`${server.url}${aboutOrder.object.subject?.imageUrl ?? ''}`);
    await served.arrayBuffer(); // read to its end: the connection goes back to the pool
    expect(served.status).toBe(200);
    // The seller reads the same card on their side.
    const sellerSide = await seller.get<ConversationView>(`/api/chat/conversation/detail?id=${aboutOrder.object.id}`);
    expect(sellerSide.object.subject?.imageUrl).toBe(`/media/${picture}-card.webp`);

    const aboutProduct = await buyer.post<ConversationView>('/api/chat/conversation/open', { kind: 'seller', sellerId, subject: { kind: 'product', id: p.productId } });
    expect(aboutProduct.object.subject).toMatchObject({ kind: 'product', title: 'Teak salad bowl', amount: '6', imageUrl: `/media/${picture}-card.webp`, line: null });
  });
});
