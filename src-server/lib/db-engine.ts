import type { Connection } from 'mongoose';

/**
 * Which server the database connection reached. The two differ in what they apply atomically, and so in
 * how state-dependent writes stay correct (lib/transactions.ts):
 * - `mongodb`: a real MongoDB replica set (`MONGODB_URI` in production): atomic conditional updates and
 *   multi-document transactions, shared safely by several server processes;
 * - `ferretdb`: the embedded FerretDB 1.24 on SQLite: no transactions, and concurrent conditional updates
 *   or `$inc` on one document are not atomic, so only one server process may write to it.
 */
export type DbEngine = 'mongodb' | 'ferretdb';

let engine: DbEngine | null = null;

/** Reads `buildInfo` once at connect: FerretDB answers with a `ferretdbVersion` field, MongoDB never does. */
export async function detectDbEngine(connection: Connection): Promise<DbEngine> {
  const info = await connection.db!.admin().command({ buildInfo: 1 });
  engine = typeof info.ferretdbVersion === 'string' ? 'ferretdb' : 'mongodb';
  return engine;
}

/** The engine detected at connect; calling it before the database is connected is a programming error. */
export function dbEngine(): DbEngine {
  if (!engine) throw new Error('dbEngine() called before the database was connected');
  return engine;
}
