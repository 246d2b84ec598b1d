import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../src/domain/codes';
import { mediaKeys, privateImageUrls } from '../services/images';
import { ApiCaller } from '../testing/apiClient';
import { startTestBucket, type TestBucket } from '../testing/s3';
import { startTestServer, type TestServer } from '../testing/testServer';
import { copyLocalMedia } from './copyToBucket';
import { readConfig } from '../config';
import { closeMediaStore, localMediaStore, mediaStore, s3Client, s3MediaStore } from './store';

/**
 * Issue 28: pictures in an S3-compatible bucket (a real S3-protocol server, s3rver, in this process; the
 * real SDK), served through the app as before: public ones with their year-long caching, private ones
 * only by a signed URL; and the command that copies a data directory's pictures into the bucket.
 */
let bucket: TestBucket;
let server: TestServer;
let dataDir: string;
let seller: ApiCaller;

const picture = (seed: number) =>
  sharp({ create: { width: 700 + seed, height: 500, channels: 3, background: { r: seed % 256, g: (seed * 7) % 256, b: 90 } } }).png().toBuffer();

async function databaseKey(): Promise<Buffer> {
  const row = await server.deps.db.selectFrom('media_key').select('key').where('id', '=', 1).executeTakeFirstOrThrow();
  return Buffer.from(row.key, 'hex');
}

async function bucketBytes(name: string): Promise<Buffer> {
  const client = s3Client(bucket.media);
  const object = await client.send(new GetObjectCommand({ Bucket: bucket.media.bucket, Key: `media/${name}` }));
  const bytes = Buffer.from(await (object.Body?.transformToByteArray() ?? new Uint8Array()));
  client.destroy();
  return bytes;
}

