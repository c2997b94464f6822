import type { AppDeps } from '../../deps';
import { ListingModel, type ListingDoc } from '../../models/listing';
import { presentListing } from '../../presenters/listing';
import { withListingLock } from './listing-lock';

type Deps = Pick<AppDeps, 'publisher'>;

/**
 * Marks or unmarks one listing as its seller's suspension hides it, with a version bump, under the
 * listing's lock like every listing write; null when it was already so (or is gone).
 */
function mark(id: number, hidden: boolean): Promise<ListingDoc | null> {
  return withListingLock(id, () =>
    ListingModel.findOneAndUpdate(
      { _id: id, sellerSuspended: hidden ? { $ne: true } : true },
      {
        ...(hidden ? { $set: { sellerSuspended: true } } : { $unset: { sellerSuspended: 1 } }),
        $inc: { version: 1 },
      },
      { returnDocument: 'after' },
    ).lean<ListingDoc>(),
  );
}

/**
 * While its seller is suspended, each active listing is marked `sellerSuspended`, nothing else about it
 * changes: the listing index, the market's books and the profile treat it as absent, and every page hears
 * `listing:deleted` (realtime/broadcaster.ts sends a hidden listing's change as its deletion).
 */
export async function hideListingsOf(deps: Deps, userId: number): Promise<void> {
  const active = await ListingModel.find(
    { userId, status: 'active', sellerSuspended: { $ne: true } },
    { _id: 1 },
  ).lean<{ _id: number }[]>();
  for (const { _id } of active) {
    const doc = await mark(_id, true);
    if (doc) deps.publisher.listingUpdated(presentListing(doc));
  }
}

/** Lifting the suspension brings each listing back as it was; pages hear `listing:created`. */
export async function showListingsOf(deps: Deps, userId: number): Promise<void> {
  const hidden = await ListingModel.find({ userId, sellerSuspended: true }, { _id: 1 }).lean<
    { _id: number }[]
  >();
  for (const { _id } of hidden) {
    const doc = await mark(_id, false);
    if (doc) deps.publisher.listingCreated(presentListing(doc));
  }
}
