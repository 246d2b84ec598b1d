import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { MediaConfig } from '../config';
import { s3Client, type S3MediaConfig } from '../media/store';

/**
 * A real S3-protocol server in this process (s3rver, files under a temporary directory) with one fresh
 * bucket: what the media store's tests and the two-machine test talk to through the real SDK.
 */
export interface TestBucket {
  media: S3MediaConfig;
  /** The same settings as environment variables, for a server process. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startTestBucket(): Promise<TestBucket> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'coin-mall-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  const media: S3MediaConfig = {
    store: 's3',
    bucket: `coin-mall-${crypto.randomBytes(4).toString('hex')}`,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    // s3rver checks signatures against this fixed pair.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: 'media/',
    cacheBytes: 64 * 1024 * 1024,
  } satisfies MediaConfig;
  const client = s3Client(media);
  await client.send(new CreateBucketCommand({ Bucket: media.bucket }));
  client.destroy();
  return {
    media,
    env: {
      MEDIA_STORE: 's3',
      MEDIA_S3_BUCKET: media.bucket,
      MEDIA_S3_ENDPOINT: media.endpoint ?? '',
      MEDIA_S3_REGION: media.region,
      MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
      MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
