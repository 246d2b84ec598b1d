import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `npm start` on an installed checkout (client already built by `npm ci`'s prepare step): the time
 * until the first request is answered, and until the first API answer, on a fresh data directory
 * (first start: database created, migrated, seeded) and on that same directory again.
 */
async function until(url: string, deadline: number): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return Date.now();
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no answer from ${url}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function measure(dataDir: string, port: number): Promise<{ page: number; api: number }> {
  const started = Date.now();
  const child = spawn('npm', ['start'], { env: { ...process.env, DATA_DIR: dataDir, PORT: String(port) }, stdio: 'ignore', detached: true });
  try {
    const deadline = started + 60_000;
    const page = (await until(`http://127.0.0.1:${port}/`, deadline)) - started;
    const api = (await until(`http://127.0.0.1:${port}/api/users/language/getLanguageType`, deadline)) - started;
    return { page, api };
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
  }
}

export async function measureStartup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coin-mall-bench-'));
  try {
    const first = await measure(dataDir, 18_080);
    const again = await measure(dataDir, 18_081);
    return { first, again };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { first, again } = await measureStartup();
  console.log(`npm start, first start (new database): first answer ${first.page} ms, API ready ${first.api} ms`);
  console.log(`npm start, again (existing database):  first answer ${again.page} ms, API ready ${again.api} ms`);
  console.log('budget: first answer within 5000 ms');
}
