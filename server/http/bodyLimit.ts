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
 * ever held in memory (4001, and the connection closed so the rest is not sent for nothing). A body of
 * any other content type than JSON, a form or multipart is 4000. What passes is handed on in memory.
 */
export function limitBodies(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const raw = c.req.raw;
    if (raw.method === 'GET' || raw.method === 'HEAD' || raw.body === null) return next();
    const limit = bodyLimitOf(deps, c.req.path);
    const declared = raw.headers.get('content-length');
    const refuse = (error: ApiError) => {
      // The rest of the body is not read: once the refusal is sent, the connection ends, so a client
      // pushing 50 MB stops at once and the server does not spend its time draining it.
      c.header('Connection', 'close');
      const env = c.env as { incoming?: { socket?: { destroy(): void } }; outgoing?: { once(event: 'finish', f: () => void): void } } | undefined;
      env?.outgoing?.once('finish', () => setTimeout(() => env.incoming?.socket?.destroy(), 50).unref());
      throw error;
    };
    if (declared !== null && Number(declared) > limit) refuse(new BodyTooLarge(limit));
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = raw.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > limit) {
          await reader.cancel().catch(() => undefined);
          refuse(new BodyTooLarge(limit));
        }
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
