import { describe, expect, it } from 'vitest';
import type { Listing } from '../../../src-common/schemas/listing';
import {
  compareForItemPage,
  copperIncrements,
  depthColumns,
  formatChange,
  historyColumns,
  historyDomain,
  shortCopper,
  sparklinePoints,
  tradeTime,
} from './market-format';

describe('tradeTime', () => {
  it('writes day, short month, year and 24-hour time, as the sale history and the last trade show them', () => {
    expect(tradeTime('2026-11-27T07:40:14.000Z')).toMatch(/^\d{1,2} [A-Z][a-z]{2} 2026, \d{2}:\d{2}$/);
  });
});

describe('shortCopper', () => {
  it('writes an amount in its largest tier with up to two decimals', () => {
    expect(shortCopper(0)).toBe('0c');
    expect(shortCopper(999)).toBe('999c');
    expect(shortCopper(3_500)).toBe('3.5s');
    expect(shortCopper(250_000_000)).toBe('250g');
    expect(shortCopper(1_250_000_000)).toBe('1.25p');
    expect(shortCopper(1_234_567)).toBe('1.23g');
  });
});

describe('copperIncrements', () => {
  it('steps a silver-priced axis so that every label is its own, two decimals at most', () => {
    // The depth chart of a book around 2,530c once read "2.53s, 2.55s, 2.58s" (steps of 25c).
    for (const step of copperIncrements(2_600).slice(0, 6)) {
      const splits = Array.from({ length: 5 }, (_, i) => Math.ceil(2_500 / step) * step + i * step);
      const labels = splits.map(shortCopper);
      expect(new Set(labels).size).toBe(splits.length);
      expect(labels.map((l) => Math.round(parseFloat(l) * 1_000))).toEqual(splits);
    }
    expect(copperIncrements(2_600)).not.toContain(25);
  });

  it('keeps whole copper steps below a silver', () => {
    expect(copperIncrements(400).slice(0, 3)).toEqual([1, 2, 5]);
  });
});

describe('formatChange', () => {
  it('signs the move with a real minus sign', () => {
    expect(formatChange(0.125)).toBe('+12.5%');
    expect(formatChange(-0.04)).toBe('\u22124.0%');
    expect(formatChange(0)).toBe('0.0%');
  });
});

describe('depthColumns', () => {
  const bids = [
    { unitPrice: 90, quantity: 2, listings: 1 },
    { unitPrice: 80, quantity: 5, listings: 2 },
  ];
  const asks = [
    { unitPrice: 100, quantity: 3, listings: 1 },
    { unitPrice: 120, quantity: 4, listings: 1 },
  ];

  it('accumulates each side away from the spread on one ascending price axis', () => {
    expect(depthColumns(asks, bids)).toEqual({
      prices: [80, 90, 100, 120],
      bidDepth: [7, 2, null, null],
      askDepth: [null, null, 3, 7],
    });
  });

  it('leaves an empty side without depth', () => {
    expect(depthColumns(asks, [])).toEqual({ prices: [100, 120], bidDepth: [null, null], askDepth: [3, 7] });
    expect(depthColumns([], [])).toEqual({ prices: [], bidDepth: [], askDepth: [] });
  });
});

describe('historyColumns', () => {
  const bucket = (start: string, median: number) => ({
    start,
    trades: 1,
    volume: 5,
    min: median - 1,
    max: median + 1,
    median,
    average: median,
  });
  const HOUR = 3_600_000;
  const at = (iso: string) => Date.parse(iso) / 1000;

  it('turns buckets into uPlot columns with times in seconds', () => {
    const one = bucket('2026-01-01T00:00:00.000Z', 2);
    expect(historyColumns([one], HOUR)).toEqual({
      times: [at(one.start)],
      median: [2],
      min: [1],
      max: [3],
      volume: [5],
    });
  });

  it('breaks the line with a null point where buckets without trades are missing', () => {
    const buckets = [
      bucket('2026-01-01T00:00:00.000Z', 2),
      bucket('2026-01-01T01:00:00.000Z', 3),
      bucket('2026-01-01T05:00:00.000Z', 4),
    ];
    const columns = historyColumns(buckets, HOUR);
    expect(columns.times).toEqual([
      at('2026-01-01T00:00:00.000Z'),
      at('2026-01-01T01:00:00.000Z'),
      at('2026-01-01T02:00:00.000Z'),
      at('2026-01-01T05:00:00.000Z'),
    ]);
    expect(columns.median).toEqual([2, 3, null, 4]);
    expect(columns.volume).toEqual([5, 5, null, 5]);
  });
});

describe('historyDomain', () => {
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;
  const s = (iso: string) => Date.parse(iso) / 1000;
  const now = Date.parse('2026-11-27T01:39:13.000Z');

  it('spans the 48 hourly buckets up to the current one, half an hour wider each side', () => {
    // One trade this hour: the axis still shows the whole 48 hours, not a span of its own around the point.
    expect(historyDomain([s('2026-11-27T01:00:00.000Z')], HOUR, 48 * HOUR, now)).toEqual([
      s('2026-11-25T01:30:00.000Z'),
      s('2026-11-27T01:30:00.000Z'),
    ]);
  });

  it('spans the 90 daily buckets up to today, half a day wider each side', () => {
    const days = [s('2026-11-26T00:00:00.000Z'), s('2026-11-27T00:00:00.000Z')];
    expect(historyDomain(days, DAY, 90 * DAY, now)).toEqual([
      s('2026-08-29T12:00:00.000Z'),
      s('2026-11-27T12:00:00.000Z'),
    ]);
  });

  it('is the same window with no points, and places every point of the window inside it', () => {
    const [from, to] = historyDomain([], HOUR, 48 * HOUR, now);
    expect(to - from).toBe(48 * 3600);
    const oldest = s('2026-11-25T02:00:00.000Z');
    const current = s('2026-11-27T01:00:00.000Z');
    expect(historyDomain([oldest, current], HOUR, 48 * HOUR, now)).toEqual([from, to]);
    expect(oldest - from).toBe(1800);
    expect(to - current).toBe(1800);
  });

  it('widens to a bucket outside the window rather than cutting it off (clocks that disagree)', () => {
    const ahead = s('2026-11-27T03:00:00.000Z');
    expect(historyDomain([ahead], HOUR, 48 * HOUR, now)[1]).toBe(ahead + 1800);
    const behind = s('2026-11-24T22:00:00.000Z');
    expect(historyDomain([behind], HOUR, 48 * HOUR, now)[0]).toBe(behind - 1800);
  });
});

describe('sparklinePoints', () => {
  it('spans the box, highest value at the top', () => {
    expect(sparklinePoints([1, 3, 2], 100, 20, 0)).toBe('0,20 50,0 100,10');
  });

  it('draws a constant or single value as a level line in the middle', () => {
    expect(sparklinePoints([5, 5], 10, 20, 0)).toBe('0,10 10,10');
    expect(sparklinePoints([5], 10, 20, 0)).toBe('5,10');
    expect(sparklinePoints([], 10, 20)).toBe('');
  });
});

describe('compareForItemPage', () => {
  it('puts sell listings first, cheapest first, then buy listings, highest first', () => {
    const l = (id: number, type: 'buy' | 'sell', price: number) => ({ id, type, price }) as Listing;
    const sorted = [l(1, 'buy', 5), l(2, 'sell', 9), l(3, 'buy', 8), l(4, 'sell', 3)].sort(
      compareForItemPage,
    );
    expect(sorted.map((x) => x.id)).toEqual([4, 2, 3, 1]);
  });
});