beforeAll(async () => {
  bucket = await startTestBucket();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coin-mall-media-'));
  server = await startTestServer({ media: bucket.media, dataDir });
  seller = new ApiCaller(server.url, server.clock.now);
  await seller.loginAs('demo_seller');
});
afterAll(async () => {
  await server?.close();
  await bucket?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('pictures in the bucket', () => {
  it('an upload lands in the bucket (not the data directory) and is served from it with year-long caching', async () => {
    const uploaded = await seller.upload(await picture(1));
    expect(uploaded.code).toBe(ResponseCode.uploadSuccess);
    const id = uploaded.object.id;
    for (const size of ['thumb', 'card', 'full'] as const) {
      const res = await fetch(`${server.url}${uploaded.object.urls[size]}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const served = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get('content-length'))).toBe(served.length);
      expect(served.equals(await bucketBytes(`${id}-${size}.webp`))).toBe(true);
      expect((await sharp(served).metadata()).format).toBe('webp');
    }
    expect(fs.existsSync(path.join(dataDir, 'media'))).toBe(false);
    // The same picture again is the same object: nothing new is written, the answer is the same.
    const again = await seller.upload(await picture(1));
    expect(again.object.id).toBe(id);
  });

  it('a picture the bucket does not have is 404, and a name that is not a picture never reaches the store', async () => {
    expect((await fetch(`${server.url}/media/${'a'.repeat(64)}-card.webp`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });

  it('a private picture is served from the bucket only with a valid, unexpired signature', async () => {
    const uploaded = await seller.upload(await picture(2));
    const id = uploaded.object.id;
    await server.deps.db.insertInto('private_images').values({ image_id: id }).execute();
    expect((await fetch(`${server.url}/media/${id}-card.webp`)).status).toBe(404);
    const signed = privateImageUrls((await mediaKeys(server.deps)).sign, id, server.clock.now());
    const res = await fetch(`${server.url}${signed.card}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(Buffer.from(await res.arrayBuffer()).equals(await bucketBytes(`${id}-card.webp`))).toBe(true);
    const forged = signed.card.replace(/sig=([0-9a-f])/, (_, c: string) => `sig=${c === '0' ? '1' : '0'}`);
    expect((await fetch(`${server.url}${forged}`)).status).toBe(404);
    server.clock.advance(2 * 3600_000);
    expect((await fetch(`${server.url}${signed.card}`)).status).toBe(404);
  });

  it('MEDIA_URL_SECRET signs private URLs; during a rotation the previous secret is still honoured, no other', async () => {
    const uploaded = await seller.upload(await picture(3));
    const id = uploaded.object.id;
    await server.deps.db.insertInto('private_images').values({ image_id: id }).execute();
    const [older, newer, stranger] = ['older', 'newer', 'stranger'].map((s) => `${s}-${crypto.randomBytes(16).toString('hex')}`);
    const url = (secret: string | undefined) => `${server.url}${privateImageUrls(Buffer.from(secret ?? ''), id, server.clock.now()).thumb}`;
    const config = server.deps.config;
    try {
      config.mediaUrlSecret = older ?? null;
      expect((await mediaKeys(server.deps)).sign.toString()).toBe(older);
      expect((await fetch(url(older))).status).toBe(200);
      config.mediaUrlSecret = newer ?? null;
      expect((await fetch(url(older))).status).toBe(404);
      config.mediaUrlSecretPrevious = older ?? null;
      expect((await mediaKeys(server.deps)).sign.toString()).toBe(newer);
      expect((await fetch(url(older))).status).toBe(200);
      expect((await fetch(url(newer))).status).toBe(200);
      expect((await fetch(url(stranger))).status).toBe(404);
      // Moving off the database's key: URLs it signed stay good while it is named the previous one.
      const fromDatabase = `${server.url}${privateImageUrls(await databaseKey(), id, server.clock.now()).thumb}`;
      expect((await fetch(fromDatabase)).status).toBe(404);
      config.mediaUrlSecretPrevious = 'database';
      expect((await fetch(fromDatabase)).status).toBe(200);
      expect((await fetch(url(older))).status).toBe(404);
    } finally {
      config.mediaUrlSecret = null;
      config.mediaUrlSecretPrevious = null;
    }
  });
});

describe('copying a data directory into the bucket (npm run media:to-bucket)', () => {
  it('copies every picture once, leaves other files, and the app then serves them from the bucket', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coin-mall-local-media-'));
    try {
      const local = localMediaStore(dir);
      const bytes = await sharp(await picture(4)).webp().toBuffer();
      const id = crypto.createHash('sha256').update(bytes).digest('hex');
      await local.put(`${id}-thumb.webp`, bytes);
      await local.put(`${id}-card.webp`, bytes);
      fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a picture');
      const store = s3MediaStore(bucket.media);
      expect(await copyLocalMedia(dir, store)).toEqual({ copied: 2, present: 0, ignored: 1 });
      expect(await copyLocalMedia(dir, store)).toEqual({ copied: 0, present: 2, ignored: 1 });
      store.close();
      expect((await bucketBytes(`${id}-card.webp`)).equals(bytes)).toBe(true);
      await server.deps.db.insertInto('images').values({ id, owner_id: null, width: 10, height: 10, bytes: bytes.length }).execute();
      const res = await fetch(`${server.url}/media/${id}-card.webp`);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a machine's disk cache of bucket pictures", () => {
  it('serves a picture from its copy after the first read, keeps within its size by dropping the least recently served, and still serves a dropped one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coin-mall-cache-'));
    const config = { ...readConfig({}), dataDir: dir, media: { ...bucket.media, cacheBytes: 1500 } };
    try {
      const store = mediaStore(config);
      const names = [1, 2].map((n) => `${crypto.createHash('sha256').update(`cache-${n}-${Date.now()}`).digest('hex')}-thumb.webp`);
      const bodies = names.map((_, i) => Buffer.alloc(1000, i + 1));
      await Promise.all(names.map((name, i) => store.put(name, bodies[i] ?? Buffer.alloc(0))));
      const read = async (name: string) => Buffer.from(await new Response((await store.open(name))?.body).arrayBuffer());
      const cached = async () => {
        await new Promise((resolve) => setTimeout(resolve, 50)); // the eviction's removal is not awaited
        return fs.readdirSync(path.join(dir, 'media-cache', String(process.pid))).sort();
      };
      expect((await read(names[0] ?? '')).equals(bodies[0] ?? Buffer.alloc(0))).toBe(true);
      expect(await cached()).toEqual([names[0]]);
      expect((await read(names[1] ?? '')).equals(bodies[1] ?? Buffer.alloc(0))).toBe(true);
      expect(await cached()).toEqual([names[1]]); // 2000 bytes > 1500: the older copy went
      expect((await read(names[0] ?? '')).equals(bodies[0] ?? Buffer.alloc(0))).toBe(true);
      expect(await cached()).toEqual([names[0]]);
      expect(await store.open(`${'b'.repeat(64)}-thumb.webp`)).toBeNull();
    } finally {
      closeMediaStore(config);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
