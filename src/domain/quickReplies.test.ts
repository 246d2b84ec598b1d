import { describe, expect, it } from 'vitest';
import { QuickReplyLimits } from './customerService';
import { quickReplyAddInput, quickReplyProblem, quickReplyReorderInput } from './schemas/customerService';

/** Issue 37, finding 5: the one schema a quick reply passes, in the sheet and on the server. */
describe('a quick reply', () => {
  it('is 1 to 500 characters once trimmed, line breaks kept, no other control characters', () => {
    expect(quickReplyAddInput.parse({ body: '  Ships today.  ' })).toEqual({ body: 'Ships today.' });
    expect(quickReplyProblem('Line one\nline two')).toBeNull();
    expect(quickReplyProblem('x'.repeat(QuickReplyLimits.textMax))).toBeNull();
    expect(quickReplyProblem('x'.repeat(QuickReplyLimits.textMax + 1))).toBe('chat.quick.problems.tooLong');
    expect(quickReplyProblem('   ')).toBe('chat.quick.problems.empty');
    expect(quickReplyProblem('bell\u0007')).toBe('chat.quick.problems.invalid');
    expect(quickReplyAddInput.safeParse({ body: 'Hi', extra: true }).success).toBe(false);
  });

  it('a reorder names at most the 20 a seller may keep', () => {
    const ids = Array.from({ length: QuickReplyLimits.perSeller }, (_, i) => String(i + 1));
    expect(quickReplyReorderInput.safeParse({ ids }).success).toBe(true);
    expect(quickReplyReorderInput.safeParse({ ids: [...ids, '21'] }).success).toBe(false);
    expect(quickReplyReorderInput.safeParse({ ids: ['0'] }).success).toBe(false);
  });
});
