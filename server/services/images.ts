import type { Transaction } from 'kysely';
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
