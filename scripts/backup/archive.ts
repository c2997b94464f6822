import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, renameSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline as pipelineStreams, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import mongoose from 'mongoose';

/**
 * The backup archive: one gzip-compressed NDJSON file, each line a record in canonical MongoDB Extended
 * JSON (so Int32, Double, Long, dates and ObjectIds come back with the exact BSON type):
 *
 *   {"backup": {format, version, createdAt, database, consistency}}
 *   {"collection": {name, indexes}}      then one {"doc": …} line per document of that collection
 *   …                                    (the next collection)
 *   {"manifest": {counts, documents, sha256}}
 *
 * The manifest comes last because it can only be written once everything else is: `sha256` is the hash
 * of every byte before the manifest line (uncompressed), `counts` the documents per collection. A file
 * cut short has no manifest and is refused. `zcat <file> | tail -n 1` shows it.
 */
export const ARCHIVE_FORMAT = 'brighter-shores-market-backup';
export const ARCHIVE_VERSION = 1;

const { EJSON } = mongoose.mongo.BSON;
type Document = mongoose.mongo.Document;
type IndexDescription = mongoose.mongo.IndexDescription;

export interface ArchiveHeader {
  format: string;
  version: number;
  createdAt: string;
  database: string;
  /** How the copy is consistent: see target.ts. */
  consistency: string;
}

export interface ArchivedCollection {
  name: string;
  /** Index definitions as `createIndexes` takes them (the `_id` index is implied). */
  indexes: IndexDescription[];
}

export interface Manifest {
  counts: Record<string, number>;
  documents: number;
  sha256: string;
}

type ArchiveRecord =
  { backup: ArchiveHeader } | { collection: ArchivedCollection } | { doc: Document } | { manifest: Manifest };

export type ArchiveEntry = { collection: ArchivedCollection } | { doc: Document };

export class ArchiveError extends Error {}

/**
 * Documents are canonical Extended JSON, which keeps every BSON type; the other records are relaxed
 * (plain JSON numbers), so they read back as numbers. A line's kind is known from its start.
 */
const DOC_PREFIX = '{"doc":';
const line = (record: ArchiveRecord) => `${EJSON.stringify(record, { relaxed: !('doc' in record) })}\n`;
const parseLine = (text: string) =>
  EJSON.parse(text, { relaxed: !text.startsWith(DOC_PREFIX) }) as ArchiveRecord;

/**
 * Writes the archive from `entries` (collection records, each followed by its documents). The file
 * appears under its name only once complete: it is written beside it and renamed at the end.
 */
export async function writeArchive(
  file: string,
  header: Omit<ArchiveHeader, 'format' | 'version'>,
  entries: AsyncIterable<ArchiveEntry>,
): Promise<Manifest> {
  const hash = createHash('sha256');
  const counts: Record<string, number> = {};
  let documents = 0;
  let manifest: Manifest | null = null;
  async function* lines() {
    const first = line({ backup: { format: ARCHIVE_FORMAT, version: ARCHIVE_VERSION, ...header } });
    hash.update(first);
    yield first;
    let current = '';
    for await (const entry of entries) {
      if ('collection' in entry) {
        current = entry.collection.name;
        counts[current] = 0;
      } else {
        counts[current] += 1;
        documents += 1;
      }
      const text = line(entry);
      hash.update(text);
      yield text;
    }
    manifest = { counts, documents, sha256: hash.digest('hex') };
    yield line({ manifest });
  }
  const partial = `${file}.partial`;
  try {
    await pipeline(Readable.from(lines()), createGzip(), createWriteStream(partial));
    renameSync(partial, file);
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
  return manifest!;
}

async function* records(file: string): AsyncGenerator<{ text: string; record: ArchiveRecord }> {
  // pipeline passes a read error (a missing file) on to the gunzip stream, which the reader reports.
  const input = pipelineStreams(createReadStream(file), createGunzip(), () => undefined);
  const reader = createInterface({ input, crlfDelay: Infinity });
  let n = 0;
  try {
    for await (const text of reader) {
      n += 1;
      let record: ArchiveRecord;
      try {
        record = parseLine(text);
      } catch {
        throw new ArchiveError(`line ${n} of ${file} is not Extended JSON: the archive is damaged`);
      }
      yield { text, record };
    }
  } catch (err) {
    if (err instanceof ArchiveError) throw err;
    const { code, message } = err as NodeJS.ErrnoException;
    throw new ArchiveError(
      `${file} cannot be read${code?.startsWith('Z_') ? ' as a gzip archive' : ''}: ${message}`,
    );
  }
}

export interface VerifiedArchive {
  header: ArchiveHeader;
  collections: ArchivedCollection[];
  manifest: Manifest;
}

/**
 * Reads the whole archive once without touching any database: the format, the checksum against the
 * manifest and every collection's count. Throws ArchiveError naming what is wrong.
 */
export async function verifyArchive(file: string): Promise<VerifiedArchive> {
  const hash = createHash('sha256');
  let header: ArchiveHeader | null = null;
  let manifest: Manifest | null = null;
  const collections: ArchivedCollection[] = [];
  const counts: Record<string, number> = {};
  let current = '';
  for await (const { text, record } of records(file)) {
    if (manifest) throw new ArchiveError(`${file} has data after its manifest`);
    if ('manifest' in record) {
      manifest = record.manifest;
      continue;
    }
    hash.update(`${text}\n`);
    if ('backup' in record) {
      header = record.backup;
    } else if ('collection' in record) {
      current = record.collection.name;
      collections.push(record.collection);
      counts[current] = 0;
    } else {
      counts[current] += 1;
    }
  }
  if (!header || header.format !== ARCHIVE_FORMAT) throw new ArchiveError(`${file} is not a market backup`);
  if (header.version !== ARCHIVE_VERSION) {
    throw new ArchiveError(
      `${file} is backup format ${header.version}; this version reads ${ARCHIVE_VERSION}`,
    );
  }
  if (!manifest) throw new ArchiveError(`${file} has no manifest: the backup is incomplete`);
  const digest = hash.digest('hex');
  if (digest !== manifest.sha256) {
    throw new ArchiveError(
      `${file} fails its checksum (sha256 ${digest}, manifest says ${manifest.sha256}): the archive is damaged`,
    );
  }
  for (const name of new Set([...Object.keys(counts), ...Object.keys(manifest.counts)])) {
    if (counts[name] !== manifest.counts[name]) {
      throw new ArchiveError(
        `${file}: collection ${name} holds ${counts[name] ?? 0} documents, the manifest says ${manifest.counts[name] ?? 0}`,
      );
    }
  }
  return { header, collections, manifest };
}

/** The archive's collections and documents in order, for loading (verify it first). */
export async function* readArchive(file: string): AsyncGenerator<ArchiveEntry> {
  for await (const { record } of records(file)) {
    if ('collection' in record || 'doc' in record) yield record;
  }
}
