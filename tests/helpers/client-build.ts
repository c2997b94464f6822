import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { clientDist } from '../../src-server/lib/project-root';

/**
 * The client as it ships. vitest sets NODE_ENV=test, which would make Vite bundle React's development
 * build, so the build gets production's.
 */
export const CLIENT_BUILD = {
  command: 'npx',
  args: ['vite', 'build', '--logLevel', 'warn'],
  env: { ...process.env, NODE_ENV: 'production' },
};

export function buildClient(): void {
  execFileSync(CLIENT_BUILD.command, CLIENT_BUILD.args, { stdio: 'inherit', env: CLIENT_BUILD.env });
}

/**
 * The served pages need the built client (dist/client). Builds it once when missing (an integration file
 * run on its own in a fresh checkout).
 */
export function ensureClientBuilt(): void {
  if (!existsSync(path.join(clientDist, 'index.html'))) buildClient();
}
