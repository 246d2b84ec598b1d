import { describe, expect, it } from 'vitest';
import { chatConnectionMachine, type ChatConnectionContext } from '../machines/chatConnection.machine';
import { reconnectDelay } from '../src/domain/customerService';
import { recordCoverage, walk } from './support/walk';

describe('chat connection, walked as a model', () => {
  it('walks every transition: live, dropped, back-off, retry, offline and back, positions kept', async () => {
    const result = await walk({
      machine: chatConnectionMachine,
      inputs: [undefined, { lastEventId: '7' }],
      events: [
        { type: 'xstate.done.actor.openStream' },
        { type: 'xstate.error.actor.openStream', error: new Error('refused') },
        { type: 'DROPPED' },
        { type: 'RETRY_NOW' },
        { type: 'OFFLINE' },
        { type: 'ONLINE' },
        { type: 'POSITION', id: '42' },
        { type: 'xstate.after.reconnectBackoff.chatConnection.reconnecting' },
      ],
      // Attempts grow without end; for the model, "none" versus "some" (capped at 3) is what matters.
      project: (snap) => {
        const c = snap.context as ChatConnectionContext;
        return { value: snap.value, attempt: Math.min(c.attempt, 3), last: c.lastEventId };
      },
      check: ({ actual, before, step }) => {
        const c = actual.context as ChatConnectionContext;
        if (actual.matches('live')) expect(c.attempt).toBe(0);
        if (step.type === 'POSITION') expect(c.lastEventId).toBe('42');
        // A position is never forgotten across a reconnection.
        if (step.type !== 'POSITION') expect(c.lastEventId).toBe((before.context as ChatConnectionContext).lastEventId);
      },
    });
    recordCoverage('chatConnection', result);
    expect(result.missing).toEqual([]);
  });

  it('backs off 1 s, 2 s, 4 s … and never waits more than 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});
