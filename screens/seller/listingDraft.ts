import type { UploadedImage } from '../../src/api/catalogue';
import { productInput, type ProductInput } from '../../src/domain/schemas/catalogue';

/**
 * The draft of a new listing kept on the device (issue 37, finding 1), per seller, beside the copy on the server:
 * the device's copy is written on every change and read first; the server's is read when the device has none
 * (another phone, a cleared browser).
 */
export interface DeviceDraft {
  product: ProductInput;
  images: UploadedImage[];
  savedAt: string;
}

const keyOf = (sellerId: string) => `coin-mall.listingDraft.${sellerId}`;

export function readDeviceDraft(sellerId: string): DeviceDraft | null {
  try {
    const raw = localStorage.getItem(keyOf(sellerId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<DeviceDraft>;
    const product = productInput.safeParse(parsed.product);
    if (!product.success || !Array.isArray(parsed.images) || typeof parsed.savedAt !== 'string') return null;
    return { product: product.data, images: parsed.images, savedAt: parsed.savedAt };
  } catch {
    return null;
  }
}

export function writeDeviceDraft(sellerId: string, draft: DeviceDraft): void {
  try {
    localStorage.setItem(keyOf(sellerId), JSON.stringify(draft));
  } catch {
    // A full or refused storage: the server's copy still keeps the draft.
  }
}

export function clearDeviceDraft(sellerId: string): void {
  try {
    localStorage.removeItem(keyOf(sellerId));
  } catch {
    // Nothing kept.
  }
}

/** Whether a draft holds anything the seller put in (an untouched form is not kept). */
export function isWorthKeeping(product: ProductInput, blank: ProductInput): boolean {
  return JSON.stringify({ ...product, contactEmail: '' }) !== JSON.stringify({ ...blank, contactEmail: '' });
}
