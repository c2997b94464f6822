import type { BrowseSort, Listing } from './schemas/listing';

/** The largest page GET /api/listings and GET /api/trades serve (their `limit`). */
export const BROWSE_LIMIT_MAX = 100;

/**
 * The listing browser's filter and orders, shared by the server (which answers GET /api/listings) and
 * the browser (which decides whether a live event belongs in the view it shows). Empty means "all".
 */
export interface BrowseFilter {
  q?: string;
  /** One catalogue item, by its exact name (the search `q` also finds its +1 and +2 kin). */
  item?: string;
  type?: string;
  category?: string;
  episode?: string;
  profession?: string;
  /**
   * Only listings whose seller is online now. Presence lives on the server (services/presence), so
   * matchesBrowseFields leaves this test to whoever knows it.
   */
  online?: boolean;
}

/** Latin letters whose stroke or ligature Unicode does not decompose, spelled as a player types them. */
const UNDECOMPOSED: Record<string, string> = {
  ø: 'o',
  đ: 'd',
  ł: 'l',
  ħ: 'h',
  ŧ: 't',
  ı: 'i',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  þ: 'th',
};

/**
 * Text for search, folded: compatibility forms unified (NFKD), accents and other marks dropped, lower
 * case, so `Élan`, `ELAN` and `elan` are one word (and `Ørjan` is `orjan`).
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[øđłħŧıæœßþ]/g, (c) => UNDECOMPOSED[c]);
}

/** The words of a text, folded: runs of letters and digits; anything else separates them. */
export function searchWords(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** The words a listing is found by: its item name's, its seller's and its notes'. */
export function listingWords(listing: Pick<Listing, 'item' | 'seller' | 'notes'>): string[] {
  return [...searchWords(listing.item), ...searchWords(listing.seller), ...searchWords(listing.notes)];
}

/**
 * The words a search asks for; `null` when there is no search (a blank `q`). A search with no letters
 * or digits (`.*`, `(`) asks for words no listing has: it finds nothing.
 */
export function searchQuery(q: string | undefined): string[] | null {
  return q?.trim() ? searchWords(q) : null;
}

/**
 * The search rule: every word of the query starts some word of the listing (`iron o` finds "Iron Ore",
 * `trad` finds the seller "Trader7"; `ron` finds neither).
 */
export function matchesSearch(words: readonly string[], query: readonly string[]): boolean {
  return query.every((q) => words.some((word) => word.startsWith(q)));
}

/**
 * How well an item name answers a search, best first: 0 the name is the query, 1 the name starts with
 * the query's words in order, 2 every query word starts a word of the name, 3 the match is elsewhere
 * (seller, notes). With the default sort a search lists better matches first, newest first within each.
 */
export function searchRank(itemWords: readonly string[], query: readonly string[]): number {
  if (query.every((q, i) => itemWords[i]?.startsWith(q))) {
    return itemWords.length === query.length && query.every((q, i) => itemWords[i] === q) ? 0 : 1;
  }
  return matchesSearch(itemWords, query) ? 2 : 3;
}

/** The filter's tests other than the text search: the listing is active and has each value asked for. */
export function matchesBrowseFields(listing: Listing, filter: BrowseFilter): boolean {
  // Browse shows active listings only; a closed one stays readable on its own page.
  if (listing.status !== 'active') return false;
  if (filter.item && listing.item !== filter.item) return false;
  if (filter.type && listing.type !== filter.type) return false;
  if (filter.category && listing.category !== filter.category) return false;
  if (filter.episode && listing.episode !== filter.episode) return false;
  return !filter.profession || listing.professions.includes(filter.profession);
}

/**
 * The text part of the filter, given the listing's words and the query's (`searchQuery`) worked out
 * beforehand, for a caller that tests many filters against one listing (saved-search matching).
 */
export function matchesSearchQuery(words: readonly string[], query: readonly string[] | null): boolean {
  return query === null || (query.length > 0 && matchesSearch(words, query));
}

export function matchesBrowseFilter(listing: Listing, filter: BrowseFilter): boolean {
  // The exact-value tests are cheap, so they run before the text search.
  if (!matchesBrowseFields(listing, filter)) return false;
  return matchesSearchQuery(listingWords(listing), searchQuery(filter.q));
}

export function isEmptyBrowseFilter(filter: BrowseFilter): boolean {
  return (
    searchWords(filter.q ?? '').length === 0 &&
    !filter.item &&
    !filter.type &&
    !filter.category &&
    !filter.episode &&
    !filter.profession &&
    !filter.online
  );
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

/**
 * The order of a browse answer. With the default sort (`new`) and a search, better item-name matches
 * come first (searchRank), newest first within each.
 */
export function compareListings(sort: BrowseSort, q?: string): (a: Listing, b: Listing) => number {
  // Each word once, as the server's index ranks them.
  const query = sort === 'new' ? [...new Set(searchWords(q ?? ''))] : [];
  if (query.length === 0) return COMPARATORS[sort];
  const rank = (listing: Listing) => searchRank(searchWords(listing.item), query);
  return (a, b) => rank(a) - rank(b) || byNewest(a, b);
}
