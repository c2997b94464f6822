import { EPISODES } from '../../../src-common/catalogue';
import {
  BROWSE_SORTS,
  LISTING_CATEGORIES,
  LISTING_TYPES,
  type BrowseSort,
  type Listing,
  type ListingCategory,
  type ListingType,
} from '../../../src-common/schemas/listing';

/** The listing browser's filters and sort: what the URL query string and GET /api/listings carry. */
export interface BrowseFilters {
  q: string;
  type: ListingType | '';
  category: ListingCategory | '';
  episode: string;
  profession: string;
  sort: BrowseSort;
}

export const DEFAULT_FILTERS: BrowseFilters = {
  q: '',
  type: '',
  category: '',
  episode: '',
  profession: '',
  sort: 'new',
};
export const PAGE_SIZE = 10;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  values.includes(value as T) ? (value as T) : '';

/** Unknown values in a shared link fall back to "all" rather than failing the page. */
export function filtersFromSearch(params: URLSearchParams): BrowseFilters {
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    type: oneOf(LISTING_TYPES, params.get('type')),
    category: oneOf(LISTING_CATEGORIES, params.get('category')),
    episode: oneOf(EPISODES, params.get('episode')),
    profession: (params.get('profession') ?? '').trim(),
    sort: oneOf(BROWSE_SORTS, params.get('sort')) || 'new',
  };
}

/** Only what differs from the defaults, so the plain page keeps a plain URL. */
export function filtersToSearch(filters: BrowseFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(DEFAULT_FILTERS) as (keyof BrowseFilters)[]) {
    const value = key === 'q' ? filters.q.trim() : filters[key];
    if (value && value !== DEFAULT_FILTERS[key]) params.set(key, value);
  }
  return params;
}

export function filtersKey(filters: BrowseFilters): string {
  return filtersToSearch(filters).toString();
}

/** The spec's reset rule: a new search, type or category sends episode and profession back to all. */
export function changeFilters(filters: BrowseFilters, change: Partial<BrowseFilters>): BrowseFilters {
  const next = { ...filters, ...change };
  const broad = (['q', 'type', 'category'] as const).some((k) => k in change && change[k] !== filters[k]);
  return broad ? { ...next, episode: '', profession: '' } : next;
}

/** The same test the server applies (src-server/services/listings/browse-listings.ts), for live events. */
export function matchesFilters(listing: Listing, filters: BrowseFilters): boolean {
  const q = filters.q.trim().toLowerCase();
  if (q && !listing.item.toLowerCase().includes(q) && !listing.notes.toLowerCase().includes(q)) return false;
  if (filters.type && listing.type !== filters.type) return false;
  if (filters.category && listing.category !== filters.category) return false;
  if (filters.episode && listing.episode !== filters.episode) return false;
  if (filters.profession && !listing.professions.includes(filters.profession)) return false;
  return true;
}

const byNewest = (a: Listing, b: Listing) => b.timestamp.localeCompare(a.timestamp) || b.id - a.id;

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

/** GET /api/listings query parameters for the first `limit` results. */
export function browseApiQuery(filters: BrowseFilters, limit: number): Record<string, string | number> {
  return { ...Object.fromEntries(filtersToSearch(filters)), sort: filters.sort, limit, offset: 0 };
}
