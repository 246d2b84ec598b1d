import { describe, expect, it } from 'vitest';
import { nextPageCursor, pageOfCursor } from './OrderParts';

describe('order list paging', () => {
  it('asks for the next page only after a full page', () => {
    expect(nextPageCursor(1, 20)).toBe('2');
    expect(nextPageCursor(3, 19)).toBeNull();
    expect(nextPageCursor(1, 0)).toBeNull();
  });
  it('reads the page of a cursor, the first page by default', () => {
    expect(pageOfCursor(null)).toBe(1);
    expect(pageOfCursor('4')).toBe(4);
    expect(pageOfCursor('x')).toBe(1);
    expect(pageOfCursor('0')).toBe(1);
  });
});

describe('keyset pages (issue 16)', () => {
  it('goes on after the last item of a full page; a shorter page is the last', async () => {
    const { nextAfterCursor } = await import('./OrderParts');
    expect(nextAfterCursor([{ id: '9' }, { id: '7' }], 2)).toBe('7');
    expect(nextAfterCursor([{ id: '9' }], 2)).toBeNull();
    expect(nextAfterCursor([], 2)).toBeNull();
  });
});
