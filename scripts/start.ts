import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { log } from '../server/observability/log';

/**
 * `npm start`, and in production `node --import tsx scripts/start.ts` (docs/deploy.md: npm does not pass
 * SIGTERM on to the server, which then never drains): build the client if it is missing or older than its
 * sources, then serve the app and the API from one port, in this same process (a signal reaches the server).
 * Every line is JSON, the build's output too.
 */
const sources = ['src', 'screens', 'machines', 'locales', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newest(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(entry).reduce((max, name) => Math.max(max, newest(path.join(entry, name))), stat.mtimeMs);
}

const built = path.resolve(process.env.DIST_DIR ?? 'dist', 'index.html');
const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newest))) {
  const started = Date.now();
  log.info({ build: 'client' }, 'Building the client…');
  const result = spawnSync(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  const output = `${result.stdout ?? ''}\n${result.stderr ?? ''}`.trim();
  if (result.status !== 0) {
    log.fatal({ build: 'client', status: result.status, output }, 'The client build failed.');
    log.flush();
    process.exit(result.status ?? 1);
  }
  log.info({ build: 'client', ms: Date.now() - started, ...(output ? { output } : {}) }, 'Client built.');
}
await import('../server/main');
