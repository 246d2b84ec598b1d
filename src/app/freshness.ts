import { useEffect, useRef } from 'react';

/**
 * Fresh data on kept-alive screens (DESIGN): a change the person makes marks the data it touches
 * (the signed client marks a call's `changes` once the server accepted it); a kept-alive screen that
 * shows that data loads it again when it is shown again, if a tag it reads changed since it loaded.
 * Data that other people change too (orders, badges, balance movements, products under review, seller
 * applications) is read on every showing instead, so it needs no tag. A tag is added with its first reader.
 */
export type DataTag = 'favourites' | 'follows' | 'notices' | 'addresses' | 'profile';

/** What a screen's data depends on: tags, or `'everyShow'` to read it afresh each time it is shown. */
export type Freshness = readonly DataTag[] | 'everyShow';

let clock = 0;
const changedAt: Partial<Record<DataTag, number>> = {};

/** Marks data as changed (after the server accepted a change). */
export function markChanged(tags: readonly DataTag[]): void {
  clock += 1;
  for (const tag of tags) changedAt[tag] = clock;
}

/**
 * For a kept-alive screen's data: `reload` runs each time the screen is shown again (React Activity
 * runs a screen's effects again when it becomes visible) if what it shows changed since it loaded.
 * Answers the function its loader calls when a load starts. (On the first showing the data is still
 * loading, and the charts ignore a reload while loading.)
 */
export function useFreshOnShow(fresh: Freshness | undefined, reload: () => void): () => void {
  const loadedAt = useRef(0);
  useEffect(() => {
    if (fresh === 'everyShow' || fresh?.some((tag) => (changedAt[tag] ?? 0) > loadedAt.current)) reload();
  }, []);
  return () => {
    loadedAt.current = clock;
  };
}
