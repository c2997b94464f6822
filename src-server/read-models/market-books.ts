import type { Listing } from '../../src-common/schemas/listing';
import type { BookLevel } from '../../src-common/schemas/market';

/**
 * A listing's price per item in the book: its price in Each mode; in Total mode the total over the
 * quantity, to the nearest copper (the stored total is the unit price times the quantity, see
 * services/listings/listing-fields.ts, so this is the unit price the poster's total came to).
 */
export function bookUnitPrice(
  listing: Pick<Listing, 'price' | 'priceMode' | 'totalPrice' | 'quantity'>,
): number {
  if (listing.priceMode === 'Total') return Math.round(listing.totalPrice / listing.quantity);
  return listing.price;
}

interface Entry {
  side: 'buy' | 'sell';
  unitPrice: number;
  /** What remains of the listing (accepted offers took the rest). */
  quantity: number;
  listedAt: number;
  /** When the listing last changed (ms). */
  updatedAt: number;
}

/** The best price of one side of a book and the quantity offered at it. */
export interface BestLevel {
  unitPrice: number;
  quantity: number;
}

/** An item's best ask and bid, and the latest change among the listings at those prices (ms; null for none). */
export interface BestLevels {
  ask: BestLevel | null;
  bid: BestLevel | null;
  latestChange: number | null;
}

export interface BookSides {
  /** Sell listings, unit price ascending. */
  asks: BookLevel[];
  /** Buy listings, unit price descending. */
  bids: BookLevel[];
}

/** Groups entries by unit price, in the given order of price. */
function levels(entries: Entry[], direction: 1 | -1): BookLevel[] {
  const byPrice = new Map<number, BookLevel>();
  for (const { unitPrice, quantity } of entries) {
    const level = byPrice.get(unitPrice);
    if (level) {
      level.quantity += quantity;
      level.listings += 1;
    } else byPrice.set(unitPrice, { unitPrice, quantity, listings: 1 });
  }
  return [...byPrice.values()].sort((a, b) => direction * (a.unitPrice - b.unitPrice));
}

/** Told of every item whose book may have changed; `null` when every book may have (a reload). */
export type BookListener = (item: string | null) => void;

/**
 * The order book of every item, from the active listings the listing index holds (it calls `changed` on
 * each write and `reset` when it reloads). Each item keeps its listings' entries; its grouped levels are
 * built when first asked for after a change to that item, so a write costs one map update and a read of
 * an unchanged book costs nothing.
 */
export class MarketBooks {
  private readonly entries = new Map<string, Map<number, Entry>>();
  private readonly sides = new Map<string, BookSides>();
  /** Per item, when its newest active listing was posted: like `sides`, built on demand after a change. */
  private readonly newest = new Map<string, number>();
  private readonly listeners: BookListener[] = [];

  onChange(listener: BookListener): void {
    this.listeners.push(listener);
  }

  reset(listings: Iterable<Listing>): void {
    this.entries.clear();
    this.sides.clear();
    this.newest.clear();
    for (const listing of listings) this.add(listing);
    for (const listener of this.listeners) listener(null);
  }

  /** A listing was created, updated (maybe closed) or deleted: `before` and `after` as the index held them. */
  changed(before: Listing | undefined, after: Listing | undefined): void {
    if (before) this.drop(before);
    if (after) this.add(after);
    const items = new Set([before?.item, after?.item].filter((item): item is string => !!item));
    for (const item of items) {
      this.sides.delete(item);
      this.newest.delete(item);
      for (const listener of this.listeners) listener(item);
    }
  }

  private add(listing: Listing): void {
    if (listing.status !== 'active' || listing.sellerSuspended || listing.remainingQuantity < 1) return;
    let ofItem = this.entries.get(listing.item);
    if (!ofItem) this.entries.set(listing.item, (ofItem = new Map()));
    ofItem.set(listing.id, {
      side: listing.type,
      unitPrice: bookUnitPrice(listing),
      quantity: listing.remainingQuantity,
      listedAt: Date.parse(listing.timestamp),
      updatedAt: Date.parse(listing.updatedAt),
    });
  }

  private drop(listing: Listing): void {
    const ofItem = this.entries.get(listing.item);
    if (!ofItem?.delete(listing.id)) return;
    if (ofItem.size === 0) this.entries.delete(listing.item);
  }

  book(item: string): BookSides {
    const held = this.sides.get(item);
    if (held) return held;
    const all = [...(this.entries.get(item)?.values() ?? [])];
    const sides = {
      asks: levels(
        all.filter((e) => e.side === 'sell'),
        1,
      ),
      bids: levels(
        all.filter((e) => e.side === 'buy'),
        -1,
      ),
    };
    this.sides.set(item, sides);
    return sides;
  }

  /**
   * The item's best ask and bid in one pass over its listings, without building its levels: cheap enough
   * to run on every write (price-stamps.ts does).
   */
  best(item: string): BestLevels {
    let ask: BestLevel | null = null;
    let bid: BestLevel | null = null;
    let askChange = -Infinity;
    let bidChange = -Infinity;
    for (const entry of this.entries.get(item)?.values() ?? []) {
      const { unitPrice, quantity, updatedAt } = entry;
      if (entry.side === 'sell') {
        if (ask === null || unitPrice < ask.unitPrice) {
          ask = { unitPrice, quantity };
          askChange = updatedAt;
        } else if (unitPrice === ask.unitPrice) {
          ask.quantity += quantity;
          askChange = Math.max(askChange, updatedAt);
        }
      } else if (bid === null || unitPrice > bid.unitPrice) {
        bid = { unitPrice, quantity };
        bidChange = updatedAt;
      } else if (unitPrice === bid.unitPrice) {
        bid.quantity += quantity;
        bidChange = Math.max(bidChange, updatedAt);
      }
    }
    const latest = Math.max(askChange, bidChange);
    return { ask, bid, latestChange: latest === -Infinity ? null : latest };
  }

  /** Every item with at least one live listing. */
  items(): IterableIterator<string> {
    return this.entries.keys();
  }

  /** When the item's newest active listing was posted (ms), or null when it has none. */
  listedAt(item: string): number | null {
    const ofItem = this.entries.get(item);
    if (!ofItem) return null;
    let newest = this.newest.get(item);
    if (newest !== undefined) return newest;
    newest = -Infinity;
    for (const entry of ofItem.values()) newest = Math.max(newest, entry.listedAt);
    this.newest.set(item, newest);
    return newest;
  }

  /** The `count` items whose newest active listing is the most recent, newest first. */
  newestItems(count: number): string[] {
    const latest: [string, number][] = [];
    for (const item of this.entries.keys()) latest.push([item, this.listedAt(item)!]);
    return latest
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([item]) => item);
  }
}
