import { tradeUnitPrice } from '../../../src-common/schemas/market';
import type { Offer } from '../../../src-common/schemas/offer';
import { isDuplicateKeyError } from '../../lib/duplicate-key';
import { acceptedLifecycle, TradeModel, type LiveTradeDoc } from '../../models/trade';
import { ensureTradeBooks, followTrade } from '../trades/trade-books';

/**
 * What an accepted offer's trade is made of: the offer, and the listing it was accepted on. It starts
 * `open`, confirmed by nobody.
 */
export function tradeOf(
  offer: Pick<Offer, 'id' | 'offer_amount' | 'quantity' | 'user_id'>,
  listing: { _id: number; item: string; type: 'buy' | 'sell'; userId: number },
  at: Date,
): LiveTradeDoc {
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
    total: offer.offer_amount,
    ...acceptedLifecycle(at, at),
  };
}

/**
 * Stores a trade: a plain insert, which the unique `_id` (the offer's id) refuses for an offer already
 * recorded. Never an upsert: FerretDB scans the whole collection for an upsert that inserts (5 s at
 * 50,000 trades, measured), while an insert is a few milliseconds at any size. Call it in the accept's
 * unit of work, where the offer was still pending and so has no trade yet (a rerun of a MongoDB
 * transaction rolls its insert back with it), after `ensureTradeBooks` for both parties: the trade's
 * bookkeeping (services/trades/trade-books.ts) is written with it.
 */
export async function recordTrade(trade: LiveTradeDoc): Promise<void> {
  await TradeModel.create(trade);
  await followTrade(trade);
}

/** For the backfill, which may meet a trade recorded meanwhile: whether this call stored it. */
export async function recordTradeOnce(trade: LiveTradeDoc): Promise<boolean> {
  await ensureTradeBooks([trade.buyerId, trade.sellerId]);
  try {
    await recordTrade(trade);
    return true;
  } catch (err) {
    if (isDuplicateKeyError(err)) return false;
    throw err;
  }
}
