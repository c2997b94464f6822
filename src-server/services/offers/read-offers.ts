import type { Offer, OfferStats } from '../../../src-common/schemas/offer';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';

type Deps = Pick<AppDeps, 'listings' | 'offers'>;

/**
 * A listing's offers, newest first. Both reads come from memory (the listing index and the offer index):
 * on FerretDB each would be a scan of the listings or offers collection.
 */
export function listOffersForListing(deps: Deps, listingId: number): Offer[] {
  if (!deps.listings.get(listingId)) throw notFound('listing');
  return deps.offers.forListing(listingId);
}

/** The own profile's Trading Stats: offers the caller made and offers made on the caller's listings. */
export function offerStats(deps: Deps, userId: number): OfferStats {
  return deps.offers.stats(userId, deps.listings.idsOfUser(userId));
}
