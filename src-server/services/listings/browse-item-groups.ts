import { ITEM_GROUPS_PAGE } from '../../../src-common/listing-groups';
import type { ItemGroup, ItemGroupsQuery } from '../../../src-common/schemas/listing-groups';
import type { Catalogue } from '../../catalogue/catalogue';
import { requireCatalogueItems } from '../../catalogue/item-names';
import type { BlockIndex } from '../../read-models/block-index';
import { ItemTallies, type ItemTally } from '../../read-models/item-groups';
import type { ListingIndex } from '../../read-models/listing-index';
import type { MarketHistory } from '../../read-models/market-history';

export interface ItemGroupsPage {
  groups: ItemGroup[];
  /** How many items have matching listings. */
  total: number;
}

/** Sorted rows kept per filter, for as long as the index has not changed. */
interface Kept {
  revision: number;
  rows: Map<string, ItemTally[]>;
}
/** Filters kept at once; past it the oldest is forgotten. */
const KEPT_FILTERS = 32;
const kept = new WeakMap<ListingIndex, Kept>();
const NOBODY: ReadonlySet<number> = new Set();

/** The query's filters and order, without its page: the key rows are kept under. */
const rowsKey = ({ limit: _limit, offset: _offset, ...rest }: ItemGroupsQuery) =>
  JSON.stringify(Object.entries(rest).sort(([a], [b]) => (a < b ? -1 : 1)));

/**
 * Every matching item's row, in order. A write brings every open "by item" view back for its rows at once,
 * so the rows of each filter are worked out once per change of the index and shared; a viewer who blocked
 * players gets rows of their own.
 */
function sortedRows(
  listings: ListingIndex,
  query: ItemGroupsQuery,
  hidden: ReadonlySet<number>,
): ItemTally[] {
  const tallyAll = () => {
    const tallies = new ItemTallies();
    listings.eachMatch(query, hidden, (listing, createdMs) => tallies.add(listing, createdMs));
    return tallies.sorted(query.sort);
  };
  if (hidden.size > 0) return tallyAll();
  let held = kept.get(listings);
  if (held?.revision !== listings.revision)
    kept.set(listings, (held = { revision: listings.revision, rows: new Map() }));
  const key = rowsKey(query);
  let rows = held.rows.get(key);
  if (!rows) {
    rows = tallyAll();
    if (held.rows.size >= KEPT_FILTERS) held.rows.delete(held.rows.keys().next().value!);
    held.rows.set(key, rows);
  }
  return rows;
}

/**
 * GET /api/listings/by-item: the listings browse would find for these filters, one row per item, with
 * the item's last trade. Answered from memory in one pass over the matching listings (the listing index)
 * and one look-up per item of the page (the market history). A viewer's blocked players' listings are
 * left out, as browse leaves them out.
 */
export function browseItemGroups(
  deps: {
    listings: ListingIndex;
    blocks: BlockIndex;
    catalogue: Catalogue;
    market: { history: MarketHistory };
  },
  query: ItemGroupsQuery,
  viewerId: number | null,
): ItemGroupsPage {
  if (query.item !== undefined) requireCatalogueItems(deps.catalogue, [query.item], 'item');
  const hidden = viewerId === null ? NOBODY : deps.blocks.blockedBy(viewerId);
  const rows = sortedRows(deps.listings, query, hidden);
  const offset = query.offset ?? 0;
  return {
    total: rows.length,
    groups: rows.slice(offset, offset + (query.limit ?? ITEM_GROUPS_PAGE)).map(({ newestMs, ...tally }) => ({
      ...tally,
      lastTrade: deps.market.history.lastTrade(tally.item),
      newestAt: new Date(newestMs).toISOString(),
    })),
  };
}
