import type mongoose from 'mongoose';
import { ArchiveError, readArchive, verifyArchive, type VerifiedArchive } from './archive';
import { collectionNames, type Target } from './target';

type Document = mongoose.mongo.Document;

const BATCH = 1000;

/** Collections of the target that hold at least one document. */
async function populatedCollections(target: Target): Promise<string[]> {
  const names = await collectionNames(target.db);
  const counts = await Promise.all(
    names.map((name) => target.db.collection(name).countDocuments({}, { limit: 1 })),
  );
  return names.filter((_, i) => counts[i] > 0);
}

/**
 * Loads a verified archive into the target's database:
 * 1. verifies the archive's checksum and counts before touching the database;
 * 2. refuses a database that holds any document, unless `force`, which first drops every collection of
 *    that database (the result is then exactly the archive);
 * 3. inserts every collection's documents, then recreates its indexes (faster than indexing each insert);
 * 4. counts every collection again and compares with the manifest.
 */
export async function restoreDatabase(
  target: Target,
  file: string,
  opts: { force?: boolean } = {},
): Promise<VerifiedArchive> {
  const archive = await verifyArchive(file);
  const populated = await populatedCollections(target);
  if (populated.length > 0 && !opts.force) {
    throw new ArchiveError(
      `The ${target.description} is not empty (${populated.join(', ')}): restore loads into an empty database. ` +
        'Pass --force to drop all of its collections first.',
    );
  }
  for (const name of await collectionNames(target.db)) await target.db.collection(name).drop();

  let batch: Document[] = [];
  let current = '';
  const flush = async () => {
    if (batch.length > 0) await target.db.collection(current).insertMany(batch, { ordered: true });
    batch = [];
  };
  for await (const entry of readArchive(file)) {
    if ('collection' in entry) {
      await flush();
      current = entry.collection.name;
      await target.db.createCollection(current);
      continue;
    }
    batch.push(entry.doc);
    if (batch.length >= BATCH) await flush();
  }
  await flush();

  for (const { name, indexes } of archive.collections) {
    if (indexes.length > 0) await target.db.collection(name).createIndexes(indexes);
  }
  for (const [name, expected] of Object.entries(archive.manifest.counts)) {
    const count = await target.db.collection(name).countDocuments();
    if (count !== expected) {
      throw new ArchiveError(
        `after loading, collection ${name} holds ${count} documents; the archive has ${expected}`,
      );
    }
  }
  return archive;
}
