import { assign, setup } from 'xstate';
import { fromPromiseStub } from './actorStub';

/**
 * One account form (register, e-mail login, reset, change password, nickname, wallet address,
 * custom colour, freeze, publish a notice…): the values are checked by the shared schema of the
 * form (the same one the server uses) before anything is sent; a refusal returns to editing.
 */
export interface AccountFormContext {
  /** The shared schema's verdict: null when valid, else the locale key of the first problem. */
  check: (values: unknown) => string | null;
  values: unknown;
  problem: string | null;
  result: unknown;
}

export interface AccountFormInput {
  check?: (values: unknown) => string | null;
}

export type AccountFormEvent = { type: 'SUBMIT'; values: unknown } | { type: 'EDIT' };

type By = { by: 'user' | 'system' | 'server' };

export const accountFormMachine = setup({
  types: {
    context: {} as AccountFormContext,
    input: {} as AccountFormInput,
    events: {} as AccountFormEvent,
  },
  actors: {
    /** Sends the form to the server; answers what the server answered. */
    submit: fromPromiseStub<unknown, { values: unknown }>('submit'),
  },
  guards: {
    hasProblem: ({ context, event }) => event.type === 'SUBMIT' && context.check(event.values) !== null,
  },
}).createMachine({
  id: 'accountForm',
  description: 'Checked by the shared schema, then sent; a refusal returns to editing.',
  context: ({ input }) => ({ check: input.check ?? (() => null), values: null, problem: null, result: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        SUBMIT: [
          {
            guard: 'hasProblem',
            actions: assign({ problem: ({ context, event }) => context.check(event.values) }),
            meta: { by: 'user' } satisfies By,
            description: 'the form breaks a rule: show its message, send nothing',
          },
          { target: 'submitting', actions: assign({ values: ({ event }) => event.values, problem: null }), meta: { by: 'user' } satisfies By },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ values: context.values }),
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }), meta: { by: 'server' } satisfies By },
        onError: { target: 'editing', meta: { by: 'server' } satisfies By, description: "refused: the server's message is shown" },
      },
    },
    done: {
      on: { EDIT: { target: 'editing', actions: assign({ problem: null }), meta: { by: 'user' } satisfies By } },
    },
  },
});
