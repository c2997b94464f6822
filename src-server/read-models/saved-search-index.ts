import {
  listingWords,
  matchesBrowseFields,
  matchesSearchQuery,
  searchQuery,
  type BrowseFilter,
} from '../../src-common/browse';
import type { Listing } from '../../src-common/schemas/listing';

/** What matching needs of a saved search (no name: it is read from the database when alerting). */
export interface IndexedSearch {
  id: number;
  userId: number;
  filters: BrowseFilter;
  maxUnitPrice: number | null;
  minUnitPrice: number | null;
}

/**
 * Whether a listing is one a saved search finds: what the listing browser would show for its filters
 * (src-common/browse.ts, the rule the browse index answers: active, every pinned value, every query word
 * starting some word of the item, seller or notes, folded for case and accents), within its price
 * condition on the unit price.
 */
export function matchesSavedSearch(listing: Listing, search: IndexedSearch): boolean {
  return matchesPrepared(listing, listingWords(listing), { search, query: searchQuery(search.filters.q) });
}

/** A search with its query words worked out once, when it is filed. */
interface Filed {
  search: IndexedSearch;
  query: string[] | null;
}

/** `matchesSavedSearch` given the listing's words, so one listing is tested against many searches cheaply. */
function matchesPrepared(listing: Listing, words: readonly string[], { search, query }: Filed): boolean {
  if (!matchesBrowseFields(listing, search.filters)) return false;
  if (search.maxUnitPrice !== null && listing.price > search.maxUnitPrice) return false;
  if (search.minUnitPrice !== null && listing.price < search.minUnitPrice) return false;
  return matchesSearchQuery(words, query);
}

const NEVER = 'never';
const wordKey = (word: string) => `w\u0000${word}`;
const fieldKey = (field: string, value: string) => `${field}\u0000${value}`;
/** Exact-value fields from the most to the least selective: a search without words is filed under the first it pins. */
const PINNED_FIELDS = ['profession', 'episode', 'category', 'type'] as const;

/**
 * The one key a search is filed under: its item when it pins one (no key is narrower), else its longest
 * query word (a listing can only match if one of its words starts with it), else the most selective value
 * it pins. A query without letters or digits finds nothing in the browser, so neither here.
 */
function keyOf({ search, query }: Filed): string {
  if (query?.length === 0) return NEVER;
  if (search.filters.item) return fieldKey('item', search.filters.item);
  if (query) {
    return wordKey(query.reduce((longest, word) => (word.length > longest.length ? word : longest)));
  }
  for (const field of PINNED_FIELDS) {
    const value = search.filters[field];
    if (value) return fieldKey(field, value);
  }
  return 'all';
}

/** Every key under which a search that may match this listing (with these words) can be filed. */
function keysOf(listing: Listing, words: readonly string[]): Set<string> {
  const keys = new Set<string>(['all']);
  for (const word of words) {
    for (let end = 1; end <= word.length; end++) keys.add(wordKey(word.slice(0, end)));
  }
  keys.add(fieldKey('item', listing.item));
  for (const profession of listing.professions) keys.add(fieldKey('profession', profession));
  keys.add(fieldKey('episode', listing.episode));
  keys.add(fieldKey('category', listing.category));
  keys.add(fieldKey('type', listing.type));
  return keys;
}

/**
 * Every saved search in memory, filed by one key each, so a listing write tests only the searches whose
 * key the listing holds rather than every search (target: 10,000 searches add < 2 ms to a write; see
 * `npm run bench -- saved-searches`). Kept current by the saved-search services, and across server
 * processes through the publisher's relay (realtime/read-model-updater.ts).
 */
export class SavedSearchIndex {
  private readonly byId = new Map<number, { key: string }>();
  private readonly filed = new Map<string, Map<number, Filed>>();
  /** Removed ids, so a start-up read that began before a relayed removal does not bring one back. */
  private readonly removed = new Set<number>();

  get size(): number {
    return this.byId.size;
  }

  /** Adds the searches of a database read (start-up), keeping what changes arrived meanwhile. */
  load(searches: Iterable<IndexedSearch>): void {
    for (const search of searches) if (!this.byId.has(search.id)) this.add(search);
  }

  add(search: IndexedSearch): void {
    if (this.removed.has(search.id)) return;
    this.remove(search.id, false);
    const filed = { search, query: searchQuery(search.filters.q) };
    const key = keyOf(filed);
    this.byId.set(search.id, { key });
    let searches = this.filed.get(key);
    if (!searches) this.filed.set(key, (searches = new Map()));
    searches.set(search.id, filed);
  }

  remove(id: number, forever = true): void {
    if (forever) this.removed.add(id);
    const held = this.byId.get(id);
    if (!held) return;
    this.byId.delete(id);
    const searches = this.filed.get(held.key)!;
    searches.delete(id);
    if (!searches.size) this.filed.delete(held.key);
  }

  /** The searches that find this listing, in id order. */
  matches(listing: Listing): IndexedSearch[] {
    if (listing.status !== 'active') return [];
    const words = listingWords(listing);
    const found: IndexedSearch[] = [];
    for (const key of keysOf(listing, words)) {
      for (const filed of this.filed.get(key)?.values() ?? []) {
        if (matchesPrepared(listing, words, filed)) found.push(filed.search);
      }
    }
    return found.sort((a, b) => a.id - b.id);
  }
}
