import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule, TestSequencer, TestSpecification, Vitest } from 'vitest/node';

/**
 * The order `npm test` hands its files to its workers (issue 36, the 10-minute budget).
 *
 * Vitest's own order runs the projects by name and, on a fresh clone (no results cache), a project's files in the
 * order it found them: a 50–80 s file could start last and keep one worker busy while the others had nothing left.
 * Here each project's files go longest first, from the times of a recent run (`scripts/test-durations.json`,
 * written by the reporter below), a file it does not know first of all, as Vitest does. The projects keep their
 * files together, since a worker goes on to the next file without importing again only within its project
 * (`isolate: false`), and the projects of many short files go last so they fill the cores to the end.
 */
const durationsFile = path.resolve(import.meta.dirname, 'test-durations.json');

/** Projects in the order they run: the largest files first, the many small ones last. */
const projectOrder = ['e2e', 'server-postgres-mocked', 'server-pglite', 'server-postgres', 'model', 'unit'];

type Durations = Record<string, number>;

function readDurations(): Durations {
  try {
    return JSON.parse(fs.readFileSync(durationsFile, 'utf8')) as Durations;
  } catch {
    return {};
  }
}

const keyOf = (projectName: string, root: string, moduleId: string): string => `${projectName}:${path.relative(root, moduleId)}`;

export default class LongestFirst implements TestSequencer {
  private readonly durations = readDurations();

  constructor(private readonly ctx: Vitest) {}

  shard(files: TestSpecification[]): TestSpecification[] {
    return files;
  }

  sort(files: TestSpecification[]): TestSpecification[] {
    const root = this.ctx.config.root;
    const rank = (name: string): number => {
      const at = projectOrder.indexOf(name);
      return at === -1 ? projectOrder.length : at;
    };
    // A file not in the table (new, or renamed) counts as the longest: it runs first and cannot be the tail.
    const duration = (spec: TestSpecification): number => this.durations[keyOf(spec.project.name, root, spec.moduleId)] ?? Number.MAX_SAFE_INTEGER;
    return [...files].sort((a, b) => {
      const byProject = rank(a.project.name) - rank(b.project.name) || a.project.name.localeCompare(b.project.name);
      if (byProject !== 0) return byProject;
      // Isolated files of a project first, as Vitest does (they never share a worker).
      if (a.project.config.isolate !== b.project.config.isolate) return a.project.config.isolate ? -1 : 1;
      return duration(b) - duration(a) || a.moduleId.localeCompare(b.moduleId);
    });
  }
}

/**
 * `TEST_DURATIONS=write npm test` (or any `vitest run`) writes each file's time of this run into the table, keeping
 * the entries of files the run did not include. Commit it when the suite's shape changed.
 */
export class DurationsReporter implements Reporter {
  private root = '';
  private readonly seen: Durations = {};

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestModuleEnd(module: TestModule): void {
    const duration = module.diagnostic().duration;
    if (module.state() === 'skipped' || duration <= 0) return;
    this.seen[keyOf(module.project.name, this.root, module.moduleId)] = Math.round(duration);
  }

  onTestRunEnd(): void {
    const merged = { ...readDurations(), ...this.seen };
    const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
    fs.writeFileSync(durationsFile, `${JSON.stringify(sorted, null, 1)}\n`);
  }
}
