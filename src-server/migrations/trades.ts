import { SOLD_TO_ANOTHER_OFFER } from '../../src-common/trade';
import { CounterModel } from '../models/counter';
import { ListingModel, type ListingDoc } from '../models/listing';
import { OfferModel, type OfferDoc } from '../models/offer';

export interface TradesMigration {
  /** Listings given their stock fields, and of them those closed because an offer was accepted. */
  listings: number;
  closed: number;
  /** Offers given their quantity. */
  offers: number;
}

const missing = { $exists: false };
/** The counters document that says this migration has run to its end on this database. */
export const TRADES_MIGRATION_MARK = 'migration:trades';

/**
 * Brings data from before trades (src-common/trade.ts) in line with them, at start-up before the listing
 * index is read. A listing without a `status` becomes active with all of its quantity, or, if an offer
 * on it was already accepted, closed as sold with its other pending offers rejected ("Sold to another
 * offer"); its offers are kept. An offer without a `quantity` was for the listing's whole quantity.
 *
 * Safe to run again and by several processes at once: it only touches documents that still lack the
 * new fields, each through an update conditional on that, and a listing's pending offers are rejected
 * before the listing closes, so an interrupted run is finished by the next. On a database already
 * migrated it is one read of a counters document.
 */
export async function migrateToTrades(): Promise<TradesMigration> {
  const result: TradesMigration = { listings: 0, closed: 0, offers: 0 };
  // Finding what lacks the fields is a scan of every listing on FerretDB (tens of seconds at 100,000),
  // so a finished run leaves a mark; data from before trades (an old backup restored) has none.
  if (await CounterModel.exists({ _id: TRADES_MIGRATION_MARK })) return result;
  const legacy = await ListingModel.find({ status: missing }, { quantity: 1 }).lean<
    Pick<ListingDoc, '_id' | 'quantity'>[]
  >();
  const traded = new Set<number>(
    legacy.length
      ? await OfferModel.distinct('listingId', {
          status: 'accepted',
          listingId: { $in: legacy.map((l) => l._id) },
        })
      : [],
  );
  for (const listing of legacy) {
    const sold = traded.has(listing._id);
    if (sold) {
      await OfferModel.updateMany(
        { listingId: listing._id, status: 'pending' },
        { $set: { status: 'rejected', rejectionReason: SOLD_TO_ANOTHER_OFFER }, $inc: { version: 1 } },
      );
    }
    const stock = sold
      ? { status: 'closed', remainingQuantity: 0, closedAt: new Date(), closedReason: 'sold' }
      : { status: 'active', remainingQuantity: listing.quantity, closedAt: null, closedReason: null };
    const { modifiedCount } = await ListingModel.updateOne(
      { _id: listing._id, status: missing },
      { $set: stock, $inc: { version: 1 } },
    );
    result.listings += modifiedCount;
    if (sold) result.closed += modifiedCount;
  }

  const offers = await OfferModel.find({ quantity: missing }, { listingId: 1 }).lean<
    Pick<OfferDoc, '_id' | 'listingId'>[]
  >();
  if (!offers.length) {
    await markDone();
    return result;
  }
  const quantities = new Map(
    (
      await ListingModel.find(
        { _id: { $in: [...new Set(offers.map((o) => o.listingId))] } },
        { quantity: 1 },
      ).lean<Pick<ListingDoc, '_id' | 'quantity'>[]>()
    ).map((l) => [l._id, l.quantity]),
  );
  for (const offer of offers) {
    const { modifiedCount } = await OfferModel.updateOne(
      { _id: offer._id, quantity: missing },
      {
        $set: { quantity: quantities.get(offer.listingId) ?? 1 },
        $inc: { version: 1 },
      },
    );
    result.offers += modifiedCount;
  }
  await markDone();
  return result;
}

async function markDone(): Promise<void> {
  await CounterModel.updateOne({ _id: TRADES_MIGRATION_MARK }, { $set: { seq: 1 } }, { upsert: true });
}
