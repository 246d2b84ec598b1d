import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { allTransitions, walk } from './support/walk';

/** The coverage check must be able to fail: a transition no event reaches is reported missing. */
describe('the model walker itself', () => {
  const machine = createMachine({
    id: 'probe',
    initial: 'a',
    states: {
      a: { on: { GO: 'b', NEVER_SENT: 'c' } },
      b: { after: { 500: 'a' } },
      c: {},
    },
  });

  it('lists every transition, timers included', () => {
    expect(allTransitions(machine)).toEqual(['probe.a --GO#0--> probe.b', 'probe.a --NEVER_SENT#0--> probe.c', 'probe.b --xstate.after.500.probe.b#0--> probe.a']);
  });

  it('reports the transitions that were not walked', async () => {
    const result = await walk({ machine, inputs: [undefined], events: [{ type: 'GO' }, { type: 'xstate.after.500.probe.b' }] });
    expect(result.missing).toEqual(['probe.a --NEVER_SENT#0--> probe.c']);
    expect(result.walked.has('probe.b --xstate.after.500.probe.b#0--> probe.a')).toBe(true);
  });
});
