import type { AnyBulkWriteOperation } from 'mongoose';
import { isDuplicateKeyError } from './duplicate-key';

/**
 * Write statements per command. FerretDB 1.24's SQLite backend keeps the query of each statement of an
 * `update` command open until the whole command ends, each on a pooled SQLite connection (at most
 * 100): a command of more than 100 updates that match waits for a connection for ever, and every later
 * query of the database with it (measured: 99 updates answered in 0.8 s, 101 never). Kept well below.
 */
export const WRITES_PER_COMMAND = 50;

/** What the helpers need of a model. */
interface BulkWriter {
  bulkWrite(
    ops: AnyBulkWriteOperation[],
    options: { ordered: false },
  ): Promise<{ modifiedCount: number; upsertedCount: number }>;
}
interface Inserter {
  insertMany(docs: object[], options: { ordered: false; lean: true }): Promise<unknown>;
}

/**
 * Runs the operations unordered, WRITES_PER_COMMAND per command, taking them from `ops` only as each
 * command is sent (so a migration of a million documents never holds a million operations). Resolves to
 * how many documents were modified or upserted.
 */
export async function bulkWriteInChunks(
  model: BulkWriter,
  ops: Iterable<AnyBulkWriteOperation>,
): Promise<number> {
  let changed = 0;
  let chunk: AnyBulkWriteOperation[] = [];
  const send = async () => {
    const result = await model.bulkWrite(chunk, { ordered: false });
    changed += result.modifiedCount + result.upsertedCount;
    chunk = [];
  };
  for (const op of ops) {
    chunk.push(op);
    if (chunk.length === WRITES_PER_COMMAND) await send();
  }
  if (chunk.length) await send();
  return changed;
}

/** Documents per insert command: one SQLite transaction each on FerretDB. */
const INSERTS_PER_COMMAND = 1000;

/**
 * Inserts the documents unordered, skipping those whose `_id` is stored already (written meanwhile by a
 * live change, or by an earlier run of an interrupted migration). Resolves to how many it inserted.
 */
export async function insertIgnoringDuplicates(model: Inserter, docs: readonly object[]): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < docs.length; i += INSERTS_PER_COMMAND) {
    const chunk = docs.slice(i, i + INSERTS_PER_COMMAND);
    try {
      await model.insertMany(chunk, { ordered: false, lean: true });
      inserted += chunk.length;
    } catch (err) {
      const failures = (err as { writeErrors?: { err?: unknown }[] }).writeErrors;
      if (!failures?.length || !failures.every((e) => isDuplicateKeyError(e.err ?? e))) throw err;
      inserted += chunk.length - failures.length;
    }
  }
  return inserted;
}
