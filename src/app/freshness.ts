import { useEffect, useRef } from 'react';

/**
 * Fresh data on kept-alive screens (DESIGN): a change the person makes marks the data it touches
 * (the signed client marks a call's `changes` once the server accepted it); a kept-alive screen that
 * shows that data loads it again when it is shown again, if a tag it reads changed since it loaded.
 * Data that other people change too (orders, badges, balance movements) is read on every showing.
 */
export type DataTag = 'orders' | 'balance' | 'favourites' | 'follows' | 'notices' | 'products' | 'addresses' | 'profile' | 'comments' | 'sellerApplication' | 'users';

/** What a screen's data depends on: tags, or `'everyShow'` to read it afresh each time it is shown. */
export type Freshness = readonly DataTag[] | 'everyShow';

let clock = 0;
const changedAt: Partial<Record<DataTag, number>> = {};

/** Marks data as changed (after the server accepted a change). */
export function markChanged(tags: readonly DataTag[]): void {
  clock += 1;
  for (const tag of tags) changedAt[tag] = clock;
}

/** The position of the last change; a load remembers it when it starts. */
export const changeClock = (): number => clock;

/** Whether data that depends on `fresh` and was loaded at `since` (a `changeClock()` reading) is stale. */
export const changedSince = (fresh: Freshness, since: number): boolean => fresh === 'everyShow' || fresh.some((tag) => (changedAt[tag] ?? 0) > since);

/**
 * For a kept-alive screen: `reload` runs each time the screen is shown again (React Activity runs a
 * screen's effects again when it becomes visible) if its data changed since `loadedAt()`. The first
 * showing is the first load itself.
 */
export function useFreshOnShow(fresh: Freshness | undefined, loadedAt: () => number, reload: () => void): void {
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current && fresh && changedSince(fresh, loadedAt())) reload();
    shown.current = true;
  }, []);
}
