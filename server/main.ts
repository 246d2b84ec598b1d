import { readConfig } from './config';
import { startServer } from './start';

const config = readConfig();
const started = Date.now();
const server = await startServer(config, {
  onListening: (url) =>
    console.log(`Coin Mall is running at ${url}/  (${config.sandbox ? 'sandbox mode: the server plays the Pi platform and host' : 'Pi platform mode'}; listening after ${Date.now() - started} ms)`),
});
console.log(`Database ready (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}) after ${Date.now() - started} ms.`);

const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
