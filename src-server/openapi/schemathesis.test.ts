import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/helpers/factories';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { projectRoot } from '../lib/project-root';

/**
 * Schemathesis, a fuzzer bot authors run against APIs they did not write, over the served document with
 * every check it has: statuses, content types, headers and bodies as documented, schema-valid requests
 * accepted and invalid ones refused, 405 with `Allow` for the methods a path does not take. Once without
 * a token and once with a session token, at the same time.
 */
const schemathesis = path.join(projectRoot, '.venv/bin/schemathesis');

/** `.venv` is made by .ci/run from scripts/examples/requirements.txt; a bare checkout makes it here. */
function ensureSchemathesis(): void {
  if (existsSync(schemathesis)) return;
  const run = (command: string, args: string[]) =>
    spawnSync(command, args, { cwd: projectRoot, stdio: 'inherit' }).status === 0;
  const made =
    (existsSync(path.join(projectRoot, '.venv/bin/python')) || run('python3', ['-m', 'venv', '.venv'])) &&
    run(path.join(projectRoot, '.venv/bin/pip'), [
      'install',
      '--quiet',
      '-r',
      'scripts/examples/requirements.txt',
    ]);
  if (!made) throw new Error('Could not install Schemathesis into .venv (scripts/examples/requirements.txt)');
}

/**
 * Operations a session token must not run while the run still needs it: they end every session of the
 * account (log out, a new name re-signs the token). The run without a token covers them. Changing the
 * password or deleting the account needs the current password, which the generator cannot know.
 */
const SESSION_ENDING = ['--exclude-path=/api/auth/logout', '--exclude-path=/api/auth/update-username'];

/**
 * Every check on, and per operation the one that cannot hold where a request needs a secret or names the
 * caller itself (the file says why).
 */
const CONFIG_FILE = path.join(projectRoot, 'src-server/openapi/schemathesis.toml');

/**
 * Every check (the config file turns them all on, as `--checks all` would; on the command line it would
 * also undo the file's exceptions), at a size CI affords: the schema's own examples, then up to 5
 * generated requests per operation, schema-valid and invalid (about 30 s of CPU for both runs and the
 * server; 10 would double it). The coverage phase (each schema's boundaries, one by one) and the stateful
 * phase (chains of calls through links) are left out: each takes minutes, over the minute this test may
 * take. A request may take 30 s, as a registration (a password hash, a mail) can on a busy machine. A
 * fixed seed makes a failure reproducible with the command it prints.
 */
const OPTIONS = [
  '--phases=examples,fuzzing',
  '--max-examples=5',
  '--seed=29',
  '--workers=2',
  '--generation-database=none',
  '--no-color',
  '--suppress-health-check=all',
  '--request-timeout=30',
];

interface RunResult {
  code: number | null;
  output: string;
}

function runSchemathesis(url: string, extra: string[]): Promise<RunResult> {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'schemathesis-'));
  return new Promise((resolve, reject) => {
    const args = ['--config-file', CONFIG_FILE, 'run', `${url}/api/openapi.json`, ...OPTIONS, ...extra];
    const child = spawn(schemathesis, args, {
      cwd,
      env: { ...process.env, SCHEMATHESIS_HOOKS: '', NO_COLOR: '1' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** "passed", or the exit code and the end of the report: the failures with their curl commands, the summary. */
const verdict = ({ code, output }: RunResult) =>
  code === 0 ? 'passed' : `exit ${code}\n${output.slice(-12_000)}`;

let server: TestServer;

// With a mail catcher, so the routes that mail (register, resend, reset) answer as they do in production.
beforeAll(async () => {
  ensureSchemathesis();
  server = await startTestServer({ mail: true, env: { RATE_LIMIT_DISABLED: 'true' } });
}, 180_000);
afterAll(() => server?.stop());

describe('Schemathesis over /api/openapi.json', () => {
  it('finds no failure and no schema error, without a token and with a session token', async () => {
    const user = await createUser(server.config);
    const [anonymous, signedIn] = await Promise.all([
      runSchemathesis(server.url, []),
      runSchemathesis(server.url, [`--header=Authorization: Bearer ${user.token}`, ...SESSION_ENDING]),
    ]);
    expect(verdict(anonymous)).toBe('passed');
    expect(verdict(signedIn)).toBe('passed');
    expect(anonymous.output).toMatch(/Tested: \d+/);
  }, 240_000);
});
