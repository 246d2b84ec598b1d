/**
 * What a live stream does while it reads what it missed (issues 28 and 34): live items are held, then
 * delivered in order once the replay is over; dropping what a replay already sent is the deliverer's part.
 * A stream holds from its start until `open()`. After its listening connection was lost and made again,
 * `resync(replay)` holds again while `replay` reads the table. Resyncs run one at a time, and only after the
 * start's replay; `end()` in the stream's `finally` lets a resync still waiting for the start go.
 */
export function heldDelivery<T>(deliver: (item: T) => void) {
  let held: T[] | null = [];
  const release = () => {
    const pending = held ?? [];
    held = null;
    for (const item of pending) deliver(item);
  };
  let opened = () => undefined as void;
  let resyncs = new Promise<void>((resolve) => (opened = resolve));
  return {
    take(item: T): void {
      if (held) held.push(item);
      else deliver(item);
    },
    open(): void {
      release();
      opened();
    },
    resync(replay: () => Promise<void>): void {
      resyncs = resyncs.then(async () => {
        held = [];
        try {
          await replay();
        } catch {
          // the database went away again: the next reconnection replays
        } finally {
          release();
        }
      });
    },
    end(): void {
      opened();
    },
  };
}
