import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';
import { allEnglish } from './vite.config';
import LongestFirst, { DurationsReporter } from './scripts/testOrder';

/**
 * One `vitest run` runs every suite: unit and model tests, the server suite twice (embedded PGlite
 * and a PostgreSQL server), and the browser journeys in the system Chromium.
 */
// The S3 client's notice on Node 20 (its releases after January 2027 need Node 22), printed once by every test
// process and server a test starts: a passing run prints no such line (docs/deploy.md says it once, for operators).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/**
 * Server test files that replace a server module with vi.mock (the mutation checks of the chart walks): they need a
 * fresh import, so an isolated project of their own. They check the walks, not the database: PostgreSQL only.
 */
const mockedFiles = ['model-tests/api/chartMutations.api.test.ts', 'model-tests/api/randomWalkMutation.api.test.ts'];

export default defineConfig({
  plugins: [vanillaExtractPlugin(), allEnglish()],
  // No file watcher in `vitest run` (npm test), which reads each file once: each project's Vite server otherwise
  // walked the whole folder in the runner's process, a stat of every file (measured on 8 files: the runner's CPU
  // 39 → 18.5 s, its garbage collection 7.0 → 1.4 s). `npx vitest` (watch mode) keeps its watcher.
  ...(process.argv.includes('run') ? { server: { watch: null } } : {}),
  test: {
    // TEST_DURATIONS=write keeps this run's file times for the order of the next runs (scripts/testOrder.ts).
    reporters: process.env.TEST_DURATIONS === 'write' ? ['default', new DurationsReporter()] : ['default'],
    // Three files at a time on the 2-core machine (Vitest's default there is one worker). A file often waits: a
    // journey on its page (a locator's poll, a request, a paint), a server file on PostgreSQL or a child process.
    // With two workers the cores were a fifth idle through the browser files and a third idle through the server
    // files that start processes; with three they are busy 95 % of the run (docs/benchmarks.md, 2026-11-29).
    // TEST_WORKERS overrides it for a measurement (the CLI's --maxWorkers does not reach the projects, which extend this).
    maxWorkers: Number(process.env.TEST_WORKERS ?? 3),
    // Each project's files longest first, the projects of short files last (scripts/testOrder.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts', 'machines/**/*.test.ts', 'screens/**/*.test.ts', 'bench/**/*.test.ts'], environment: 'node' },
      },
      { extends: true, test: { name: 'model', include: ['model-tests/**/*.test.ts'], exclude: ['model-tests/api/**', 'model-tests/ui/**', 'node_modules/**'], environment: 'node', testTimeout: 120_000 } },
      {
        extends: true,
        test: { name: 'server-pglite', include: ['server/**/*.test.ts', 'model-tests/api/**/*.test.ts'], exclude: [...mockedFiles, 'node_modules/**'], globalSetup: ['server/testing/templateDatabase.ts'], environment: 'node', env: { TEST_DB: 'pglite' }, testTimeout: 30_000, hookTimeout: 60_000, isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'server-postgres',
          // As in e2e: the files of a worker share one import of the server (import 250 s → 10 s for the
          // PostgreSQL files, CPU 308 → 213 s). Each file makes its own database and app; nothing of a file's
          // server outlives its close, and process-wide counters are read as deltas. A file that replaces a
          // server module (vi.mock) needs its own import: it runs in the isolated projects below.
          isolate: false,
          include: ['server/**/*.test.ts', 'model-tests/api/**/*.test.ts'],
          exclude: [...mockedFiles, 'node_modules/**'],
          globalSetup: ['server/testing/templateDatabase.ts'],
          environment: 'node',
          env: { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: { name: 'server-postgres-mocked', include: mockedFiles, globalSetup: ['server/testing/templateDatabase.ts'], environment: 'node', env: { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl }, testTimeout: 30_000, hookTimeout: 60_000 },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts', 'model-tests/ui/**/*.test.ts'],
          globalSetup: ['server/testing/templateDatabase.ts', 'e2e/support/browserServer.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // The browser files run one after another in a worker without re-importing the server, the client
          // support and playwright for each (import 16 s → 7 s for six journeys, under load): every file starts
          // and closes its own app (appAndBrowser), and nothing of one app outlives its close.
          isolate: false,
        },
      },
    ],
  },
});
