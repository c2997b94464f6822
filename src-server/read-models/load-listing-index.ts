import { ListingModel, type ListingDoc } from '../models/listing';
import { presentListing } from '../presenters/listing';
import type { Listing } from '../../src-common/schemas/listing';
import type { ListingIndex } from './listing-index';
import { markListingsWritten, readListingSnapshot } from './listing-snapshot';

/** Documents per round trip while streaming: large, as the whole collection is read. */
const BATCH_SIZE = 5000;

/**
 * Every listing, presented, in one streamed read: each batch is presented as it arrives, so the raw
 * documents of the whole collection are never held at once.
 */
async function snapshot(): Promise<Listing[]> {
  const listings: Listing[] = [];
  for await (const doc of ListingModel.find().lean<ListingDoc>().cursor({ batchSize: BATCH_SIZE })) {
    listings.push(presentListing(doc as ListingDoc));
  }
  return listings;
}

/**
 * Reads every listing once at start-up and builds the index in bulk; afterwards the publisher keeps it
 * current. Given the data directory of a process that is the database's only writer, a snapshot its last
 * clean stop left there stands in for the read when it still matches (listing-snapshot.ts).
 */
export async function loadListingIndex(
  index: ListingIndex,
  snapshotDir: string | null = null,
): Promise<'snapshot' | 'database'> {
  const saved = snapshotDir ? await readListingSnapshot(snapshotDir) : null;
  index.load(saved ?? (await snapshot()));
  if (snapshotDir) await markListingsWritten();
  return saved ? 'snapshot' : 'database';
}

/** How often a clustered process checks its index against the database. */
export const RECONCILE_EVERY_MS = 5 * 60 * 1000;
/** Slack for clocks that differ between server processes. */
const CLOCK_SLACK_MS = 5000;

/**
 * Brings the index back in line with the database. With several processes, changes made elsewhere
 * arrive through Redis; one lost on the way would otherwise stay missing until a restart.
 */
export async function reconcileListingIndex(index: ListingIndex): Promise<void> {
  const startedAt = Date.now() - CLOCK_SLACK_MS;
  index.load(await snapshot(), startedAt);
}
