import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { CounterModel } from '../../src-server/models/counter';
import { ListingModel } from '../../src-server/models/listing';
import { UserModel } from '../../src-server/models/user';
import { verifyArchive } from '../backup/archive';
import { backupDatabase } from '../backup/backup';
import { restoreDatabase } from '../backup/restore';
import { openTarget } from '../backup/target';
import { startEmbeddedDatabase } from '../../src-server/embedded/embedded-database';
import { freePort } from '../../src-server/lib/ports';
import { seedListings } from './lib/seed-listings';
import { fmt } from './lib/stats';
import { option } from './lib/options';

/**
 * `npm run bench -- backup [--listings 100000]`
 *
 * Seeds the listings into an embedded database (the data set of `bench -- listings`, indexed as the
 * server indexes it), then times `npm run backup`'s work against it and `npm run restore`'s into a
 * fresh DATA_DIR, through the same code the commands run, and prints the archive's size.
 */
const LISTINGS = Number(option('listings', '100000'));
const seconds = (since: number) => `${fmt((performance.now() - since) / 1000)} s`;
const mb = (bytes: number) => `${fmt(bytes / 1e6)} MB`;

async function seed(dataDir: string, port: number) {
  const db = await startEmbeddedDatabase({ dataDir, port });
  try {
    await mongoose.connect(db.uri, { dbName: 'market', autoIndex: false });
    const t = performance.now();
    await seedListings(LISTINGS);
    await Promise.all([ListingModel, UserModel, CounterModel].map((model) => model.createIndexes()));
    console.log(`seeded ${LISTINGS.toLocaleString('en-US')} listings in ${seconds(t)}`);
  } finally {
    await mongoose.disconnect();
    await db.stop();
  }
}

async function main() {
  const work = mkdtempSync(path.join(os.tmpdir(), 'market-bench-backup-'));
  const env = (dir: string, port: number) => ({
    ...process.env,
    MONGODB_URI: '',
    DATA_DIR: dir,
    DB_PORT: String(port),
  });
  try {
    const source = path.join(work, 'source');
    const port = await freePort();
    await seed(source, port);
    const file = path.join(work, 'market.ndjson.gz');

    const from = await openTarget(env(source, port), () => undefined);
    let t = performance.now();
    const manifest = await backupDatabase(from, file);
    const backupTime = seconds(t);
    await from.close();
    const size = statSync(file).size;
    console.log(
      `backup:  ${manifest.documents.toLocaleString('en-US')} documents in ${backupTime}, archive ${mb(size)} ` +
        `(${fmt(size / manifest.documents, 0)} bytes a document)`,
    );

    t = performance.now();
    await verifyArchive(file);
    console.log(`verify:  checksum and counts in ${seconds(t)} (restore does this first)`);

    const to = await openTarget(env(path.join(work, 'restored'), await freePort()), () => undefined);
    t = performance.now();
    await restoreDatabase(to, file);
    console.log(`restore: into a fresh DATA_DIR in ${seconds(t)} (verify, load, indexes, counts checked)`);
    await to.close();
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
