import type { ItemGroupSort } from '../../src-common/listing-groups';
import type { Listing } from '../../src-common/schemas/listing';
import type { ItemGroup } from '../../src-common/schemas/listing-groups';
import { bookUnitPrice } from './market-books';

/** An item's row before its last trade is added: what its matching listings come to. */
export type ItemTally = Omit<ItemGroup, 'lastTrade' | 'newestAt'> & { newestMs: number };

/** Keeps the better of a side's level and a listing at `unitPrice`: ties add their quantities. */
function better(
  held: ItemTally['lowestAsk'],
  unitPrice: number,
  quantity: number,
  beats: (a: number, b: number) => boolean,
): ItemTally['lowestAsk'] {
  if (held === null || beats(unitPrice, held.unitPrice)) return { unitPrice, quantity };
  if (unitPrice === held.unitPrice) held.quantity += quantity;
  return held;
}

/** Groups listings by item in one pass: count, lowest ask, highest bid and the newest listing's time. */
export class ItemTallies {
  private readonly byItem = new Map<string, ItemTally>();

  /** Counts a listing posted at `createdMs`. */
  add(listing: Listing, createdMs: number): void {
    let tally = this.byItem.get(listing.item);
    if (!tally) {
      tally = {
        item: listing.item,
        image: listing.image,
        category: listing.category,
        episode: listing.episode,
        listings: 0,
        lowestAsk: null,
        highestBid: null,
        newestMs: -Infinity,
      };
      this.byItem.set(listing.item, tally);
    }
    tally.listings += 1;
    if (createdMs > tally.newestMs) tally.newestMs = createdMs;
    const unitPrice = bookUnitPrice(listing);
    const left = listing.remainingQuantity;
    if (listing.type === 'sell') tally.lowestAsk = better(tally.lowestAsk, unitPrice, left, (a, b) => a < b);
    else tally.highestBid = better(tally.highestBid, unitPrice, left, (a, b) => a > b);
  }

  /** Every item's tally, in the order asked (the item name breaks ties, so pages never overlap). */
  sorted(sort: ItemGroupSort): ItemTally[] {
    return [...this.byItem.values()].sort(
      (a, b) => ORDERS[sort](a, b) || (a.item < b.item ? -1 : a.item > b.item ? 1 : 0),
    );
  }
}

/** Items without a price on the side an order sorts by come after those with one. */
const byPrice =
  (side: 'lowestAsk' | 'highestBid', direction: 1 | -1) =>
  (a: ItemTally, b: ItemTally): number => {
    const x = a[side]?.unitPrice;
    const y = b[side]?.unitPrice;
    if (x === undefined || y === undefined) return (x === undefined ? 1 : 0) - (y === undefined ? 1 : 0);
    return direction * (x - y);
  };

const ORDERS: Record<ItemGroupSort, (a: ItemTally, b: ItemTally) => number> = {
  new: (a, b) => b.newestMs - a.newestMs,
  listings: (a, b) => b.listings - a.listings,
  name: (a, b) => a.item.localeCompare(b.item, 'en'),
  ask: byPrice('lowestAsk', 1),
  bid: byPrice('highestBid', -1),
};
