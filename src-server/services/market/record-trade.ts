import { tradeUnitPrice } from '../../../src-common/schemas/market';
import type { Offer } from '../../../src-common/schemas/offer';
import { TradeModel, type TradeDoc } from '../../models/trade';

/** What an accepted offer's trade is made of: the offer, and the listing it was accepted on. */
export function tradeOf(
  offer: Pick<Offer, 'id' | 'offer_amount' | 'quantity' | 'user_id'>,
  listing: { _id: number; item: string; type: 'buy' | 'sell'; userId: number },
  at: Date,
): TradeDoc {
  const ownerSells = listing.type === 'sell';
  return {
    _id: offer.id,
    item: listing.item,
    unitPrice: tradeUnitPrice(offer),
    quantity: offer.quantity,
    side: listing.type,
    listingId: listing._id,
    sellerId: ownerSells ? listing.userId : offer.user_id,
    buyerId: ownerSells ? offer.user_id : listing.userId,
    at,
  };
}

/**
 * Stores a trade unless its offer already has one (the accept's transaction rerun, the backfill meeting a
 * live accept): an upsert on the offer's id that only inserts, so the first record stands.
 */
export async function recordTrade(trade: TradeDoc): Promise<void> {
  const { _id, ...fields } = trade;
  await TradeModel.updateOne({ _id }, { $setOnInsert: fields }, { upsert: true });
}
