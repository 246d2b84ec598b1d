import { describe, expect, it } from 'vitest';
import { productMachine, type ProductChartContext } from '../machines/product.machine';
import { recordCoverage, walk } from './support/walk';

describe('product lifecycle, walked as a model', () => {
  it('walks every transition: draft, review, listing, take-down, freeze, delete and backup', async () => {
    const result = await walk({
      machine: productMachine,
      inputs: [undefined],
      events: [
        { type: 'SAVE_DRAFT' },
        { type: 'SUBMIT' },
        { type: 'APPROVE' },
        { type: 'REJECT', reason: 'Blurry photos' },
        { type: 'FREEZE', reason: 'Counterfeit' },
        { type: 'UNFREEZE' },
        { type: 'TAKE_DOWN' },
        { type: 'RELIST' },
        { type: 'EDIT' },
        { type: 'DELETE' },
        { type: 'xstate.after.deletedRetention.product.deleted' },
      ],
      // The submission counter only grows; for the model, whether a reason is shown is what matters.
      project: (snap) => ({ value: snap.value, reason: (snap.context as ProductChartContext).reason }),
      check: ({ actual, step, before }) => {
        const context = actual.context as ProductChartContext;
        if (actual.matches('reviewFailed')) expect(context.reason).toBe('Blurry photos');
        if (actual.matches('frozen')) expect(context.reason).toBe('Counterfeit');
        if (actual.matches('normal') || actual.matches('reviewing')) expect(context.reason).toBeNull();
        if (step.type === 'SUBMIT' && !before.matches('reviewing') && actual.matches('reviewing')) {
          expect(context.submissions).toBe((before.context as ProductChartContext).submissions + 1);
        }
      },
    });
    recordCoverage("product", result);
    expect(result.missing).toEqual([]);
  });
});
