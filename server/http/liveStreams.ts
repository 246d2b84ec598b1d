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
