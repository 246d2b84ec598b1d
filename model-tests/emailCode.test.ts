import { describe, expect, it } from 'vitest';
import { emailCodeMachine } from '../machines/emailCode.machine';
import { recordCoverage, walk } from './support/walk';

describe('e-mail code, walked as a model', () => {
  it('walks every transition: sends, waits out the resend window, resends, recovers from a refusal', async () => {
    const result = await walk({
      machine: emailCodeMachine,
      inputs: [undefined],
      events: [
        { type: 'SEND', email: 'a@example.com' },
        { type: 'xstate.done.actor.sendCode', output: null },
        { type: 'xstate.error.actor.sendCode', error: new Error('4029') },
        { type: 'xstate.after.resendCooldown.emailCode.codeSent' },
      ],
      project: (snap) => ({ value: snap.value, sent: (snap.context as { sends: number }).sends > 0 }),
      check: ({ actual }) => {
        const c = actual.context as { sentAt: number | null; email: string };
        if (actual.matches('codeSent')) expect(c.sentAt).not.toBeNull();
        if (actual.matches('sending')) expect(c.email).toBe('a@example.com');
      },
    });
    recordCoverage('emailCode', result);
    expect(result.missing).toEqual([]);
  });
});
