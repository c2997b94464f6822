import type { Listing, ListingType } from '../../../src-common/schemas/listing';
import type { NotificationAgreement } from '../../../src-common/schemas/notification';
import type { Offer, OfferAction } from '../../../src-common/schemas/offer';
import { DELETED_USER } from '../../../src-common/schemas/trade';
import { afterAccept, fits, onlyLeft } from '../../../src-common/trade';
import type { AppDeps } from '../../deps';
import { conflict, notFound } from '../../errors';
import { OfferModel, type OfferDoc } from '../../models/offer';
import { assertCanDecideOffer } from '../../policies/listing';
import { presentListing } from '../../presenters/listing';
import { presentOffer } from '../../presenters/offer';
import { withListingLock } from '../listings/listing-lock';
import { recordTrade, tradeOf } from '../market/record-trade';
import type { TradeDoc } from '../../models/trade';
import { ensureTradeBooks } from '../trades/trade-books';
import {
  LISTING_CLOSED_FOR_OFFERS,
  readStockedListing,
  writeStock,
  type StockedListing,
} from '../listings/listing-stock';
import { offerNoLongerPending } from './offer-conflict';
import { recordOffersAnswered } from '../reputation/record-reputation';
import { usernamesByIds } from '../accounts/account-names';
import { ignsByIds } from '../accounts/igns';
import { notifyOffer } from './notify';
import { announceRejections, notifyRejections, rejectUnfitOffers } from './reject-unfit-offers';

const STATUS_OF: Record<OfferAction, 'accepted' | 'rejected'> = { accept: 'accepted', reject: 'rejected' };

/** Moves a pending offer to its decided status; the conditional update decides between racing writes. */
async function settle(offerId: number, action: OfferAction): Promise<Offer> {
  const updated = await OfferModel.findOneAndUpdate(
    { _id: offerId, status: 'pending' },
    { $set: { status: STATUS_OF[action] }, $inc: { version: 1 } },
    { returnDocument: 'after' },
  ).lean<OfferDoc>();
  if (!updated) throw await offerNoLongerPending(offerId);
  return presentOffer(updated);
}

interface Decision {
  offer: Offer;
  item: string;
  type: ListingType;
  /** Set when accepting changed the listing: its new remaining quantity, maybe closed. */
  listing: Listing | null;
  /** Pending offers that no longer fit after the accept. */
  rejected: Offer[];
  /** The trade an accept recorded. */
  trade: TradeDoc | null;
}

/**
 * Accepting takes the offer's quantity from the listing, in the same unit of work as the offer's own
 * status and its trade (models/trade.ts): the listing never goes below 0, at 0 it closes, and every
 * pending offer that no longer fits is rejected with its reason (reject-unfit-offers.ts).
 */
async function accept(listing: StockedListing, offerId: number): Promise<Decision> {
  const pending = await OfferModel.findOne({ _id: offerId, status: 'pending' }, { quantity: 1 }).lean<
    Pick<OfferDoc, 'quantity'>
  >();
  if (!pending) throw await offerNoLongerPending(offerId);
  const { stock } = listing;
  if (stock.status === 'closed') throw conflict(LISTING_CLOSED_FOR_OFFERS);
  if (!fits(pending.quantity, stock)) {
    throw conflict(`${onlyLeft(stock.remainingQuantity)}: this offer is for ${pending.quantity}.`);
  }
  const offer = await settle(offerId, 'accept');
  const trade = tradeOf(offer, listing, new Date(offer.updatedAt));
  await recordTrade(trade);
  const next = afterAccept(stock, offer.quantity);
  const doc = await writeStock(listing, next, 'sold');
  const rejected = await rejectUnfitOffers(listing._id, next, 'sold');
  return { offer, item: listing.item, type: listing.type, listing: presentListing(doc), rejected, trade };
}

/**
 * What the accept agreed, for the offer's maker: the trade (the offer's id), and the listing's owner who
 * accepted, with their in-game name as it is now.
 */
async function agreementOf(
  deps: Pick<AppDeps, 'accounts'>,
  ownerId: number,
  offer: Offer,
  item: string,
): Promise<NotificationAgreement> {
  const [names, igns] = await Promise.all([usernamesByIds(deps, [ownerId]), ignsByIds([ownerId])]);
  return {
    tradeId: offer.id,
    item,
    quantity: offer.quantity,
    amount: offer.offer_amount,
    counterparty: {
      id: ownerId,
      username: names.get(ownerId) ?? DELETED_USER,
      ign: igns.get(ownerId) ?? null,
    },
  };
}

/** The listing owner accepts or rejects a pending offer; racing decisions or a cancel have one winner. */
export async function decideOffer(
  deps: Pick<AppDeps, 'publisher' | 'logger' | 'digests' | 'blocks' | 'accounts'>,
  userId: number,
  offerId: number,
  action: OfferAction,
): Promise<Offer> {
  const target = await OfferModel.findById(offerId, { listingId: 1, userId: 1 }).lean<
    Pick<OfferDoc, 'listingId' | 'userId'>
  >();
  if (!target) throw notFound('offer');
  // The parties' books of trades exist before the unit of work that writes the trade into them.
  if (action === 'accept') await ensureTradeBooks([userId, target.userId]);
  const decision = await withListingLock(target.listingId, async (): Promise<Decision> => {
    const listing = await readStockedListing(target.listingId);
    if (!listing) throw notFound('listing');
    assertCanDecideOffer(userId, listing);
    if (action === 'accept') return accept(listing, offerId);
    return {
      offer: await settle(offerId, 'reject'),
      item: listing.item,
      type: listing.type,
      listing: null,
      rejected: [],
      trade: null,
    };
  });
  const { offer } = decision;
  // The owner's record counts the answer before anyone is told of it: a page that re-reads the record on
  // the live event (the seller's trust line) finds it counted. Only the listing's owner may decide
  // (assertCanDecideOffer), so the caller is the one answering.
  await recordOffersAnswered(deps, userId, [offer, ...decision.rejected]);
  // Every live event of the decision goes before its notifications, which are writes of their own: a
  // buyer told of the accept already holds the offer, the listing and the offers it rejected as they are now.
  deps.publisher.offerUpdated(offer);
  if (decision.listing) deps.publisher.listingUpdated(decision.listing);
  if (decision.trade) deps.publisher.tradeRecorded(decision.trade);
  announceRejections(deps, decision.rejected);
  await notifyOffer(
    deps,
    action === 'accept' ? 'offer_accepted' : 'offer_rejected',
    offer.user_id,
    offer,
    decision,
    action === 'accept' ? await agreementOf(deps, userId, offer, decision.item) : undefined,
  );
  await notifyRejections(deps, decision.rejected, decision);
  return offer;
}
