import type { Offer } from '../../../src-common/schemas/offer';
import { ListingModel, type ListingDoc } from '../../models/listing';
import { OfferModel, type OfferDoc } from '../../models/offer';
import { withListingLock } from '../listings/listing-lock';
import type { NotifyDeps } from '../notifications/notify';
import { recordOffersAnswered } from '../reputation/record-reputation';
import { publishRejections, rejectIfPending } from './reject-unfit-offers';

type OfferOwner = Pick<ListingDoc, 'item' | 'type' | 'userId'>;

/**
 * Rejects these offers, those still pending, with `reason` (a suspended trader, a block between the two
 * sides): each one's conditional pending -> rejected under its listing's lock, so a racing accept, cancel
 * or rejection has one winner; then, like any automatic rejection, `offer:updated` to the listing's
 * watchers, the buyer's notification, and the listing owner's reputation counting it as answered.
 */
export async function rejectPendingOffers(
  deps: NotifyDeps,
  offerIds: readonly number[],
  reason: string,
): Promise<void> {
  if (!offerIds.length) return;
  const pending = await OfferModel.find(
    { _id: { $in: [...offerIds] }, status: 'pending' },
    { listingId: 1 },
  ).lean<Pick<OfferDoc, '_id' | 'listingId'>[]>();
  const byListing = new Map<number, number[]>();
  for (const offer of pending)
    byListing.set(offer.listingId, [...(byListing.get(offer.listingId) ?? []), offer._id]);
  for (const [listingId, ids] of byListing) {
    const done = await withListingLock(listingId, async () => {
      const listing = await ListingModel.findById(listingId, {
        item: 1,
        type: 1,
        userId: 1,
      }).lean<OfferOwner>();
      // A deleted listing took its offers with it.
      if (!listing) return null;
      const rejected: Offer[] = [];
      for (const id of ids) {
        const offer = await rejectIfPending(id, reason);
        if (offer) rejected.push(offer);
      }
      return { listing, rejected };
    });
    if (!done) continue;
    // Counted before told, so that a page re-reading the owner's record on the live event finds it.
    await recordOffersAnswered(deps, done.listing.userId, done.rejected);
    await publishRejections(deps, done.rejected, done.listing);
  }
}
