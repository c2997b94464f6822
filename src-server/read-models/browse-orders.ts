import type { BrowseSort, Listing } from '../../src-common/schemas/listing';

/** The orders kept sorted; `old` walks `new` backwards. */
export const KEPT_ORDERS = ['new', 'asc', 'desc', 'totalasc', 'totaldesc'] as const;
export type KeptOrder = (typeof KEPT_ORDERS)[number];

/** Slots per chunk of an order: a write splices one chunk, never a whole order of 100,000. */
const CHUNK = 512;

/**
 * One order as a list of sorted chunks (each at most 2 * CHUNK long, none empty unless the order is):
 * a write finds its chunk by binary search over the chunks' last slots and splices only that chunk,
 * while a walk stays a tight loop over plain arrays.
 */
class ChunkedOrder {
  chunks: number[][] = [[]];

  constructor(private readonly compare: (a: number, b: number) => number) {}

  /** Takes these slots, already in this order, in one go (start-up). */
  fill(sorted: readonly number[]): void {
    this.chunks = [];
    for (let i = 0; i < sorted.length; i += CHUNK) this.chunks.push(sorted.slice(i, i + CHUNK));
    if (this.chunks.length === 0) this.chunks.push([]);
  }

  /** The chunk a slot belongs in: the first whose last slot is not ordered before it, else the last. */
  private chunkFor(slot: number): number[] {
    let lo = 0;
    let hi = this.chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const chunk = this.chunks[mid];
      if (this.compare(chunk[chunk.length - 1], slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    return this.chunks[lo];
  }

  private position(chunk: number[], slot: number): number {
    let lo = 0;
    let hi = chunk.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(chunk[mid], slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(slot: number): void {
    const chunk = this.chunkFor(slot);
    chunk.splice(this.position(chunk, slot), 0, slot);
    if (chunk.length <= 2 * CHUNK) return;
    this.chunks.splice(this.chunks.indexOf(chunk), 1, chunk.slice(0, CHUNK), chunk.slice(CHUNK));
  }

  delete(slot: number): void {
    const chunk = this.chunkFor(slot);
    // The orders are total (ties fall back to the id), so the slot sits exactly where the search lands.
    chunk.splice(this.position(chunk, slot), 1);
    if (chunk.length === 0 && this.chunks.length > 1) this.chunks.splice(this.chunks.indexOf(chunk), 1);
  }

  /** Visits the slots in order (or backwards) until `visit` answers false. */
  scan(reverse: boolean, visit: (slot: number) => boolean): void {
    const { chunks } = this;
    if (reverse) {
      for (let c = chunks.length - 1; c >= 0; c--) {
        const chunk = chunks[c];
        for (let i = chunk.length - 1; i >= 0; i--) if (!visit(chunk[i])) return;
      }
      return;
    }
    for (const chunk of chunks) {
      for (let i = 0; i < chunk.length; i++) if (!visit(chunk[i])) return;
    }
  }
}

/** An ascending order read backwards, each run of equal keys kept in its order (ties stay newest first). */
function descendingKeepingTies(ascending: readonly number[], key: Float64Array): number[] {
  const out: number[] = [];
  for (let end = ascending.length; end > 0;) {
    let start = end - 1;
    while (start > 0 && key[ascending[start - 1]] === key[ascending[end - 1]]) start -= 1;
    for (let i = start; i < end; i++) out.push(ascending[i]);
    end = start;
  }
  return out;
}

/**
 * The listing index's slots in each browse order, kept sorted per write. The comparisons read numbers
 * kept per slot (the creation time parsed once) rather than comparing timestamp strings, so a bulk sort
 * of 100,000 stays fast; they agree with src-common's compareListings, which the unit tests check.
 */
export class BrowseOrders {
  private readonly orders: Record<KeptOrder, ChunkedOrder>;

  constructor(
    private readonly listingAt: (slot: number) => Listing,
    private readonly timeAt: (slot: number) => number,
  ) {
    const newest = (a: number, b: number) =>
      this.timeAt(b) - this.timeAt(a) || this.listingAt(b).id - this.listingAt(a).id;
    const by = (field: 'price' | 'totalPrice', direction: 1 | -1) => (a: number, b: number) =>
      direction * (this.listingAt(a)[field] - this.listingAt(b)[field]) || newest(a, b);
    this.orders = {
      new: new ChunkedOrder(newest),
      asc: new ChunkedOrder(by('price', 1)),
      desc: new ChunkedOrder(by('price', -1)),
      totalasc: new ChunkedOrder(by('totalPrice', 1)),
      totaldesc: new ChunkedOrder(by('totalPrice', -1)),
    };
  }

  /**
   * Sorts these slots into every order at once (start-up). The sort keys are read once into typed
   * arrays; `new` is sorted, each price order is a stable sort of `new` by its price (so ties stay
   * newest first), and each descending order is its ascending one read backwards, with each run of equal
   * prices kept newest first: three sorts instead of five, none reading a listing.
   */
  load(slots: number[]): void {
    const size = slots.reduce((max, slot) => Math.max(max, slot + 1), 0);
    const time = new Float64Array(size);
    const id = new Float64Array(size);
    const price = new Float64Array(size);
    const total = new Float64Array(size);
    for (const slot of slots) {
      const listing = this.listingAt(slot);
      time[slot] = this.timeAt(slot);
      id[slot] = listing.id;
      price[slot] = listing.price;
      total[slot] = listing.totalPrice;
    }
    const newest = [...slots].sort((a, b) => time[b] - time[a] || id[b] - id[a]);
    this.orders.new.fill(newest);
    for (const [key, ascending, descending] of [
      [price, 'asc', 'desc'],
      [total, 'totalasc', 'totaldesc'],
    ] as const) {
      const sorted = [...newest].sort((a, b) => key[a] - key[b]);
      this.orders[ascending].fill(sorted);
      this.orders[descending].fill(descendingKeepingTies(sorted, key));
    }
  }

  /** Visits the slots in the order asked until `visit` answers false; `old` is `new` backwards. */
  scan(sort: BrowseSort, visit: (slot: number) => boolean): void {
    if (sort === 'old') this.orders.new.scan(true, visit);
    else this.orders[sort].scan(false, visit);
  }

  /** Places a slot whose listing and time are already set. */
  insert(slot: number): void {
    for (const order of KEPT_ORDERS) this.orders[order].insert(slot);
  }

  /** Takes a slot out while its listing and time are still the ones it was placed with. */
  delete(slot: number): void {
    for (const order of KEPT_ORDERS) this.orders[order].delete(slot);
  }
}
