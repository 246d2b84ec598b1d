/**
 * `npm run media:to-bucket`: copies the pictures under DATA_DIR/media (or the directory given as the first
 * argument) into the bucket that MEDIA_STORE=s3 and the MEDIA_S3_* variables name. Safe to run while the
 * servers run, and again: what the bucket has is skipped.
 */
import path from 'node:path';
import { readConfig } from '../server/config';
import { copyLocalMedia } from '../server/media/copyToBucket';
import { mediaStore } from '../server/media/store';

const config = readConfig();
if (config.media.store !== 's3') {
  console.error('Set MEDIA_STORE=s3 and MEDIA_S3_BUCKET (and MEDIA_S3_ENDPOINT, MEDIA_S3_REGION, MEDIA_S3_ACCESS_KEY_ID, MEDIA_S3_SECRET_ACCESS_KEY as your store needs) first.');
  process.exit(2);
}
const from = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'media'));
const store = mediaStore(config);
const started = Date.now();
const report = await copyLocalMedia(from, store);
console.log(`${from} -> ${store.where}: ${report.copied} copied, ${report.present} already there, ${report.ignored} other files left alone (${Date.now() - started} ms)`);
store.close();
