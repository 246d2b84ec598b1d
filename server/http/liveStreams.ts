import { LiveStreamLimits } from '../../src/domain/abuseLimits';
import { ApiError } from './envelope';

/**
 * Every Server-Sent Events stream open in this process, in one registry (issue 28): the metrics count
 * them, and a shutdown closes them all with a retry hint so that each client reconnects (to another
 * machine, through the balancer) and resumes with Last-Event-ID. A stream registers when it opens and
 * unregisters when it ends, however it ends.
 */
export interface LiveStream {
  /** Ends the stream after telling the client to reconnect in `retryMs` (the SSE `retry:` field). */
  close(retryMs: number): Promise<void>;
}

const open = new Set<LiveStream>();

export function registerLiveStream(stream: LiveStream): () => void {
  open.add(stream);
  return () => void open.delete(stream);
}

export function openLiveStreams(): number {
  return open.size;
}

/** How soon a client closed by a shutdown should reconnect. */
export const shutdownRetryMs = 1000;

/** Closes every open stream with the retry hint; answers how many were closed. */
export async function closeLiveStreams(retryMs = shutdownRetryMs): Promise<number> {
  const streams = [...open];
  open.clear();
  await Promise.all(streams.map((s) => s.close(retryMs).catch(() => undefined)));
  return streams.length;
}

const perPerson = new Map<bigint, number>();

/**
 * Takes one of the person's live streams in this process, before the stream is answered (issue 34): over
 * LiveStreamLimits.perPerson the answer is 4029 and nothing is opened. Answers the release, which the
 * stream calls when it ends, however it ends (calling it again does nothing).
 */
export function claimLiveStream(userId: bigint): () => void {
  const held = perPerson.get(userId) ?? 0;
  if (held >= LiveStreamLimits.perPerson) {
    throw new ApiError('tooManyRequests', { max: String(LiveStreamLimits.perPerson) }, { limit: 'liveStreams', max: LiveStreamLimits.perPerson }, 'abuse.tooManyStreams');
  }
  perPerson.set(userId, held + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (perPerson.get(userId) ?? 1) - 1;
    if (left <= 0) perPerson.delete(userId);
    else perPerson.set(userId, left);
  };
}

/** The live streams this person holds open in this process. */
export function liveStreamsOf(userId: bigint): number {
  return perPerson.get(userId) ?? 0;
}
