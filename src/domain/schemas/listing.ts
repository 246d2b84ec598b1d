import * as z from 'zod/mini';
import { noControlCharacters } from './limits';
import { productInput, type ProductInput } from './catalogue';
import type { ImageRef } from '../types/catalogue';

/**
 * The listing flow (issue 37, finding 1): a new listing starts from the pictures, then title, price and stock with
 * the category suggested from the title; what the seller put in is kept as a draft on the device and on the server.
 */

/** Category suggestions for a title being typed: the words typed so far. */
export const categorySuggestQuery = z.strictObject({ title: z.string().check(z.maxLength(120), noControlCharacters()) });

/** One suggested category: the catalogue's products named with the title's words are mostly in it. */
export interface CategorySuggestion {
  id: number;
  key: string;
  /** How many of the title's words its products' names share. */
  words: number;
  /** How many of its listed products share one of them (up to the sample read). */
  products: number;
}

/** Saving the draft: the product input as the form holds it (the same shape a publish sends). */
export const listingDraftInput = z.strictObject({ product: productInput });

/** The stored draft: the product input, and its pictures as stored (in the product's order). */
export interface ListingDraft {
  product: ProductInput;
  images: ImageRef[];
  savedAt: string;
}

/** Words of a title worth looking up: letters or digits, at least two characters, not only digits, at most 8. */
export function titleWords(title: string): string[] {
  const words = title
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2 && !/^\d+$/.test(w));
  return [...new Set(words)].slice(0, 8);
}
