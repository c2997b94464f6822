import { LRUCache } from 'lru-cache';
import {
  compareListings,
  listingWords,
  matchesBrowseFields,
  matchesSearchQuery,
  searchQuery,
  type BrowseFilter,
} from '../../src-common/browse';
import type { BrowseSort, Listing } from '../../src-common/schemas/listing';

/** A serialised browse answer; `total` is for the X-Total-Count header. */
export interface BrowseAnswer {
  body: Buffer;
  total: number;
}

interface Entry {
  answer: BrowseAnswer;
  group: Group;
  /** The order the answer's listings were walked in (compareListings of its sort and search). */
  order: (a: Listing, b: Listing) => number;
  /**
   * The page's last listing when the page is full; null when the results end on it (or before), so
   * that any change among them can show on it.
   */
  last: Listing | null;
}

/** The cached answers that share one filter (they differ in sort and page), so one test covers them all. */
interface Group {
  filter: BrowseFilter;
  /** searchQuery(filter.q): null for no search. */
  query: string[] | null;
  keys: Set<string>;
}

/** What an answer weighs: its body, plus room for its compressed copies (JSON shrinks to well under half). */
const entryBytes = (entry: Entry, key: string) => 2 * entry.answer.body.length + 2 * key.length + 200;

export const BROWSE_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Recent browse answers by the request's raw query string, bounded by bytes (least recently used
 * first out), so the server's fast path (middlewares/browse-fast-path.ts) can answer a repeated
 * request without parsing it. A write forgets only the answers it alters: those whose filter the
 * listing matched before or matches now (a new "Iron Ore" leaves a search for "fish" cached), and of
 * those only the pages it lands on or before (a new listing priced 900 leaves the cheapest first page
 * as it was, with its total one higher).
 */
export class BrowseCache {
  private readonly groups = new Map<string, Group>();
  private readonly answers: LRUCache<string, Entry>;

  constructor(maxBytes = BROWSE_CACHE_BYTES) {
    this.answers = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      sizeCalculation: entryBytes,
      dispose: (entry, key, reason) => {
        if (reason === 'set') return;
        entry.group.keys.delete(key);
        if (entry.group.keys.size === 0) this.groups.delete(groupKey(entry.group.filter));
      },
    });
  }

  get(queryString: string): BrowseAnswer | undefined {
    return this.answers.get(queryString)?.answer;
  }

  /** Keeps the answer to a page of `request`, whose listings were `shown`, asked for with this query string. */
  set(
    queryString: string,
    request: BrowseFilter & { sort: BrowseSort; limit?: number },
    answer: BrowseAnswer,
    shown: readonly Listing[],
  ): void {
    const key = groupKey(request);
    let group = this.groups.get(key);
    if (!group) {
      group = { filter: request, query: searchQuery(request.q), keys: new Set() };
      this.groups.set(key, group);
    }
    const last = shown.length === request.limit ? shown[shown.length - 1] : null;
    this.answers.set(queryString, { answer, group, order: compareListings(request.sort, request.q), last });
    // After the set, which may have evicted others (emptying this group) or refused an answer too large.
    if (!this.answers.has(queryString)) return;
    group.keys.add(queryString);
    this.groups.set(key, group);
  }

  /**
   * Forgets the answers a change of one listing alters, given the version held before and the version
   * now (either missing for a create or a delete). A full page whose last listing comes before both
   * versions in its order shows the same listings after the change: it is kept, its total moved when
   * the listing joined or left the filter. `online` answers are forgotten whenever the listing passes
   * their other tests, since whether its seller is online is not known here.
   */
  invalidate(held: Listing | undefined, now: Listing | undefined): void {
    const heldWords = held && listingWords(held);
    const nowWords = now && listingWords(now);
    for (const group of [...this.groups.values()]) {
      const was = held !== undefined && inGroup(held, heldWords!, group);
      const is = now !== undefined && inGroup(now, nowWords!, group);
      if (!was && !is) continue;
      if (group.filter.online) {
        this.forget(group);
        continue;
      }
      const joined = Number(is) - Number(was);
      for (const key of [...group.keys]) {
        const entry = this.answers.peek(key)!;
        const shifted =
          entry.last === null ||
          (was && entry.order(held!, entry.last) <= 0) ||
          (is && entry.order(now!, entry.last) <= 0);
        if (shifted) this.answers.delete(key);
        else if (joined !== 0) entry.answer = { body: entry.answer.body, total: entry.answer.total + joined };
      }
    }
  }

  /** Forgets the `online` answers these listings, whose seller went online or offline, pass the other tests of. */
  invalidateOnline(moved: readonly Listing[]): void {
    if (moved.length === 0) return;
    const words = moved.map((l) => listingWords(l));
    for (const group of [...this.groups.values()]) {
      if (group.filter.online && moved.some((l, i) => inGroup(l, words[i], group))) this.forget(group);
    }
  }

  /** Forgets every answer of one group (the last one's removal drops the group itself). */
  private forget(group: Group): void {
    for (const key of [...group.keys]) this.answers.delete(key);
  }

  clear(): void {
    this.answers.clear();
  }

  /** Bytes counted against the bound (for tests and the benchmark). */
  get bytes(): number {
    return this.answers.calculatedSize;
  }

  get size(): number {
    return this.answers.size;
  }
}

/** Whether a listing passes a group's filter, but for `online`. */
function inGroup(listing: Listing, words: string[], group: Group): boolean {
  return matchesBrowseFields(listing, group.filter) && matchesSearchQuery(words, group.query);
}

function groupKey(filter: BrowseFilter): string {
  return JSON.stringify([
    searchQuery(filter.q),
    filter.item ?? '',
    filter.type ?? '',
    filter.category ?? '',
    filter.episode ?? '',
    filter.profession ?? '',
    filter.online === true,
  ]);
}
