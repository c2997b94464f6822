import {
  compareListings,
  listingWords,
  searchQuery,
  searchRank,
  searchWords,
  type BrowseFilter,
} from '../../src-common/browse';
import type { BrowseSort, Listing } from '../../src-common/schemas/listing';
import { Bitset } from './bitset';
import { BrowseCache, type BrowseAnswer } from './browse-cache';
import { BrowseOrders } from './browse-orders';
import type { IndexObserver } from './index-observer';
import { WordIndex } from './word-index';

export type { BrowseAnswer } from './browse-cache';

export interface BrowsePage {
  listings: Listing[];
  total: number;
}

/** Told of each listing the index takes in, changes or drops (the market's order books follow it). */
export type ListingObserver = IndexObserver<Listing>;

export interface BrowseRequest extends BrowseFilter {
  sort: BrowseSort;
  limit?: number;
  offset?: number;
}

/** The exact-value filters, each answered from a set of slots kept per value. */
const FACETS = ['item', 'type', 'category', 'episode', 'profession'] as const;
const facetValues = (listing: Listing): string[] => [
  `item\u0000${listing.item}`,
  `type\u0000${listing.type}`,
  `category\u0000${listing.category}`,
  `episode\u0000${listing.episode}`,
  ...listing.professions.map((p) => `profession\u0000${p}`),
];

/** Fields whose values repeat across listings (the catalogue's, a seller's): held once in memory. */
const SHARED_FIELDS = [
  'item',
  'type',
  'status',
  'priceMode',
  'seller',
  'sellerAvatar',
  'user_flags',
  'IGN',
  'contactInfo',
  'category',
  'episode',
  'image',
  'rarity',
  'combatCategory',
  'combatDmgType',
] as const;

/**
 * Only active listings are browsed; a closed one stays readable by id and on its owner's profile. A
 * suspended seller's listings are held (for reconciling and their return) but never browsed.
 */
const browsable = (listing: Listing) => listing.status === 'active' && !listing.sellerSuspended;
const distinctWords = (listing: Listing) => [...new Set(listingWords(listing))];
const serialise = (page: BrowsePage): BrowseAnswer => ({
  body: Buffer.from(JSON.stringify(page.listings)),
  total: page.total,
});
const NOBODY: ReadonlySet<number> = new Set();

/**
 * Every listing in memory, presented, kept current by the services' writes (through the publisher,
 * which also relays them to the other server processes). Updates follow the version rule, so a change
 * relayed late from another process is ignored.
 *
 * Why: the browse page is the product's hottest path, and the embedded FerretDB cannot sort or filter
 * on the database side (measured: 10-20 s for the first page at 100,000 listings).
 *
 * How: each active listing holds a slot (a small integer). Every filter value (item, type, category,
 * episode, profession) keeps the set of its slots as a bitset, and the words of item names, sellers
 * and notes an inverted index (word-index.ts), so a request intersects a few bitsets, counts the
 * total without visiting a listing, and walks its order (browse-orders.ts) only as far as its page.
 * A write updates the sets, the orders and the postings of one listing, and forgets only the cached
 * answers it can alter (browse-cache.ts).
 */
export class ListingIndex {
  private readonly byId = new Map<number, Listing>();
  private readonly deleted = new Set<number>();
  /** Listing ids by owner, active and closed. */
  private readonly owned = new Map<number, Set<number>>();

  private readonly slotOf = new Map<number, number>();
  private readonly atSlot: Listing[] = [];
  /** Creation time per slot, parsed once (the orders compare it). */
  private readonly timeOf: number[] = [];
  private freeSlots: number[] = [];
  private readonly live = new Bitset();
  /** Sellers online now (services/presence keeps it), and the slots of their listings (`online=1`). */
  private readonly onlineSellers = new Set<number>();
  private readonly onlineSlots = new Bitset();
  private readonly facets = new Map<string, Bitset>();
  private readonly words = new WordIndex();
  private readonly orders = new BrowseOrders(
    (slot) => this.atSlot[slot],
    (slot) => this.timeOf[slot],
  );
  private readonly cache: BrowseCache;
  /** One copy of each repeated string and professions list (a database read decodes a new one each time). */
  private readonly shared = new Map<string, string>();
  private readonly sharedProfessions = new Map<string, string[]>();
  /** Browsable listings per item name, with the name's search words (the ranks a search can reach). */
  private readonly items = new Map<string, { listings: number; words: string[] }>();
  /** Reused by every request (answers are computed synchronously, one at a time). */
  private readonly matches = new Bitset();
  private readonly wordMatches = new Bitset();
  private readonly observers: ListingObserver[] = [];
  /** Grows with every change to what browse can find, so readers can keep what they derive from it. */
  revision = 0;

