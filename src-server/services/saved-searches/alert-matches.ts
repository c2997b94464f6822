import { formatCopper } from '../../../src-common/money';
import type { Listing } from '../../../src-common/schemas/listing';
import type { AppDeps } from '../../deps';
import { SavedSearchModel, type SavedSearchDoc } from '../../models/saved-search';
import { sendNotification, type NotifyDeps } from '../notifications/notify';

type Deps = NotifyDeps & Pick<AppDeps, 'savedSearches'>;

const describe = (listing: Listing) =>
  `${listing.type === 'sell' ? 'selling' : 'buying'} ${listing.item} at ${formatCopper(listing.price)} each`;

/**
 * After a listing was posted, or edited (`before` is the listing as it was), tells the owner of each
 * saved search that finds it now and did not before: one `saved_search_match` notification per user,
 * naming their oldest matching search, linking to the listing. A user's own listing never alerts them.
 *
 * Runs after the write has succeeded and never fails it: an error is logged.
 */
export async function alertSavedSearches(deps: Deps, listing: Listing, before?: Listing): Promise<void> {
  try {
    const earlier = new Set(before ? deps.savedSearches.matches(before).map((s) => s.id) : []);
    const firstOfUser = new Map<number, number>();
    for (const search of deps.savedSearches.matches(listing)) {
      if (search.userId === listing.userId || earlier.has(search.id)) continue;
      if (!firstOfUser.has(search.userId)) firstOfUser.set(search.userId, search.id);
    }
    if (!firstOfUser.size) return;
    const names = new Map(
      (
        await SavedSearchModel.find({ _id: { $in: [...firstOfUser.values()] } }, { name: 1 }).lean<
          Pick<SavedSearchDoc, '_id' | 'name'>[]
        >()
      ).map((doc) => [doc._id, doc.name]),
    );
    for (const [userId, searchId] of firstOfUser) {
      const name = names.get(searchId);
      // Deleted since the index was read: nothing to alert about.
      if (name === undefined) continue;
      await sendNotification(deps, userId, {
        kind: 'saved_search_match',
        message: `New for your saved search "${name}": ${listing.seller} is ${describe(listing)}`,
        listingId: listing.id,
        searchId,
        causedBy: listing.userId,
      });
    }
  } catch (err) {
    deps.logger.error({ err, listingId: listing.id }, 'saved search alerts failed');
  }
}
