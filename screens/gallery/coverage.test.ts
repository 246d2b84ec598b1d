// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '../../machines/index';
import { allGuards } from '../../model-tests/support/guards';
import { allTransitions } from '../../model-tests/support/walk';
import { buildChartGraph } from './chartGraph';
import { coverageOf, drawnLevel } from './coverage';
import { english } from './englishForTests';

describe('coverageOf', () => {
  it('reads a machine entry with its levels, transitions and guard outcomes', () => {
    const file = {
      order: {
        walked: 2,
        total: 3,
        missing: ['c', 3],
        levels: { chart: { walked: 2, total: 3, missing: ['c'] }, api: { walked: 1, total: 3, missing: ['b', 'c'] }, ui: { walked: 1, total: 3, missing: ['a', 'c'] }, bogus: {} },
        transitions: { a: ['api', 'chart'], b: ['chart', 'ui'], c: [], d: ['nonsense'] },
        guards: { 'a [g]': { true: ['api'], false: [] }, broken: 3 },
      },
    };
    const c = coverageOf(file, 'order');
    expect(c).toMatchObject({ walked: 2, total: 3, missing: ['c'] });
    expect(Object.keys(c?.levels ?? {}).sort()).toEqual(['api', 'chart', 'ui']);
    expect(c?.transitions).toEqual({ a: ['api', 'chart'], b: ['chart', 'ui'], c: [], d: [] });
    expect(c?.guards).toEqual({ 'a [g]': { true: ['api'], false: [] } });
  });

  it('answers null for a missing or malformed entry', () => {
    expect(coverageOf({}, 'loginGate')).toBeNull();
    expect(coverageOf({ loginGate: { walked: '3' } }, 'loginGate')).toBeNull();
    expect(coverageOf(null, 'loginGate')).toBeNull();
  });

  it('draws an arrow by the most demanding level that walked it', () => {
    expect(drawnLevel(['chart', 'ui'])).toBe('ui');
    expect(drawnLevel(['api', 'chart'])).toBe('api');
    expect(drawnLevel(['chart'])).toBe('chart');
    expect(drawnLevel([])).toBe('none');
    expect(drawnLevel(undefined)).toBe('none');
  });

  it('names every arrow and guard of every chart as the model tests name them in coverage.json', () => {
    for (const entry of machineRegistry) {
      const graph = buildChartGraph(entry.machine, english, 'en');
      const drawn = new Set(graph.edges.flatMap((e) => (e.key ? [e.key] : [])));
      expect([...drawn].sort(), entry.id).toEqual([...allTransitions(entry.machine)].sort());
      const guarded = new Set(graph.edges.flatMap((e) => (e.guardKey ? [e.guardKey] : [])));
      expect([...guarded].sort(), entry.id).toEqual([...allGuards(entry.machine)].sort());
    }
  });
});
