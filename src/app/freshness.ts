import { useEffect, useRef } from 'react';
import { afterPaint } from './afterPaint';

/**
 * Fresh data on kept-alive screens, by default (issue 23). A screen's data is read again:
 * - whenever its kept-alive screen is shown again (it keeps what it shows while the new answer comes),
 *   unless the screen opts out with a stated reason (`keep`);
 * - when the tab's live channel (src/app/live/channel.ts) says something it reads changed: a notice
 *   names a topic, and a resource reads a topic when an API path it called while loading (recorded by
 *   the signed client, so no screen declares what it reads) matches the topic's pattern
 *   (src/app/live/topics.ts);
 * - when the person pulls to refresh (src/app/PullToRefresh.tsx), or the channel missed too much.
 * Only the shown screen listens (a hidden screen's effects are gone); it catches up when shown again.
 */

/** Whether a resource that called this API path shows the changed data; null: everything changed. */
export type ReadsChanged = ((path: string) => boolean) | null;
const listeners = new Set<(changed: ReadsChanged) => void>();
const recording = new Set<Set<string>>();

/** The shown screen's data read through matching paths changed (null: all of it): it is read again. */
export const refreshShown = (changed: ReadsChanged) => listeners.forEach((listener) => listener(changed));

/** Called by the signed client for every call: the resources loading now read that path. */
export const noteRead = (path: string) => recording.forEach((reads) => reads.add(path));

/**
 * For a kept-alive screen's data: `reload` runs when the screen is shown again (React Activity runs a
 * screen's effects again when it becomes visible; not on the first showing, which is loading) unless
 * `keep` says why not, and while shown, on a notice about what it reads or a pull to refresh. Answers
 * `load` wrapped to record the API paths it calls.
 */
export function useFresh<A extends unknown[], T>(load: (...args: A) => Promise<T>, reload: () => void, keep?: string): (...args: A) => Promise<T> {
  const reads = useRef(new Set<string>());
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current && !keep) afterPaint(reload); // the screen shows what it had first (src/app/afterPaint.ts)
    shown.current = true;
    const listener = (changed: ReadsChanged) => (!changed || [...reads.current].some(changed)) && reload();
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
  return (...args) => {
    const set = (reads.current = new Set());
    recording.add(set);
    return load(...args).finally(() => recording.delete(set));
  };
}
