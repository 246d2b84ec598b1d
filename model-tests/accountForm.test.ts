import { describe, expect, it } from 'vitest';
import { accountFormMachine } from '../machines/accountForm.machine';
import { recordCoverage, walk } from './support/walk';

const check = (values: unknown) => ((values as { ok?: boolean }).ok ? null : 'messages.passwordNotMatch');

describe('account form, walked as a model', () => {
  it('walks every transition: a rule broken sends nothing, a valid form is sent, refused or done', async () => {
    const result = await walk({
      machine: accountFormMachine,
      inputs: [{ check }],
      events: [
        { type: 'SUBMIT', values: { ok: false } },
        { type: 'SUBMIT', values: { ok: true } },
        { type: 'EDIT' },
        { type: 'xstate.done.actor.submit', output: { saved: true } },
        { type: 'xstate.error.actor.submit', error: new Error('refused') },
      ],
      project: (snap) => {
        const c = snap.context as { problem: string | null; result: unknown };
        return { value: snap.value, problem: c.problem, done: c.result !== null };
      },
      check: ({ actual, step, before }) => {
        const c = actual.context as { problem: string | null; values: unknown };
        if (step.type === 'SUBMIT' && before.matches('editing')) {
          if ((step as unknown as { values: { ok: boolean } }).values.ok) expect(actual.matches('submitting')).toBe(true);
          else expect([actual.value, c.problem]).toEqual(['editing', 'messages.passwordNotMatch']);
        }
      },
    });
    recordCoverage('accountForm', result);
    expect(result.missing).toEqual([]);
  });
});
