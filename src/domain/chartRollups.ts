/**
 * The fixed log-scale buckets of the time a record spent in a state before a step left it (issue 35):
 * bucket 0 is a record's first step (it left no state); bucket b ≥ 1 holds the times t (seconds) with
 * floor(4·log2(1 + t)) = b − 1, i.e. four buckets per doubling, so a median or p90 read from them is within
 * about 19 % of the exact figure. The same formula is in the SQL of server/charts/steps.ts and migration 0029.
 */
export const bucketsPerDoubling = 4;
export const lastBucket = 100;
/** Rows of the rollups and per-state counters are spread over this many shards (summed on read). */
export const rollupShards = 4;

export function bucketOf(seconds: number | null): number {
  if (seconds === null) return 0;
  return 1 + Math.min(lastBucket - 1, Math.floor((bucketsPerDoubling * Math.log(1 + Math.max(0, seconds))) / Math.LN2));
}

/** The times (seconds) a bucket ≥ 1 covers: [low, high). */
export function bucketBounds(bucket: number): { low: number; high: number } {
  return { low: 2 ** ((bucket - 1) / bucketsPerDoubling) - 1, high: 2 ** (bucket / bucketsPerDoubling) - 1 };
}

/**
 * The q-quantile (0 < q < 1) of the times in the buckets (bucket → count; bucket 0 ignored), interpolated
 * linearly inside the bucket holding the rank ceil(q·n); null when no step left the state.
 */
export function quantileOfBuckets(buckets: ReadonlyMap<number, number>, q: number): number | null {
  const timed = [...buckets].filter(([b, n]) => b > 0 && n > 0).sort((a, b) => a[0] - b[0]);
  const total = timed.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let below = 0;
  for (const [bucket, n] of timed) {
    if (below + n >= rank) {
      const { low, high } = bucketBounds(bucket);
      return low + ((high - low) * (rank - below - 0.5)) / n;
    }
    below += n;
  }
  return null;
}
