import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * model-tests/coverage.json, by level (issue 26). Per chart:
 *   walked, total, missing   the chart-level walk (what the gallery and the before-stop hook read)
 *   levels                   per level ('chart', 'api', 'ui'): walked, total, missing
 *   transitions              each transition: the levels it was walked at
 *   guards                   each guarded transition: for 'true' and 'false', the levels that saw it
 * The chart-level walk (model project) and the API-level walks (server projects) write their own level
 * only, under a lock file, since vitest runs the projects side by side.
 */
export type Level = 'chart' | 'api' | 'ui';

export interface LevelCoverage {
  walked: number;
  total: number;
  missing: string[];
}

export interface ChartCoverage extends LevelCoverage {
  levels?: Partial<Record<Level, LevelCoverage>>;
  transitions?: Record<string, Level[]>;
  guards?: Record<string, { true: Level[]; false: Level[] }>;
}

export const coverageFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../coverage.json');

export function readCoverage(): Record<string, ChartCoverage> {
  try {
    return JSON.parse(fs.readFileSync(coverageFile, 'utf8')) as Record<string, ChartCoverage>;
  } catch {
    return {};
  }
}

function withLock<T>(run: () => T): T {
  const lock = `${coverageFile}.lock`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      fs.closeSync(fs.openSync(lock, 'wx'));
      break;
    } catch {
      // A lock older than the deadline is a crashed writer's.
      if (Date.now() > deadline) {
        fs.rmSync(lock, { force: true });
        continue;
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
  try {
    return run();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

const order = <T>(record: Record<string, T>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));

/**
 * Writes one level of one chart: the transitions walked at that level (out of `all`), and the guard
 * outcomes seen at that level. The other levels' entries are kept as they are. A walk that replaces its
 * level (the shortest-path walks: what they walk is the same every run) writes what it saw as the whole
 * level; `merge` (the random walks, whose seed changes every run) only adds what it saw to the level,
 * taking nothing away, so a run that drew other sequences does not undo what an earlier walk saw.
 */
export function recordLevel(chart: string, level: Level, all: readonly string[], walked: ReadonlySet<string>, guards?: ReadonlyMap<string, ReadonlySet<string>>, guardKeys: readonly string[] = [], options: { merge?: boolean } = {}): void {
  withLock(() => {
    const data = readCoverage();
    const entry: ChartCoverage = data[chart] ?? { walked: 0, total: all.length, missing: [...all] };
    const keepOld = (k: string) => options.merge === true && (entry.transitions?.[k] ?? []).includes(level);
    const missing = all.filter((k) => !walked.has(k) && !keepOld(k));
    const levels = { ...entry.levels, [level]: { walked: all.length - missing.length, total: all.length, missing } };
    if (level === 'chart') Object.assign(entry, { walked: all.length - missing.length, total: all.length, missing });
    const transitions: Record<string, Level[]> = {};
    for (const k of all) {
      const before = (entry.transitions?.[k] ?? []).filter((l) => l !== level);
      transitions[k] = walked.has(k) || keepOld(k) ? [...before, level].sort() : before;
    }
    let guardEntry = entry.guards;
    if (guards) {
      guardEntry = {};
      for (const g of guardKeys) {
        const old = entry.guards?.[g] ?? { true: [], false: [] };
        const seen = guards.get(g);
        const at = (o: 'true' | 'false') => {
          const rest = old[o].filter((l) => l !== level);
          return seen?.has(o) || (options.merge === true && old[o].includes(level)) ? [...rest, level].sort() : rest;
        };
        guardEntry[g] = { true: at('true'), false: at('false') };
      }
      guardEntry = order(guardEntry);
    }
    data[chart] = { walked: entry.walked, total: entry.total, missing: entry.missing, levels: order(levels), transitions: order(transitions), ...(guardEntry ? { guards: guardEntry } : {}) };
    fs.writeFileSync(`${coverageFile}.tmp`, `${JSON.stringify(order(data), null, 2)}\n`);
    fs.renameSync(`${coverageFile}.tmp`, coverageFile);
  });
}
