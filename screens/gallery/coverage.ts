import coverageFile from '../../model-tests/coverage.json';

/** How much of a chart the model tests walked (written by model-tests into coverage.json). */
export interface Coverage {
  walked: number;
  total: number;
  missing: string[];
}

/** Reads one machine's entry, checking its shape since the file is written by another program. */
export function coverageOf(file: unknown, machineId: string): Coverage | null {
  if (typeof file !== 'object' || file === null) return null;
  const entry: unknown = (file as Record<string, unknown>)[machineId];
  if (typeof entry !== 'object' || entry === null) return null;
  const { walked, total, missing } = entry as Record<string, unknown>;
  if (typeof walked !== 'number' || typeof total !== 'number') return null;
  return { walked, total, missing: Array.isArray(missing) ? missing.filter((m): m is string => typeof m === 'string') : [] };
}

/** The coverage bundled with this build (the JSON is imported statically). */
export function bundledCoverage(machineId: string): Coverage | null {
  return coverageOf(coverageFile, machineId);
}
