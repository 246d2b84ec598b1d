import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import { accountFormMachine } from '../../machines/accountForm.machine';
import { fromRequest } from './onceActors';

/**
 * Runs the form chart (machines/accountForm.machine.ts: checked, then sent; a refusal returns to
 * editing) for one commerce form or action. `check` answers the locale key of the first problem.
 */
export function useSubmit<V, R>(send: (values: V) => Promise<R>, check?: (values: V) => string | null, onDone?: (result: R) => void) {
  const sendRef = useRef(send);
  sendRef.current = send;
  const doneRef = useRef(onDone);
  doneRef.current = onDone;
  // The chart keeps the check it started with: it reads the current one through this ref.
  const checkRef = useRef(check);
  checkRef.current = check;
  const actor = useActorRef(
    accountFormMachine.provide({
      actors: {
        submit: fromRequest<unknown, { values: unknown }>(async (input) => {
          const result = await sendRef.current(input.values as V);
          doneRef.current?.(result);
          return result;
        }),
      },
    }),
    { input: { check: (values: unknown) => checkRef.current?.(values as V) ?? null } },
  );
  const state = useSelector(actor, (s) => s.value as 'editing' | 'submitting' | 'done');
  const problem = useSelector(actor, (s) => s.context.problem);
  return {
    state,
    problem,
    submitting: state === 'submitting',
    /**
     * The problem to show for the values now on screen: once the form was refused by its check, the message
     * follows the fields and goes as soon as they are fixed (issue 24, finding 8: it stayed until the next tap).
     */
    problemFor: (values: V): string | null => (problem === null ? null : (checkRef.current?.(values) ?? null)),
    submit: (values: V) => {
      if (actor.getSnapshot().matches('done')) actor.send({ type: 'EDIT' });
      actor.send({ type: 'SUBMIT', values });
    },
  };
}
