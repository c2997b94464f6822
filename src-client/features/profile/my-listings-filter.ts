import type { Listing, ListingType } from '../../../src-common/schemas/listing';

export const MY_LISTING_SORTS = [
  ['newest', 'Newest'],
  ['oldest', 'Oldest'],
  ['priceDesc', 'Price: high to low'],
  ['priceAsc', 'Price: low to high'],
  ['quantityDesc', 'Quantity: high to low'],
  ['quantityAsc', 'Quantity: low to high'],
] as const;
export type MyListingSort = (typeof MY_LISTING_SORTS)[number][0];

/** My Listings shows either the active listings or the closed ones (sold, bought or closed by hand). */
export const MY_LISTING_VIEWS = [
  ['active', 'Active'],
  ['closed', 'Closed'],
] as const;
export type MyListingView = (typeof MY_LISTING_VIEWS)[number][0];

export interface MyListingFilters {
  view: MyListingView;
  q: string;
  type: ListingType | '';
  sort: MyListingSort;
  episode: string;
  profession: string;
}

export const DEFAULT_MY_FILTERS: MyListingFilters = {
  view: 'active',
  q: '',
  type: '',
  sort: 'newest',
  episode: '',
  profession: '',
};

const newest = (a: Listing, b: Listing) => b.timestamp.localeCompare(a.timestamp) || b.id - a.id;

/** On this tab the price sorts use price x quantity (the listing's worth), not the unit price. */
const SORTS: Record<MyListingSort, (a: Listing, b: Listing) => number> = {
  newest,
  oldest: (a, b) => -newest(a, b),
  priceDesc: (a, b) => b.totalPrice - a.totalPrice || newest(a, b),
  priceAsc: (a, b) => a.totalPrice - b.totalPrice || newest(a, b),
  quantityDesc: (a, b) => b.quantity - a.quantity || newest(a, b),
  quantityAsc: (a, b) => a.quantity - b.quantity || newest(a, b),
};

/**
 * The own profile's "My Listings" tab: the Active or Closed view, search on item name or notes, filters,
 * sort; all client-side.
 */
export function filterMyListings(listings: readonly Listing[], filters: MyListingFilters): Listing[] {
  const q = filters.q.trim().toLowerCase();
  return listings
    .filter(
      (l) =>
        l.status === filters.view &&
        (!q || l.item.toLowerCase().includes(q) || l.notes.toLowerCase().includes(q)) &&
        (!filters.type || l.type === filters.type) &&
        (!filters.episode || l.episode === filters.episode) &&
        (!filters.profession || l.professions.includes(filters.profession)),
    )
    .sort(SORTS[filters.sort]);
}
