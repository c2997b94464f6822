import {
  browseSearchText,
  compareListings,
  isEmptyBrowseFilter,
  matchesBrowseFilter,
  type BrowseFilter,
} from '../../src-common/browse';
import type { BrowseSort, Listing } from '../../src-common/schemas/listing';

/** The orders kept sorted; `old` walks `new` backwards. */
const KEPT_ORDERS = ['new', 'asc', 'desc', 'totalasc', 'totaldesc'] as const;
type KeptOrder = (typeof KEPT_ORDERS)[number];

export interface BrowsePage {
  listings: Listing[];
  total: number;
}

/** A serialised browse answer; `total` is for the X-Total-Count header. */
export interface BrowseAnswer {
  body: Buffer;
  total: number;
}

export interface BrowseRequest extends BrowseFilter {
  sort: BrowseSort;
  limit?: number;
  offset?: number;
}

/** Index of the first element not ordered before `item` (binary search). */
function lowerBound(list: Listing[], item: Listing, compare: (a: Listing, b: Listing) => number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(list[mid], item) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Only active listings are browsed; a closed one stays readable by id and on its owner's profile. */
const browsable = (listing: Listing) => listing.status === 'active';

/**
 * Every listing in memory, presented, the active ones in each browse order, kept current by the services'
 * writes (through the publisher, which also relays them to the other server processes).
 *
 * Why: the browse page is the product's hottest path, and the embedded FerretDB cannot sort or
 * filter on the database side (measured: 10-20 s for the first page at 100,000 listings). Keeping
 * the sorted orders up to date costs a binary search and a splice per write; a browse request is a
 * walk over one order, and identical requests between two writes share one serialised answer.
 * Updates follow the version rule, so a change relayed late from another process is ignored.
 */
export class ListingIndex {
  private readonly byId = new Map<number, Listing>();
  private readonly orders = new Map<KeptOrder, Listing[]>(KEPT_ORDERS.map((o) => [o, []]));
  private readonly deleted = new Set<number>();
  /** Each held listing's lower-cased search text, computed once rather than on every search. */
  private readonly searchText = new WeakMap<Listing, string>();
  private readonly cache = new Map<string, BrowseAnswer>();
  /** The same answers by the request's raw query string, for the server's fast path. */
  private readonly byQueryString = new Map<string, BrowseAnswer>();

  /**
   * Fills the index from a snapshot of the database (start-up, and reconciling in a cluster). Changes
   * that arrived while the snapshot was read are kept: the version rule and the deletions decide, as for
   * any change. Given the time the snapshot was started, a held listing that the snapshot lacks and
   * that had not changed since then is dropped: its deletion was relayed by a process and lost.
   */
  load(snapshot: Listing[], startedAt?: number): void {
    if (startedAt !== undefined) {
      const present = new Set(snapshot.map((l) => l.id));
      for (const [id, held] of this.byId) {
        if (!present.has(id) && Date.parse(held.updatedAt) < startedAt) this.byId.delete(id);
      }
    }
    for (const listing of snapshot) {
      const held = this.byId.get(listing.id);
      if (this.deleted.has(listing.id) || (held && held.version >= listing.version)) continue;
      this.byId.set(listing.id, listing);
    }
    const active = [...this.byId.values()].filter(browsable);
    for (const order of KEPT_ORDERS) {
      this.orders.set(order, [...active].sort(compareListings(order)));
    }
    this.invalidate();
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: number): Listing | undefined {
    return this.byId.get(id);
  }

  /** Applies a created or updated listing unless it is not newer than the one held. */
  upsert(listing: Listing): boolean {
    if (this.deleted.has(listing.id)) return false;
    const held = this.byId.get(listing.id);
    if (held && held.version >= listing.version) return false;
    if (held) this.unlink(held);
    this.byId.set(listing.id, listing);
    if (browsable(listing)) {
      for (const order of KEPT_ORDERS) {
        const list = this.orders.get(order)!;
        list.splice(lowerBound(list, listing, compareListings(order)), 0, listing);
      }
    }
    this.invalidate();
    return true;
  }

  remove(id: number): boolean {
    this.deleted.add(id);
    const held = this.byId.get(id);
    if (!held) return false;
    this.unlink(held);
    this.byId.delete(id);
    this.invalidate();
    return true;
  }

  private unlink(listing: Listing): void {
    if (!browsable(listing)) return;
    for (const order of KEPT_ORDERS) {
      const list = this.orders.get(order)!;
      // The orders are total, so the held object sits exactly where the search lands.
      list.splice(lowerBound(list, listing, compareListings(order)), 1);
    }
  }

  private searchTextOf(listing: Listing): string {
    const held = this.searchText.get(listing);
    if (held !== undefined) return held;
    const text = browseSearchText(listing);
    this.searchText.set(listing, text);
    return text;
  }

  /** Listings of one user, active and closed, newest first. */
  byUser(userId: number): Listing[] {
    return [...this.byId.values()].filter((l) => l.userId === userId).sort(compareListings('new'));
  }

  browse(request: BrowseRequest): BrowsePage {
    const offset = request.offset ?? 0;
    const end = request.limit === undefined ? Infinity : offset + request.limit;
    const reverse = request.sort === 'old';
    const list = this.orders.get(reverse ? 'new' : (request.sort as KeptOrder))!;
    if (isEmptyBrowseFilter(request)) {
      const ordered = reverse ? [...list].reverse() : list;
      return { listings: ordered.slice(offset, end), total: list.length };
    }
    const listings: Listing[] = [];
    let total = 0;
    for (let i = 0; i < list.length; i++) {
      const listing = list[reverse ? list.length - 1 - i : i];
      if (!matchesBrowseFilter(listing, request, () => this.searchTextOf(listing))) continue;
      if (total >= offset && total < end) listings.push(listing);
      total++;
    }
    return { listings, total };
  }

  /**
   * The serialised answer to a browse request; the same request between two writes is serialised
   * once. Given the raw query string it came from, the answer is also remembered under it (`recall`).
   */
  browseJson(request: BrowseRequest, queryString?: string): BrowseAnswer {
    const key = JSON.stringify([
      request.q?.trim().toLowerCase() ?? '',
      request.type ?? '',
      request.category ?? '',
      request.episode ?? '',
      request.profession ?? '',
      request.sort,
      request.limit ?? null,
      request.offset ?? 0,
    ]);
    let hit = this.cache.get(key);
    if (!hit) {
      const page = this.browse(request);
      hit = { body: Buffer.from(JSON.stringify(page.listings)), total: page.total };
      this.remember(this.cache, key, hit);
    }
    if (queryString !== undefined) this.remember(this.byQueryString, queryString, hit);
    return hit;
  }

  /** An answer given since the last write to a request with exactly this query string. */
  recall(queryString: string): BrowseAnswer | undefined {
    return this.byQueryString.get(queryString);
  }

  private remember(map: Map<string, BrowseAnswer>, key: string, answer: BrowseAnswer): void {
    // Bounded so a crawler walking every filter combination cannot grow it without end.
    if (map.size >= 500) map.clear();
    map.set(key, answer);
  }

  private invalidate(): void {
    this.cache.clear();
    this.byQueryString.clear();
  }
}
