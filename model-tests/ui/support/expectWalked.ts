import { expect } from 'vitest';
import { describeFailure, recordUiCoverage, type UiModel, type UiWalkResult } from './uiWalk';

/** UI_ONLY=<part of a transition key> walks only those (to look at one failing path). */
export const onlyFromEnv = process.env.UI_ONLY ? (k: string) => k.includes(process.env.UI_ONLY ?? '') : undefined;

/**
 * Checks a UI walk: no failure, no unknown key, every transition walked or listed as not walkable, and (unless
 * `guards: false`) every guard outcome seen; then records the UI level in coverage.json.
 */
export function expectWalked<C>(result: UiWalkResult, model: UiModel<C>, options: { guards?: boolean } = {}): void {
  for (const f of result.failures) console.error(describeFailure(result.chart, f));
  expect(result.unknown).toEqual([]);
  expect(result.failures.map((f) => describeFailure(result.chart, f))).toEqual([]);
  expect([...result.missing].sort()).toEqual(Object.keys(model.notWalkable).sort());
  if (options.guards !== false) expect(result.guardGaps).toEqual([]);
  recordUiCoverage(result, model.machine);
}
