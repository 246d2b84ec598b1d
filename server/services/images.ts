import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { Limits } from '../../src/domain/constants';
import type { Db } from '../db/database';
import type { Deps } from '../deps';
import { ApiError } from '../http/envelope';

/**
 * Images: validated (type, size), named by their SHA-256 (the same picture uploaded twice is the
 * same image), resized once into the sizes the screens use, in WebP, under DATA_DIR/media, served
 * with year-long caching by /media/… (server/routes/media.ts).
 */
export const imageSizes = { thumb: 240, card: 480, full: 1080 } as const;
export type ImageSize = keyof typeof imageSizes;

export interface StoredImage {
  id: string;
  width: number;
  height: number;
  urls: Record<ImageSize, string>;
}

const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

export function mediaDir(deps: Pick<Deps, 'config'>): string {
  return path.join(deps.config.dataDir, 'media');
}

export function imageUrls(id: string): Record<ImageSize, string> {
  return { thumb: `/media/${id}-thumb.webp`, card: `/media/${id}-card.webp`, full: `/media/${id}-full.webp` };
}

/**
 * Private images (evidence, chat, work orders) are served only by a capability URL:
 * `/media/<id>-<size>.webp?exp=<unix seconds>&sig=<hex HMAC-SHA256 of "<id>-<size>.<exp>">`, signed with
 * the server-wide key (table media_key). The expiry is rounded up to the next 10 minutes, so one image
 * keeps one URL (and the browser's cached copy) for a while; a URL lives between 1 h and 1 h 10 min.
 */
export const PrivateMedia = { ttlSeconds: 3600, roundSeconds: 600 } as const;

const mediaKeys = new WeakMap<Db, Promise<Buffer>>();

/** The media key, read once per database handle (every process reads the same row). */
export function mediaKey(db: Db): Promise<Buffer> {
  let key = mediaKeys.get(db);
  if (!key) {
    key = db
      .selectFrom('media_key')
      .select('key')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow()
      .then((r) => Buffer.from(r.key, 'hex'));
    key.catch(() => mediaKeys.delete(db));
    mediaKeys.set(db, key);
  }
  return key;
}

function mediaSignature(key: Buffer, id: string, size: ImageSize, exp: number): Buffer {
  return crypto.createHmac('sha256', key).update(`${id}-${size}.${exp}`).digest();
}

export function privateImageUrls(key: Buffer, id: string, now: number): Record<ImageSize, string> {
  const exp = Math.ceil((Math.floor(now / 1000) + PrivateMedia.ttlSeconds) / PrivateMedia.roundSeconds) * PrivateMedia.roundSeconds;
  const url = (size: ImageSize) => `/media/${id}-${size}.webp?exp=${exp}&sig=${mediaSignature(key, id, size, exp).toString('hex')}`;
  return { thumb: url('thumb'), card: url('card'), full: url('full') };
}

export type ImageSigner = (id: string) => Record<ImageSize, string>;

/** The signer the views of private images use (the caller is a party the service has already checked). */
export async function imageSigner(deps: Pick<Deps, 'db' | 'now'>): Promise<ImageSigner> {
  const key = await mediaKey(deps.db);
  const now = deps.now();
  return (id) => privateImageUrls(key, id, now);
}

/** Seconds the signature is still good for, or null when it is missing, malformed, forged or expired. */
export function signatureLife(key: Buffer, id: string, size: ImageSize, exp: string | undefined, sig: string | undefined, now: number): number | null {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp) || !/^[0-9a-f]{64}$/.test(sig)) return null;
  const remaining = Number(exp) - Math.floor(now / 1000);
  if (remaining <= 0) return null;
  return crypto.timingSafeEqual(mediaSignature(key, id, size, Number(exp)), Buffer.from(sig, 'hex')) ? remaining : null;
}

/** Records images as referenced privately (in the transaction that stores the evidence, message or work order). */
export async function markPrivate(db: Db | Transaction<Database>, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .insertInto('private_images')
    .values([...new Set(ids)].map((image_id) => ({ image_id })))
    .onConflict((oc) => oc.column('image_id').doNothing())
    .execute();
}

