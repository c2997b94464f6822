import type { AppDeps } from '../../deps';
import { ListingModel, type ListingDoc } from '../../models/listing';
import { presentListing } from '../../presenters/listing';
import { loadTraderAccount } from './account';
import { withListingLock } from './listing-lock';

export type SellerDeps = Pick<AppDeps, 'publisher' | 'listings'>;

/**
 * Listings carry copies of their seller's name, avatar and badges (so browsing needs no join). After a
 * rename, a new avatar or an admin change, each listing whose copy differs is rewritten under its lock
 * with a version bump and published, so open pages, profiles and every server's index follow.
 */
export async function refreshSellerOnListings(deps: SellerDeps, userId: number): Promise<void> {
  const account = await loadTraderAccount(userId);
  const flags = account.flags.join(',');
  const stale = deps.listings
    .byUser(userId)
    .filter(
      (l) => l.seller !== account.username || l.sellerAvatar !== account.avatar || l.user_flags !== flags,
    );
  for (const { id } of stale) {
    const doc = await withListingLock(id, () =>
      ListingModel.findOneAndUpdate(
        { _id: id, userId },
        {
          $set: { seller: account.username, sellerAvatar: account.avatar, userFlags: account.flags },
          $inc: { version: 1 },
        },
        { returnDocument: 'after' },
      ).lean<ListingDoc>(),
    );
    if (doc) deps.publisher.listingUpdated(presentListing(doc));
  }
}
