import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';
import { allEnglish } from './vite.config';

/**
 * One `vitest run` runs every suite: unit and model tests, the server suite twice (embedded PGlite
 * and a PostgreSQL server), and the browser journeys in the system Chromium.
 */
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export default defineConfig({
  plugins: [vanillaExtractPlugin(), allEnglish()],
  test: {
    reporters: ['default'],
    // Vitest's default on a 2-core machine is one worker (cores − 1), which left a core idle: the server
    // tests wait on PostgreSQL and the journeys on Chromium. Two workers share every project's files.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts', 'machines/**/*.test.ts', 'screens/**/*.test.ts', 'bench/**/*.test.ts'], environment: 'node' },
      },
      { extends: true, test: { name: 'model', include: ['model-tests/**/*.test.ts'], exclude: ['model-tests/api/**', 'model-tests/ui/**', 'node_modules/**'], environment: 'node', testTimeout: 120_000 } },
      {
        extends: true,
        test: { name: 'server-pglite', include: ['server/**/*.test.ts', 'model-tests/api/**/*.test.ts'], globalSetup: ['server/testing/templateDatabase.ts'], environment: 'node', env: { TEST_DB: 'pglite' }, testTimeout: 30_000, hookTimeout: 60_000 },
      },
      {
        extends: true,
        test: {
          name: 'server-postgres',
          include: ['server/**/*.test.ts', 'model-tests/api/**/*.test.ts'],
          globalSetup: ['server/testing/templateDatabase.ts'],
          environment: 'node',
          env: { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: { name: 'e2e', include: ['e2e/**/*.test.ts', 'model-tests/ui/**/*.test.ts'], globalSetup: ['server/testing/templateDatabase.ts'], environment: 'node', testTimeout: 90_000, hookTimeout: 120_000 },
      },
    ],
  },
});
