import { describe, expect, it } from 'vitest';
import { isOutgoing, windowSentence } from './BuyerFormat';

describe('buyer formatting', () => {
  it('tells outgoing movements (their signed amount reads through coinText, src/domain/money.ts)', () => {
    expect(isOutgoing('-0.1')).toBe(true);
    expect(isOutgoing('0.1')).toBe(false);
  });
  it('fills the window sentence whichever placeholder spelling the message uses', () => {
    const single = (key: string) => `${key} by {at}`;
    const double = (key: string, params?: Record<string, string | number>) => `${key} by ${String(params?.at)}`;
    expect(windowSentence(single as never, 'buyerCheckWindow', 'May 3')).toBe('orders.windows.buyerCheckWindow by May 3');
    expect(windowSentence(double as never, 'unpaidWindow', 'May 3')).toBe('orders.windows.unpaidWindow by May 3');
  });
});
