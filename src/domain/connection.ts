/**
 * Whether a failed load failed for the network (issue 33, finding 13): the request never got an answer
 * (no connection, a timeout, a gateway that answered no `{code, msg}`: the signed client's `network`
 * reaction, HTTP status 0), or code that could not be fetched. Anything else is the server's answer
 * (not found, refused) and is shown as such.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const failure = error as { httpStatus?: unknown; reaction?: { kind?: unknown } | null; name?: unknown; message?: unknown };
  if (failure.reaction?.kind === 'network' || failure.httpStatus === 0) return true;
  if (failure.name === 'ScreenLoadError') return true;
  // fetch() itself, outside the signed client: Chromium, Firefox and Safari's words for a request that never left
  return failure.name === 'TypeError' && typeof failure.message === 'string' && /failed to fetch|networkerror|load failed/i.test(failure.message);
}
