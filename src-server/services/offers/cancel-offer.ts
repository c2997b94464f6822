import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { ListingModel, type ListingDoc } from '../../models/listing';
import { OfferModel, type OfferDoc } from '../../models/offer';
import { assertCanCancelOffer } from '../../policies/listing';
import { presentOffer } from '../../presenters/offer';
import { withListingLock } from '../listings/listing-lock';
import { offerNoLongerPending } from './offer-conflict';
import { recordOfferWithdrawn } from '../reputation/record-reputation';
import { notifyOffer } from './notify';
import { closeCancelledThread } from './thread-reads';
import { recordWithdrawnOffer } from './my-offers';

/**
 * The buyer withdraws their own pending offer, which deletes it (its thread stays, read only). The delete
 * is conditional on `status: 'pending'`, so a cancel racing the owner's accept has exactly one winner.
 */
export async function cancelOffer(
  deps: Pick<AppDeps, 'publisher' | 'logger' | 'digests' | 'blocks'>,
  userId: number,
  offerId: number,
): Promise<void> {
  const target = await OfferModel.findById(offerId, { listingId: 1, userId: 1 }).lean<
    Pick<OfferDoc, 'listingId' | 'userId'>
  >();
  if (!target) throw notFound('offer');
  assertCanCancelOffer(userId, target);
  const { deleted, listing } = await withListingLock(target.listingId, async () => {
    const removed = await OfferModel.findOneAndDelete({
      _id: offerId,
      status: 'pending',
      userId,
    }).lean<OfferDoc>();
    if (!removed) throw await offerNoLongerPending(offerId);
    const found = await ListingModel.findById(target.listingId, { userId: 1, item: 1, type: 1 }).lean<
      Pick<ListingDoc, '_id' | 'userId' | 'item' | 'type'>
    >();
    const deleted = presentOffer(removed);
    if (found) {
      await closeCancelledThread({
        id: offerId,
        listingId: found._id,
        makerId: userId,
        ownerId: found.userId,
      });
      await recordWithdrawnOffer(deleted, found, new Date());
    }
    return { deleted, listing: found };
  });
  if (listing) await recordOfferWithdrawn(deps, listing.userId);
  deps.publisher.offerDeleted(deleted.id, deleted.listing_id, deleted.user_id);
  if (!listing) return;
  await notifyOffer(deps, 'offer_cancelled', listing.userId, deleted, listing);
}
