import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MarketHistory, type TradeFact } from './market-history';
import { medianOf, PriceBucket } from './price-bucket';
import { SALES_KEPT } from '../../src-common/schemas/market';

const ITEM = 'Empty Gas Leech';
// 2026-03-10 14:30 UTC: half past an hour, mid-day.
const NOW = Date.UTC(2026, 2, 10, 14, 30);
const THIS_HOUR = Date.UTC(2026, 2, 10, 14);
const TODAY = Date.UTC(2026, 2, 10);

let seq = 0;
const fact = (unitPrice: number, at: number, quantity = 1, item = ITEM): TradeFact => ({
  id: ++seq,
  item,
  unitPrice,
  quantity,
  at,
});

function historyWith(...trades: TradeFact[]) {
  const history = new MarketHistory(() => NOW);
  for (const trade of trades) history.add(trade);
  return history;
}

function bucketOf(...prices: number[]) {
  const bucket = new PriceBucket(0);
  for (const price of prices) bucket.add(price, 1);
  return bucket;
}

describe('medianOf', () => {
  it('is null without trades', () => {
    expect(medianOf([])).toBeNull();
    expect(medianOf([new PriceBucket(0)])).toBeNull();
  });

  it('is the middle price of an odd count and the rounded mean of the two middle ones of an even count', () => {
    expect(medianOf([bucketOf(5, 1, 9)])).toBe(5);
    expect(medianOf([bucketOf(1, 2)])).toBe(2);
    expect(medianOf([bucketOf(10, 20, 30, 40)])).toBe(25);
    expect(medianOf([bucketOf(7, 7, 7, 100)])).toBe(7);
  });

  it('counts every trade across buckets, whatever its quantity', () => {
    const heavy = new PriceBucket(0);
    heavy.add(1_000, 500);
    expect(medianOf([heavy, bucketOf(1, 2)])).toBe(2);
    expect(medianOf([bucketOf(1, 1), bucketOf(9, 9, 9)])).toBe(9);
  });
});

describe('MarketHistory', () => {
  it('knows nothing of an item without trades', () => {
    const history = historyWith();
    expect(history.history(ITEM, '48h')).toEqual([]);
    expect(history.lastTrade(ITEM)).toBeNull();
    expect(history.windows(ITEM)).toMatchObject({
      trades24h: 0,
      volume24h: 0,
      median24h: null,
      median7d: null,
    });
  });

  it('buckets by UTC hour and day with trades, volume, min, max, median and average', () => {
    const history = historyWith(
      fact(100, THIS_HOUR + 1, 2),
      fact(300, THIS_HOUR + 2, 1),
      fact(110, THIS_HOUR - 1, 5),
    );
    expect(history.history(ITEM, '48h')).toEqual([
      {
        start: new Date(THIS_HOUR - HOUR_MS).toISOString(),
        trades: 1,
        volume: 5,
        min: 110,
        max: 110,
        median: 110,
        average: 110,
      },
      {
        start: new Date(THIS_HOUR).toISOString(),
        trades: 2,
        volume: 3,
        min: 100,
        max: 300,
        median: 200,
        average: 200,
      },
    ]);
    expect(history.history(ITEM, '90d')).toEqual([
      {
        start: new Date(TODAY).toISOString(),
        trades: 3,
        volume: 8,
        min: 100,
        max: 300,
        median: 110,
        average: 170,
      },
    ]);
  });

  it('keeps the current hour and the 47 before it in 48h, today and the 89 days before it in 90d', () => {
    const oldestHour = THIS_HOUR - 47 * HOUR_MS;
    const oldestDay = TODAY - 89 * DAY_MS;
    const history = historyWith(
      fact(1, oldestHour - 1),
      fact(2, oldestHour),
      fact(3, oldestDay - 1),
      fact(4, oldestDay),
    );
    expect(history.history(ITEM, '48h').map((b) => [b.start, b.min])).toEqual([
      [new Date(oldestHour).toISOString(), 2],
    ]);
    expect(history.history(ITEM, '90d').map((b) => [b.start, b.min])).toEqual([
      [new Date(oldestDay).toISOString(), 4],
      [new Date(Math.floor((oldestHour - 1) / DAY_MS) * DAY_MS).toISOString(), 1],
    ]);
  });

  it('drops buckets as the clock leaves their range', () => {
    let now = NOW;
    const history = new MarketHistory(() => now);
    history.add(fact(5, THIS_HOUR));
    now += 48 * HOUR_MS;
    expect(history.history(ITEM, '48h')).toEqual([]);
    expect(history.history(ITEM, '90d')).toHaveLength(1);
    now += 90 * DAY_MS;
    expect(history.history(ITEM, '90d')).toEqual([]);
    expect(history.lastTrade(ITEM)).toMatchObject({ unitPrice: 5 });
  });

  it('figures 24 hours as the current hour and the 23 before, 7 days as today and the 6 before', () => {
    const history = historyWith(
      fact(10, THIS_HOUR - 23 * HOUR_MS, 2),
      fact(20, THIS_HOUR, 3),
      fact(1_000, THIS_HOUR - 24 * HOUR_MS),
      fact(30, TODAY - 6 * DAY_MS),
      fact(9_999, TODAY - 7 * DAY_MS),
    );
    const windows = history.windows(ITEM);
    expect(windows).toMatchObject({ trades24h: 2, volume24h: 5, median24h: 15, trades7d: 4, median7d: 25 });
    // Yesterday holds the trades 23 and 24 hours back; today only the current hour's.
    expect(windows.sparkline.map((day) => day.median)).toEqual([30, 505, 20]);
  });

  it('keeps the newest trade as the last trade, whatever order trades arrive in', () => {
    const history = historyWith(fact(2, THIS_HOUR + 5, 4), fact(1, THIS_HOUR + 1));
    expect(history.lastTrade(ITEM)).toEqual({
      unitPrice: 2,
      quantity: 4,
      at: new Date(THIS_HOUR + 5).toISOString(),
    });
  });

  it('adds a trade once when it arrives live while the start-up read runs and the read meets it too', () => {
    const history = new MarketHistory(() => NOW);
    const live = fact(50, THIS_HOUR);
    history.beginLoad();
    history.add(live);
    history.addLoaded(live);
    history.addLoaded(fact(70, THIS_HOUR));
    history.endLoad();
    expect(history.windows(ITEM)).toMatchObject({ trades24h: 2, median24h: 60 });
  });
});

