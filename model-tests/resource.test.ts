import { describe, expect, it } from 'vitest';
import { resourceMachine } from '../machines/resource.machine';
import { recordCoverage, walk } from './support/walk';

describe('resource loading, walked as a model', () => {
  it('walks every transition: loads, fails, retries, reloads', async () => {
    const result = await walk({
      machine: resourceMachine,
      inputs: [undefined],
      events: [
        { type: 'RETRY' },
        { type: 'RELOAD' },
        { type: 'xstate.done.actor.load', output: ['a', 'b'] },
        { type: 'xstate.error.actor.load', error: new Error('offline') },
      ],
      project: (snap) => ({ value: snap.value, data: (snap.context as { data: unknown }).data }),
      check: ({ actual }) => {
        if (actual.matches('ready')) expect((actual.context as { data: unknown }).data).toEqual(['a', 'b']);
      },
    });
    recordCoverage('resource', result);
    expect(result.missing).toEqual([]);
  });
});
