import path from 'node:path';
import mongoose from 'mongoose';
import { parseEnv } from '../../src-server/config';
import { runningEmbeddedDatabase, startEmbeddedDatabase } from '../../src-server/embedded/embedded-database';
import { canConnect } from '../../src-server/lib/ports';

type Db = mongoose.mongo.Db;
type ClientSession = mongoose.mongo.ClientSession;

/** The database a backup reads or a restore fills, chosen like the server chooses it. */
export interface Target {
  db: Db;
  /** For messages: where the data is. */
  description: string;
  /**
   * How a backup taken from here is consistent:
   * - the embedded database is opened only while the server is stopped, so nothing writes during it;
   * - a MongoDB replica set is read in one snapshot session: every collection as of one moment, while
   *   the app keeps running (MongoDB keeps a snapshot 5 minutes by default,
   *   `minSnapshotHistoryWindowInSeconds`, so a longer backup fails rather than mixing moments);
   * - any other server (a standalone mongod, a FerretDB of your own) offers no snapshot: stop the
   *   app's writers first.
   */
  consistency: 'server stopped' | 'snapshot' | 'none';
  /** The session every backup read runs in (the snapshot), if any. */
  session?: ClientSession;
  close(): Promise<void>;
}

type Log = (line: string) => void;

/** The database cannot be opened for this command (a server holds the embedded one). */
export class TargetBusyError extends Error {}

/**
 * Opens `MONGODB_URI`/`DB_NAME` when set; otherwise starts the embedded database on `DATA_DIR` and
 * `DB_PORT` for the duration of the command. The embedded database belongs to one server process: if
 * its database process is running on DATA_DIR, or something listens on `DB_PORT` (the marketplace is
 * running), this refuses instead of opening the same files from a second process.
 */
export async function openTarget(env: NodeJS.ProcessEnv, log: Log): Promise<Target> {
  const config = parseEnv(env);
  if (config.MONGODB_URI) {
    const client = await new mongoose.mongo.MongoClient(config.MONGODB_URI).connect();
    const db = client.db(config.DB_NAME);
    const hello = await db.admin().command({ hello: 1 });
    const session = hello.setName ? client.startSession({ snapshot: true }) : undefined;
    return {
      db,
      description: `database ${config.DB_NAME} at MONGODB_URI`,
      consistency: session ? 'snapshot' : 'none',
      session,
      async close() {
        await session?.endSession();
        await client.close();
      },
    };
  }
  const dataDir = path.resolve(config.DATA_DIR);
  const pid = runningEmbeddedDatabase(dataDir);
  const busy = pid
    ? `The embedded database under ${dataDir} is running (pid ${pid})`
    : (await canConnect(config.DB_PORT)) && `Something already listens on DB_PORT ${config.DB_PORT}`;
  if (busy) {
    throw new TargetBusyError(
      `${busy}: is the marketplace running? Stop it first: the embedded database is backed up and ` +
        'restored while the server is stopped, so nothing writes meanwhile.',
    );
  }
  const database = await startEmbeddedDatabase({ dataDir, port: config.DB_PORT, log });
  try {
    const client = await new mongoose.mongo.MongoClient(database.uri).connect();
    return {
      db: client.db(config.DB_NAME),
      description: `database ${config.DB_NAME} in the embedded database under ${dataDir}`,
      consistency: 'server stopped',
      async close() {
        await client.close();
        await database.stop();
      },
    };
  } catch (err) {
    await database.stop();
    throw err;
  }
}

/** The collections that hold the marketplace's data (every one but the server's own `system.*`). */
export async function collectionNames(db: Db): Promise<string[]> {
  const list = await db.listCollections({}, { nameOnly: true }).toArray();
  return list
    .map((c) => c.name)
    .filter((name) => !name.startsWith('system.'))
    .sort();
}

/**
 * Collections that record which server process runs, not marketplace data: a restored writer claim
 * (lib/writer-claim.ts) would name a process on the machine the backup came from and could keep the
 * server from starting here.
 */
const PROCESS_STATE = new Set(['writer_claims']);

/** What a backup holds: every collection but the process state above. */
export async function dataCollectionNames(db: Db): Promise<string[]> {
  return (await collectionNames(db)).filter((name) => !PROCESS_STATE.has(name));
}
