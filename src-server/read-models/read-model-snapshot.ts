import type { Listing } from '../../src-common/schemas/listing';
import type { Offer } from '../../src-common/schemas/offer';
import { snapshotFile } from './snapshot-file';

/** What the read models hold: every listing and every offer. */
export interface ReadModelSnapshot {
  listings: Listing[];
  offers: Offer[];
}

const isSnapshot = (value: unknown): value is ReadModelSnapshot =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as ReadModelSnapshot).listings) &&
  Array.isArray((value as ReadModelSnapshot).offers);

/**
 * The listing and offer indexes as this process last saw them (snapshot-file.ts), so that a start on the
 * embedded FerretDB need not read every listing and offer back: minutes at 100,000 listings and 500,000
 * offers.
 */
const snapshot = snapshotFile('read-models.json', 'read-models-snapshot', isSnapshot);

export const readSnapshot = (dataDir: string) => snapshot.read(dataDir);
/** From now until the next `saveSnapshot`, no snapshot on disk matches: this process may write. */
export const markReadModelsWritten = () => snapshot.markWritten();
export const saveSnapshot = (dataDir: string, content: ReadModelSnapshot) => snapshot.save(dataDir, content);
