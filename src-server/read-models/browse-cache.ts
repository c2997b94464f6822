import { LRUCache } from 'lru-cache';
import {
  listingWords,
  matchesBrowseFields,
  matchesSearch,
  searchQuery,
  type BrowseFilter,
} from '../../src-common/browse';
import type { Listing } from '../../src-common/schemas/listing';

/** A serialised browse answer; `total` is for the X-Total-Count header. */
export interface BrowseAnswer {
  body: Buffer;
  total: number;
}

interface Entry {
  answer: BrowseAnswer;
  group: Group;
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
 * request without parsing it. A write forgets only the answers whose filter the listing matched
 * before or matches now: a new "Iron Ore" leaves a search for "fish" cached.
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

  set(queryString: string, filter: BrowseFilter, answer: BrowseAnswer): void {
    const key = groupKey(filter);
    let group = this.groups.get(key);
    if (!group) {
      group = { filter, query: searchQuery(filter.q), keys: new Set() };
      this.groups.set(key, group);
    }
    this.answers.set(queryString, { answer, group });
    // After the set, which may have evicted others (emptying this group) or refused an answer too large.
    if (!this.answers.has(queryString)) return;
    group.keys.add(queryString);
    this.groups.set(key, group);
  }

  /**
   * Forgets the answers a change of these listings (the held version and the new one) can alter; with
   * `onlineOnly`, the change is their seller going online or offline, which alters only `online` answers.
   */
  invalidate(changed: readonly (Listing | undefined)[], onlineOnly = false): void {
    const listings = changed.filter((l): l is Listing => l !== undefined);
    if (listings.length === 0) return;
    const words = listings.map((l) => listingWords(l));
    for (const group of [...this.groups.values()]) {
      if (onlineOnly && !group.filter.online) continue;
      const touched = listings.some(
        (l, i) =>
          matchesBrowseFields(l, group.filter) &&
          (group.query === null || (group.query.length > 0 && matchesSearch(words[i], group.query))),
      );
      if (touched) for (const key of [...group.keys]) this.answers.delete(key);
    }
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

function groupKey(filter: BrowseFilter): string {
  return JSON.stringify([
    searchQuery(filter.q),
    filter.type ?? '',
    filter.category ?? '',
    filter.episode ?? '',
    filter.profession ?? '',
    filter.online === true,
  ]);
}
