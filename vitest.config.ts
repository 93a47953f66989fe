import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test files side by side: one per core, and at least two. Vitest's default leaves a core free,
 * which on a two-core machine means one file at a time, though most of an integration file's time
 * is spent waiting on its database and HTTP (on two cores: 537 → 349 s on PGlite, 353 → 139 s on
 * PostgreSQL, unit tests 122 → 78 s). Each file has a database of its own (test/helpers/test-database.ts).
 */
const FILES_AT_ONCE = Math.max(2, availableParallelism());

export default defineConfig({
  test: {
    env: { TZ: 'UTC' },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
          exclude: ['src/**/*.int.test.ts'],
          environment: 'node',
          // A timeout only reports a hang: no test's outcome may depend on the machine's speed. The
          // longest tests (property tests of hundreds of runs, workers and child processes) take up
          // to 30 s on a two-core machine busy with other work; this leaves room for one four times
          // slower (check with scripts/saturate.mjs). Tests that take longer still set their own.
          testTimeout: 120_000,
          // Set-up hooks too (a file's beforeAll importing two dozen modules): Vitest's default 10 s is not enough.
          hookTimeout: 120_000,
          maxWorkers: FILES_AT_ONCE,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['src/**/*.int.test.ts', 'test/**/*.int.test.ts'],
          environment: 'node',
          // As the unit tests' timeout: a hang, not a slow machine (a file's set-up migrates a fresh database).
          testTimeout: 180_000,
          hookTimeout: 300_000,
          maxWorkers: FILES_AT_ONCE,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['e2e/helpers/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Vitest's default of 1 s for expect.poll is shorter than an upload or a re-fetch takes in a
          // browser on a loaded two-core CI machine; Playwright's own waits here allow 30 s.
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: true,
          maxWorkers: 2,
          // After the unit and integration files when all run together: a project of other
          // maxWorkers needs a group of its own (Vitest refuses them in one on more than two cores).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
