import type { Listing } from '../../../src-common/schemas/listing';
import type { BookLevel, HistoryBucket } from '../../../src-common/schemas/market';

/**
 * What the market views compute from the answers: axis labels, the depth curve, the chart's columns and
 * the sparkline. Pure, so tested on their own (market-format.test.ts).
 */

const TIER_SUFFIXES = ['p', 'g', 's'] as const;
const TIER_SIZES = [1_000_000_000, 1_000_000, 1_000] as const;

/** An axis label: the amount in its largest tier, up to two decimals ("1.25p", "250g", "3.5s", "12c"). */
export function shortCopper(amount: number): string {
  const value = Math.round(amount);
  for (let i = 0; i < TIER_SIZES.length; i++) {
    if (Math.abs(value) >= TIER_SIZES[i]) {
      const scaled = Math.round((value / TIER_SIZES[i]) * 100) / 100;
      return `${scaled.toLocaleString('en-US')}${TIER_SUFFIXES[i]}`;
    }
  }
  return `${value}c`;
}

/** Round steps: 1, 2 or 5 times a power of ten. */
const ROUND_STEPS = Array.from({ length: 13 }, (_, power) =>
  [1, 2, 5].map((step) => step * 10 ** power),
).flat();

/**
 * The steps a copper axis reaching `max` may take (uPlot's `incrs`): round ones, and none finer than a
 * hundredth of the largest tier shown, so `shortCopper`'s two decimals tell every label apart. uPlot's own
 * steps include 2.5 and 25, which in a tier of 1,000 need a third decimal: 2,525c, 2,550c and 2,575c read
 * "2.53s, 2.55s, 2.58s".
 */
export function copperIncrements(max: number): number[] {
  const tier = TIER_SIZES.find((size) => Math.abs(max) >= size) ?? 100;
  return ROUND_STEPS.filter((step) => step >= tier / 100);
}

/** When a trade happened, in the viewer's time zone: "27 Nov 2026, 07:40". */
export function tradeTime(at: string): string {
  return new Date(at).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** A move against a reference, signed, one decimal: "+12.5%", "−4.0%", "0.0%". */
export function formatChange(change: number): string {
  const percent = (change * 100).toFixed(1);
  if (change > 0) return `+${percent}%`;
  if (change < 0) return `\u2212${percent.slice(1)}%`;
  return '0.0%';
}

/**
 * The depth chart's columns over one ascending price axis: how much could be bought at or below each ask
 * price, and sold at or above each bid price; null where a side has no depth.
 */
export function depthColumns(asks: readonly BookLevel[], bids: readonly BookLevel[]) {
  const prices = [...new Set([...bids.map((b) => b.unitPrice), ...asks.map((a) => a.unitPrice)])].sort(
    (a, b) => a - b,
  );
  const bestBid = bids.length ? Math.max(...bids.map((b) => b.unitPrice)) : null;
  const bestAsk = asks.length ? Math.min(...asks.map((a) => a.unitPrice)) : null;
  const depthAt = (levels: readonly BookLevel[], reaches: (level: number) => boolean) =>
    levels.reduce((sum, l) => (reaches(l.unitPrice) ? sum + l.quantity : sum), 0);
  const bidDepth = prices.map((p) =>
    bestBid !== null && p <= bestBid ? depthAt(bids, (level) => level >= p) : null,
  );
  const askDepth = prices.map((p) =>
    bestAsk !== null && p >= bestAsk ? depthAt(asks, (level) => level <= p) : null,
  );
  return { prices, bidDepth, askDepth };
}

/**
 * The history chart's columns: time in seconds (uPlot's x unit), then median, min, max and volume. Only
 * buckets with trades are listed, so where buckets are missing a null point breaks the line and band
 * rather than drawing a price through hours or days without trades.
 */
export function historyColumns(buckets: readonly HistoryBucket[], bucketMs: number) {
  const times: number[] = [];
  const median: (number | null)[] = [];
  const min: (number | null)[] = [];
  const max: (number | null)[] = [];
  const volume: (number | null)[] = [];
  let previous: number | null = null;
  for (const b of buckets) {
    const start = Date.parse(b.start);
    if (previous !== null && start - previous > bucketMs) {
      times.push((previous + bucketMs) / 1000);
      for (const column of [median, min, max, volume]) column.push(null);
    }
    times.push(start / 1000);
    median.push(b.median);
    min.push(b.min);
    max.push(b.max);
    volume.push(b.volume);
    previous = start;
  }
  return { times, median, min, max, volume };
}

/**
 * The history chart's time axis, in seconds: the window the view lists, its `spanMs / bucketMs` buckets up
 * to the one `now` falls in, widened by half a bucket each side so the bars at either end are drawn whole
 * and every point sits at its bucket's start. Left to itself uPlot stretches the axis around the data, and
 * one or two points end up on a span of years. A bucket outside the window (a clock that disagrees with the
 * server's) widens the axis rather than falling off it.
 */
export function historyDomain(
  times: readonly number[],
  bucketMs: number,
  spanMs: number,
  now: number,
): [number, number] {
  const current = Math.floor(now / bucketMs) * bucketMs;
  const first = current - (spanMs - bucketMs);
  const half = bucketMs / 2;
  const ms = times.map((t) => t * 1000);
  return [(Math.min(first, ...ms) - half) / 1000, (Math.max(current, ...ms) + half) / 1000];
}

/** An SVG polyline's points for values drawn left to right inside width x height (a flat line when constant). */
export function sparklinePoints(values: readonly number[], width: number, height: number, pad = 2): string {
  if (values.length === 0) return '';
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low;
  const step = values.length > 1 ? (width - 2 * pad) / (values.length - 1) : 0;
  return values
    .map((v, i) => {
      const x = values.length > 1 ? pad + i * step : width / 2;
      const y = span === 0 ? height / 2 : pad + (1 - (v - low) / span) * (height - 2 * pad);
      return `${round(x)},${round(y)}`;
    })
    .join(' ');
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Sell listings cheapest first, then buy listings highest first: the order a trader reads a book in. */
export function compareForItemPage(a: Listing, b: Listing): number {
  if (a.type !== b.type) return a.type === 'sell' ? -1 : 1;
  return a.type === 'sell' ? a.price - b.price : b.price - a.price;
}
