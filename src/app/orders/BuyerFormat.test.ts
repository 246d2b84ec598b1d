import { describe, expect, it } from 'vitest';
import { isOutgoing, signedCoin, windowSentence } from './BuyerFormat';

describe('buyer formatting', () => {
  it('signs balance movements', () => {
    expect(signedCoin('12.5')).toBe('+12.5 π');
    expect(signedCoin('-3')).toBe('-3 π');
    expect(signedCoin('0')).toBe('0 π');
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
