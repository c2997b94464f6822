import { ListingModel, type ListingDoc } from '../models/listing';
import { presentListing } from '../presenters/listing';
import type { ListingIndex } from './listing-index';

async function snapshot() {
  return (await ListingModel.find().lean<ListingDoc[]>()).map((doc) => presentListing(doc));
}

/** Reads every listing once at start-up; afterwards the publisher keeps the index current. */
export async function loadListingIndex(index: ListingIndex): Promise<void> {
  index.load(await snapshot());
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
