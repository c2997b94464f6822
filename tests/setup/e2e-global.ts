import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServerArgs } from '../../scripts/lib/build-server-args';
import { ensureFerretDB } from '../../src-server/embedded/ferretdb';
import { freePort, waitForPort } from '../../src-server/lib/ports';
import { startAnalyticsCollector } from '../helpers/analytics-collector';
import { buildClient } from '../helpers/client-build';
import { discordEnv, startDiscordStub } from '../helpers/discord-stub';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailUrl: string;
    /** The app's database, so tests can create users directly (tests/helpers/e2e-session.ts). */
    dbUri: string;
    /** The app's JWT_SECRET, so tests can sign session tokens for those users. */
    jwtSecret: string;
    /** Discord ID that ADMIN_DISCORD_IDS makes an admin. */
    adminDiscordId: string;
    /** The app's ANALYTICS_URL: a local collector whose GET /events lists what it received. */
    analyticsUrl: string;
    /** The app's DISCORD_API_BASE: a local stand-in for Discord (tests/helpers/discord-stub.ts). */
    discordStubUrl: string;
  }
}

/**
 * Builds the client and the server and starts the app exactly as `npm start` does (the compiled
 * server, embedded FerretDB and MailDev), on free ports with a throwaway data directory: one app for each
 * end-to-end project (vitest.config.ts), shared by its files.
 */
export default async function setup(project: TestProject) {
  ensureFerretDB();
  // npm test builds the client before its runs and says so; run alone, the set-up builds it.
  if (!process.env.E2E_SKIP_BUILD) buildClient();
  // The compiled server, as `npm start` runs it; always rebuilt (about a second), so it is never stale. Each
  // project's own, beside dist/server at its depth (the bundle finds the project's files from there): npm
  // test's two runs set up an app each at the same moment.
  const serverDir = path.join('.cache', `e2e-server-${project.name}-${process.pid}`);
  execFileSync(process.execPath, buildServerArgs(serverDir), { stdio: 'inherit' });
  const jwtSecret = randomBytes(24).toString('hex');
  const adminDiscordId = '900000000000000001';
  const analytics = await startAnalyticsCollector();
  const discord = await startDiscordStub();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'market-e2e-'));
  const [port, dbPort, mailWeb, mailSmtp] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const child = spawn(process.execPath, [path.join(serverDir, 'main.js')], {
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
      JWT_SECRET: jwtSecret,
      ADMIN_DISCORD_IDS: adminDiscordId,
      ANALYTICS_URL: analytics.url,
      ...discordEnv(discord),
      // Every outbound link configured (test addresses), so the shell shows all six.
      PARTNER_SITE_URL: 'https://brightershoresnews.com',
      SYNC_BOT_INVITE_URL: 'https://discord.com/oauth2/authorize?client_id=424242424242424242&scope=bot',
      COMMUNITY_DISCORD_URL: 'https://discord.gg/e2e-community',
      FEEDBACK_DISCORD_URL: 'https://discord.gg/e2e-feedback',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await waitForPort(port, { timeoutMs: 90_000, abort: exited });
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('mailUrl', `http://127.0.0.1:${mailWeb}`);
  project.provide('dbUri', `mongodb://127.0.0.1:${dbPort}/`);
  project.provide('jwtSecret', jwtSecret);
  project.provide('adminDiscordId', adminDiscordId);
  project.provide('analyticsUrl', analytics.url);
  project.provide('discordStubUrl', discord.apiBase);
  return async () => {
    child.kill('SIGTERM');
    await exited;
    await analytics.stop();
    await discord.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(serverDir, { recursive: true, force: true });
  };
}
