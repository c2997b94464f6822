import type { BrowseQuery } from '../../../src-common/schemas/listing';
import type { BrowseAnswer, ListingIndex } from '../../read-models/listing-index';

/**
 * GET /api/listings: answered from the in-memory listing index (see read-models/listing-index.ts for
 * why), as a serialised body that identical paged requests share until a write alters it. The raw query string
 * lets the next identical request skip the stack (middlewares/browse-fast-path.ts).
 */
export function browseListings(
  listings: ListingIndex,
  query: BrowseQuery,
  queryString: string,
): BrowseAnswer {
  return listings.browseJson(query, queryString);
}
