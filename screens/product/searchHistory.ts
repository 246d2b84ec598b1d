/** The search history kept on the device (SPEC 3, Cache: searchHistory): newest first, at most 12. */
const key = 'coinmall.searchHistory';
const max = 12;

export function readHistory(): string[] {
  try {
    const raw = localStorage.getItem(key);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string').slice(0, max) : [];
  } catch {
    return [];
  }
}

export function remember(term: string): string[] {
  const text = term.trim();
  const next = text ? [text, ...readHistory().filter((x) => x !== text)].slice(0, max) : readHistory();
  try {
    localStorage.setItem(key, JSON.stringify(next));
  } catch {
    // private mode: kept for this visit only
  }
  return next;
}

export function clearHistory(): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing kept
  }
}
