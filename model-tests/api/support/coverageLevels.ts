import { recordLevel } from '../../support/coverageFile';
import { allGuards, type ApiWalkResult } from './apiWalk';
import type { AnyStateMachine } from 'xstate';

/** Writes the API level of a chart into model-tests/coverage.json (transitions and guard outcomes walked through the server). */
export function recordApiCoverage(result: ApiWalkResult, machine: AnyStateMachine): void {
  recordLevel(result.chart, 'api', result.all, result.walked, result.guards, allGuards(machine));
}

/** Says which guard outcome no path reached (the issue asks for a report, not silence), and what the walk did. */
export function reportGuards(result: ApiWalkResult): void {
  const gaps = result.guardGaps.length ? `; guard outcomes no path reached: ${result.guardGaps.join(' | ')}` : '; every guard seen true and false';
  console.info(`[api model] ${result.chart}: ${result.all.length - result.missing.length}/${result.all.length} transitions, ${result.paths} paths, ${result.steps} steps, ${result.negatives} refused steps${gaps}`);
}
