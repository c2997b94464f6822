import path from 'node:path';
import { hasGo, startFerretDB, ferretBinary, type RunningDatabase } from './ferretdb';
import { existsSync } from 'node:fs';

/**
 * The embedded default: FerretDB (SQLite) where it is built or Go can build it, otherwise a real
 * mongod from mongodb-memory-server-core, which needs internet to download its binary.
 */
export async function startEmbeddedDatabase(opts: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}): Promise<RunningDatabase> {
  if (existsSync(ferretBinary) || hasGo()) {
    return startFerretDB({ dataDir: path.join(opts.dataDir, 'ferretdb'), port: opts.port, log: opts.log });
  }
  opts.log?.('[db] Go is missing: falling back to mongodb-memory-server-core');
  const { MongoMemoryServer } = await import('mongodb-memory-server-core');
  const server = await MongoMemoryServer.create({
    instance: {
      port: opts.port,
      ip: '127.0.0.1',
      dbPath: path.join(opts.dataDir, 'mongod'),
      storageEngine: 'wiredTiger',
    },
  });
  return { uri: server.getUri(), stop: async () => void (await server.stop({ doCleanup: false })) };
}
