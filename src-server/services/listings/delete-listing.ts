import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../errors';
import { ListingModel, type ListingDoc } from '../../models/listing';
import { OfferModel } from '../../models/offer';
import { assertAdmin } from '../../policies/admin';
import { assertCanDeleteListing } from '../../policies/listing';
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
): Promise<void> {
  await withListingLock(id, async () => {
    const listing = await ListingModel.findById(id, { userId: 1 }).lean<Pick<ListingDoc, 'userId'>>();
    if (!listing) throw notFound('listing');
    authorise(listing);
    await ListingModel.deleteOne({ _id: id });
    await OfferModel.deleteMany({ listingId: id });
  });
  deps.publisher.listingDeleted(id);
}

export async function deleteListing(deps: Deps, userId: number, id: number): Promise<void> {
  await removeListing(deps, id, (listing) => assertCanDeleteListing(userId, listing));
}

export async function deleteListingAsAdmin(deps: Deps, adminId: number, id: number): Promise<void> {
  await assertAdmin(adminId);
  await removeListing(deps, id, () => undefined);
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
