import type { BrowseSort, Listing } from '../../src-common/schemas/listing';

/** The orders kept sorted; `old` walks `new` backwards. */
export const KEPT_ORDERS = ['new', 'asc', 'desc', 'totalasc', 'totaldesc'] as const;
export type KeptOrder = (typeof KEPT_ORDERS)[number];

/**
 * The listing index's slots in each browse order, kept sorted per write (a binary search and a splice).
 * The comparisons read numbers kept per slot (the creation time parsed once) rather than comparing
 * timestamp strings, so a bulk sort of 100,000 stays fast; they agree with src-common's
 * compareListings, which the unit tests check.
 */
export class BrowseOrders {
  private readonly lists = new Map<KeptOrder, number[]>(KEPT_ORDERS.map((o) => [o, []]));
  private readonly compare: Record<KeptOrder, (a: number, b: number) => number>;

  constructor(
    private readonly listingAt: (slot: number) => Listing,
    private readonly timeAt: (slot: number) => number,
  ) {
    const newest = (a: number, b: number) =>
      this.timeAt(b) - this.timeAt(a) || this.listingAt(b).id - this.listingAt(a).id;
    const by = (field: 'price' | 'totalPrice', direction: 1 | -1) => (a: number, b: number) =>
      direction * (this.listingAt(a)[field] - this.listingAt(b)[field]) || newest(a, b);
    this.compare = {
      new: newest,
      asc: by('price', 1),
      desc: by('price', -1),
      totalasc: by('totalPrice', 1),
      totaldesc: by('totalPrice', -1),
    };
  }

  /** Sorts these slots into every order at once (start-up, reconciling). */
  load(slots: number[]): void {
    for (const order of KEPT_ORDERS) this.lists.set(order, [...slots].sort(this.compare[order]));
  }

  /** The slots in the order asked, to walk; `old` is `new` walked from its end. */
  list(sort: BrowseSort): { slots: readonly number[]; reverse: boolean } {
    return sort === 'old'
      ? { slots: this.lists.get('new')!, reverse: true }
      : { slots: this.lists.get(sort)!, reverse: false };
  }

  /** Places a slot whose listing and time are already set. */
  insert(slot: number): void {
    for (const order of KEPT_ORDERS) {
      const list = this.lists.get(order)!;
      list.splice(this.lowerBound(list, slot, this.compare[order]), 0, slot);
    }
  }

  /** Takes a slot out while its listing and time are still the ones it was placed with. */
  delete(slot: number): void {
    for (const order of KEPT_ORDERS) {
      const list = this.lists.get(order)!;
      // The orders are total (ties fall back to the id), so the slot sits exactly where the search lands.
      list.splice(this.lowerBound(list, slot, this.compare[order]), 1);
    }
  }

  private lowerBound(list: number[], slot: number, compare: (a: number, b: number) => number): number {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(list[mid], slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
