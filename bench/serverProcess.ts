import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The real server (`server/main.ts`, WORKERS processes) as its own OS process on `databaseUrl`, as
 * `npm start` runs it, so that a bench's load generator does not share the server's event loop.
 * Resolves once every process has its database open ("Database ready"; `script` and `ready` start another
 * program the same way; `nodeArgs` go to node, e.g. `--cpu-prof`); `stop()` ends it.
 */
export async function startServerProcess(options: { databaseUrl: string; workers: number; port: number; env?: Record<string, string>; script?: string; ready?: string; nodeArgs?: string[] }): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', options.script ?? 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      WORKERS: String(options.workers),
      PORT: String(options.port),
      HOST: '127.0.0.1',
      SANDBOX: '1',
      PI_API_KEY: '',
      PI_PLATFORM_URL: '',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'coin-mall-bench-')),
      // Load from one address: the benches measure throughput, not the rate limits (bench/flood.ts does).
      RATE_LIMITS: 'off',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(options.ready ?? 'Database ready')) {
        child.stdout?.off('data', onData);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${output}`)));
  });
  return {
    url: `http://127.0.0.1:${options.port}`,
    pid: child.pid ?? 0,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
