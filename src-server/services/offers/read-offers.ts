import type { Offer, OfferStats } from '../../../src-common/schemas/offer';
import { notFound } from '../../errors';
import { ListingModel, type ListingDoc } from '../../models/listing';
import { OfferModel, type OfferDoc } from '../../models/offer';
import { presentOffer } from '../../presenters/offer';

/** A listing's offers, newest first. */
export async function listOffersForListing(listingId: number): Promise<Offer[]> {
  if (!(await ListingModel.exists({ _id: listingId }))) throw notFound('listing');
  const docs = await OfferModel.find({ listingId }).sort({ createdAt: -1, _id: -1 }).lean<OfferDoc[]>();
  return docs.map((doc) => presentOffer(doc));
}

/** The own profile's Trading Stats: offers the caller made and offers made on the caller's listings. */
export async function offerStats(userId: number): Promise<OfferStats> {
  const mine = await ListingModel.find({ userId }, { _id: 1 }).lean<Pick<ListingDoc, '_id'>[]>();
  const involving = { $or: [{ userId }, { listingId: { $in: mine.map((l) => l._id) } }] };
  const [made, received, accepted, pending] = await Promise.all([
    OfferModel.countDocuments({ userId }),
    OfferModel.countDocuments({ listingId: { $in: mine.map((l) => l._id) } }),
    OfferModel.countDocuments({ ...involving, status: 'accepted' }),
    OfferModel.countDocuments({ ...involving, status: 'pending' }),
  ]);
  return { made, received, accepted, pending };
}
