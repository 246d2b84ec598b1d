import { describe, expect, it } from 'vitest';
import { orderMachine } from '../machines/order.machine';
import { orderStatusCode } from '../src/domain/orderStatus';
import { recordCoverage, walk } from './support/walk';

describe('order chart, walked as a model', () => {
  it('walks every transition: submit, pay, cancel, the unpaid window', async () => {
    const result = await walk({
      machine: orderMachine,
      inputs: [undefined],
      events: [{ type: 'SUBMIT' }, { type: 'PAY' }, { type: 'CANCEL' }, { type: 'xstate.after.unpaidWindow.order.unpaid' }],
      check: ({ actual }) => {
        // Every state the chart can be in has its SPEC status code.
        expect(orderStatusCode(String(actual.value))).not.toBeNull();
      },
    });
    recordCoverage('order', result);
    expect(result.missing).toEqual([]);
  });
});
