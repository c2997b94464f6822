import { EPISODES } from '../../../src-common/catalogue';
import {
  BROWSE_SORTS,
  LISTING_CATEGORIES,
  LISTING_TYPES,
  type BrowseSort,
  type ListingCategory,
  type ListingType,
} from '../../../src-common/schemas/listing';

/**
 * The listing browser's filters and sort: what the URL query string and GET /api/listings carry. Live
 * events are matched and ordered with the server's own rules (src-common/browse.ts).
 */
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

/** GET /api/listings query parameters for the first `limit` results. */
export function browseApiQuery(filters: BrowseFilters, limit: number): Record<string, string | number> {
  return { ...Object.fromEntries(filtersToSearch(filters)), sort: filters.sort, limit, offset: 0 };
}
