import type { Listing } from '../../../src-common/schemas/listing';
import { newestOfferFirst, type MyOffer, type MyOffersQuery } from '../../../src-common/schemas/my-offers';
import type { Offer } from '../../../src-common/schemas/offer';
import type { AppDeps } from '../../deps';
import { writeWithin } from '../../lib/transactions';
import {
  WithdrawnOffersModel,
  type WithdrawnOffer,
  type WithdrawnOffersDoc,
} from '../../models/withdrawn-offers';

type Deps = Pick<AppDeps, 'listings' | 'offers'>;

const liveRow = (offer: Offer, listing: Pick<Listing, 'item' | 'type'>): MyOffer => ({
  id: offer.id,
  listing_id: offer.listing_id,
  item: listing.item,
  listing_type: listing.type,
  quantity: offer.quantity,
  offer_amount: offer.offer_amount,
  status: offer.status,
  rejection_reason: offer.rejection_reason,
  created_at: offer.created_at,
  updatedAt: offer.updatedAt,
  version: offer.version,
});

const withdrawnRow = (id: number, entry: WithdrawnOffer): MyOffer => ({
  id,
  listing_id: entry.listingId,
  item: entry.item,
  listing_type: entry.listingType,
  quantity: entry.quantity,
  offer_amount: entry.offerAmount,
  status: 'cancelled',
  rejection_reason: null,
  created_at: new Date(entry.createdAt).toISOString(),
  updatedAt: new Date(entry.cancelledAt).toISOString(),
  version: entry.version,
});

const bookKey = (userId: number) => `withdrawn-offers:${userId}`;

/**
 * Keeps a cancelled offer's facts for its maker's "My offers", in the cancel's unit of work (the listing's
 * lock; on FerretDB also the maker's own key, since cancels on several listings write this one document).
 */
export async function recordWithdrawnOffer(
  offer: Offer,
  listing: Pick<Listing, 'item' | 'type'>,
  at: Date,
): Promise<void> {
  const entry: WithdrawnOffer = {
    listingId: offer.listing_id,
    item: listing.item,
    listingType: listing.type,
    quantity: offer.quantity,
    offerAmount: offer.offer_amount,
    createdAt: new Date(offer.created_at),
    cancelledAt: at,
    version: offer.version + 1,
  };
  await writeWithin(bookKey(offer.user_id), () =>
    WithdrawnOffersModel.updateOne(
      { _id: offer.user_id },
      { $set: { [`offers.${offer.id}`]: entry } },
      { upsert: true },
    ),
  );
}

/** Forgets a player's cancelled offers (their account is being deleted). */
export async function forgetWithdrawnOffers(userId: number): Promise<void> {
  await WithdrawnOffersModel.deleteOne({ _id: userId });
}

/**
 * GET /api/offers/mine: the offers the caller made, newest first, one page of them and how many match.
 * Offers that still exist come from the offer index (memory); cancelled ones from the caller's record of
 * them, one document. An offer whose listing was deleted went with it and is not listed.
 */
export async function listMyOffers(
  deps: Deps,
  userId: number,
  query: MyOffersQuery,
): Promise<{ offers: MyOffer[]; total: number }> {
  const live = deps.offers.madeBy(userId).flatMap((offer) => {
    const listing = deps.listings.get(offer.listing_id);
    return listing ? [liveRow(offer, listing)] : [];
  });
  const book = await WithdrawnOffersModel.findById(userId).lean<WithdrawnOffersDoc>();
  const withdrawn = Object.entries(book?.offers ?? {}).map(([id, entry]) => withdrawnRow(Number(id), entry));
  const matching = [...live, ...withdrawn]
    .filter((offer) => !query.status || offer.status === query.status)
    .sort(newestOfferFirst);
  const offset = query.offset ?? 0;
  const end = query.limit === undefined ? undefined : offset + query.limit;
  return { offers: matching.slice(offset, end), total: matching.length };
}
