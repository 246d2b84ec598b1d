import type { ProductInput } from '../domain/schemas/catalogue';
import type { CategorySuggestion, ListingDraft } from '../domain/schemas/listing';
import { call } from './client';

/** The listing flow's calls (issue 37, finding 1): categories suggested from a title, the draft of a new listing. */
export const suggestCategories = (title: string) => call<CategorySuggestion[]>('GET', '/api/commodity/product/category/suggest', { query: { title }, quiet: true });
export const getListingDraft = () => call<ListingDraft | null>('GET', '/api/commodity/product/draft', { quiet: true });
export const saveListingDraft = (product: ProductInput) => call<{ savedAt: string }>('POST', '/api/commodity/product/draft/save', { body: { product }, quiet: true });
export const clearListingDraft = () => call<{ cleared: boolean }>('POST', '/api/commodity/product/draft/clear', { body: {}, quiet: true });
