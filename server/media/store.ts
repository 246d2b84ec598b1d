import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config, MediaConfig } from '../config';
import { defaultOutsideTimeouts, kindOfError, kindOfStatus, outsideFailed, type OutsideTimeouts } from '../observability/outside';

/**
 * Where pictures live (issue 28): the data directory (`DATA_DIR/media`, the default: one machine) or an
 * S3-compatible bucket (`MEDIA_STORE=s3`: every app machine reads and writes the same pictures). Objects are
 * named `<sha256>-<size>.webp` and never change once written, so neither side needs locking or invalidation.
 * Reads are streams: a picture is never held in memory whole to be served.
 */
export interface MediaObject {
  body: ReadableStream<Uint8Array>;
  /** Bytes, when the store says (it does for both kinds). */
  length: number | null;
}

export interface MediaStore {
  readonly kind: MediaConfig['store'];
  /** Where, for people: the directory or the bucket's address. */
  readonly where: string;
  has(name: string): Promise<boolean>;
  put(name: string, bytes: Uint8Array): Promise<void>;
  /** The object as a stream, or null when there is none. */
  open(name: string): Promise<MediaObject | null>;
  close(): void;
}

/** Names the stores accept: what storeImage writes, nothing that could climb out of a directory. */
const objectName = /^[0-9a-f]{64}-[a-z]+\.webp$/;

function checkName(name: string): void {
  if (!objectName.test(name)) throw new Error(`not a media object name: ${name}`);
}

export function localMediaStore(dir: string): MediaStore {
  return {
    kind: 'local',
    where: dir,
    async has(name) {
      checkName(name);
      return fs.promises.access(path.join(dir, name)).then(
        () => true,
        () => false,
      );
    },
    async put(name, bytes) {
      checkName(name);
      await fs.promises.mkdir(dir, { recursive: true });
      const file = path.join(dir, name);
      // Written aside, then renamed: a reader never sees half a picture. The aside is this upload's own
      // (issue 34): the same picture uploaded several times at once in one process writes several.
      const tmp = `${file}.${process.pid}.${crypto.randomUUID()}.tmp`;
      try {
        await fs.promises.writeFile(tmp, bytes);
        await fs.promises.rename(tmp, file);
      } catch (error) {
        await fs.promises.rm(tmp, { force: true });
        throw error;
      }
    },
    async open(name) {
      checkName(name);
      const file = path.join(dir, name);
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(file, 'r');
      } catch {
        return null;
      }
      const { size } = await handle.stat();
      const stream = handle.createReadStream({ highWaterMark: 64 * 1024 });
      return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, length: size };
    },
    close() {},
  };
}

export type S3MediaConfig = Extract<MediaConfig, { store: 's3' }>;

/**
 * The bucket's client. Every request is bounded (issue 34): the connection by `connectMs`
 * (OUTSIDE_CONNECT_TIMEOUT_MS), the request and a silence on an open connection by `s3Ms` (MEDIA_S3_TIMEOUT_MS),
 * and each store call, its retries included, by the same `s3Ms` (see `bounded`).
 */
export function s3Client(config: S3MediaConfig, timeouts: OutsideTimeouts = defaultOutsideTimeouts): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
    // Stores other than AWS refuse the checksums the SDK adds by default since 3.729 (aws-sdk-js-v3 #6819).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Pictures are served through the app at tens of requests at once: keep the connections to the store.
    requestHandler: {
      httpAgent: { keepAlive: true, maxSockets: 128 },
      httpsAgent: { keepAlive: true, maxSockets: 128 },
      connectionTimeout: timeouts.connectMs,
      requestTimeout: timeouts.s3Ms,
      throwOnRequestTimeout: true,
      socketTimeout: timeouts.s3Ms,
    },
    maxAttempts: 3,
  });
}

