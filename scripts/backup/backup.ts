import type mongoose from 'mongoose';
import { writeArchive, type ArchiveEntry, type Manifest } from './archive';
import { dataCollectionNames, type Target } from './target';

type IndexDescription = mongoose.mongo.IndexDescription;

/** Index definitions as createIndexes takes them back: what listIndexes reports, minus `v` and `ns`. */
async function indexesOf(target: Target, name: string): Promise<IndexDescription[]> {
  // Outside the snapshot session: MongoDB takes snapshot reads for find and aggregate only, and the
  // indexes are the server's own (createIndexes at start), not data written by requests.
  const indexes = await target.db.collection(name).listIndexes().toArray();
  return indexes
    .filter((index) => index.name !== '_id_')
    .map(({ v: _v, ns: _ns, ...index }) => index as IndexDescription);
}

/**
 * Writes every data collection of the target's database to `file` (archive.ts). Values are read without
 * promotion, so an Int32, a Double and a Long stay distinct in the archive.
 */
export async function backupDatabase(target: Target, file: string): Promise<Manifest> {
  const names = await dataCollectionNames(target.db);
  async function* entries(): AsyncGenerator<ArchiveEntry> {
    for (const name of names) {
      yield { collection: { name, indexes: await indexesOf(target, name) } };
      const cursor = target.db
        .collection(name)
        .find({}, { session: target.session, promoteValues: false, promoteBuffers: false, batchSize: 1000 });
      for await (const doc of cursor) yield { doc };
    }
  }
  return writeArchive(
    file,
    {
      createdAt: new Date().toISOString(),
      database: target.db.databaseName,
      consistency: target.consistency,
    },
    entries(),
  );
}
