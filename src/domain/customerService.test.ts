import { describe, expect, it } from 'vitest';
import { ChatLimits, specDatetime, workOrderStatusCode, workOrderStatusTable, WorkOrderLimits } from './customerService';
import { openConversationInput, sendMessageInput, workOrderInput } from './schemas/customerService';

describe('customer service rules', () => {
  it('shows times in SPEC\'s YYYY-MM-DD HH:mm:ss', () => {
    expect(specDatetime(new Date(2026, 0, 5, 7, 8, 9).toISOString())).toBe('2026-01-05 07:08:09');
    expect(specDatetime('not a date')).toBe('');
  });

  it('has one status table with the chart\'s states and distinct codes', () => {
    expect(workOrderStatusTable.map((r) => r.state)).toEqual(['open', 'answered', 'closed']);
    expect(new Set(workOrderStatusTable.map((r) => r.code)).size).toBe(3);
    expect(workOrderStatusCode('answered')).toBe(1);
    expect(workOrderStatusCode('nonsense')).toBeNull();
  });

  it('a message needs text or a picture, within the size limit, and a client id', () => {
    const base = { conversationId: '1', clientId: 'abcdefgh12' };
    expect(sendMessageInput.safeParse({ ...base, body: 'hi' }).success).toBe(true);
    expect(sendMessageInput.safeParse({ ...base, body: '', imageId: 'a'.repeat(64) }).success).toBe(true);
    expect(sendMessageInput.safeParse({ ...base, body: '  ' }).success).toBe(false);
    expect(sendMessageInput.safeParse({ ...base, body: 'x'.repeat(ChatLimits.textMax + 1) }).success).toBe(false);
    expect(sendMessageInput.safeParse({ ...base, clientId: 'short', body: 'hi' }).success).toBe(false);
  });

  it('a conversation is with a seller or the platform, about a product, store or order', () => {
    expect(openConversationInput.safeParse({ kind: 'seller', sellerId: '4', subject: { kind: 'product', id: '9' } }).success).toBe(true);
    expect(openConversationInput.safeParse({ kind: 'platform' }).success).toBe(true);
    expect(openConversationInput.safeParse({ kind: 'seller' }).success).toBe(false);
    expect(openConversationInput.safeParse({ kind: 'platform', subject: { kind: 'wallet', id: '1' } }).success).toBe(false);
  });

  it('a work order needs an order number, a category, a description and at most four pictures', () => {
    const ok = { orderNo: 'CM1', category: 'delivery', description: 'The parcel is late.', images: [] };
    expect(workOrderInput.safeParse(ok).success).toBe(true);
    expect(workOrderInput.safeParse({ ...ok, orderNo: ' ' }).success).toBe(false);
    expect(workOrderInput.safeParse({ ...ok, category: 'other things' }).success).toBe(false);
    expect(workOrderInput.safeParse({ ...ok, images: Array.from({ length: WorkOrderLimits.imagesMax + 1 }, (_, i) => String(i).padStart(64, 'a')) }).success).toBe(false);
  });
});
