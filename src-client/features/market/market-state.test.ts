import { describe, expect, it } from 'vitest';
import type { HistoryBucket, MarketBook } from '../../../src-common/schemas/market';
import {
  addSale,
  addTradeToBuckets,
  bucketStart,
  initialMarketData,
  itemOf,
  receiveHistory,
  receivePushedBook,
  receiveRestBook,
  receiveSales,
  receiveTrade,
} from './market-state';

const book = (change: Partial<MarketBook> = {}): MarketBook => ({
  item: 'Rapier',
  bestAsk: 100,
  bestBid: 90,
  spread: 10,
  asks: [{ unitPrice: 100, quantity: 1, listings: 1 }],
  bids: [{ unitPrice: 90, quantity: 1, listings: 1 }],
  lastTrade: null,
  trades24h: 0,
  volume24h: 0,
  ...change,
});
const trade = (at: string, unitPrice: number, quantity = 1) => ({
  unitPrice,
  quantity,
  side: 'sell' as const,
  at,
});
const bucket = (start: string, prices: number[]): HistoryBucket => ({
  start,
  trades: prices.length,
  volume: prices.length,
  min: Math.min(...prices),
  max: Math.max(...prices),
  median: prices[Math.floor(prices.length / 2)],
  average: prices.reduce((a, b) => a + b, 0) / prices.length,
});

describe('books from REST and from the socket', () => {
  it('takes a REST book while no socket book arrived since it was asked for', () => {
    const data = receiveRestBook(initialMarketData, book(), 0);
    expect(itemOf(data, 'Rapier')).toMatchObject({ status: 'ready', book: book() });
  });

  it('drops a REST book asked for before a socket book that arrived first', () => {
    const pushed = receivePushedBook(initialMarketData, book({ bestAsk: 80 }));
    const late = receiveRestBook(pushed, book({ bestAsk: 100 }), 0);
    expect(itemOf(late, 'Rapier').book?.bestAsk).toBe(80);
  });

  it('starts an item unknown to the store as loading', () => {
    expect(itemOf(initialMarketData, 'Nothing').status).toBe('loading');
  });
});

describe('bucketStart', () => {
  it('floors to the UTC hour for 48h and the UTC day for 90d', () => {
    expect(bucketStart('2026-03-04T05:59:59.999Z', '48h')).toBe('2026-03-04T05:00:00.000Z');
    expect(bucketStart('2026-03-04T23:59:59.999Z', '90d')).toBe('2026-03-04T00:00:00.000Z');
    expect(bucketStart('2026-03-05T00:00:00.000Z', '90d')).toBe('2026-03-05T00:00:00.000Z');
  });
});

describe('addTradeToBuckets', () => {
  it('adds a bucket for a trade in a new hour, keeping oldest first', () => {
    const held = [bucket('2026-03-04T05:00:00.000Z', [10])];
    const next = addTradeToBuckets(held, trade('2026-03-04T07:10:00.000Z', 30, 2), '48h');
    expect(next.map((b) => b.start)).toEqual(['2026-03-04T05:00:00.000Z', '2026-03-04T07:00:00.000Z']);
    expect(next[1]).toEqual({
      start: '2026-03-04T07:00:00.000Z',
      trades: 1,
      volume: 2,
      min: 30,
      max: 30,
      median: 30,
      average: 30,
    });
  });

  it('folds a trade into its held bucket: count, volume, min, max and average', () => {
    const held = [bucket('2026-03-04T00:00:00.000Z', [10, 20])];
    const [next] = addTradeToBuckets(held, trade('2026-03-04T13:00:00.000Z', 60, 3), '90d');
    expect(next).toMatchObject({ trades: 3, volume: 5, min: 10, max: 60, average: 30 });
    expect(next.median).toBe(held[0].median);
  });
});

describe('receiveTrade', () => {
  it("sets the book's last trade and 24 h figures and adds to each loaded range", () => {
    let data = receivePushedBook(initialMarketData, book());
    data = receiveHistory(data, { item: 'Rapier', range: '48h', buckets: [] });
    data = receiveTrade(data, 'Rapier', trade('2026-03-04T07:10:00.000Z', 95, 2));
    const held = itemOf(data, 'Rapier');
    expect(held.book).toMatchObject({
      lastTrade: { unitPrice: 95, quantity: 2, at: '2026-03-04T07:10:00.000Z' },
      trades24h: 1,
      volume24h: 2,
    });
    expect(held.history['48h']?.buckets).toHaveLength(1);
    expect(held.history['90d']).toBeUndefined();
  });

  it('does not count a trade twice when a newer book already has it', () => {
    const at = '2026-03-04T07:10:00.000Z';
    const pushed = book({ lastTrade: { unitPrice: 95, quantity: 2, at }, trades24h: 1, volume24h: 2 });
    const data = receiveTrade(receivePushedBook(initialMarketData, pushed), 'Rapier', trade(at, 95, 2));
    expect(itemOf(data, 'Rapier').book).toEqual(pushed);
  });
});

describe('sales', () => {
  const sale = (at: string, unitPrice: number, quantity = 1) => ({ unitPrice, quantity, at });

  it('a live trade goes in front of the loaded sales, in time order, once', () => {
    const held = [sale('2026-03-10T14:00:00.000Z', 5), sale('2026-03-10T12:00:00.000Z', 4)];
    const newest = trade('2026-03-10T15:00:00.000Z', 6);
    expect(addSale(held, newest)).toEqual([sale(newest.at, 6), ...held]);
    // A trade the loaded answer already holds (it raced the event) is not listed twice.
    expect(addSale([sale(newest.at, 6), ...held], newest)).toHaveLength(3);
    const between = trade('2026-03-10T13:00:00.000Z', 7, 2);
    expect(addSale(held, between).map((s) => s.unitPrice)).toEqual([5, 7, 4]);
  });

  it('receiveTrade adds to the sales once they are loaded, and not before', () => {
    const loaded = receiveSales(initialMarketData, { item: 'Rapier', sales: [] });
    const next = receiveTrade(loaded, 'Rapier', trade('2026-03-10T15:00:00.000Z', 6));
    expect(itemOf(next, 'Rapier').sales).toEqual({
      status: 'ready',
      list: [sale('2026-03-10T15:00:00.000Z', 6)],
    });
    expect(
      itemOf(receiveTrade(initialMarketData, 'Rapier', trade('2026-03-10T15:00:00.000Z', 6)), 'Rapier').sales,
    ).toBeNull();
  });
});
