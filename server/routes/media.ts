import { Hono } from 'hono';
import type { Deps } from '../deps';
import { ApiError, ok } from '../http/envelope';
import type { AppEnv } from '../http/env';
import { requireSession } from '../http/session';
import { isPrivateImage, mediaKeys, signatureLife, storeImage, type ImageSize } from '../services/images';
import { mediaStore, S3Unavailable, type MediaObject } from '../media/store';
import { log } from '../observability/log';
import { kindOfError } from '../observability/outside';
import { ResponseCode } from '../../src/domain/codes';

/** Image upload (signed, multipart field "file") and the resized copies, cached for a year. */
export function mediaRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.post('/api/upload/image', requireSession(deps), async (c) => {
    const type = c.req.header('content-type') ?? '';
    if (!type.includes('multipart/form-data')) throw new ApiError('malformedRequest', { detail: 'expected multipart/form-data with a "file" field' });
    const form = await c.req.parseBody().catch(() => {
      throw new ApiError('malformedRequest', { detail: 'the form could not be read' });
    });
    const file = form.file;
    if (!(file instanceof File)) throw new ApiError('invalidField', { field: 'file', detail: 'expected an image file' });
    const stored = await storeImage(deps, Buffer.from(await file.arrayBuffer()), c.var.user.id);
    return ok(c, stored, ResponseCode.uploadSuccess, 'upload success');
  });

  // A public image: cached for a year by anyone. A private one (evidence, chat, work orders): only with a
  // valid, unexpired signature (else 404, as if it did not exist), cached privately until it expires.
  // Either way the picture is streamed from the store (the data directory or the bucket), never read whole.
  // A picture URL's failures are plain answers no cache keeps: 404 when there is no such picture, 503 (with
  // Retry-After) when the store does not answer, 500 on any other error; never a 200 with JSON (issue 34).
  app.get('/media/:file', async (c) => {
    c.header('Cache-Control', 'no-store');
    const name = c.req.param('file');
    const match = /^([0-9a-f]{64})-(thumb|card|full)\.webp$/.exec(name);
    if (!match) return c.text('Not found', 404);
    const id = match[1] ?? '';
    const size = (match[2] ?? 'thumb') as ImageSize;
    let cache = 'public, max-age=31536000, immutable';
    if (await isPrivateImage(deps.db, id)) {
      const life = signatureLife((await mediaKeys(deps)).accept, id, size, c.req.query('exp'), c.req.query('sig'), deps.now());
      if (life === null) return c.text('Not found', 404);
      cache = `private, max-age=${life}`;
    }
    let object: MediaObject | null;
    try {
      object = await mediaStore(deps.config).open(name);
    } catch (error) {
      // The store logged and counted its failure (server/media/store.ts).
      if (error instanceof S3Unavailable || kindOfError(error) !== 'bad_answer') return c.text('Picture store unavailable', 503, { 'Retry-After': '5' });
      log.error({ reqId: c.get('requestId'), path: c.req.path, err: error }, 'picture not served');
      return c.text('Server error', 500);
    }
    if (!object) return c.text('Not found', 404);
    c.header('Content-Type', 'image/webp');
    c.header('Cache-Control', cache);
    if (object.length !== null) c.header('Content-Length', String(object.length));
    return c.body(object.body);
  });

  return app;
}
