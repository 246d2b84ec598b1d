import { Limits } from '../domain/constants';

/**
 * A picture made ready for the image upload (issue 24, finding 11): one over the server's limit (5 MB,
 * SPEC 9) is made smaller on the device first, as the best apps do, instead of being refused. It is decoded
 * with its EXIF orientation applied (createImageBitmap, imageOrientation 'from-image'), drawn on a canvas
 * at most 2048 px on its longest side and encoded again as JPEG, a little smaller each time until it fits.
 * The canvas carries no EXIF, so the orientation is baked into the pixels and stays right.
 */
export type ShrinkRefusal = 'wrongType' | 'tooLarge' | 'unreadable';
/** `still`: the picture was a GIF, and the JPEG it became keeps its first frame only. */
export type ShrinkResult = { file: File; resized: boolean; still: boolean } | { refused: ShrinkRefusal };

/** The types the server takes (server/services/images.ts); HEIC from a phone is decoded and re-encoded when the browser can. */
export const acceptedImageTypes = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/** Longest side first, then quality: the first that fits wins. */
const attempts: readonly { side: number; quality: number }[] = [
  { side: 2048, quality: 0.86 },
  { side: 2048, quality: 0.72 },
  { side: 1600, quality: 0.72 },
  { side: 1280, quality: 0.66 },
];

function encode(bitmap: ImageBitmap, side: number, quality: number): Promise<Blob | null> {
  const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(null);
  // JPEG has no transparency: a transparent PNG gets a white ground, not a black one.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

export async function shrinkForUpload(file: File, limit: number = Limits.imageBytesMax): Promise<ShrinkResult> {
  if (file.type && !file.type.startsWith('image/')) return { refused: 'wrongType' };
  if (file.size <= limit) return { file, resized: false, still: false };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return { refused: file.type ? 'unreadable' : 'wrongType' };
  }
  try {
    for (const { side, quality } of attempts) {
      const blob = await encode(bitmap, side, quality);
      if (blob && blob.size <= limit) {
        const name = `${file.name.replace(/\.[^.]*$/, '') || 'picture'}.jpg`;
        return { file: new File([blob], name, { type: 'image/jpeg', lastModified: file.lastModified }), resized: true, still: file.type === 'image/gif' };
      }
    }
    return { refused: 'tooLarge' };
  } finally {
    bitmap.close();
  }
}
