import { spawn } from 'node:child_process';
import path from 'node:path';

/** `npm run dev`: the API on 8080 (restarting on change) and Vite's hot reload on 5173 in front of it. */
const api = spawn(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'watch', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: process.env.PORT ?? '8080' },
});
const web = spawn(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), '--port', '5173'], { stdio: 'inherit' });
const stop = () => {
  api.kill();
  web.kill();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
console.log('Open http://localhost:5173/ (Vite, hot reload); the API runs on :8080.');
