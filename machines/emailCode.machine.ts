import { assign, setup } from 'xstate';
import { CodeRules } from '../src/domain/schemas/accounts';
import { fromPromiseStub } from './actorStub';

/**
 * Sending an e-mail code (issue 3): the person asks for a code, the server sends it, and the button
 * waits out the resend window (60 s) before another may be asked for. A refusal (a bad address,
 * too many codes) returns to where the person can try again; the server's message is shown by the
 * client's failure toast.
 */
export interface EmailCodeContext {
  email: string;
  /** When the last code went out (ms since epoch), for the countdown. */
  sentAt: number | null;
  sends: number;
}

export type EmailCodeEvent = { type: 'SEND'; email: string };

type By = { by: 'user' | 'system' | 'server' };

export const emailCodeMachine = setup({
  types: {
    context: {} as EmailCodeContext,
    events: {} as EmailCodeEvent,
  },
  actors: {
    /** Asks the server to send a code to the address. */
    sendCode: fromPromiseStub<null, { email: string }>('sendCode'),
  },
  delays: {
    resendCooldown: CodeRules.resendAfterMs,
  },
}).createMachine({
  id: 'emailCode',
  description: 'Ask for an e-mail code; another may be asked for once the resend window has passed.',
  context: { email: '', sentAt: null, sends: 0 },
  initial: 'idle',
  states: {
    idle: {
      on: { SEND: { target: 'sending', actions: assign({ email: ({ event }) => event.email }), meta: { by: 'user' } satisfies By } },
    },
    sending: {
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'codeSent', actions: assign({ sentAt: () => Date.now(), sends: ({ context }) => context.sends + 1 }), meta: { by: 'server' } satisfies By },
        onError: { target: 'idle', meta: { by: 'server' } satisfies By, description: 'refused: bad address, address taken, too many codes' },
      },
    },
    codeSent: {
      description: 'The code is on its way; resending waits for the resend window.',
      after: { resendCooldown: { target: 'canResend', meta: { by: 'system' } satisfies By } },
    },
    canResend: {
      on: { SEND: { target: 'sending', actions: assign({ email: ({ event }) => event.email }), meta: { by: 'user' } satisfies By } },
    },
  },
});
