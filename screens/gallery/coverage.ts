import coverageFile from '../../model-tests/coverage.json';

/**
 * Where the model tests walked a chart (model-tests/coverage.json, written by model-tests/support/
 * coverageFile.ts): per level ('chart': the chart against an actor of itself; 'api': the real server;
 * 'ui': the browser), each transition with the levels that walked it, each guarded transition with the
 * levels that saw its guard true and false. The file is written by another program, so its shape is checked.
 */
export const levels = ['chart', 'api', 'ui'] as const;
export type Level = (typeof levels)[number];

export interface LevelCoverage {
  walked: number;
  total: number;
  missing: string[];
}

export interface Coverage extends LevelCoverage {
  levels: Partial<Record<Level, LevelCoverage>>;
  /** Transition key (transitionKey) → the levels that walked it. */
  transitions: Record<string, Level[]>;
  /** Guard key (guardKey) → the levels that saw each outcome. */
  guards: Record<string, { true: Level[]; false: Level[] }>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isLevel = (v: unknown): v is Level => typeof v === 'string' && (levels as readonly string[]).includes(v);
const levelList = (v: unknown): Level[] => (Array.isArray(v) ? v.filter(isLevel) : []);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((m): m is string => typeof m === 'string') : []);

function levelCoverage(v: unknown): LevelCoverage | null {
  if (!isRecord(v) || typeof v.walked !== 'number' || typeof v.total !== 'number') return null;
  return { walked: v.walked, total: v.total, missing: strings(v.missing) };
}

/** Reads one machine's entry, checking its shape. */
export function coverageOf(file: unknown, machineId: string): Coverage | null {
  if (!isRecord(file)) return null;
  const entry = file[machineId];
  const top = levelCoverage(entry);
  if (!top || !isRecord(entry)) return null;
  const byLevel: Partial<Record<Level, LevelCoverage>> = {};
  if (isRecord(entry.levels)) {
    for (const level of levels) {
      const found = levelCoverage(entry.levels[level]);
      if (found) byLevel[level] = found;
    }
  }
  if (!byLevel.chart) byLevel.chart = top;
  const transitions: Record<string, Level[]> = {};
  if (isRecord(entry.transitions)) for (const [key, list] of Object.entries(entry.transitions)) transitions[key] = levelList(list);
  const guards: Record<string, { true: Level[]; false: Level[] }> = {};
  if (isRecord(entry.guards)) {
    for (const [key, seen] of Object.entries(entry.guards)) {
      if (isRecord(seen)) guards[key] = { true: levelList(seen.true), false: levelList(seen.false) };
    }
  }
  return { ...top, levels: byLevel, transitions, guards };
}

/** The coverage bundled with this build (the JSON is imported statically). */
export function bundledCoverage(machineId: string): Coverage | null {
  return coverageOf(coverageFile, machineId);
}

/**
 * How an arrow is drawn: by the most demanding level that walked it (a person's browser, then the real
 * server, then the chart alone), or 'none' when no model test walked it.
 */
export type DrawnLevel = Level | 'none';

export function drawnLevel(walkedAt: readonly Level[] | undefined): DrawnLevel {
  if (!walkedAt || walkedAt.length === 0) return 'none';
  if (walkedAt.includes('ui')) return 'ui';
  if (walkedAt.includes('api')) return 'api';
  return 'chart';
}
