import { log } from '../observability/log';

/** PostgreSQL's deadlock (40P01) and serialization failure (40001): the transaction was rolled back whole. */
export function isRetryable(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === '40P01' || error.code === '40001');
}

/**
 * Runs `run` (which opens its own transaction) again when PostgreSQL rolled it back as a deadlock's victim, a few
 * times with a short random pause, as PostgreSQL advises. The shared rows a step moves (the chart rollups and
 * per-state counters, a SKU's stock) are taken in the order the steps come, so two checkouts of one popular SKU
 * (one replacing its buyer's unpaid order) can meet in opposite orders (stop 40's full run: 200 checkouts at
 * once, three answered 5000). Nothing of a rolled-back attempt remains, so running it again is safe.
 */
export async function retriedOnDeadlock<T>(what: string, run: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (!isRetryable(error) || attempt >= attempts) throw error;
      log.warn({ what, attempt, code: (error as Error & { code: string }).code }, 'database: transaction rolled back by a deadlock, run again');
      await new Promise((resolve) => setTimeout(resolve, attempt * (5 + Math.random() * 20)));
    }
  }
}
