import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './tests/setup/slow-first-sequencer';

export default defineConfig({
  test: {
    sequence: { sequencer: SlowFirstSequencer },
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
          // The property tests run thousands of cases; at npm test's start the checks share the cores.
          testTimeout: 30_000,
          // Files share their worker's modules instead of each loading them again in a fresh process: that
          // loading took 45 s of the unit run's 47 (12 s in all this way).
          isolate: false,
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
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A page answers within a second when the machine is quiet, not always when both runs share it.
          expect: { poll: { timeout: 10_000 } },
          // One file at a time. The unit and integration run beside this one keeps the second core busy
          // until near the end, so a second browser adds contention more than throughput: clean clones
          // took 777-789 s with two workers (three runs) and 729-867 s with one (four) (the machine's own
          // speed varies more than that), and with one a page's waits no longer compete with another
          // browser's. Files share one app and database (each filters by its own users or a unique tag)
          // and the worker's modules (Playwright, Mongoose, the factories).
          maxWorkers: 1,
          isolate: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
