import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { clientDist } from '../../src-server/app';

/**
 * The served pages need the built client (dist/client). Builds it once when missing (a fresh checkout
 * runs the integration tests before the end-to-end set-up builds it).
 */
export function ensureClientBuilt(): void {
  if (existsSync(path.join(clientDist, 'index.html'))) return;
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
