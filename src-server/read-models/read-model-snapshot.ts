import { randomInt } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Listing } from '../../src-common/schemas/listing';
import type { Offer } from '../../src-common/schemas/offer';
import { CounterModel } from '../models/counter';

const FILE = 'read-models.json';
/** A document of the small counters collection: the token of the one snapshot that matches the data. */
const MARK = 'read-models-snapshot';

/** What the read models hold: every listing and every offer. */
export interface ReadModelSnapshot {
  listings: Listing[];
  offers: Offer[];
}

interface SnapshotFile extends ReadModelSnapshot {
  token: number;
}

const newToken = () => randomInt(1, 2 ** 47);

async function setMark(token: number): Promise<void> {
  await CounterModel.updateOne({ _id: MARK }, { $set: { seq: token } }, { upsert: true });
}

/**
 * The read models (listing index, offer index) as this process last saw them, written to the data
 * directory when it stops, so that the next start on the embedded FerretDB need not read every listing
 * and offer back (FerretDB decodes a few thousand documents a second: minutes at 100,000 listings and
 * 500,000 offers). Only for the embedded database, where this process is the only writer
 * (lib/writer-claim.ts).
 *
 * The file is trusted only while it provably equals the database: it carries a random token that the
 * database holds too (a counters document) only from the moment the file is complete until the next start
 * marks the data as being written (`markReadModelsWritten`, before the first request). A crash, a restore
 * of a backup or a copy of the data directory leaves tokens that differ, and the database is read instead.
 */
export async function readSnapshot(dataDir: string): Promise<ReadModelSnapshot | null> {
  const mark = await CounterModel.findById(MARK).lean<{ seq: number }>();
  if (!mark) return null;
  let file: SnapshotFile;
  try {
    file = JSON.parse(await readFile(path.join(dataDir, FILE), 'utf8')) as SnapshotFile;
  } catch {
    return null;
  }
  const whole = file.token === mark.seq && Array.isArray(file.listings) && Array.isArray(file.offers);
  return whole ? { listings: file.listings, offers: file.offers } : null;
}

/** From now until the next `saveSnapshot`, no snapshot on disk matches: this process may write. */
export async function markReadModelsWritten(): Promise<void> {
  await setMark(newToken());
}

/** Writes the snapshot (whole, then renamed into place), then gives the database its token. */
export async function saveSnapshot(dataDir: string, snapshot: ReadModelSnapshot): Promise<void> {
  const token = newToken();
  const file = path.join(dataDir, FILE);
  await writeFile(`${file}.tmp`, JSON.stringify({ token, ...snapshot } satisfies SnapshotFile));
  await rename(`${file}.tmp`, file);
  await setMark(token);
}
