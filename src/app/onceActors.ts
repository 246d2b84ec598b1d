import { fromCallback, fromPromise, type EventObject } from 'xstate';

/**
 * A screen's chart is kept alive while it is hidden (React Activity, src/app/Shell.tsx): @xstate/react stops its
 * actor when the screen is hidden and starts it again from the same snapshot when it is shown, and starting a
 * snapshot starts its invoked actors again. A request in flight when the person left would be sent a second time
 * on their return: a second order submitted, a nickname saved twice and the person taken back from where they were.
 * These actors run their work once per invocation (per child actor): started again, they answer with the
 * first run's promise, or keep the first run's events.
 */
export function fromRequest<O, I = void>(request: (input: I) => Promise<O>) {
  const started = new WeakMap<object, Promise<O>>();
  return fromPromise<O, I>(({ input, self }) => {
    let run = started.get(self);
    if (!run) {
      run = request(input);
      started.set(self, run);
    }
    return run;
  });
}

/**
 * The callback form of `fromRequest`: the work starts once per invocation; its events go to whoever listens now,
 * and those sent while the screen was hidden are delivered when it is shown again.
 */
export function fromOnceCallback<E extends EventObject, I>(start: (send: (event: E) => void, input: I) => void) {
  const flows = new WeakMap<object, { to: ((event: E) => void) | null; missed: E[] }>();
  return fromCallback<EventObject, I>(({ sendBack, input, self }) => {
    let flow = flows.get(self);
    if (!flow) {
      const created: { to: ((event: E) => void) | null; missed: E[] } = { to: sendBack, missed: [] };
      flows.set(self, created);
      flow = created;
      start((event) => (created.to ? created.to(event) : created.missed.push(event)), input);
    } else {
      flow.to = sendBack;
      for (const event of flow.missed.splice(0)) sendBack(event);
    }
    const current = flow;
    return () => {
      current.to = null;
    };
  });
}
