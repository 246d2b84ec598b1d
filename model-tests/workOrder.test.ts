import { describe, expect, it } from 'vitest';
import { workOrderMachine } from '../machines/workOrder.machine';
import { allowedEvents } from '../machines/parties';
import { recordCoverage, walk } from './support/walk';

describe('work order, walked as a model', () => {
  it('walks every transition: replies both ways, close by either side', async () => {
    const result = await walk({
      machine: workOrderMachine,
      inputs: [undefined],
      events: [{ type: 'USER_REPLY' }, { type: 'STAFF_REPLY' }, { type: 'CLOSE' }],
      check: ({ actual, step, before }) => {
        if (step.type === 'STAFF_REPLY' && !before.matches('closed')) expect(actual.value).toBe('answered');
        if (step.type === 'USER_REPLY' && !before.matches('closed')) expect(actual.value).toBe('open');
        if (actual.matches('closed')) {
          expect(allowedEvents(actual, 'user')).toEqual([]);
          expect(allowedEvents(actual, 'staff')).toEqual([]);
        } else {
          expect(allowedEvents(actual, 'user').sort()).toEqual(['CLOSE', 'USER_REPLY']);
          expect(allowedEvents(actual, 'staff').sort()).toEqual(['CLOSE', 'STAFF_REPLY']);
        }
      },
    });
    recordCoverage('workOrder', result);
    expect(result.missing).toEqual([]);
  });
});
