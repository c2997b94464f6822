import type { BrowseSort, Listing } from './schemas/listing';

/**
 * The listing browser's filter and orders, shared by the server (which answers GET /api/listings) and
 * the browser (which decides whether a live event belongs in the view it shows). Empty means "all".
 */
export interface BrowseFilter {
  q?: string;
  type?: string;
  category?: string;
  episode?: string;
  profession?: string;
}

/** What the text search looks in: item name and notes, lower-cased (a holder may compute it once). */
export function browseSearchText(listing: Listing): string {
  return `${listing.item.toLowerCase()}\u0000${listing.notes.toLowerCase()}`;
}

export function matchesBrowseFilter(
  listing: Listing,
  filter: BrowseFilter,
  searchText: () => string = () => browseSearchText(listing),
): boolean {
  // Browse shows active listings only; a closed one stays readable on its own page.
  if (listing.status !== 'active') return false;
  // The exact-value tests are cheap, so they run before the text search.
  if (filter.type && listing.type !== filter.type) return false;
  if (filter.category && listing.category !== filter.category) return false;
  if (filter.episode && listing.episode !== filter.episode) return false;
  if (filter.profession && !listing.professions.includes(filter.profession)) return false;
  const q = filter.q?.trim().toLowerCase();
  return !q || searchText().includes(q);
}

export function isEmptyBrowseFilter(filter: BrowseFilter): boolean {
  return !filter.q?.trim() && !filter.type && !filter.category && !filter.episode && !filter.profession;
}

const byNewest = (a: Listing, b: Listing) => b.timestamp.localeCompare(a.timestamp) || b.id - a.id;

/** Every order is total (ties fall back to newest first, then id), so paging is stable. */
const COMPARATORS: Record<BrowseSort, (a: Listing, b: Listing) => number> = {
  new: byNewest,
  old: (a, b) => -byNewest(a, b),
  asc: (a, b) => a.price - b.price || byNewest(a, b),
  desc: (a, b) => b.price - a.price || byNewest(a, b),
  totalasc: (a, b) => a.totalPrice - b.totalPrice || byNewest(a, b),
  totaldesc: (a, b) => b.totalPrice - a.totalPrice || byNewest(a, b),
};

export function compareListings(sort: BrowseSort): (a: Listing, b: Listing) => number {
  return COMPARATORS[sort];
}
