import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureFerretDB } from '../../scripts/db/ferretdb';
import { freePort, waitForPort } from '../../scripts/lib/ports';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailUrl: string;
  }
}

/**
 * Builds the client and starts the app exactly as `npm start` does (embedded FerretDB and MailDev),
 * on free ports with a throwaway data directory.
 */
export default async function setup(project: TestProject) {
  ensureFerretDB();
  if (!process.env.E2E_SKIP_BUILD) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'market-e2e-'));
  const [port, dbPort, mailWeb, mailSmtp] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DB_PORT: String(dbPort),
      MAILDEV_PORT: String(mailWeb),
      MAILDEV_SMTP_PORT: String(mailSmtp),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_DISABLED: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await waitForPort(port, { timeoutMs: 90_000, abort: exited });
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('mailUrl', `http://127.0.0.1:${mailWeb}`);
  return async () => {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
}
