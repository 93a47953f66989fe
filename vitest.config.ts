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
          // Property tests run hundreds of cases; on a loaded two-core CI machine a 2 s one can pass 5 s.
          testTimeout: 20_000,
          maxWorkers: FILES_AT_ONCE,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['src/**/*.int.test.ts', 'test/**/*.int.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
