import type { Offer, OfferInput } from '../../../src-common/schemas/offer';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { nextId } from '../../models/counter';
import { ListingModel, type ListingDoc } from '../../models/listing';
import { OfferModel, type OfferDoc } from '../../models/offer';
import { assertCanMakeOffer } from '../../policies/listing';
import { presentOffer } from '../../presenters/offer';
import { loadTraderAccount } from '../listings/account';
import { withListingLock } from '../listings/listing-lock';
import { notifyOffer } from './notify';

/** Makes an offer on someone else's listing; the listing's watchers and its owner hear at once. */
export async function makeOffer(
  deps: Pick<AppDeps, 'publisher'>,
  userId: number,
  input: OfferInput,
): Promise<Offer> {
  const account = await loadTraderAccount(userId);
  const { offer, listing } = await withListingLock(input.listing_id, async () => {
    const found = await ListingModel.findById(input.listing_id, { userId: 1, item: 1 }).lean<
      Pick<ListingDoc, '_id' | 'userId' | 'item'>
    >();
    if (!found) throw notFound('listing');
    assertCanMakeOffer(userId, found);
    const doc = await OfferModel.create({
      _id: await nextId('offers'),
      listingId: found._id,
      userId: account.id,
      username: account.username,
      userAvatar: account.avatar,
      offerAmount: input.offer_amount,
      message: input.message,
      status: 'pending',
      version: 1,
    });
    return { offer: presentOffer(doc.toObject() as OfferDoc), listing: found };
  });
  deps.publisher.offerCreated(offer);
  notifyOffer(deps.publisher, 'offer_received', listing.userId, offer, listing.item);
  return offer;
}
