import { formatCopper } from '../../../src-common/money';
import type { SavedSearch } from '../../../src-common/schemas/saved-search';
import {
  browseHref,
  CATEGORY_LABELS,
  TYPE_LABELS,
  type BrowseFilters,
} from '../../lib/listings/browse-filters';

/** A saved search's filters, or the browser's (where "all" is an empty string). */
type Filters = { [K in keyof SavedSearch['filters']]?: SavedSearch['filters'][K] | '' };

/** What a search pins, in words: `"iron ore" · Item: Iron Ore · Sell · Weapon · Hopeport · Miner`. */
export function describeFilters(filters: Filters): string {
  const q = filters.q?.trim();
  return filterParts({ ...filters, q: q && `"${q}"` }).join(' · ');
}

/**
 * The name a new saved search starts with: the same words, the search text bare (`iron ore · Sell`), since
 * every message that names a saved search puts the name in quotes.
 */
export function suggestedName(filters: Filters): string {
  return filterParts(filters).join(' · ');
}

function filterParts(filters: Filters): string[] {
  const parts: string[] = [];
  if (filters.q?.trim()) parts.push(filters.q.trim());
  if (filters.item) parts.push(`Item: ${filters.item}`);
  if (filters.type) parts.push(TYPE_LABELS[filters.type]);
  if (filters.category)
    parts.push(CATEGORY_LABELS[filters.category as keyof typeof CATEGORY_LABELS] ?? filters.category);
  if (filters.episode) parts.push(filters.episode);
  if (filters.profession) parts.push(filters.profession);
  return parts;
}

/** The price condition in words, or null when the search has none. */
export function describePrice(search: Pick<SavedSearch, 'maxUnitPrice' | 'minUnitPrice'>): string | null {
  if (search.maxUnitPrice !== null) return `at most ${formatCopper(search.maxUnitPrice)} each`;
  if (search.minUnitPrice !== null) return `at least ${formatCopper(search.minUnitPrice)} each`;
  return null;
}

/** The listing browser's address with the search's filters (what "Run" opens). */
export function browserPath(filters: Filters): string {
  return browseHref({
    q: filters.q ?? '',
    item: filters.item ?? '',
    type: filters.type ?? '',
    category: (filters.category ?? '') as BrowseFilters['category'],
    episode: filters.episode ?? '',
    profession: filters.profession ?? '',
  });
}
