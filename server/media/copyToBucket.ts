import fs from 'node:fs';
import path from 'node:path';
import type { MediaStore } from './store';

export interface CopyReport {
  copied: number;
  /** Already in the bucket (a second run copies nothing again). */
  present: number;
  /** Files in the directory that are not media objects (left where they are). */
  ignored: number;
}

/** The directory to copy from is not there: nothing can be copied, and the caller must hear it. */
export class MediaDirectoryMissing extends Error {
  constructor(
    readonly dir: string,
    why: string,
  ) {
    super(`${dir} ${why}: no pictures to copy (name the media directory, by default DATA_DIR/media)`);
    this.name = 'MediaDirectoryMissing';
  }
}

/**
 * Copies every picture of a local media directory into a store (the bucket), skipping those it has.
 * Objects never change once written, so copying while the servers run is safe, and so is running it again.
 */
export async function copyLocalMedia(dir: string, to: MediaStore, concurrency = 8): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, present: 0, ignored: 0 };
  // A missing or misspelt directory is an error, not "0 copied" (issue 34, finding 7).
  if (!fs.existsSync(dir)) throw new MediaDirectoryMissing(dir, 'does not exist');
  if (!fs.statSync(dir).isDirectory()) throw new MediaDirectoryMissing(dir, 'is not a directory');
  const names = fs.readdirSync(dir);
  const media = names.filter((n) => /^[0-9a-f]{64}-[a-z]+\.webp$/.test(n));
  report.ignored = names.length - media.length;
  let next = 0;
  const worker = async () => {
    while (next < media.length) {
      const name = media[next++] ?? '';
      if (await to.has(name)) {
        report.present += 1;
        continue;
      }
      await to.put(name, await fs.promises.readFile(path.join(dir, name)));
      report.copied += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return report;
}
