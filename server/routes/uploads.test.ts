import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Limits } from '../../src/domain/constants';
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

/** A valid grey PNG of width × height at 1 bit a pixel (small to send, but every pixel is decoded). */
function hugePng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1 bit, grey, deflate, no filter, no interlace
  const row = Math.ceil(width / 8) + 1;
  const raw = Buffer.alloc(row * height); // every row: filter 0, all black
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

describe('issue 34: uploads under load and abuse', () => {
  it('the same picture uploaded eight times at once by one person: every upload succeeds, with the same picture', async () => {
    const bytes = await sharp({ create: { width: 1000, height: 800, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();
    const answers = await Promise.all(Array.from({ length: 8 }, () => owner.upload(bytes)));
    expect(answers.map((a) => a.code)).toEqual(answers.map(() => ResponseCode.uploadSuccess));
    expect(new Set(answers.map((a) => a.object.id)).size).toBe(1);
    const full = await fetch(`${server.url}${answers[0]?.object.urls.full ?? ''}`);
    expect(full.status).toBe(200);
    expect((await full.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('a 16000 × 16000 PNG is refused from its header at once (4001, the limit in the message), and nothing is stored', async () => {
    const bytes = hugePng(16_000, 16_000);
    expect(bytes.length).toBeLessThan(Limits.imageBytesMax);
    const started = performance.now();
    const answer = await owner.upload(bytes);
    const took = performance.now() - started;
    expect(answer.code).toBe(ResponseCode.invalidField);
    expect(answer.msg).toBe(`This picture has too many pixels: at most ${Limits.imagePixelsMax / 1_000_000} megapixels`);
    // Decoding it took about 1.5 s of CPU; refused from its header it is a round trip.
    expect(took).toBeLessThan(1000);
    const images = await server.deps.db.selectFrom('images').select(({ fn }) => fn.countAll<string>().as('n')).where('bytes', '=', bytes.length).executeTakeFirstOrThrow();
    expect(Number(images.n)).toBe(0);
    // A phone's photo is far under the limit.
    expect(4000 * 3000 * 4).toBeLessThan(Limits.imagePixelsMax);
  });
});
