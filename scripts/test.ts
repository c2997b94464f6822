import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_PATH } from '../tests/helpers/browser';
import { CLIENT_BUILD } from '../tests/helpers/client-build';
import { ensureFerretDB } from '../src-server/embedded/ferretdb';
import { ensurePythonBotEnv } from './examples/python-env';

/**
 * `npm test`: the client build, then the checks (typecheck, lint, format) and the vitest projects all at
 * once: unit and integration in one run, the end-to-end tests in a second. Extra arguments go to a
 * single vitest run (`npm test -- --project unit`). The first run's output streams; the others' is
 * printed whole as each ends. The last line is the plain "N passed, N failed" summary that CI reads.
 */
const args = process.argv.slice(2);
const resultsDir = path.resolve('test-results');

interface Command {
  label: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

/**
 * Runs `command`; with `quiet`, its output is held and printed whole once it ends, so that commands
 * running side by side never interleave their lines.
 */
function run({ label, command, args: commandArgs, env }: Command, quiet: boolean): Promise<boolean> {
  if (!quiet) console.log(`\n> ${label}`);
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {
      stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
      env,
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('close', (code) => {
      if (quiet) console.log(`\n> ${label}${code === 0 ? '' : ' (failed)'}\n${output.trimEnd()}`);
      resolve(code === 0);
    });
  });
}

/** A vitest run whose JSON report is test-results/<report>.json. */
function vitest(label: string, report: string, vitestArgs: string[]): Command & { report: string } {
  return {
    label,
    report,
    command: 'npx',
    args: [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(resultsDir, `${report}.json`)}`,
      ...vitestArgs,
    ],
  };
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** The counts of every vitest run's report, or null when a run left none (it could not start). */
function summary(reports: string[]): Counts | null {
  const counts: Counts = { passed: 0, failed: 0, skipped: 0 };
  for (const report of reports) {
    const file = path.join(resultsDir, `${report}.json`);
    if (!existsSync(file)) return null;
    const results = JSON.parse(readFileSync(file, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
    };
    counts.passed += results.numPassedTests;
    counts.failed += results.numFailedTests;
    counts.skipped += results.numPendingTests + results.numTodoTests;
  }
  return counts;
}

if (process.env.CI === 'true' && !existsSync(CHROMIUM_PATH)) {
  console.error(
    `CI=true and Chromium is missing at ${CHROMIUM_PATH}: install Debian's chromium-headless-shell (.ci/run does).`,
  );
  process.exit(1);
}

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
let runs: ReturnType<typeof vitest>[];
let checks: Command[] = [];
if (args.length === 0) {
  checks = [
    // TypeScript's native compiler (the Go port that becomes TypeScript 7), on one thread: the same errors
    // as `tsc` for 16 CPU-s instead of 66, on a machine the test runs keep busy.
    {
      label: 'typecheck',
      command: 'npx',
      args: ['tsgo', '--noEmit', '-p', 'tsconfig.json', '--singleThreaded'],
    },
    { label: 'lint', command: 'npx', args: ['eslint', '.'] },
    { label: 'format check', command: 'npx', args: ['prettier', '--check', '.'] },
  ];
  runs = [
    vitest('vitest: unit, integration, then short end-to-end files', 'unit-integration', [
      '--project',
      'unit',
      '--project',
      'integration',
      '--project',
      'e2e-late',
    ]),
    vitest('vitest: end-to-end', 'e2e', ['--project', 'e2e']),
  ];
} else {
  runs = [vitest('vitest', 'vitest', args)];
}
// Built before vitest starts so the first integration file does not pay for it inside a timeout, and
// the client once, before the runs that serve it.
ensureFerretDB();
ensurePythonBotEnv();
if (args.length === 0) {
  if (!(await run({ label: 'client build', ...CLIENT_BUILD }, false))) process.exit(1);
  process.env.E2E_SKIP_BUILD = '1';
}
// Everything at once: the browser tests mostly wait on pages and the checks are short, so side by side
// they fill both cores where one after another each would leave one idle.
const results = await Promise.all([
  ...runs.map((command, i) => run(command, i > 0)),
  ...checks.map((check) => run(check, true)),
]);
const ok = results.every(Boolean);

const counts = summary(runs.map((command) => command.report));
if (counts) {
  const line = `${counts.passed} passed, ${counts.failed} failed`;
  console.log(`\n${counts.skipped ? `${line}, ${counts.skipped} skipped` : line}`);
}
process.exit(ok && counts !== null && counts.failed === 0 ? 0 : 1);
