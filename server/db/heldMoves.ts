import type { Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * Increments a transaction holds back until just before its commit (the timer runner's batches).
 *
 * A batch of 200 timers runs in one transaction. Many of them add to the same few rows: every order
 * payout credits `platform:fees` and its seller's pending income, every cancelled order returns stock to
 * its SKU. Moved one at a time, each such row stays locked from the batch's first firing to its commit,
 * and a second server process's batch, which locked other rows of the same kind in another order,
 * deadlocks with it (measured: 11 timers/s with two processes). Held back, the rows are locked only at
 * the end, all at once and in key order (no deadlock), with one statement per kind and batch.
 *
 * A kind (`balance`, `stock`) registers how its held increments are carried out; the code that moves
 * (ledger post(), an order's returnStock) adds to the held amount when its transaction holds, and
 * reads back its own held amount where it reads the row (accountBalance()).
 */
type Trx = Transaction<Database>;
type Apply = (trx: Trx, moves: [key: string, amount: bigint][]) => Promise<void>;

const appliers = new Map<string, Apply>();
const held = new WeakMap<object, Map<string, Map<string, bigint>>>();

/** How the held increments of a kind are carried out, given in key order (non-zero ones only). */
export function registerHeldKind(kind: string, apply: Apply): void {
  appliers.set(kind, apply);
}

/** From now on the transaction holds its increments back (until applyHeldMoves). */
export function holdMoves(trx: Trx): void {
  held.set(trx, new Map());
}

/** Adds to a held increment; false when the transaction does not hold (the caller moves the row itself). */
export function addHeldMove(trx: object, kind: string, key: string, amount: bigint): boolean {
  const kinds = held.get(trx);
  if (!kinds) return false;
  let moves = kinds.get(kind);
  if (!moves) kinds.set(kind, (moves = new Map()));
  moves.set(key, (moves.get(key) ?? 0n) + amount);
  return true;
}

/** What the transaction holds for this row (0 when it does not hold). */
export function heldMove(trx: object, kind: string, key: string): bigint {
  return held.get(trx)?.get(kind)?.get(key) ?? 0n;
}

/** Where the held increments stand now; the answer puts them back there (a handler rolled back to its savepoint). */
export function heldMovesCheckpoint(trx: Trx): () => void {
  const kinds = held.get(trx);
  if (!kinds) return () => undefined;
  const saved = new Map([...kinds].map(([kind, moves]) => [kind, new Map(moves)] as const));
  return () => {
    kinds.clear();
    for (const [kind, moves] of saved) kinds.set(kind, new Map(moves));
  };
}

/** Carries out the held increments (just before the commit), kind by kind in name order, and stops holding. */
export async function applyHeldMoves(trx: Trx): Promise<void> {
  const kinds = held.get(trx);
  held.delete(trx);
  if (!kinds) return;
  for (const [kind, moves] of [...kinds].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const apply = appliers.get(kind);
    if (!apply) throw new Error(`no way to apply held ${kind} moves`);
    const rows = [...moves].filter(([, amount]) => amount !== 0n).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (rows.length > 0) await apply(trx, rows);
  }
}
