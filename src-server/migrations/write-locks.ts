import mongoose from 'mongoose';

const COLLECTION = 'write_locks';
const NAMESPACE_NOT_FOUND = 26;

/**
 * Versions before lib/transactions.ts serialised writes with a lock row per record in `write_locks`,
 * taken over after 10 s; a crash left rows there that stalled the first writes after a restart. Nothing
 * reads them any more: the collection is dropped at start-up, so an old database keeps no leftovers and
 * its backups carry none. Safe to run again and by several processes at once (a drop that finds the
 * collection already gone is fine). Resolves to whether there was one to drop.
 */
export async function dropWriteLocks(): Promise<boolean> {
  const db = mongoose.connection.db!;
  const found = await db.listCollections({ name: COLLECTION }, { nameOnly: true }).toArray();
  if (found.length === 0) return false;
  try {
    await db.dropCollection(COLLECTION);
  } catch (err) {
    if ((err as { code?: number }).code !== NAMESPACE_NOT_FOUND) throw err;
  }
  return true;
}
