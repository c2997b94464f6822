import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { inject } from 'vitest';
import { startMailDev, type RunningMailCatcher } from '../../src-server/embedded/maildev';
import { freePort } from '../../src-server/lib/ports';
import { parseEnv, type Config } from '../../src-server/config';
import { createLogger } from '../../src-server/logger';
import { startServer, type RunningServer } from '../../src-server/server';

export interface TestServer extends RunningServer {
  config: Config;
  mail: RunningMailCatcher | null;
  stop(): Promise<void>;
}

export interface TestServerOptions {
  /** Start a MailDev for this file and send mail through it. */
  mail?: boolean;
  env?: Record<string, string>;
}

/** The first of the run's ready databases this worker has not seen claimed. */
let nextReady = 0;

/**
 * One of the databases the run made ready (tests/setup/ready-databases.ts), claimed for this server
 * alone: creating its claim file fails for every worker but the first to ask. Null once none is left.
 */
function claimReadyDatabase(): string | null {
  const { names, claims } = inject('readyDatabases');
  for (; nextReady < names.length; nextReady++) {
    try {
      closeSync(openSync(path.join(claims, names[nextReady]), 'wx'));
      return names[nextReady++];
    } catch (err) {
      // Another worker's.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return null;
}

/**
 * The real server (createApp, Socket.IO, Mongoose) on a free port, against a database of its own in the
 * run's database server that no server has used before (a ready one, else a fresh one). Call from
 * beforeAll; `stop` drops the database.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dbName = options.env?.DB_NAME ?? claimReadyDatabase() ?? `t_${randomBytes(6).toString('hex')}`;
  const mail = options.mail
    ? await startMailDev({ webPort: await freePort(), smtpPort: await freePort() })
    : null;
  const env = parseEnv({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DB_NAME: dbName,
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(24).toString('hex'),
    ...options.env,
  });
  const config: Config & { MONGODB_URI: string; SMTP_URL: string } = {
    ...env,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'market-srv-')),
    PUBLIC_URL: env.PUBLIC_URL ?? 'http://localhost:3000',
    JWT_SECRET: env.JWT_SECRET!,
    MONGODB_URI: inject('mongoUri'),
    SMTP_URL: mail?.smtpUrl ?? 'smtp://127.0.0.1:9',
  };
  const server = await startServer(config, createLogger(config.LOG_LEVEL));
  return {
    ...server,
    config,
    mail,
    async stop() {
      await mongoose.connection.db?.dropDatabase().catch(() => undefined);
      await server.close();
      await mail?.stop();
    },
  };
}
