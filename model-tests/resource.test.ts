import { describe, expect, it } from 'vitest';
import { resourceMachine } from '../machines/resource.machine';
import { recordCoverage, walk } from './support/walk';

describe('resource loading, walked as a model', () => {
  it('walks every transition: loads, fails, loses the connection, retries, comes back online, reloads', async () => {
    const result = await walk({
      machine: resourceMachine,
      inputs: [undefined],
      events: [
        { type: 'RETRY' },
        { type: 'RELOAD' },
        { type: 'ONLINE' },
        { type: 'xstate.done.actor.load', output: ['a', 'b'] },
        // the server's answer (not found): failed
        { type: 'xstate.error.actor.load', error: Object.assign(new Error('not found'), { httpStatus: 200, code: '3001' }) },
        // no answer at all (the signed client's network failure, HTTP status 0): offline
        { type: 'xstate.error.actor.load', error: Object.assign(new Error('network'), { httpStatus: 0, code: null, reaction: { kind: 'network' } }) },
      ],
      project: (snap) => ({ value: snap.value, data: (snap.context as { data: unknown }).data }),
      check: ({ before, actual, step }) => {
        if (actual.matches('ready')) expect((actual.context as { data: unknown }).data).toEqual(['a', 'b']);
        if (step.type === 'xstate.error.actor.load' && before.matches('loading')) {
          const offline = (step as { error?: { httpStatus?: number } }).error?.httpStatus === 0;
          expect(actual.value).toBe(offline ? 'offline' : 'failed');
        }
      },
    });
    recordCoverage('resource', result);
    expect(result.missing).toEqual([]);
    expect([...(result.guards.get('resource.loading --xstate.error.actor.load#0--> resource.offline [lostConnection]') ?? [])].sort()).toEqual(['false', 'true']);
  });
});
