import type { ProductCondition, SearchSort } from '../domain/schemas/catalogue';
import type { SearchAnswer } from '../domain/types/catalogue';
import { call } from './client';

/** A sorted or filtered search (issue 22): a page by number, with the count of matches. */
export interface SearchRefinement {
  sort: SearchSort;
  minPrice?: string;
  maxPrice?: string;
  condition?: ProductCondition;
  freeShipping?: boolean;
}
export type RefinedSearchAnswer = SearchAnswer & { count: { value: number; more: boolean } };

/** Words `q`, or '' with a category: the category's products sorted and filtered (issue 33, finding 8). */
export const searchRefined = (q: string, countryId: number, r: SearchRefinement, page?: string | null, categoryId?: number) =>
  call<RefinedSearchAnswer>('GET', '/api/commodity/product/search', {
    query: {
      q: q || undefined,
      countryId,
      categoryId,
      sort: r.sort,
      minPrice: r.minPrice || undefined,
      maxPrice: r.maxPrice || undefined,
      condition: r.condition,
      freeShipping: r.freeShipping ? '1' : undefined,
      page: page ?? undefined,
    },
  });
/** The catalogue's words completing what is typed. */
export const searchSuggestions = (q: string) => call<string[]>('GET', '/api/commodity/product/suggest', { query: { q }, quiet: true });
/** Popular words of the country, for a search that opens empty. */
export const popularSearches = (countryId: number) => call<string[]>('GET', '/api/commodity/product/popular', { query: { countryId }, quiet: true });