describe('removing a cancelled trade', () => {
  it('leaves the buckets, the windows and the last trade as if it had never been added', () => {
    const kept = fact(100, NOW - 2 * HOUR_MS, 2);
    const cancelled = fact(900, NOW - HOUR_MS, 5);
    const history = historyWith(kept, cancelled);
    const without = historyWith(kept);
    history.remove(cancelled);
    expect(history.lastTrade(ITEM)).toEqual(without.lastTrade(ITEM));
    expect(history.windows(ITEM)).toEqual(without.windows(ITEM));
    expect(history.history(ITEM, '48h')).toEqual(without.history(ITEM, '48h'));
    expect(history.history(ITEM, '90d')).toEqual(without.history(ITEM, '90d'));
  });

  it('an older trade leaves the last one as it is; the min and max of a bucket follow', () => {
    const low = fact(10, THIS_HOUR + 1);
    const high = fact(90, THIS_HOUR + 2);
    const mid = fact(50, THIS_HOUR + 3);
    const history = historyWith(low, high, mid);
    history.remove(high);
    expect(history.lastTrade(ITEM)?.unitPrice).toBe(50);
    expect(history.history(ITEM, '48h')).toEqual([
      expect.objectContaining({ trades: 2, min: 10, max: 50, median: 30 }),
    ]);
  });

  it('lists the latest trades newest first, up to SALES_KEPT, without a removed one', () => {
    const trades = Array.from({ length: SALES_KEPT + 2 }, (_, i) => fact(100 + i, THIS_HOUR + i, i + 1));
    // Added out of order: the list follows the trades' times, not the order they arrived in.
    const history = historyWith(...trades.slice(1), trades[0]);
    const kept = history.recentTrades(ITEM);
    expect(kept).toHaveLength(SALES_KEPT);
    expect(kept[0]).toEqual({
      unitPrice: 100 + SALES_KEPT + 1,
      quantity: SALES_KEPT + 2,
      at: new Date(THIS_HOUR + SALES_KEPT + 1).toISOString(),
    });
    expect(kept.at(-1)?.unitPrice).toBe(102);
    history.remove(trades.at(-1)!);
    expect(history.recentTrades(ITEM)[0].unitPrice).toBe(100 + SALES_KEPT);
    expect(history.recentTrades('Nothing Traded')).toEqual([]);
  });

  it('an item whose only trade is removed has no last trade and no active window', () => {
    const only = fact(10, TODAY + 1);
    const history = historyWith(only);
    history.remove(only);
    expect(history.lastTrade(ITEM)).toBeNull();
    expect(history.history(ITEM, '90d')).toEqual([]);
    expect(history.activeItems()).toEqual([]);
  });

  it('during the start-up read: a removed trade not read yet is skipped when it comes', () => {
    const history = new MarketHistory(() => NOW);
    const removed: number[] = [];
    history.observeRemovals((id) => removed.push(id));
    const read = fact(10, NOW - HOUR_MS);
    const unread = fact(20, NOW - HOUR_MS);
    history.beginLoad();
    history.addLoaded(read);
    history.remove(unread);
    history.remove(read);
    history.addLoaded(unread);
    history.endLoad();
    expect(history.lastTrade(ITEM)).toBeNull();
    expect(history.windows(ITEM).trades24h).toBe(0);
    expect(removed).toEqual([unread.id, read.id]);
  });
});