  constructor(options: { cacheBytes?: number } = {}) {
    this.cache = new BrowseCache(options.cacheBytes);
  }

  /**
   * Fills the index from a snapshot of the database (start-up), built in bulk. Changes that arrived
   * while the snapshot was read are kept: the version rule and the deletions decide, as for any change.
   */
  load(snapshot: Iterable<Listing>): void {
    for (const read of snapshot) {
      const listing = this.share(read);
      const held = this.byId.get(listing.id);
      if (this.deleted.has(listing.id) || (held && held.version >= listing.version)) continue;
      this.byId.set(listing.id, listing);
    }
    this.rebuild();
  }

  observe(observer: ListingObserver): void {
    this.observers.push(observer);
    observer.reset(this.byId.values());
  }

  private rebuild(): void {
    this.owned.clear();
    this.slotOf.clear();
    this.atSlot.length = 0;
    this.timeOf.length = 0;
    this.freeSlots = [];
    this.live.clear();
    this.onlineSlots.clear();
    this.facets.clear();
    this.items.clear();
    const entries: [number, string[]][] = [];
    for (const listing of this.byId.values()) {
      this.own(listing);
      if (!browsable(listing)) continue;
      const slot = this.atSlot.length;
      this.place(slot, listing);
      entries.push([slot, distinctWords(listing)]);
    }
    this.words.load(entries);
    this.orders.load(entries.map(([slot]) => slot));
    this.cache.clear();
    this.revision += 1;
    for (const observer of this.observers) observer.reset(this.byId.values());
  }

  get size(): number {
    return this.byId.size;
  }

  /** Every listing held, active and closed (for reconciling). */
  all(): Listing[] {
    return [...this.byId.values()];
  }

  get(id: number): Listing | undefined {
    return this.byId.get(id);
  }

  /** Applies a created or updated listing unless it is not newer than the one held. */
  upsert(change: Listing): boolean {
    if (this.deleted.has(change.id)) return false;
    const held = this.byId.get(change.id);
    if (held && held.version >= change.version) return false;
    const listing = this.share(change);
    if (held) this.unlink(held);
    this.byId.set(listing.id, listing);
    this.own(listing);
    this.link(listing);
    this.cache.invalidate(held, listing);
    this.revision += 1;
    for (const observer of this.observers) observer.changed(held, listing);
    return true;
  }

  remove(id: number): boolean {
    this.deleted.add(id);
    const held = this.byId.get(id);
    if (!held) return false;
    this.unlink(held);
    this.byId.delete(id);
    this.cache.invalidate(held, undefined);
    this.revision += 1;
    for (const observer of this.observers) observer.changed(held, undefined);
    return true;
  }

  /** The listing with its repeated values shared with the listings already held (same content). */
  private share(listing: Listing): Listing {
    const copy: Record<string, unknown> = { ...listing };
    for (const field of SHARED_FIELDS) {
      const value = listing[field];
      if (typeof value !== 'string') continue;
      const held = this.shared.get(value);
      if (held === undefined) this.shared.set(value, value);
      else copy[field] = held;
    }
    const key = listing.professions.join('\u0000');
    const professions = this.sharedProfessions.get(key);
    if (professions) copy.professions = professions;
    else this.sharedProfessions.set(key, listing.professions);
    return copy as unknown as Listing;
  }

  private own(listing: Listing): void {
    let ids = this.owned.get(listing.userId);
    if (!ids) this.owned.set(listing.userId, (ids = new Set()));
    ids.add(listing.id);
  }

