import type { BrowseQuery } from '../../../src-common/schemas/listing';
import type { ListingIndex } from '../../read-models/listing-index';

/**
 * GET /api/listings: answered from the in-memory listing index (see read-models/listing-index.ts for
 * why), as a serialised body that identical requests between two writes share.
 */
export function browseListings(listings: ListingIndex, query: BrowseQuery): { body: string; total: number } {
  return listings.browseJson(query);
}
