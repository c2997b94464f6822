import { notFound } from '../../errors';
import { ListingModel, type ListingDoc } from '../../models/listing';
import { OfferModel, type OfferDoc } from '../../models/offer';
import { OfferThreadModel, type OfferThreadDoc } from '../../models/offer-thread';
import { TradeModel, type TradeDoc } from '../../models/trade';
import { threadOpenness, type ThreadOfferState, type ThreadOpenness } from './thread-state';

/** An offer's thread as a request needs it: its two parties, what it is about, whether it takes messages. */
export type Thread = ThreadOpenness & {
  offerId: number;
  listingId: number;
  makerId: number;
  ownerId: number;
  /** The item traded, for the notification; null once the offer is gone (no message can be written). */
  item: string | null;
  /** The thread's own document: null until its first message (or its offer's cancellation). */
  doc: OfferThreadDoc | null;
};

type TradeFields = Pick<TradeDoc, 'item' | 'side' | 'listingId' | 'sellerId' | 'buyerId'> & {
  /** Added by the trade's lifecycle; a trade stored before it has none and is open. */
  status?: string | null;
};

/** The trade's parties as the thread names them: the listing's owner sells on a sell listing. */
const tradeParties = (trade: TradeFields) =>
  trade.side === 'sell'
    ? { ownerId: trade.sellerId, makerId: trade.buyerId }
    : { ownerId: trade.buyerId, makerId: trade.sellerId };

const findTrade = (offerId: number) =>
  TradeModel.findById(offerId, {
    item: 1,
    side: 1,
    listingId: 1,
    sellerId: 1,
    buyerId: 1,
    status: 1,
  }).lean<TradeFields>();

/**
 * Reads where an offer's thread stands, from the most to the least alive record: the offer (with its
 * listing, and its trade once accepted), else its trade (the listing, and so the offer, was deleted after
 * the accept), else the thread's own document (the offer was cancelled, or its listing deleted). Null: no
 * such offer ever had a thread.
 */
export async function loadThread(offerId: number): Promise<Thread | null> {
  const [offer, doc] = await Promise.all([
    OfferModel.findById(offerId, { listingId: 1, userId: 1, status: 1 }).lean<
      Pick<OfferDoc, 'listingId' | 'userId' | 'status'>
    >(),
    OfferThreadModel.findById(offerId).lean<OfferThreadDoc>(),
  ]);
  const base = { offerId, doc };
  if (offer) {
    const listing = await ListingModel.findById(offer.listingId, { userId: 1, item: 1 }).lean<
      Pick<ListingDoc, 'userId' | 'item'>
    >();
    if (listing) {
      const status = offer.status ?? 'pending';
      const state: ThreadOfferState =
        status === 'accepted'
          ? { offer: 'accepted', trade: (await findTrade(offerId))?.status }
          : { offer: status };
      return {
        ...base,
        listingId: offer.listingId,
        makerId: offer.userId,
        ownerId: listing.userId,
        item: listing.item,
        ...threadOpenness(state),
      };
    }
  }
  const trade = await findTrade(offerId);
  if (trade) {
    return {
      ...base,
      listingId: trade.listingId,
      ...tradeParties(trade),
      item: trade.item,
      ...threadOpenness({ offer: 'accepted', trade: trade.status }),
    };
  }
  if (!doc) return null;
  return {
    ...base,
    listingId: doc.listingId,
    makerId: doc.makerId,
    ownerId: doc.ownerId,
    item: null,
    ...threadOpenness({ offer: doc.closed === 'cancelled' ? 'cancelled' : 'gone' }),
  };
}

/** The offer's thread, or 404 as for an offer that does not exist. */
export async function requireThread(offerId: number): Promise<Thread> {
  const thread = await loadThread(offerId);
  if (!thread) throw notFound('offer');
  return thread;
}
