import { CounterModel } from '../models/counter';
import { ListingModel, type ListingDoc } from '../models/listing';
import { OfferModel, type OfferDoc } from '../models/offer';
import { recordTradeOnce, tradeOf } from '../services/market/record-trade';
import { lifecycleSince } from './trade-status';

/** The counters document that says the backfill has run to its end on this database. */
export const TRADE_HISTORY_MARK = 'migration:trade-history';

export interface TradeHistoryBackfill {
  /** Accepted offers given a trade by this run. */
  recorded: number;
  /** Accepted offers whose listing is gone, so their item is unknown: they have no trade. */
  orphaned: number;
}

/**
 * Gives every offer accepted before trades were recorded its trade (models/trade.ts), at start-up after
 * the trades migration (which gives old offers their quantity) and before market history is read. The
 * time of acceptance is the offer's last change, which the accept was; the trade is open or completed by
 * its age (migrations/trade-status.ts).
 *
 * Safe to run again and by several processes at once: a trade's id is its offer's, so an offer that
 * already has one (recorded by a live accept, or by an interrupted run) is refused by the unique id and
 * skipped. Reading every offer is a scan on FerretDB, so a
 * finished run leaves a mark and later starts read one counters document.
 */
export async function backfillTradeHistory(now = new Date()): Promise<TradeHistoryBackfill> {
  const result: TradeHistoryBackfill = { recorded: 0, orphaned: 0 };
  if (await CounterModel.exists({ _id: TRADE_HISTORY_MARK })) return result;
  const accepted = await OfferModel.find(
    { status: 'accepted' },
    { listingId: 1, userId: 1, quantity: 1, offerAmount: 1, updatedAt: 1 },
  ).lean<Pick<OfferDoc, '_id' | 'listingId' | 'userId' | 'quantity' | 'offerAmount' | 'updatedAt'>[]>();
  // Only when some offer was accepted: on FerretDB, which pushes down no `$in`, even an empty one reads
  // every listing.
  const listings = new Map(
    (accepted.length
      ? await ListingModel.find(
          { _id: { $in: [...new Set(accepted.map((o) => o.listingId))] } },
          { item: 1, type: 1, userId: 1 },
        ).lean<Pick<ListingDoc, '_id' | 'item' | 'type' | 'userId'>[]>()
      : []
    ).map((l) => [l._id, l]),
  );
  for (const offer of accepted) {
    const listing = listings.get(offer.listingId);
    if (!listing) {
      result.orphaned += 1;
      continue;
    }
    const presented = {
      id: offer._id,
      offer_amount: offer.offerAmount,
      quantity: offer.quantity,
      user_id: offer.userId,
    };
    const at = new Date(offer.updatedAt);
    if (await recordTradeOnce({ ...tradeOf(presented, listing, at), ...lifecycleSince(at, now) })) {
      result.recorded += 1;
    }
  }
  await CounterModel.updateOne({ _id: TRADE_HISTORY_MARK }, { $set: { seq: 1 } }, { upsert: true });
  return result;
}
