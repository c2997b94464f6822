import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { inject } from 'vitest';
import { startMailDev, type RunningMailCatcher } from '../../src-server/embedded/maildev';
import { freePort } from '../../src-server/lib/ports';
import { parseEnv, type Config } from '../../src-server/config';
import { createLogger } from '../../src-server/logger';
import { ItemModel, MetaModel } from '../../src-server/models/item';
import { startServer, type RunningServer } from '../../src-server/server';

export interface TestServer extends RunningServer {
  config: Config;
  mail: RunningMailCatcher | null;
  stop(): Promise<void>;
}

export interface TestServerOptions {
  /** Start a MailDev for this file and send mail through it. */
  mail?: boolean;
  /**
   * The tests change the stored catalogue behind the seed's back: the database is dropped at `stop`
   * rather than emptied for the next server.
   */
  changesCatalogue?: boolean;
  env?: Record<string, string>;
}

/** Collections that keep the seeded catalogue: what a fresh database holds once a server has started. */
const CATALOGUE = new Set([ItemModel.collection.collectionName, MetaModel.collection.collectionName]);

/**
 * A database the last stopped server of this worker emptied, for the next one: a fresh database costs
 * every file its collections, their indexes and the 1,735-item catalogue seed (about a second on FerretDB),
 * while an emptied one starts with only the catalogue and its indexes in place.
 */
let emptied: string | null = null;

/**
 * Empties the database to what a fresh one holds after a start: no documents but the catalogue's, no
 * collection the models do not declare. The server must be closed, so that nothing writes meanwhile.
 */
async function emptyDatabase(uri: string, dbName: string): Promise<void> {
  const client = await new mongoose.mongo.MongoClient(uri).connect();
  try {
    const db = client.db(dbName);
    const declared = new Set(Object.values(mongoose.models).map((model) => model.collection.collectionName));
    const collections = await db.listCollections({}, { nameOnly: true }).toArray();
    await Promise.all(
      collections
        .filter(({ name }) => !CATALOGUE.has(name))
        .map(({ name }) =>
          declared.has(name) ? db.collection(name).deleteMany({}) : db.dropCollection(name),
        ),
    );
  } finally {
    await client.close();
  }
}

/**
 * The real server (createApp, Socket.IO, Mongoose) on a free port, against a database of its own in the
 * run's database server: fresh, or one an earlier file of this worker left as fresh (emptied). Call from
 * beforeAll; `stop` empties the database for the next server (or drops it).
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dbName = options.env?.DB_NAME ?? emptied ?? `${inject('dbPrefix')}${randomBytes(6).toString('hex')}`;
  if (dbName === emptied) emptied = null;
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
      if (options.changesCatalogue) await mongoose.connection.db?.dropDatabase().catch(() => undefined);
      await server.close();
      await mail?.stop();
      if (options.changesCatalogue) return;
      // A database that could not be emptied is left for the run's teardown.
      await emptyDatabase(config.MONGODB_URI, dbName).then(
        () => (emptied = dbName),
        () => undefined,
      );
    },
  };
}
