import type { BrowseQuery } from '../../../src-common/schemas/listing';
import type { Catalogue } from '../../catalogue/catalogue';
import { requireCatalogueItems } from '../../catalogue/item-names';
import type { BlockIndex } from '../../read-models/block-index';
import type { BrowseAnswer, ListingIndex } from '../../read-models/listing-index';

/**
 * GET /api/listings: answered from the in-memory listing index (see read-models/listing-index.ts for
 * why), as a serialised body that identical paged requests share until a write alters it. The raw query string
 * lets the next identical request skip the stack (middlewares/browse-fast-path.ts). A viewer who blocked
 * players gets an answer of their own, without those players' listings. An `item` must be a catalogue name.
 */
export function browseListings(
  deps: { listings: ListingIndex; blocks: BlockIndex; catalogue: Catalogue },
  query: BrowseQuery,
  queryString: string,
  viewerId: number | null,
): BrowseAnswer {
  if (query.item !== undefined) requireCatalogueItems(deps.catalogue, [query.item], 'item');
  const hidden = viewerId === null ? null : deps.blocks.blockedBy(viewerId);
  if (hidden?.size) return deps.listings.browseJsonWithout(query, hidden);
  return deps.listings.browseJson(query, queryString);
}
