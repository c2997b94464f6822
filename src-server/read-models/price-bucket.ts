import type { HistoryBucket } from '../../src-common/schemas/market';

/**
 * The trades of one item in one hour or one day. Besides the counts it keeps how many trades happened
 * at each unit price, which is what a median needs, and which stays small: an item trades at far fewer
 * distinct prices than it has trades.
 */
export class PriceBucket {
  trades = 0;
  volume = 0;
  /** Sum of the trades' unit prices (for the average). */
  sum = 0;
  min = Infinity;
  max = -Infinity;
  /** Unit price -> number of trades at that price. */
  readonly prices = new Map<number, number>();

  constructor(readonly start: number) {}

  add(unitPrice: number, quantity: number): void {
    this.trades += 1;
    this.volume += quantity;
    this.sum += unitPrice;
    this.min = Math.min(this.min, unitPrice);
    this.max = Math.max(this.max, unitPrice);
    this.prices.set(unitPrice, (this.prices.get(unitPrice) ?? 0) + 1);
  }

  /** Takes back a trade `add` counted (a cancelled trade). */
  remove(unitPrice: number, quantity: number): void {
    const count = this.prices.get(unitPrice);
    if (!count) return;
    this.trades -= 1;
    this.volume -= quantity;
    this.sum -= unitPrice;
    if (count > 1) this.prices.set(unitPrice, count - 1);
    else {
      this.prices.delete(unitPrice);
      this.min = Math.min(...this.prices.keys());
      this.max = Math.max(...this.prices.keys());
    }
  }

  present(): HistoryBucket {
    return {
      start: new Date(this.start).toISOString(),
      trades: this.trades,
      volume: this.volume,
      min: this.min,
      max: this.max,
      median: medianOf([this])!,
      average: Math.round(this.sum / this.trades),
    };
  }
}

/**
 * The median unit price of the trades of several buckets (a window of hours or days), to the nearest
 * copper: the middle trade's price, or the mean of the two middle ones for an even count. Null without
 * trades.
 */
export function medianOf(buckets: readonly PriceBucket[]): number | null {
  let trades = 0;
  const counts = new Map<number, number>();
  for (const bucket of buckets) {
    trades += bucket.trades;
    for (const [price, count] of bucket.prices) counts.set(price, (counts.get(price) ?? 0) + count);
  }
  if (trades === 0) return null;
  const prices = [...counts.keys()].sort((a, b) => a - b);
  // The 0-based positions of the middle trade(s) in price order.
  const low = Math.floor((trades - 1) / 2);
  const high = Math.floor(trades / 2);
  let seen = 0;
  let lowPrice = 0;
  for (const price of prices) {
    const next = seen + counts.get(price)!;
    if (low >= seen && low < next) lowPrice = price;
    if (high < next) return Math.round((lowPrice + price) / 2);
    seen = next;
  }
  return lowPrice;
}
