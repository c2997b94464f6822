import type { BestLevels, MarketBooks } from './market-books';

const keyOf = ({ ask, bid }: BestLevels) =>
  `${ask?.unitPrice ?? '-'}x${ask?.quantity ?? 0}/${bid?.unitPrice ?? '-'}x${bid?.quantity ?? 0}`;

/**
 * When each item's best ask and best bid (price and quantity) last changed, for the `updatedAt` of
 * GET /api/market/prices. A write that leaves both as they were (a listing below the best, an edit of its
 * notes) is no change. Kept from the books' change notices, each checked at once, so the time is the
 * change's and not the next reader's.
 *
 * After a start-up (or any reload of the books) the times of earlier changes are gone; an item whose best
 * prices nobody has changed since is then stamped with the latest change of a listing at those prices,
 * which is when they were last known to be so.
 */
export class BookStamps {
  private readonly held = new Map<string, { key: string; at: number }>();

  constructor(
    private readonly books: MarketBooks,
    private readonly now: () => number = Date.now,
  ) {
    books.onChange((item) => (item === null ? this.reload() : this.check(item, this.now())));
    this.reload();
  }

  /** When the item's best prices last changed (ms), or null if it has had none since start-up. */
  changedAt(item: string): number | null {
    return this.held.get(item)?.at ?? null;
  }

  private check(item: string, at: number | null): void {
    const best = this.books.best(item);
    const key = keyOf(best);
    const held = this.held.get(item);
    if (held?.key === key) return;
    const stamp = held ? at : (at ?? best.latestChange);
    if (stamp !== null) this.held.set(item, { key, at: stamp });
  }

  private reload(): void {
    const now = this.now();
    const items = new Set([...this.held.keys(), ...this.books.items()]);
    // A first sight of an item (start-up) takes its listings' time; a change found by a reload is now.
    for (const item of items) this.check(item, this.held.has(item) ? now : null);
  }
}
