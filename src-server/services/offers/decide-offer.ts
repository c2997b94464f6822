import type { Offer, OfferAction } from '../../../src-common/schemas/offer';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { ListingModel, type ListingDoc } from '../../models/listing';
import { OfferModel, type OfferDoc } from '../../models/offer';
import { assertCanDecideOffer } from '../../policies/listing';
import { presentOffer } from '../../presenters/offer';
import { withListingLock } from '../listings/listing-lock';
import { offerNoLongerPending } from './offer-conflict';
import { notifyOffer } from './notify';

const STATUS_OF: Record<OfferAction, 'accepted' | 'rejected'> = { accept: 'accepted', reject: 'rejected' };

/**
 * The listing owner accepts or rejects a pending offer. One conditional update (`status: 'pending'`)
 * decides, so of racing accepts, or an accept racing the buyer's cancel, exactly one wins.
 *
 * Accepting touches nothing else: the listing's other pending offers stay pending and the listing stays
 * up. How a trade is completed is not part of the product, and a seller with a quantity to sell may take
 * several offers; the owner edits or deletes the listing when the trade is done.
 */
export async function decideOffer(
  deps: Pick<AppDeps, 'publisher'>,
  userId: number,
  offerId: number,
  action: OfferAction,
): Promise<Offer> {
  const target = await OfferModel.findById(offerId, { listingId: 1 }).lean<Pick<OfferDoc, 'listingId'>>();
  if (!target) throw notFound('offer');
  const { offer, listing } = await withListingLock(target.listingId, async () => {
    const found = await ListingModel.findById(target.listingId, { userId: 1, item: 1 }).lean<
      Pick<ListingDoc, '_id' | 'userId' | 'item'>
    >();
    if (!found) throw notFound('listing');
    assertCanDecideOffer(userId, found);
    const updated = await OfferModel.findOneAndUpdate(
      { _id: offerId, status: 'pending' },
      { $set: { status: STATUS_OF[action] }, $inc: { version: 1 } },
      { returnDocument: 'after' },
    ).lean<OfferDoc>();
    if (!updated) throw await offerNoLongerPending(offerId);
    return { offer: presentOffer(updated), listing: found };
  });
  deps.publisher.offerUpdated(offer);
  notifyOffer(
    deps.publisher,
    action === 'accept' ? 'offer_accepted' : 'offer_rejected',
    offer.user_id,
    offer,
    listing.item,
  );
  return offer;
}
