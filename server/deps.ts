import type { Config } from './config';
import type { Db } from './db/database';
import type { PayoutChain } from './platform/chain';
import type { PlatformClient } from './platform/client';

/** What every route and service is given. `now` is the one clock: tests move it, nothing reads Date.now() directly. */
export interface Deps {
  db: Db;
  config: Config;
  platform: PlatformClient;
  /** The app wallet on the coin's chain (issue 27): signs and submits payouts. */
  chain: PayoutChain;
  now: () => number;
}
