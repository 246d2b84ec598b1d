import { fromPromise } from 'xstate';

/**
 * A named placeholder for an invoked promise actor. Machines stay pure (no fetch, no DOM): the
 * browser shell and the server replace each stub with `machine.provide({ actors })`. Left as it is,
 * it fails loudly rather than pretending to succeed.
 */
export function fromPromiseStub<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`the actor "${name}" must be provided by whoever runs this machine`);
  });
}
