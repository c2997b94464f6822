import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../../src-server/lib/project-root';
/** The Python the example bot's test runs: a virtual environment holding requirements.txt. */
export const botPython = path.join(projectRoot, '.venv/bin/python');

const run = (command: string, args: string[]) =>
  spawnSync(command, args, { cwd: projectRoot, stdio: 'inherit' }).status === 0;

/** What requirements.txt brings that the bots and their client generator import. */
const REQUIRED_MODULES = ['socketio', 'httpx', 'attrs', 'dateutil', 'openapi_python_client'];
/** Exits 0 when every module is installed: found, not imported (importing them all takes a second of CPU). */
const FIND_MODULES = `import importlib.util, sys; sys.exit(any(importlib.util.find_spec(m) is None for m in ${JSON.stringify(REQUIRED_MODULES)}))`;

/**
 * Makes `.venv` with the Python example bot's packages (scripts/examples/requirements.txt) unless it
 * already has them, so `npm test` needs nothing installed beforehand but python3 itself.
 */
export function ensurePythonBotEnv(): void {
  const ready = spawnSync(botPython, ['-c', FIND_MODULES], { stdio: 'ignore' });
  if (ready.status === 0) return;
  console.log('Setting up .venv for the Python example bot');
  if (
    !run('python3', ['-m', 'venv', '.venv']) ||
    !run(botPython, ['-m', 'pip', 'install', '--quiet', '-r', 'scripts/examples/requirements.txt'])
  ) {
    throw new Error('Could not set up .venv for the Python example bot (python3 -m venv, pip install)');
  }
}