function isMissing(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/** An S3 error's status, when the store answered one. */
function s3Status(error: unknown): number | null {
  const status = (error as { $metadata?: { httpStatusCode?: unknown } } | null)?.$metadata?.httpStatusCode;
  return typeof status === 'number' ? status : null;
}

/**
 * One store call (retries included) bounded by `ms` until the store answers (an answer's body is then read at
 * the pace of whoever reads it, each silence bounded by the client's socket time-out), and logged and counted
 * when it fails; a missing object is an answer, not a failure.
 */
export async function bounded<T>(call: string, ms: number, send: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
  const started = performance.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  timer.unref();
  try {
    return await send(controller.signal);
  } catch (error) {
    if (!isMissing(error)) {
      const status = s3Status(error);
      const kind = controller.signal.aborted ? 'timeout' : status !== null && status >= 400 ? kindOfStatus(status) : kindOfError(error);
      outsideFailed('s3', call, kind, { ms: performance.now() - started, ...(status !== null && status >= 400 ? { status } : { detail: (error as Error).message }) });
      if (controller.signal.aborted) throw new S3Unavailable(`the picture store did not answer within ${ms} ms`);
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** The bucket did not answer in time. */
export class S3Unavailable extends Error {}

export function s3MediaStore(config: S3MediaConfig, client: S3Client = s3Client(config), timeoutMs: number = defaultOutsideTimeouts.s3Ms): MediaStore {
  const key = (name: string) => `${config.prefix}${name}`;
  return {
    kind: 's3',
    where: `${config.endpoint ?? 'aws'}/${config.bucket}/${config.prefix}`,
    async has(name) {
      checkName(name);
      try {
        await bounded('has', timeoutMs, (abortSignal) => client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: key(name) }), { abortSignal }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async put(name, bytes) {
      checkName(name);
      await bounded('put', timeoutMs, (abortSignal) =>
        client.send(new PutObjectCommand({ Bucket: config.bucket, Key: key(name), Body: bytes, ContentType: 'image/webp', ContentLength: bytes.byteLength }), { abortSignal }),
      );
    },
    async open(name) {
      checkName(name);
      try {
        const object = await bounded('open', timeoutMs, (abortSignal) => client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key(name) }), { abortSignal }));
        if (!object.Body) return null;
        return { body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>, length: object.ContentLength ?? null };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    close() {
      client.destroy();
    },
  };
}

/**
 * A bucket behind a bounded cache on this machine's disk: objects never change once written, so a copy is
 * always right. A picture asked for the first time is copied from the bucket to the disk (streamed, never
 * whole in memory), then served from there like the local store; the least recently served copies are
 * removed past `maxBytes`. Measured (docs/benchmarks.md): through the SDK every bucket read cost the app
 * more than the whole local path, so hot pictures from the bucket alone were several times slower.
 */
export function cachedMediaStore(bucket: MediaStore, dir: string, maxBytes: number, client: { fetch(name: string): Promise<Readable | null> }): MediaStore {
  const sizes = new Map<string, number>(); // name -> bytes, in order of last use
  let total = 0;
  const touch = (name: string, bytes: number) => {
    const had = sizes.get(name);
    if (had !== undefined) sizes.delete(name);
    else total += bytes;
    sizes.set(name, bytes);
    for (const [old, oldBytes] of sizes) {
      if (total <= maxBytes || old === name) break;
      sizes.delete(old);
      total -= oldBytes;
      void fs.promises.rm(path.join(dir, old), { force: true });
    }
  };
  // Each process keeps its own cache (server processes of one machine share DATA_DIR); what processes no
  // longer running left is removed: a cache, not a record.
  const mine = path.join(dir, String(process.pid));
  for (const other of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const pid = Number(other);
    let alive = false;
    try {
      alive = Number.isInteger(pid) && pid > 0 && pid !== process.pid && process.kill(pid, 0);
    } catch {
      alive = false;
    }
    if (!alive) fs.rmSync(path.join(dir, other), { recursive: true, force: true });
  }
  dir = mine;
  const local = localMediaStore(dir);
  const filling = new Map<string, Promise<boolean>>();
  const fill = (name: string) => {
    let pending = filling.get(name);
    if (!pending) {
      pending = (async () => {
        const body = await client.fetch(name);
        if (!body) return false;
        await fs.promises.mkdir(dir, { recursive: true });
        const file = path.join(dir, name);
        const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
        try {
          await pipeline(body, fs.createWriteStream(tmp));
          await fs.promises.rename(tmp, file);
        } catch (error) {
          await fs.promises.rm(tmp, { force: true });
          throw error;
        }
        return true;
      })().finally(() => filling.delete(name));
      filling.set(name, pending);
    }
    return pending;
  };
  return {
    kind: bucket.kind,
    where: bucket.where,
    has: (name) => (sizes.has(name) ? Promise.resolve(true) : bucket.has(name)),
    put: (name, bytes) => bucket.put(name, bytes),
    async open(name) {
      checkName(name);
      if (!sizes.has(name) && !(await fill(name))) return null;
      const object = await local.open(name);
      if (!object) {
        // Removed by the eviction between the fill and the open: serve straight from the bucket.
        sizes.delete(name);
        return bucket.open(name);
      }
      touch(name, object.length ?? 0);
      return object;
    },
    close() {
      bucket.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const stores = new WeakMap<Config, MediaStore>();

/** The store of a configuration, made once (every route and service of a server shares its client). */
export function mediaStore(config: Config): MediaStore {
  let store = stores.get(config);
  if (!store) {
    if (config.media.store === 's3') {
      const media = config.media;
      const timeouts = config.outsideTimeouts ?? defaultOutsideTimeouts;
      const client = s3Client(media, timeouts);
      const bucket = s3MediaStore(media, client, timeouts.s3Ms);
      store =
        media.cacheBytes > 0
          ? cachedMediaStore(bucket, path.join(config.dataDir, 'media-cache'), media.cacheBytes, {
              async fetch(name) {
                try {
                  const object = await bounded('fetch', timeouts.s3Ms, (abortSignal) => client.send(new GetObjectCommand({ Bucket: media.bucket, Key: `${media.prefix}${name}` }), { abortSignal }));
                  return (object.Body as Readable | undefined) ?? null;
                } catch (error) {
                  if (isMissing(error)) return null;
                  throw error;
                }
              },
            })
          : bucket;
    } else store = localMediaStore(path.join(config.dataDir, 'media'));
    stores.set(config, store);
  }
  return store;
}

/** At shutdown: closes the store's connections. */
export function closeMediaStore(config: Config): void {
  stores.get(config)?.close();
  stores.delete(config);
}
