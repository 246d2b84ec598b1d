import type { MiddlewareHandler } from 'hono';
import { BodyLimits } from '../../src/domain/abuseLimits';
import type { Deps } from '../deps';
import { ApiError } from './envelope';
import type { AppEnv } from './env';

/** The content types a body of the API may have; the route then asks for its own (server/http/validate.ts). */
const bodyTypes = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];

/** The largest body a path takes: an image upload's picture, or the configured limit for JSON and forms. */
export function bodyLimitOf(deps: Deps, path: string): number {
  return path === '/api/upload/image' ? BodyLimits.uploadBytes : (deps.config.bodyLimitBytes ?? BodyLimits.defaultBytes);
}

class BodyTooLarge extends ApiError {
  constructor(limit: number) {
    super('invalidField', { field: 'body', detail: `larger than ${limit} bytes` }, { field: 'body', limitBytes: limit });
  }
}

/**
 * Body limits before any parsing work (issue 25): a declared length over the limit is refused at once,
 * and a body without one is counted while it streams and cut at the limit, so no more than the limit is
 * ever held in memory (4001; the rest is read and dropped for a bounded while, see `refuse`). A body of
 * any other content type than JSON, a form or multipart is 4000. What passes is handed on in memory.
 */
export function limitBodies(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const raw = c.req.raw;
    if (raw.method === 'GET' || raw.method === 'HEAD' || raw.body === null) return next();
    const limit = bodyLimitOf(deps, c.req.path);
    const declared = raw.headers.get('content-length');
    const reader = raw.body.getReader();
    const refuse = (error: ApiError): never => {
      // The refusal is sent at once while the rest of the body is read and dropped (lingering close, RFC 9112
      // §9.6), so the client reads the refusal instead of a reset. Closing a socket with body bytes still
      // unread answers them with a reset, which can wipe the refusal from the client's buffer before it is
      // read (a client that sends the whole body before reading, like Python's, always lost it). Node ends
      // the connection as soon as the refusal is written when the client sent `Connection: close`, and
      // @hono/node-server half a second after it when the body is still coming (both through destroySoon):
      // until the drain is over, that end only half-closes (issue 34, finding 8).
      const env = c.env as { incoming?: { socket?: Socket }; outgoing?: { once(event: 'finish', f: () => void): void } } | undefined;
      const socket = env?.incoming?.socket;
      const sent = new Promise<void>((resolve) => (env?.outgoing ? env.outgoing.once('finish', resolve) : resolve()));
      const drained = linger(reader);
      if (socket) {
        socket.destroySoon = () => {
          socket.end();
          void drained.then(() => socket.destroy());
        };
      }
      // Read to its end, the connection is clean and stays open for the client's next request; cut short at
      // the bounds, what is left would be read as the next request, so the connection ends.
      void Promise.all([drained, sent]).then(([whole]) => {
        if (!socket) return;
        delete socket.destroySoon;
        if (!whole) socket.destroy();
      });
      throw error;
    };
    if (declared !== null && Number(declared) > limit) refuse(new BodyTooLarge(limit));
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > limit) refuse(new BodyTooLarge(limit));
        chunks.push(value);
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw new ApiError('malformedRequest', { detail: 'the body could not be read' });
    }
    const type = (raw.headers.get('content-type') ?? '').toLowerCase();
    if (size > 0 && c.req.path.startsWith('/api/') && !bodyTypes.some((t) => type.startsWith(t))) {
      throw new ApiError('malformedRequest', { detail: 'expected a JSON, form-encoded or multipart body' });
    }
    c.req.raw = new Request(raw.url, { method: raw.method, headers: raw.headers, body: size > 0 ? Buffer.concat(chunks, size) : null, signal: raw.signal });
    await next();
  };
}

/** The socket under a request: `destroySoon` is set on it for as long as a refused body is drained. */
interface Socket {
  end(): void;
  destroy(): void;
  destroySoon?: () => void;
}

/**
 * Reads and drops what is left of a refused body, for at most BodyLimits.lingerMs and lingerBytes, and no
 * longer than lingerIdleMs without a byte: true if it reached the end.
 */
async function linger(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<boolean> {
  const until = Date.now() + BodyLimits.lingerMs;
  let dropped = 0;
  let timer: NodeJS.Timeout | undefined;
  const pause = () =>
    new Promise<'stop'>((resolve) => {
      timer = setTimeout(() => resolve('stop'), Math.min(BodyLimits.lingerIdleMs, Math.max(0, until - Date.now())));
      timer.unref();
    });
  try {
    while (Date.now() < until && dropped < BodyLimits.lingerBytes) {
      const next = await Promise.race([reader.read(), pause()]);
      clearTimeout(timer);
      if (next === 'stop') break;
      if (next.done) return true;
      dropped += next.value.byteLength;
    }
  } catch {
    // the client went away: nothing left to drop
  }
  await reader.cancel().catch(() => undefined);
  return false;
}
