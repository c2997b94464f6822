import type { Offer, OfferInput } from '../../../src-common/schemas/offer';
import type { AppDeps } from '../../deps';
import { offerQuantity } from '../../../src-common/trade';
import { badRequest, conflict, notFound } from '../../errors';
import { nextId } from '../../models/counter';
import { OfferModel, type OfferDoc } from '../../models/offer';
import { assertCanTrade } from '../../policies/blocks';
import { assertCanMakeOffer } from '../../policies/listing';
import { presentOffer } from '../../presenters/offer';
import { rejectOfferIfBlocked } from '../blocks/blocks';
import { loadTraderAccount } from '../listings/account';
import { withListingLock } from '../listings/listing-lock';
import { LISTING_CLOSED_FOR_OFFERS, readStockedListing } from '../listings/listing-stock';
import { recordOfferReceived } from '../reputation/record-reputation';
import { notifyOffer } from './notify';

/**
 * Makes an offer on someone else's active listing, for part or all of what remains of it; the listing's
 * watchers and its owner hear at once.
 */
export async function makeOffer(
  deps: Pick<AppDeps, 'publisher' | 'logger' | 'digests' | 'blocks'>,
  userId: number,
  input: OfferInput,
): Promise<Offer> {
  const account = await loadTraderAccount(userId);
  const { offer, listing } = await withListingLock(input.listing_id, async () => {
    const found = await readStockedListing(input.listing_id);
    if (!found) throw notFound('listing');
    assertCanMakeOffer(userId, found);
    assertCanTrade(deps.blocks, userId, found.userId);
    const { stock } = found;
    if (stock.status === 'closed') throw conflict(LISTING_CLOSED_FOR_OFFERS);
    const quantity = offerQuantity(input.quantity, stock);
    if (quantity > stock.remainingQuantity) {
      throw badRequest(`Quantity must be a whole number from 1 to ${stock.remainingQuantity}`, 'quantity');
    }
    const doc = await OfferModel.create({
      _id: await nextId('offers'),
      listingId: found._id,
      userId: account.id,
      username: account.username,
      userAvatar: account.avatar,
      quantity,
      offerAmount: input.offer_amount,
      message: input.message,
      status: 'pending',
      version: 1,
    });
    return { offer: presentOffer(doc.toObject() as OfferDoc), listing: found };
  });
  // Counted before told, so that a page re-reading the owner's record on the live event finds it.
  await recordOfferReceived(deps, listing.userId);
  deps.publisher.offerCreated(offer);
  await notifyOffer(deps, 'offer_received', listing.userId, offer, listing);
  await rejectOfferIfBlocked(deps, offer, listing.userId);
  return offer;
}
