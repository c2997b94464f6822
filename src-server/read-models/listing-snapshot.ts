import { randomInt } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Listing } from '../../src-common/schemas/listing';
import { CounterModel } from '../models/counter';

const FILE = 'listing-index.json';
/** A document of the small counters collection: the token of the one snapshot that matches the data. */
const MARK = 'listing-index-snapshot';

interface SnapshotFile {
  token: number;
  listings: Listing[];
}

const newToken = () => randomInt(1, 2 ** 47);

async function setMark(token: number): Promise<void> {
  await CounterModel.updateOne({ _id: MARK }, { $set: { seq: token } }, { upsert: true });
}

/**
 * The listing index as this process last saw it, written to the data directory when it stops, so that the
 * next start on the embedded FerretDB need not read every listing back (FerretDB decodes a few thousand
 * documents a second: minutes at 100,000). Only for the embedded database, where this process is the
 * only writer (lib/writer-claim.ts).
 *
 * The file is trusted only while it provably equals the database: it carries a random token that the
 * database holds too (a counters document) only from the moment the file is complete until the next start
 * marks the data as being written (`markListingsWritten`, before the first request). A crash, a restore
 * of a backup or a copy of the data directory leaves tokens that differ, and the listings are read from
 * the database instead.
 */
export async function readListingSnapshot(dataDir: string): Promise<Listing[] | null> {
  const mark = await CounterModel.findById(MARK).lean<{ seq: number }>();
  if (!mark) return null;
  let file: SnapshotFile;
  try {
    file = JSON.parse(await readFile(path.join(dataDir, FILE), 'utf8')) as SnapshotFile;
  } catch {
    return null;
  }
  return file.token === mark.seq && Array.isArray(file.listings) ? file.listings : null;
}

/** From now until the next `saveListingSnapshot`, no snapshot on disk matches: this process may write. */
export async function markListingsWritten(): Promise<void> {
  await setMark(newToken());
}

/** Writes the snapshot (whole, then renamed into place), then gives the database its token. */
export async function saveListingSnapshot(dataDir: string, listings: Listing[]): Promise<void> {
  const token = newToken();
  const file = path.join(dataDir, FILE);
  await writeFile(`${file}.tmp`, JSON.stringify({ token, listings } satisfies SnapshotFile));
  await rename(`${file}.tmp`, file);
  await setMark(token);
}
