import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { Limits } from '../../src/domain/constants';
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
  for (const [size, width] of Object.entries(imageSizes) as [ImageSize, number][]) {
    const file = path.join(dir, `${id}-${size}.webp`);
    if (fs.existsSync(file)) continue;
    const out = await sharp(bytes).rotate().resize({ width, height: width, fit: 'inside', withoutEnlargement: true }).webp({ quality: size === 'thumb' ? 70 : 80 }).toBuffer();
    fs.writeFileSync(`${file}.tmp`, out);
    fs.renameSync(`${file}.tmp`, file);
  }
  await deps.db
    .insertInto('images')
    .values({ id, owner_id: ownerId, width: meta.width, height: meta.height, bytes: bytes.length })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return { id, width: meta.width, height: meta.height, urls: imageUrls(id) };
}