  /** Sets a slot's listing and its filter sets (not its words or orders, which callers handle). */
  private place(slot: number, listing: Listing): void {
    this.slotOf.set(listing.id, slot);
    this.atSlot[slot] = listing;
    this.timeOf[slot] = Date.parse(listing.timestamp);
    this.live.add(slot);
    const item = this.items.get(listing.item);
    if (item) item.listings += 1;
    else this.items.set(listing.item, { listings: 1, words: searchWords(listing.item) });
    if (this.onlineSellers.has(listing.userId)) this.onlineSlots.add(slot);
    for (const value of facetValues(listing)) {
      let set = this.facets.get(value);
      if (!set) this.facets.set(value, (set = new Bitset()));
      set.add(slot);
    }
  }

  private link(listing: Listing): void {
    if (!browsable(listing)) return;
    const slot = this.freeSlots.pop() ?? this.atSlot.length;
    this.place(slot, listing);
    this.words.add(slot, distinctWords(listing));
    this.orders.insert(slot);
  }

  private unlink(listing: Listing): void {
    this.owned.get(listing.userId)?.delete(listing.id);
    const slot = this.slotOf.get(listing.id);
    if (slot === undefined) return;
    this.orders.delete(slot);
    this.words.remove(slot, distinctWords(listing));
    for (const value of facetValues(listing)) this.facets.get(value)?.delete(slot);
    this.live.delete(slot);
    const item = this.items.get(listing.item)!;
    if (--item.listings === 0) this.items.delete(listing.item);
    this.onlineSlots.delete(slot);
    this.slotOf.delete(listing.id);
    this.freeSlots.push(slot);
  }

  /**
   * A seller went online or offline: their listings join or leave the `online` filter, and only the
   * cached `online` answers those listings match are forgotten.
   */
  setSellerOnline(userId: number, online: boolean): void {
    if (online === this.onlineSellers.has(userId)) return;
    if (online) this.onlineSellers.add(userId);
    else this.onlineSellers.delete(userId);
    const moved: Listing[] = [];
    for (const id of this.owned.get(userId) ?? []) {
      const slot = this.slotOf.get(id);
      if (slot === undefined) continue;
      if (online) this.onlineSlots.add(slot);
      else this.onlineSlots.delete(slot);
      moved.push(this.atSlot[slot]);
    }
    this.cache.invalidateOnline(moved);
    this.revision += 1;
  }

  /** Every seller online now (a process starting in a cluster learns them at once). */
  setOnlineSellers(userIds: Iterable<number>): void {
    const online = new Set(userIds);
    for (const userId of [...this.onlineSellers])
      if (!online.has(userId)) this.setSellerOnline(userId, false);
    for (const userId of online) this.setSellerOnline(userId, true);
  }

  /** The ids of one user's listings, active and closed. */
  idsOfUser(userId: number): Iterable<number> {
    return this.owned.get(userId) ?? [];
  }

  /** Listings of one user, active and closed, newest first. */
  byUser(userId: number): Listing[] {
    const ids = this.owned.get(userId) ?? new Set<number>();
    return [...ids].map((id) => this.byId.get(id)!).sort(compareListings('new'));
  }

  /** A browse page; `hiddenSellers` (a viewer's blocked players) are left out of it and of its total. */
  browse(request: BrowseRequest, hiddenSellers: ReadonlySet<number> = NOBODY): BrowsePage {
    const offset = request.offset ?? 0;
    const end = request.limit === undefined ? Infinity : offset + request.limit;
    const selection = this.select(request, hiddenSellers);
    if (!selection) return { listings: [], total: 0 };
    const { matches, query, filtered } = selection;
    const total = filtered ? matches.size : this.slotOf.size;
    if (offset >= total) return { listings: [], total };
    const slots =
      request.sort === 'new' && query.length > 0
        ? this.rankedWalk(matches, query, end)
        : this.walk(request.sort, matches, end);
    return { listings: slots.slice(offset, end).map((slot) => this.atSlot[slot]), total };
  }

  /**
   * Calls `visit` with every browsable listing that passes the filter, but those of `hiddenSellers`, and
   * its creation time (ms, parsed once when it was indexed).
   */
  eachMatch(
    filter: BrowseFilter,
    hiddenSellers: ReadonlySet<number>,
    visit: (listing: Listing, createdMs: number) => void,
  ): void {
    const selection = this.select(filter, hiddenSellers);
    if (!selection) return;
    for (const slot of selection.matches) visit(this.atSlot[slot], this.timeOf[slot]);
  }

