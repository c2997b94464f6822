import { splitCopper } from '../../../src-common/money';
import type { ListingDetail } from '../../../src-common/schemas/listing';
import { notFound } from '../../errors';
import type { ListingIndex } from '../../read-models/listing-index';

/** GET /api/listings/{id}: the listing plus its unit price split into the four tiers. */
export function findListingDetail(listings: ListingIndex, id: number): ListingDetail {
  const listing = listings.get(id);
  if (!listing) throw notFound('listing');
  return { ...listing, ...splitCopper(listing.price) };
}
