import { splitCopper } from '../../../src-common/money';
import type { ListingDetail } from '../../../src-common/schemas/listing';
import { notFound } from '../../errors';
import type { ListingIndex } from '../../read-models/listing-index';

/**
 * GET /api/listings/{id}: the listing plus its unit price split into the four tiers. One hidden by its
 * seller's suspension is not found, for everyone, until the suspension ends.
 */
export function findListingDetail(listings: ListingIndex, id: number): ListingDetail {
  const listing = listings.get(id);
  if (!listing || listing.sellerSuspended) throw notFound('listing');
  return { ...listing, ...splitCopper(listing.price) };
}
