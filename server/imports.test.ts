import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Imports in the server run one way (issue 11, defect 8): no module reaches itself again through its
 * imports. A static walk of the import statements under server/ (type-only imports are erased at run
 * time and left out); a circle is printed as the chain of files that makes it.
 */
const root = path.resolve(__dirname);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const importPattern = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

function resolve(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, path.join(base, 'index.ts')]) {
    if (candidate.startsWith(root) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

export function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const targets = [...text.matchAll(importPattern)].map((m) => resolve(file, m[1] ?? '')).filter((t): t is string => t !== null);
    graph.set(file, targets);
  }
  return graph;
}

export function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    if (!state.has(node)) {
      const found = visit(node);
      if (found) return found;
    }
  }
  return null;
}

describe('server imports', () => {
  it('finds a circle when there is one (the walk works)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
    ]);
    expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a']);
  });

  it('no module under server/ imports itself back through others', () => {
    const graph = importGraph(sourceFiles(root));
    expect(graph.size).toBeGreaterThan(30);
    const cycle = findCycle(graph);
    expect(cycle?.map((f) => path.relative(root, f)).join(' -> ') ?? null).toBeNull();
  });
});
