import { describe, expect, it } from 'vitest';
import { pagerMachine, type PagerContext } from '../machines/pager.machine';
import { recordCoverage, walk } from './support/walk';

describe('infinite list paging, walked as a model', () => {
  it('walks every transition: pages, the end, failures, retry and reload', async () => {
    const result = await walk({
      machine: pagerMachine,
      inputs: [undefined],
      events: [
        { type: 'LOAD_MORE' },
        { type: 'RETRY' },
        { type: 'RELOAD' },
        { type: 'xstate.done.actor.loadPage', output: { list: ['a', 'b'], next: 'b' } },
        { type: 'xstate.done.actor.loadPage', output: { list: ['c'], next: null } },
        { type: 'xstate.error.actor.loadPage', error: new Error('offline') },
      ],
      // Only whether items are there and whether more may come matter to the model.
      project: (snap) => {
        const c = snap.context as PagerContext;
        return { value: snap.value, some: c.items.length > 0, more: c.next !== null };
      },
      check: ({ actual }) => {
        const c = actual.context as PagerContext;
        if (actual.matches('end')) expect(c.next).toBeNull();
        if (actual.matches('more')) expect(c.next).not.toBeNull();
      },
    });
    recordCoverage('pager', result);
    expect(result.missing).toEqual([]);
  });
});
