import { copyFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { seedCatalogue } from '../../src-server/catalogue/catalogue';
import { startEmbeddedDatabase } from '../../src-server/embedded/embedded-database';
import type { RunningDatabase } from '../../src-server/embedded/ferretdb';
import { freePort } from '../../src-server/lib/ports';
import { projectRoot } from '../../src-server/lib/project-root';

const TEMPLATE = 'ready_template';

/**
 * The first of what a server's start makes on a fresh database (connectDatabase, seedCatalogue): every
 * collection its models declare, with their indexes, and the seeded catalogue. The models are loaded on
 * their own: importing the server would have this process transform all of it, seconds more.
 */
async function makeTemplate(uri: string): Promise<void> {
  await mongoose.connect(uri, { dbName: TEMPLATE, autoIndex: false });
  try {
    const models = path.join(projectRoot, 'src-server/models');
    for (const file of readdirSync(models).filter((name) => /(?<!\.test)\.ts$/.test(name))) {
      await import(path.join(models, file));
    }
    await Promise.all(Object.values(mongoose.models).map((model) => model.createIndexes()));
    await seedCatalogue();
  } finally {
    await mongoose.disconnect();
  }
}

/**
 * The run's embedded database server, holding `count` databases no server has used yet, each made as
 * `makeTemplate` makes one (about a second of every test file's start otherwise). One is made, then
 * copied while the database server is stopped: FerretDB's SQLite backend keeps each database in a file of
 * its own, `<name>.sqlite`, and opens the files it finds when it starts. None are handed out should the
 * restarted server not have found them. The copies go with the run's data directory, each as its test
 * server drops it.
 */
export async function startWithReadyDatabases(
  dataDir: string,
  count: number,
  log: (line: string) => void,
): Promise<{ db: RunningDatabase; ready: string[] }> {
  if (count === 0)
    return { db: await startEmbeddedDatabase({ dataDir, port: await freePort(), log }), ready: [] };
  // Where embedded-database.ts has FerretDB keep its files.
  const files = path.join(dataDir, 'ferretdb');
  const making = await startEmbeddedDatabase({ dataDir, port: await freePort(), log });
  try {
    await makeTemplate(making.uri);
  } finally {
    await making.stop();
  }
  const template = readdirSync(files).filter((file) => file.startsWith(`${TEMPLATE}.sqlite`));
  const names = Array.from({ length: count }, (_, i) => `ready_${i}`);
  for (const name of names) {
    for (const file of template) {
      copyFileSync(path.join(files, file), path.join(files, file.replace(TEMPLATE, name)));
    }
  }
  for (const file of template) rmSync(path.join(files, file));

  const db = await startEmbeddedDatabase({ dataDir, port: await freePort(), log });
  const client = await new mongoose.mongo.MongoClient(db.uri).connect();
  try {
    const last = await client.db(names.at(-1)).listCollections({}, { nameOnly: true }).toArray();
    return { db, ready: last.length > 0 ? names : [] };
  } catch (err) {
    await db.stop();
    throw err;
  } finally {
    await client.close();
  }
}
