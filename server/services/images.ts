import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import crypto from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { Limits } from '../../src/domain/constants';
import type { Db } from '../db/database';
import type { Deps } from '../deps';
import { ApiError } from '../http/envelope';
import { mediaStore } from '../media/store';

/**
 * Images: validated (type, size), named by their SHA-256 (the same picture uploaded twice is the
 * same image), resized once into the sizes the screens use, in WebP, kept in the media store (DATA_DIR/media
 * or a bucket: server/media/store.ts), served with year-long caching by /media/… (server/routes/media.ts).
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

const databaseKeys = new WeakMap<Db, Promise<Buffer>>();

/** The database's media key, read once per database handle (every process reads the same row). */
function databaseMediaKey(db: Db): Promise<Buffer> {
  let key = databaseKeys.get(db);
  if (!key) {
    key = db
      .selectFrom('media_key')
      .select('key')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow()
      .then((r) => Buffer.from(r.key, 'hex'));
    key.catch(() => databaseKeys.delete(db));
    databaseKeys.set(db, key);
  }
  return key;
}

/**
 * The key private URLs are signed with (MEDIA_URL_SECRET, else the database's), and the keys they are
 * checked against: that one and, during a rotation, MEDIA_URL_SECRET_PREVIOUS. Every app machine must
 * have the same: with the database's key they do by construction.
 */
export async function mediaKeys(deps: Pick<Deps, 'db' | 'config'>): Promise<{ sign: Buffer; accept: Buffer[] }> {
  const sign = deps.config.mediaUrlSecret ? Buffer.from(deps.config.mediaUrlSecret, 'utf8') : await databaseMediaKey(deps.db);
  const before = deps.config.mediaUrlSecretPrevious;
  // 'database': moving from the database's key to MEDIA_URL_SECRET, URLs it signed stay good for a while.
  const previous = before === null ? [] : [before === 'database' ? await databaseMediaKey(deps.db) : Buffer.from(before, 'utf8')];
  return { sign, accept: [sign, ...previous] };
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
export async function imageSigner(deps: Pick<Deps, 'db' | 'now' | 'config'>): Promise<ImageSigner> {
  const key = (await mediaKeys(deps)).sign;
  const now = deps.now();
  return (id) => privateImageUrls(key, id, now);
}

/** Seconds the signature is still good for, or null when it is missing, malformed, forged or expired. */
export function signatureLife(keys: readonly Buffer[], id: string, size: ImageSize, exp: string | undefined, sig: string | undefined, now: number): number | null {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp) || !/^[0-9a-f]{64}$/.test(sig)) return null;
  const remaining = Number(exp) - Math.floor(now / 1000);
  if (remaining <= 0) return null;
  const given = Buffer.from(sig, 'hex');
  return keys.some((key) => crypto.timingSafeEqual(mediaSignature(key, id, size, Number(exp)), given)) ? remaining : null;
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
  // Too many pixels is refused from the header, before any decoding: a 16000 × 16000 picture of a few
  // kilobytes would otherwise cost seconds of CPU (issue 34).
  if (meta.width * meta.height > Limits.imagePixelsMax) {
    throw new ApiError('invalidField', { field: 'file', detail: 'too many pixels', megapixels: String(Limits.imagePixelsMax / 1_000_000) }, { field: 'file' }, 'hardening.errors.imageTooManyPixels');
  }
  const id = crypto.createHash('sha256').update(bytes).digest('hex');
  const store = mediaStore(deps.config);
  const sizes = Object.entries(imageSizes) as [ImageSize, number][];
  const present = await Promise.all(sizes.map(([size]) => store.has(`${id}-${size}.webp`)));
  const missing = sizes.filter((_, i) => !present[i]).map(([size, width]) => ({ width, size, name: `${id}-${size}.webp` }));
  // Every size is made before any is written: a valid header over cut-short or corrupt data fails here
  // (4001, "the image file is damaged"), and nothing of it is stored.
  const outs = await Promise.all(
    missing.map((m) =>
      sharp(bytes, { limitInputPixels: Limits.imagePixelsMax })
        .rotate()
        .resize({ width: m.width, height: m.width, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: m.size === 'thumb' ? 70 : 80 })
        .toBuffer(),
    ),
  ).catch(() => {
    throw new ApiError('invalidField', { field: 'file', detail: 'damaged or incomplete image' }, { field: 'file' }, 'hardening.errors.imageDamaged');
  });
  await Promise.all(missing.map((m, i) => store.put(m.name, outs[i] ?? Buffer.alloc(0))));
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
