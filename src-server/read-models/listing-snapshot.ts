import type { Listing } from '../../src-common/schemas/listing';
import { snapshotFile } from './snapshot-file';

/** The listing index's snapshot (snapshot-file.ts): every listing it holds. */
const snapshot = snapshotFile('listing-index.json', 'listing-index-snapshot', (value): value is Listing[] =>
  Array.isArray(value),
);

export const readListingSnapshot = (dataDir: string) => snapshot.read(dataDir);
export const markListingsWritten = () => snapshot.markWritten();
export const saveListingSnapshot = (dataDir: string, listings: Listing[]) => snapshot.save(dataDir, listings);