  /**
   * The slots that pass the filter, less the hidden sellers'; null for a search that can find nothing.
   * `matches` is this index's own set (or the live one when nothing filters): read it before the next call.
   */
  private select(
    filter: BrowseFilter,
    hiddenSellers: ReadonlySet<number>,
  ): { matches: Bitset; query: string[]; filtered: boolean } | null {
    const search = searchQuery(filter.q);
    if (search?.length === 0) return null;
    const query = [...new Set(search)];
    const hidden = this.slotsOfSellers(hiddenSellers);
    const filtered =
      query.length > 0 ||
      FACETS.some((facet) => filter[facet]) ||
      filter.online === true ||
      hidden.length > 0;
    const matches = filtered ? this.match(filter, query) : this.live;
    for (const slot of hidden) matches.delete(slot);
    return { matches, query, filtered };
  }

  private slotsOfSellers(sellers: ReadonlySet<number>): number[] {
    const slots: number[] = [];
    for (const seller of sellers) {
      for (const id of this.owned.get(seller) ?? []) {
        const slot = this.slotOf.get(id);
        if (slot !== undefined) slots.push(slot);
      }
    }
    return slots;
  }

  /** The slots that pass every filter and hold a word starting with each query word. */
  private match(request: BrowseFilter, query: string[]): Bitset {
    const matches = this.matches.copyFrom(request.online ? this.onlineSlots : this.live);
    for (const facet of FACETS) {
      const value = request[facet];
      if (!value) continue;
      const set = this.facets.get(`${facet}\u0000${value}`);
      if (!set) return matches.clear();
      matches.intersect(set);
    }
    for (const word of query) {
      matches.intersect(this.words.collectPrefix(word, this.wordMatches.clear()));
    }
    return matches;
  }

  /** The first `end` matching slots in the order asked, walking it no further than needed. */
  private walk(sort: BrowseSort, matches: Bitset, end: number): number[] {
    const found: number[] = [];
    this.orders.scan(sort, (slot) => {
      if (matches.has(slot)) found.push(slot);
      return found.length < end;
    });
    return found;
  }

  /**
   * Newest first within each search rank (src-common searchRank), better ranks first: one walk of the
   * newest order into a bucket per rank, each needing no more than `end`. The walk stops once the best
   * rank any held item name reaches has `end` slots, since no slot further on can come before them (for
   * `ore`, no item is named just "Ore", so a walk that waited for that rank read every listing).
   */
  private rankedWalk(matches: Bitset, query: string[], end: number): number[] {
    const rankOf = new Map<string, number>();
    let best = 3;
    for (const [item, { words }] of this.items) {
      const rank = searchRank(words, query);
      rankOf.set(item, rank);
      best = Math.min(best, rank);
    }
    const buckets: number[][] = [[], [], [], []];
    this.orders.scan('new', (slot) => {
      if (!matches.has(slot)) return true;
      const rank = rankOf.get(this.atSlot[slot].item)!;
      if (buckets[rank].length < end) buckets[rank].push(slot);
      return buckets[best].length < end;
    });
    return buckets.flat();
  }

  /**
   * The serialised answer to a browse request. Given the raw query string of a paged request, the answer
   * is kept (browse-cache.ts) for the next request with exactly that query string (`recall`); a request
   * without a limit (every listing) is answered but never kept.
   */
  browseJson(request: BrowseRequest, queryString?: string): BrowseAnswer {
    const page = this.browse(request);
    const answer = serialise(page);
    if (queryString !== undefined && request.limit !== undefined)
      this.cache.set(queryString, request, answer, page.listings);
    return answer;
  }

  /** The answer for a viewer who blocked these sellers: it is theirs alone, so it is never kept. */
  browseJsonWithout(request: BrowseRequest, hiddenSellers: ReadonlySet<number>): BrowseAnswer {
    return serialise(this.browse(request, hiddenSellers));
  }

  /** An answer given to a request with exactly this query string that no write has altered since. */
  recall(queryString: string): BrowseAnswer | undefined {
    return this.cache.get(queryString);
  }
}
