import { Mutex } from 'async-mutex';
import { formatCopper } from '../../../src-common/money';
import type { Listing } from '../../../src-common/schemas/listing';
import type { AppDeps } from '../../deps';
import { SavedSearchModel, type SavedSearchDoc } from '../../models/saved-search';
import { sendNotification, type NotifyDeps } from '../notifications/notify';
import { queueWebhookPosts } from '../webhooks/saved-search-webhooks';

type Deps = NotifyDeps & Pick<AppDeps, 'savedSearches' | 'webhooks'>;

const describe = (listing: Listing) =>
  `${listing.type === 'sell' ? 'selling' : 'buying'} ${listing.item} at ${formatCopper(listing.price)} each`;

/**
 * Alerts are handled one at a time, in the order the writes called for them (the mutex queues its waiters
 * first come, first served): two listings posted one after the other reach a webhook's queue, and so
 * Discord, in that order, even when the first one's lookups are slower.
 */
const inWriteOrder = new Mutex();

/**
 * After a listing was posted, or edited (`before` is the listing as it was), tells the owner of each
 * saved search that finds it now and did not before: one `saved_search_match` notification per user,
 * naming their oldest matching search, linking to the listing. A user's own listing never alerts them.
 * Each of those searches with a Discord webhook also queues the listing for it (services/webhooks/).
 *
 * Runs after the write has succeeded and never fails it: an error is logged.
 */
export function alertSavedSearches(deps: Deps, listing: Listing, before?: Listing): Promise<void> {
  return inWriteOrder.runExclusive(() => alert(deps, listing, before));
}

async function alert(deps: Deps, listing: Listing, before?: Listing): Promise<void> {
  try {
    const earlier = new Set(before ? deps.savedSearches.matches(before).map((s) => s.id) : []);
    const firstOfUser = new Map<number, number>();
    const found: number[] = [];
    for (const search of deps.savedSearches.matches(listing)) {
      if (search.userId === listing.userId || earlier.has(search.id)) continue;
      found.push(search.id);
      if (!firstOfUser.has(search.userId)) firstOfUser.set(search.userId, search.id);
    }
    if (!found.length) return;
    const docs = (
      await SavedSearchModel.find({ _id: { $in: found } }, { name: 1, userId: 1, webhook: 1 }).lean<
        Pick<SavedSearchDoc, '_id' | 'name' | 'userId' | 'webhook'>[]
      >()
    ).sort((a, b) => a._id - b._id);
    const names = new Map(docs.map((doc) => [doc._id, doc.name]));
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
    await queueWebhookPosts(deps, listing, docs);
  } catch (err) {
    deps.logger.error({ err, listingId: listing.id }, 'saved search alerts failed');
  }
}
