/**
 * `npm run media:to-bucket`: copies the pictures under DATA_DIR/media (or the directory given as the first
 * argument) into the bucket that MEDIA_STORE=s3 and the MEDIA_S3_* variables name. Safe to run while the
 * servers run, and again: what the bucket has is skipped. A missing directory, a missing bucket or a failed
 * copy exits 1 with a message (never "0 copied"); the outcome is one JSON line.
 */
import path from 'node:path';
import { readConfig } from '../server/config';
import { copyLocalMedia } from '../server/media/copyToBucket';
import { mediaStore } from '../server/media/store';
import { log } from '../server/observability/log';

function fail(message: string, code: number, fields: Record<string, unknown> = {}): never {
  log.error(fields, message);
  log.flush();
  process.exit(code);
}

const config = readConfig();
if (config.media.store !== 's3') {
  fail('Set MEDIA_STORE=s3 and MEDIA_S3_BUCKET (and MEDIA_S3_ENDPOINT, MEDIA_S3_REGION, MEDIA_S3_ACCESS_KEY_ID, MEDIA_S3_SECRET_ACCESS_KEY as your store needs) first.', 2);
}
const from = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'media'));
const store = mediaStore(config);
const started = Date.now();
try {
  const report = await copyLocalMedia(from, store);
  log.info({ from, to: store.where, ...report, ms: Date.now() - started }, `${from} -> ${store.where}: ${report.copied} copied, ${report.present} already there, ${report.ignored} other files left alone (${Date.now() - started} ms)`);
} catch (error) {
  fail(`Copy to the bucket failed: ${error instanceof Error ? error.message : String(error)}`, 1, { from, to: store.where });
} finally {
  store.close();
}
