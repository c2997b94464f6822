import { EPISODES } from '../../../src-common/catalogue';
import type { BrowseSort, ListingCategory, ListingType } from '../../../src-common/schemas/listing';

/**
 * The listing browser's filters and sort: what the URL query string and GET /api/listings carry. Live
 * events are matched and ordered with the server's own rules (src-common/browse.ts).
 */
export interface BrowseFilters {
  q: string;
  /** One catalogue item by its exact name (`item=`); the search `q` also finds its +1 and +2 kin. */
  item: string;
  type: ListingType | '';
  category: ListingCategory | '';
  episode: string;
  profession: string;
  /** Only listings whose seller is online now (`online=1`). */
  online: boolean;
  sort: BrowseSort;
}

export const DEFAULT_FILTERS: BrowseFilters = {
  q: '',
  item: '',
  type: '',
  category: '',
  episode: '',
  profession: '',
  online: false,
  sort: 'new',
};
export const PAGE_SIZE = 10;
/** The compact list's page: a line per listing, so a first screen holds more than 10. */
export const LIST_PAGE_SIZE = 30;

/*
 * The choices with their labels. Typed as records over the schema's unions, so the compiler keeps them
 * complete, and only types are imported from the schema module: it pulls zod in, which the browser's
 * first paint does not need.
 */
export const TYPE_LABELS: Record<ListingType, string> = { buy: 'Buy', sell: 'Sell' };
export const CATEGORY_LABELS: Record<ListingCategory, string> = {
  Weapon: 'Weapon',
  Armor: 'Armor',
  Other: 'Other',
};
export const SORT_LABELS: Record<BrowseSort, string> = {
  new: 'Newest first',
  old: 'Oldest first',
  asc: 'Price each: low to high',
  desc: 'Price each: high to low',
  totalasc: 'Total price: low to high',
  totaldesc: 'Total price: high to low',
};

const oneOf = <T extends string>(values: readonly T[] | Record<T, string>, value: string | null): T | '' => {
  const allowed: readonly string[] = Array.isArray(values) ? values : Object.keys(values);
  return value !== null && allowed.includes(value) ? (value as T) : '';
};

/**
 * Unknown values in a shared link fall back to "all" rather than failing the page. The item is passed on
 * as written: only the server knows the catalogue, and it names the item when it is not in it.
 */
export function filtersFromSearch(params: URLSearchParams): BrowseFilters {
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    item: params.get('item') ?? '',
    type: oneOf(TYPE_LABELS, params.get('type')),
    category: oneOf(CATEGORY_LABELS, params.get('category')),
    episode: oneOf(EPISODES, params.get('episode')),
    profession: (params.get('profession') ?? '').trim(),
    online: params.get('online') === '1',
    sort: oneOf(SORT_LABELS, params.get('sort')) || 'new',
  };
}

/** Only what differs from the defaults, so the plain page keeps a plain URL. */
export function filtersToSearch(filters: BrowseFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(DEFAULT_FILTERS) as (keyof BrowseFilters)[]) {
    const value =
      key === 'q' ? filters.q.trim() : key === 'online' ? (filters.online ? '1' : '') : filters[key];
    if (value && value !== DEFAULT_FILTERS[key]) params.set(key, value);
  }
  return params;
}

export function filtersKey(filters: BrowseFilters): string {
  return filtersToSearch(filters).toString();
}

/** The listing browser's address showing `filters` (the rest at their defaults). */
export function browseHref(filters: Partial<BrowseFilters>): string {
  const query = filtersKey({ ...DEFAULT_FILTERS, ...filters });
  return query ? `/alllistings?${query}` : '/alllistings';
}

const BROAD_FILTERS = { q: 'search', type: 'type', category: 'category' } as const;

/** The broad filter (search, type or category) that `change` sets to a new value, if any. */
function broadChange(filters: BrowseFilters, change: Partial<BrowseFilters>) {
  const keys = Object.keys(BROAD_FILTERS) as (keyof typeof BROAD_FILTERS)[];
  return keys.find((k) => k in change && change[k] !== filters[k]);
}

/** A new search, type or category sends episode and profession back to all: the narrow filters start over. */
export function changeFilters(filters: BrowseFilters, change: Partial<BrowseFilters>): BrowseFilters {
  const next = { ...filters, ...change };
  return broadChange(filters, change) ? { ...next, episode: '', profession: '' } : next;
}

/**
 * What the player is told when `change` clears an episode or profession they had set (changeFilters'
 * reset), e.g. "Episode and profession filters cleared by the new search."; null when nothing was cleared.
 */
export function clearedFiltersNote(filters: BrowseFilters, change: Partial<BrowseFilters>): string | null {
  const cause = broadChange(filters, change);
  if (!cause) return null;
  const cleared = (['episode', 'profession'] as const).filter((k) => filters[k] && !change[k]);
  if (cleared.length === 0) return null;
  const names =
    cleared.length === 2
      ? 'Episode and profession filters'
      : `${cleared[0] === 'episode' ? 'Episode' : 'Profession'} filter`;
  return `${names} cleared by the new ${BROAD_FILTERS[cause]}.`;
}

/** Whether anything narrows the results: a search, an item, or one of the filters (sort only orders them). */
export const isNarrowed = (filters: BrowseFilters): boolean =>
  filters.q.trim() !== '' || filters.item !== '' || activeFilterCount(filters) > 0;

const { sort: _kept, ...everyFilter } = DEFAULT_FILTERS;
/** The change that clears every filter and the search, keeping the sort. */
export const CLEAR_FILTERS: Partial<BrowseFilters> = everyFilter;

/** GET /api/listings query parameters for `limit` results from `offset`. */
export function browseApiQuery(
  filters: BrowseFilters,
  limit: number,
  offset = 0,
): Record<string, string | number> {
  return { ...Object.fromEntries(filtersToSearch(filters)), sort: filters.sort, limit, offset };
}

/** The filters that narrow the results (sort and search aside), as the mobile Filters button counts them. */
export const NARROWING_FILTERS = ['type', 'category', 'episode', 'profession', 'online'] as const;

export function activeFilterCount(filters: BrowseFilters): number {
  return NARROWING_FILTERS.filter((key) => filters[key] !== DEFAULT_FILTERS[key]).length;
}
