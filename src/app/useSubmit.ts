import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import { fromPromise } from 'xstate';
import { accountFormMachine } from '../../machines/accountForm.machine';

/**
 * Runs the form chart (machines/accountForm.machine.ts: checked, then sent; a refusal returns to
 * editing) for one commerce form or action. `check` answers the locale key of the first problem.
 */
export function useSubmit<V, R>(send: (values: V) => Promise<R>, check?: (values: V) => string | null, onDone?: (result: R) => void) {
  const sendRef = useRef(send);
  sendRef.current = send;
  const doneRef = useRef(onDone);
  doneRef.current = onDone;
  const actor = useActorRef(
    accountFormMachine.provide({
      actors: {
        submit: fromPromise<unknown, { values: unknown }>(async ({ input }) => {
          const result = await sendRef.current(input.values as V);
          doneRef.current?.(result);
          return result;
        }),
      },
    }),
    { input: { check: check ? (values: unknown) => check(values as V) : undefined } },
  );
  const state = useSelector(actor, (s) => s.value as 'editing' | 'submitting' | 'done');
  const problem = useSelector(actor, (s) => s.context.problem);
  return {
    state,
    problem,
    submitting: state === 'submitting',
    submit: (values: V) => {
      if (actor.getSnapshot().matches('done')) actor.send({ type: 'EDIT' });
      actor.send({ type: 'SUBMIT', values });
    },
  };
}