/**
 * Whether an image is served only by a signed URL: referenced privately (one primary-key lookup, the
 * whole cost for a public image) and not also a product picture or a head portrait.
 */
export async function isPrivateImage(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('private_images').select('image_id').where('image_id', '=', id).executeTakeFirst();
  if (!row) return false;
  const card = imageUrls(id).card;
  const open = await db
    .selectFrom('product_images')
    .select(sql<number>`1`.as('one'))
    .where('image_id', '=', id)
    .unionAll(db.selectFrom('users').select(sql<number>`1`.as('one')).where('head_portrait', '=', card))
    .limit(1)
    .executeTakeFirst();
  return !open;
}

export async function storeImage(deps: Deps, bytes: Buffer, ownerId: bigint | null): Promise<StoredImage> {
  if (bytes.length === 0) throw new ApiError('invalidField', { field: 'image', detail: 'empty file' });
  if (bytes.length > Limits.imageBytesMax) throw new ApiError('invalidField', { field: 'image', detail: 'larger than 5 MB' });
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw new ApiError('invalidField', { field: 'image', detail: 'not an image' });
  }
  if (!meta.format || !acceptedFormats.has(meta.format) || !meta.width || !meta.height) {
    throw new ApiError('invalidField', { field: 'image', detail: 'not a JPEG, PNG, WebP, GIF or AVIF image' });
  }
  const id = crypto.createHash('sha256').update(bytes).digest('hex');
  const dir = mediaDir(deps);
  fs.mkdirSync(dir, { recursive: true });
  const missing = (Object.entries(imageSizes) as [ImageSize, number][])
    .map(([size, width]) => ({ width, size, file: path.join(dir, `${id}-${size}.webp`) }))
    .filter((m) => !fs.existsSync(m.file));
  // Every size is made before any is written: a valid header over cut-short or corrupt data fails here
  // (4001, "the image file is damaged"), and nothing of it is stored.
  const outs = await Promise.all(
    missing.map((m) =>
      sharp(bytes)
        .rotate()
        .resize({ width: m.width, height: m.width, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: m.size === 'thumb' ? 70 : 80 })
        .toBuffer(),
    ),
  ).catch(() => {
    throw new ApiError('invalidField', { field: 'file', detail: 'damaged or incomplete image' }, { field: 'file' }, 'hardening.errors.imageDamaged');
  });
  missing.forEach((m, i) => {
    fs.writeFileSync(`${m.file}.tmp`, outs[i] ?? Buffer.alloc(0));
    fs.renameSync(`${m.file}.tmp`, m.file);
  });
  await deps.db
    .insertInto('images')
    .values({ id, owner_id: ownerId, width: meta.width, height: meta.height, bytes: bytes.length })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  if (ownerId !== null) {
    await deps.db
      .insertInto('image_uploads')
      .values({ image_id: id, user_id: ownerId })
      .onConflict((oc) => oc.columns(['image_id', 'user_id']).doNothing())
      .execute();
  }
  return { id, width: meta.width, height: meta.height, urls: imageUrls(id) };
}

/**
 * The one check of every reference to an upload (product images, head portrait, and the evidence and
 * chat images to come): each id must be a picture the caller uploaded. Answers the rows (in no order)
 * when all are the caller's; otherwise 4001 on `field` with `message` (a locale key), naming nothing
 * of whose the other pictures are.
 */
export async function requireOwnImages(
  db: Db | Transaction<Database>,
  userId: bigint,
  ids: readonly string[],
  refusal: { field: string; message: string; code?: 'invalidField' | 'notFound' } = { field: 'images', message: 'messages.uploadFailed' },
): Promise<{ id: string; bytes: number; width: number; height: number }[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const rows = await db
    .selectFrom('images as i')
    .innerJoin('image_uploads as u', 'u.image_id', 'i.id')
    .select(['i.id', 'i.bytes', 'i.width', 'i.height'])
    .where('u.user_id', '=', userId)
    .where('i.id', 'in', wanted)
    .execute();
  if (rows.length !== wanted.length) {
    throw new ApiError(refusal.code ?? 'invalidField', { field: refusal.field, detail: 'not an upload of yours' }, { field: refusal.field }, refusal.message);
  }
  return rows;
}
