import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../errors';
import { ListingModel, type ListingDoc } from '../../models/listing';
import { OfferModel } from '../../models/offer';
import { assertAdmin } from '../../policies/admin';
import { assertCanDeleteListing } from '../../policies/listing';
import { recordAudit } from '../moderation/audit';
import { withListingLock } from './listing-lock';

type Deps = Pick<AppDeps, 'publisher'>;

/**
 * Deletes a listing and the offers made on it. Clients drop a listing's offers with the listing, so
 * only listing:deleted is published. Under the listing's lock no offer can be added in between.
 */
async function removeListing(
  deps: Deps,
  id: number,
  authorise: (listing: { userId: number }) => void,
): Promise<RemovedListing> {
  const removed = await withListingLock(id, async () => {
    const listing = await ListingModel.findById(id, { userId: 1, item: 1, type: 1, seller: 1 }).lean<
      Pick<ListingDoc, 'userId' | RemovedField>
    >();
    if (!listing) throw notFound('listing');
    authorise(listing);
    await ListingModel.deleteOne({ _id: id });
    await OfferModel.deleteMany({ listingId: id });
    return listing;
  });
  deps.publisher.listingDeleted(id);
  return removed;
}

type RemovedField = 'item' | 'type' | 'seller';
type RemovedListing = Pick<ListingDoc, RemovedField>;

export async function deleteListing(deps: Deps, userId: number, id: number): Promise<void> {
  await removeListing(deps, id, (listing) => assertCanDeleteListing(userId, listing));
}

/**
 * An admin removes anyone's listing (the admin panel, or a report resolved with `remove-listing`, whose
 * note comes along). The audit log keeps what the listing was, since the listing itself is gone.
 */
export async function deleteListingAsAdmin(
  deps: Deps,
  adminId: number,
  id: number,
  note: string | null = null,
): Promise<void> {
  await assertAdmin(adminId);
  const listing = await removeListing(deps, id, () => undefined);
  const what = `${listing.item} (${listing.type} listing) by ${listing.seller}`;
  await recordAudit({
    actorId: adminId,
    action: 'listing.delete',
    target: { type: 'listing', id },
    note: note ? `${what}: ${note}` : what,
  });
}

/** The Danger Zone: every listing of the caller. Returns how many went. */
export async function deleteAllListingsOf(deps: Deps, userId: number): Promise<number> {
  const listings = await ListingModel.find({ userId }, { _id: 1 }).lean<Pick<ListingDoc, '_id'>[]>();
  let deleted = 0;
  for (const { _id } of listings) {
    try {
      await removeListing(deps, _id, (listing) => assertCanDeleteListing(userId, listing));
      deleted += 1;
    } catch (err) {
      // Another request (another tab, an admin) may have removed it first; that is the goal anyway.
      if (!(err instanceof AppError && err.status === 404)) throw err;
    }
  }
  return deleted;
}
