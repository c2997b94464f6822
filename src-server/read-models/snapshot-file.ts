import { randomInt } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CounterModel } from '../models/counter';

const newToken = () => randomInt(1, 2 ** 47);

export interface SnapshotFile<T> {
  /** The snapshot last saved, or null when none provably matches the database. */
  read(dataDir: string): Promise<T | null>;
  /** From now until the next `save`, no snapshot on disk matches: this process may write. */
  markWritten(): Promise<void>;
  /** Writes the snapshot (whole, then renamed into place), then gives the database its token. */
  save(dataDir: string, content: T): Promise<void>;
}

/**
 * A read model as this process last saw it, written to the data directory when it stops, so that the
 * next start on the embedded FerretDB need not read its collection back (FerretDB decodes a few thousand
 * documents a second: minutes at 100,000). Only for the embedded database, where this process is the
 * only writer (lib/writer-claim.ts).
 *
 * The file is trusted only while it provably equals the database: it carries a random token that the
 * database holds too (the counters document `mark`) only from the moment the file is complete until the
 * next start marks the data as being written (`markWritten`, before the first request). A crash, a
 * restore of a backup or a copy of the data directory leaves tokens that differ, and the read model is
 * read from the database instead.
 */
export function snapshotFile<T>(
  fileName: string,
  mark: string,
  isContent: (value: unknown) => value is T,
): SnapshotFile<T> {
  const setMark = (token: number) =>
    CounterModel.updateOne({ _id: mark }, { $set: { seq: token } }, { upsert: true });
  return {
    async read(dataDir) {
      const held = await CounterModel.findById(mark).lean<{ seq: number }>();
      if (!held) return null;
      let file: { token: number; content: unknown };
      try {
        file = JSON.parse(await readFile(path.join(dataDir, fileName), 'utf8')) as typeof file;
      } catch {
        return null;
      }
      return file.token === held.seq && isContent(file.content) ? file.content : null;
    },
    async markWritten() {
      await setMark(newToken());
    },
    async save(dataDir, content) {
      const token = newToken();
      const file = path.join(dataDir, fileName);
      await writeFile(`${file}.tmp`, JSON.stringify({ token, content }));
      await rename(`${file}.tmp`, file);
      await setMark(token);
    },
  };
}
