import type { Config } from './config';
import type { Db } from './db/database';
import type { PlatformClient } from './platform/client';

/** What every route and service is given. `now` is the one clock: tests move it, nothing reads Date.now() directly. */
export interface Deps {
  db: Db;
  config: Config;
  platform: PlatformClient;
  now: () => number;
}
