import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './tests/setup/slow-first-sequencer';

/**
 * Short end-to-end files that `npm test` gives to its unit and integration run, which has finished its own
 * files by the time the end-to-end run is two thirds through. With every file in the end-to-end run, a
 * clean clone spent its last 100 s on that run alone at 60 % of the two cores; these take about half of
 * that time, run beside the rest, each run with a browser and an app of its own.
 */
const E2E_AFTER_INTEGRATION = [
  'tests/e2e/ign-and-my-offers.test.ts',
  'tests/e2e/market.test.ts',
  'tests/e2e/email-change-and-names.test.ts',
  'tests/e2e/offers.test.ts',
  'tests/e2e/item-desk.test.ts',
  'tests/e2e/build-a-bot.test.ts',
  'tests/e2e/discord.test.ts',
  'tests/e2e/offer-threads.test.ts',
  'tests/e2e/alerts.test.ts',
  'tests/e2e/api-tokens.test.ts',
  'tests/e2e/sessions.test.ts',
  'tests/e2e/presence.test.ts',
  'tests/e2e/seller-record.test.ts',
];

/**
 * The browser tests: `e2e` in a vitest run of its own, `e2e-late` after the integration files in theirs.
 * Each project starts its own app (its global setup), which its files share.
 */
function e2eProject(name: string, files: { include?: string[]; exclude?: string[]; groupOrder: number }) {
  return {
    test: {
      name,
      include: files.include ?? ['tests/e2e/**/*.test.ts'],
      exclude: files.exclude,
      globalSetup: ['tests/setup/e2e-global.ts'],
      testTimeout: 120_000,
      hookTimeout: 120_000,
      // A page answers within a second when the machine is quiet, not always when both runs share it.
      expect: { poll: { timeout: 10_000 } },
      // One file at a time. The other vitest run (unit, integration, then e2e-late) keeps the second core
      // busy to the end, so a second browser adds contention more than throughput: clean clones
      // took 777-789 s with two workers (three runs) and 729-867 s with one (four) (the machine's own
      // speed varies more than that), and with one a page's waits no longer compete with another
      // browser's. Files share one app and database (each filters by its own users or a unique tag)
      // and the worker's modules (Playwright, Mongoose, the factories).
      maxWorkers: 1,
      isolate: false,
      sequence: { groupOrder: files.groupOrder },
    },
  };
}

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
      e2eProject('e2e', { exclude: E2E_AFTER_INTEGRATION, groupOrder: 2 }),
      e2eProject('e2e-late', { include: E2E_AFTER_INTEGRATION, groupOrder: 3 }),
    ],
  },
});
