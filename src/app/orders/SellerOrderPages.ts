import type { OrderView } from '../../domain/types/commerce';
import { usePager } from '../catalogue/usePager';
import { sellerNextPage, sellerPageOf } from './SellerOrderLogic';

/**
 * A seller's paged order list (the order calls take a page number and answer one page): runs the
 * paging chart (machines/pager.machine.ts) with the page number as its cursor.
 */
export function useSellerOrderPages(loadPage: (page: number) => Promise<OrderView[]>) {
  return usePager<OrderView>(async (cursor) => {
    const page = sellerPageOf(cursor);
    const list = await loadPage(page);
    return { list, next: sellerNextPage(page, list.length) };
  });
}
