import { WriteLockModel } from '../models/write-lock';

/**
 * Read-modify-write under a lock that holds across server processes.
 *
 * FerretDB 1.24 with SQLite (the embedded default) does not apply updates atomically: measured here,
 * 6 concurrent `updateOne({ _id, status: 'pending' })` had 3 winners, 30 concurrent `$inc` lost 20
 * increments, and 6 concurrent `findOneAndDelete` all "won". Inserting the same `_id` twice is the one
 * thing it refuses reliably (SQLite's primary key), so a lock is an insert of the key and its release
 * is a delete. Every write whose outcome depends on the current state (status changes, version bumps,
 * counters) runs inside one. On MongoDB the lock is merely redundant.
 */
const STALE_AFTER_MS = 10_000;
const WAIT_STEP_MS = 5;
const GIVE_UP_AFTER_MS = 15_000;

function isDuplicateKey(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: number }).code === 11000;
}

async function acquire(key: string): Promise<void> {
  const deadline = Date.now() + GIVE_UP_AFTER_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      await WriteLockModel.collection.insertOne({ _id: key as never, at: new Date() });
      return;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    if (Date.now() > deadline)
      throw new Error(`write lock ${key} not acquired within ${GIVE_UP_AFTER_MS} ms`);
    // A holder that crashed leaves its lock behind; once stale anyone may clear it and race to insert.
    await WriteLockModel.deleteOne({ _id: key, at: { $lt: new Date(Date.now() - STALE_AFTER_MS) } });
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(100, WAIT_STEP_MS * 2 ** Math.min(attempt, 5))),
    );
  }
}

export async function withDocumentLock<T>(key: string, work: () => Promise<T>): Promise<T> {
  await acquire(key);
  try {
    return await work();
  } finally {
    await WriteLockModel.deleteOne({ _id: key });
  }
}
