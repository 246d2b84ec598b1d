import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * An S3-protocol server (s3rver) in its own OS process, so that a bench's load generator and the app do not
 * share its event loop. `npx tsx bench/s3Process.ts <port> <dir>` runs it; `startS3Process` spawns that.
 */
export async function startS3Process(port: number): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coin-mall-bench-s3-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/s3Process.ts', String(port), dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('s3 ready')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`s3rver exited ${code}`)));
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (process.argv[1]?.endsWith('s3Process.ts') && process.argv[2]) {
  const server = new S3rver({ address: '127.0.0.1', port: Number(process.argv[2]), directory: process.argv[3] ?? os.tmpdir(), silent: true });
  await server.run();
  console.log('s3 ready');
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
}
