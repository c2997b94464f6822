import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureFerretDB } from '../src-server/embedded/ferretdb';
import { ensurePythonBotEnv } from './examples/python-env';

/**
 * `npm test`: typecheck, lint, then every vitest project in order (unit, integration, end-to-end).
 * Extra arguments go to vitest (`npm test -- --project unit`). The last line is the plain
 * "N passed, N failed" summary that CI reads.
 */
const args = process.argv.slice(2);
const resultsFile = path.resolve('test-results/vitest.json');

function run(label: string, command: string, commandArgs: string[]): boolean {
  console.log(`\n> ${label}`);
  const result = spawnSync(command, commandArgs, { stdio: 'inherit' });
  return result.status === 0;
}

function summary(): { passed: number; failed: number; skipped: number } | null {
  if (!existsSync(resultsFile)) return null;
  const report = JSON.parse(readFileSync(resultsFile, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

if (process.env.CI === 'true' && !existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
  console.error(
    'CI=true and Chromium is missing at /usr/bin/chromium: install Debian chromium (.ci/run does).',
  );
  process.exit(1);
}

let ok = true;
if (args.length === 0) {
  ok = run('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']) && ok;
  ok = run('lint', 'npx', ['eslint', '.']) && ok;
  ok = run('format check', 'npx', ['prettier', '--check', '.']) && ok;
}
// Built before vitest starts so the first integration file does not pay for it inside a timeout.
ensureFerretDB();
ensurePythonBotEnv();
mkdirSync(path.dirname(resultsFile), { recursive: true });
ok =
  run('vitest', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${resultsFile}`,
    ...args,
  ]) && ok;

const counts = summary();
if (counts) {
  const line = `${counts.passed} passed, ${counts.failed} failed`;
  console.log(`\n${counts.skipped ? `${line}, ${counts.skipped} skipped` : line}`);
}
process.exit(ok && counts !== null && counts.failed === 0 ? 0 : 1);
