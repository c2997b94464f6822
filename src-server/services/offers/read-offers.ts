import type { Offer, OfferStats } from '../../../src-common/schemas/offer';
import { notFound } from '../../errors';
import { OfferModel, type OfferDoc } from '../../models/offer';
import { presentOffer } from '../../presenters/offer';
import type { ListingIndex } from '../../read-models/listing-index';

/**
 * A listing's offers, newest first. Whether the listing exists, and which listings a user owns, come from
 * the listing index (every listing, active and closed): on FerretDB each would be a scan of the listings.
 */
export async function listOffersForListing(listings: ListingIndex, listingId: number): Promise<Offer[]> {
  if (!listings.get(listingId)) throw notFound('listing');
  const docs = await OfferModel.find({ listingId }).sort({ createdAt: -1, _id: -1 }).lean<OfferDoc[]>();
  return docs.map((doc) => presentOffer(doc));
}

/** The own profile's Trading Stats: offers the caller made and offers made on the caller's listings. */
export async function offerStats(listings: ListingIndex, userId: number): Promise<OfferStats> {
  const mine = listings.byUser(userId).map((l) => l.id);
  const involving = { $or: [{ userId }, { listingId: { $in: mine } }] };
  const [made, received, accepted, pending] = await Promise.all([
    OfferModel.countDocuments({ userId }),
    OfferModel.countDocuments({ listingId: { $in: mine } }),
    OfferModel.countDocuments({ ...involving, status: 'accepted' }),
    OfferModel.countDocuments({ ...involving, status: 'pending' }),
  ]);
  return { made, received, accepted, pending };
}
