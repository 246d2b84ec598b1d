import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type * as z from 'zod/mini';
import { accountFormMachine } from '../../machines/accountForm.machine';
import { emailCodeMachine } from '../../machines/emailCode.machine';
import { fromRequest } from '../../src/app/onceActors';
import { CodeRules, firstProblem } from '../../src/domain/schemas/accounts';

/**
 * Runs the account form chart for a screen: the form's shared schema checks the values, `submit`
 * (a src/api call) sends them. Returns the state, the first problem's locale key and its field.
 */
export function useAccountForm<S extends z.ZodMiniType, R>(schema: S | null, submit: (values: z.infer<S>) => Promise<R>) {
  const submitRef = useRef(submit);
  submitRef.current = submit;
  const [problemField, setProblemField] = useState<string | null>(null);
  const actor = useActorRef(
    accountFormMachine.provide({
      actors: { submit: fromRequest<unknown, { values: unknown }>((input) => submitRef.current(input.values as z.infer<S>)) },
    }),
    {
      input: {
        check: (values: unknown) => {
          if (!schema) return null;
          const problem = firstProblem(schema, values);
          setProblemField(problem?.field ?? null);
          return problem?.key ?? null;
        },
      },
    },
  );
  const state = useSelector(actor, (s) => s.value as 'editing' | 'submitting' | 'done');
  const problem = useSelector(actor, (s) => s.context.problem);
  const result = useSelector(actor, (s) => s.context.result as R | null);
  return {
    state,
    problem,
    problemField: problem ? problemField : null,
    result,
    submitting: state === 'submitting',
    submit: (values: z.input<S> | Record<string, unknown>) => actor.send({ type: 'SUBMIT', values }),
    edit: () => actor.send({ type: 'EDIT' }),
  };
}

/** Runs the e-mail code chart: send, then a countdown until another code may be asked for. */
export function useEmailCode(send: (email: string) => Promise<unknown>) {
  const sendRef = useRef(send);
  sendRef.current = send;
  const actor = useActorRef(emailCodeMachine.provide({ actors: { sendCode: fromRequest<null, { email: string }>(async (input) => (await sendRef.current(input.email), null)) } }));
  const state = useSelector(actor, (s) => s.value as 'idle' | 'sending' | 'codeSent' | 'canResend');
  const sentAt = useSelector(actor, (s) => s.context.sentAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (state !== 'codeSent') return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [state]);
  const secondsLeft = state === 'codeSent' && sentAt !== null ? Math.min(CodeRules.resendAfterMs / 1000, Math.max(0, Math.ceil((sentAt + CodeRules.resendAfterMs - now) / 1000))) : 0;
  return { state, secondsLeft, sent: state === 'codeSent' || state === 'canResend', send: (email: string) => actor.send({ type: 'SEND', email }) };
}

/** Opens the app logged in with a one-time ticket: a fresh page load, whose login gate exchanges it. */
export function enterWithTicket(ticket: string, to = '/my'): void {
  window.location.replace(`/?token=${encodeURIComponent(ticket)}#${to}`);
}

/**
 * "Send code" beside an e-mail field: the send schema checks the address (its problem shows on the
 * form through `codeForm`), then the e-mail code chart sends and counts down.
 */
export function useSendCode<S extends z.ZodMiniType>(schema: S, inputFor: (email: string) => z.input<S>, send: (input: z.infer<S>) => Promise<unknown>) {
  const codeForm = useAccountForm(schema, async () => null);
  const code = useEmailCode((email) => send(schema.parse(inputFor(email)) as z.infer<S>));
  const onSend = (email: string) => {
    const parsed = schema.safeParse(inputFor(email));
    codeForm.edit();
    codeForm.submit(inputFor(email));
    if (parsed.success) code.send(email);
  };
  return { codeForm, code, onSend };
}
