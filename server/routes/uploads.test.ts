import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../src/domain/codes';
import { emptyProductInput, type ProductInput } from '../../src/domain/schemas/catalogue';
import type { OwnProduct } from '../../src/domain/types/catalogue';
import { ApiCaller, type Answer } from '../testing/apiClient';
import { startTestServer, type TestServer } from '../testing/testServer';

/**
 * Issue 11, defect 2: every reference to an upload must be the caller's own upload. Each row of
 * `references` is one place a request names an uploaded picture; a new one (evidence, chat) adds a row.
 */
let server: TestServer;
let owner: ApiCaller;
let other: ApiCaller;
let ownerImages: string[];
let otherImages: string[];
let otherProductId: string;
const caller = () => new ApiCaller(server.url, server.clock.now);

const picture = async (n: number) =>
  sharp({ create: { width: 12 + n, height: 12, channels: 3, background: { r: (n * 37) % 256, g: (n * 91) % 256, b: (n * 13) % 256 } } }).png().toBuffer();

function product(images: string[]): ProductInput {
  return {
    ...emptyProductInput(),
    images,
    title: 'Uploads belong to their uploader',
    description: Array.from({ length: 30 }, (_, i) => `word${i}`).join(' '),
    categoryId: 3,
    condition: 'new',
    skus: [{ specification: 'One', colour: 'Blue', stock: '3' }],
    price: '2',
    shippingMethod: 'free',
    shippingFee: '0',
    shippingPlace: 'Cebu',
    visibleRange: 'global',
    globalBarter: true,
    saleCountries: [0],
    contactEmail: 'uploads@example.com',
  };
}

const references: { name: string; use: (images: string[]) => Promise<Answer>; refused: string }[] = [
  { name: 'product publish images', use: (images) => other.post('/api/commodity/product/publish', { product: product(images), submit: true }), refused: ResponseCode.invalidField },
  { name: 'product draft images', use: (images) => other.post('/api/commodity/product/publish', { product: product(images), submit: false }), refused: ResponseCode.invalidField },
  { name: 'product edit images', use: (images) => other.post('/api/commodity/product/edit', { id: otherProductId, product: product(images), submit: true }), refused: ResponseCode.invalidField },
  { name: 'head portrait', use: (images) => other.post('/api/users/user/changeHeadPortrait', { imageId: images[0] }), refused: ResponseCode.notFound },
];

beforeAll(async () => {
  server = await startTestServer();
  owner = caller();
  other = caller();
  await owner.loginAs('demo_seller');
  await other.loginAs('demo_seller2');
  ownerImages = await Promise.all([1, 2, 3].map(async (n) => (await owner.upload(await picture(n))).object.id));
  otherImages = await Promise.all([4, 5, 6].map(async (n) => (await other.upload(await picture(n))).object.id));
  const published = await other.post<OwnProduct>('/api/commodity/product/publish', { product: product(otherImages), submit: true });
  expect(published.code).toBe(ResponseCode.success);
  otherProductId = published.object.id;
});
afterAll(async () => {
  await server?.close();
});

describe('every reference to an upload is checked against its uploader', () => {
  it.each(references.map((r) => [r.name, r] as const))('%s: another user’s upload is refused and nothing changes', async (_name, reference) => {
    const before = await server.deps.db.selectFrom('product_images').select(({ fn }) => fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const portrait = await server.deps.db.selectFrom('users').select('head_portrait').where('username', '=', 'demo_seller2').executeTakeFirstOrThrow();
    const mixed = [otherImages[0] ?? '', otherImages[1] ?? '', ownerImages[0] ?? ''];
    for (const images of [ownerImages, mixed.reverse()]) {
      const answer = await reference.use(images);
      expect([reference.name, answer.code]).toEqual([reference.name, reference.refused]);
      expect(JSON.stringify(answer)).not.toMatch(/demo_seller\b|owner_id|select /i);
    }
    const after = await server.deps.db.selectFrom('product_images').select(({ fn }) => fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await server.deps.db.selectFrom('users').select('head_portrait').where('username', '=', 'demo_seller2').executeTakeFirstOrThrow()).head_portrait).toBe(portrait.head_portrait);
    // The caller's own uploads are accepted at the same place.
    expect([reference.name, (await reference.use(otherImages)).code]).toEqual([reference.name, ResponseCode.success]);
  });

  it('the same picture uploaded by two people is usable by both', async () => {
    const shared = await picture(9);
    const a = await owner.upload(shared);
    const b = await other.upload(shared);
    expect(a.object.id).toBe(b.object.id);
    expect((await other.post('/api/users/user/changeHeadPortrait', { imageId: b.object.id })).code).toBe(ResponseCode.success);
    expect((await owner.post('/api/users/user/changeHeadPortrait', { imageId: a.object.id })).code).toBe(ResponseCode.success);
  });
});

describe('a damaged upload', () => {
  it('a PNG whose header is valid but whose data is cut short answers 4001 and stores nothing', async () => {
    const whole = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123456' } }).png({ compressionLevel: 0 }).toBuffer();
    const cut = whole.subarray(0, Math.floor(whole.length / 3));
    const answer = await owner.upload(cut);
    expect(answer.code).toBe(ResponseCode.invalidField);
    expect(answer.msg).toBe('The image file is damaged or incomplete');
    const images = await server.deps.db.selectFrom('images').select(({ fn }) => fn.countAll<string>().as('n')).where('bytes', '=', cut.length).executeTakeFirstOrThrow();
    expect(Number(images.n)).toBe(0);
  });
});
