import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src-common/**/*.test.ts',
            'src-client/**/*.test.{ts,tsx}',
            'src-server/**/*.unit.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['scripts/backup/**', 'scripts/bench/**', 'scripts/examples/**'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: [
            'src-server/**/*.test.ts',
            'scripts/backup/**/*.test.ts',
            'scripts/bench/**/*.test.ts',
            'scripts/examples/**/*.test.ts',
          ],
          exclude: ['src-server/**/*.unit.test.ts'],
          globalSetup: ['tests/setup/integration-global.ts'],
          setupFiles: ['tests/setup/contract.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          // Files share their worker's modules (the server, Mongoose, the OpenAPI validators) instead of
          // loading them again each; every file still starts its own server on its own database.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/setup/e2e-global.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One file at a time: two at once raced on the id counter the factories share (a duplicate key on
          // FerretDB, which has no transactions) and starved the timing-sensitive files; the run already goes
          // beside the integration run (scripts/test.ts).
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
