import { describe, expect, it } from 'vitest';
import type { Listing } from '../../src-common/schemas/listing';
import type { MarketPrices } from '../../src-common/schemas/market';
import { makeListing } from '../../tests/helpers/listing-fixture';
import { ListingIndex } from './listing-index';
import { MarketData } from './market';
import { DAY_MS, HOUR_MS, type TradeFact } from './market-history';

const ITEM = 'Empty Gas Leech';
const OTHER = 'Ballan Wraddock';
// 2026-03-10 14:30 UTC: half past an hour, mid-day.
const START = Date.UTC(2026, 2, 10, 14, 30);
const THIS_HOUR = Date.UTC(2026, 2, 10, 14);
const TODAY = Date.UTC(2026, 2, 10);
const iso = (ms: number) => new Date(ms).toISOString();

let seq = 0;
const fact = (unitPrice: number, at: number, quantity = 1, item = ITEM): TradeFact => ({
  id: ++seq,
  item,
  unitPrice,
  quantity,
  at,
});
const listing = (type: 'buy' | 'sell', price: number, quantity: number, overrides: Partial<Listing> = {}) =>
  makeListing({
    id: ++seq,
    item: ITEM,
    type,
    price,
    quantity,
    remainingQuantity: quantity,
    totalPrice: price * quantity,
    ...overrides,
  });

const pricesOf = (data: MarketData, items: string[]) =>
  JSON.parse(data.prices(items).body.toString()) as MarketPrices;

/** The market as the server wires it, over a listing index, on a clock the test moves. */
function market(initial: Listing[] = []) {
  const clock = { now: START };
  const data = new MarketData(
    (name) => name === ITEM || name === OTHER,
    () => clock.now,
  );
  const index = new ListingIndex();
  index.load(initial);
  index.observe(data.books);
  const prices = (item = ITEM) => pricesOf(data, [item]).items[item];
  return { clock, data, index, prices };
}

describe('MarketData.prices', () => {
  it('answers an item never listed or traded with nulls, zeros and no updatedAt', () => {
    expect(pricesOf(market().data, [ITEM, OTHER])).toEqual({
      items: {
        [ITEM]: {
          item: ITEM,
          bestAsk: null,
          bestBid: null,
          lastTrade: null,
          trades24h: 0,
          volume24h: 0,
          median7d: null,
          updatedAt: null,
        },
        [OTHER]: expect.objectContaining({ item: OTHER, updatedAt: null }),
      },
    });
  });

  it('gives the best ask and bid with every item offered at that price', () => {
    const { index, prices } = market();
    index.upsert(listing('sell', 300, 2));
    index.upsert(listing('sell', 300, 5));
    index.upsert(listing('sell', 280, 1, { status: 'closed' }));
    index.upsert(listing('sell', 320, 9));
    index.upsert(listing('buy', 200, 4));
    index.upsert(listing('buy', 250, 1));
    index.upsert(listing('buy', 250, 3, { remainingQuantity: 2 }));
    expect(prices()).toMatchObject({
      bestAsk: { unitPrice: 300, quantity: 7 },
      bestBid: { unitPrice: 250, quantity: 3 },
    });
  });

  it("tags an answer by its bytes: the same items' unchanged figures keep the tag, a change to one moves it", () => {
    const { data, index, clock } = market();
    const both = [ITEM, OTHER];
    const first = data.prices(both);
    expect(data.prices(both).tag).toBe(first.tag);
    expect(data.prices([OTHER, ITEM]).tag).not.toBe(first.tag);
    index.upsert(listing('sell', 300, 2));
    const listed = data.prices(both);
    expect(listed.tag).not.toBe(first.tag);
    expect(listed.body.equals(first.body)).toBe(false);
    clock.now += HOUR_MS;
    expect(data.prices(both).tag).toBe(listed.tag);
  });

  it('counts the trades and volume of the current hour and the 23 before it, and the 7-day median', () => {
    const { data, prices } = market();
    const trades = [
      fact(100, THIS_HOUR + 1, 2),
      fact(300, THIS_HOUR - 23 * HOUR_MS, 5),
      // Just before the 24-hour window: only in the 7 days.
      fact(500, THIS_HOUR - 23 * HOUR_MS - 1, 7),
      fact(700, TODAY - 6 * DAY_MS),
      // Just before the 7 days: in neither.
      fact(9_000, TODAY - 6 * DAY_MS - 1),
    ];
    for (const trade of trades) data.history.add(trade);
    expect(prices()).toMatchObject({
      trades24h: 2,
      volume24h: 7,
      // 100, 300, 500, 700: the mean of the middle two.
      median7d: 400,
      lastTrade: { unitPrice: 100, quantity: 2, at: iso(THIS_HOUR + 1) },
    });
  });

  it("rounds an even count's median to the nearest copper and takes the middle price of an odd one", () => {
    const { data, prices } = market();
    data.history.add(fact(101, THIS_HOUR));
    data.history.add(fact(102, THIS_HOUR));
    expect(prices().median7d).toBe(102);
    data.history.add(fact(1, THIS_HOUR - DAY_MS));
    expect(prices().median7d).toBe(101);
  });
});

describe('updatedAt', () => {
  it('is the time of a new trade, and of a change to the best ask or bid', () => {
    const { clock, data, index, prices } = market();
    data.history.add(fact(100, START - 5_000));
    expect(prices().updatedAt).toBe(iso(START - 5_000));

    clock.now = START + 1_000;
    index.upsert(listing('sell', 300, 2));
    expect(prices().updatedAt).toBe(iso(START + 1_000));

    clock.now = START + 2_000;
    const cheaper = listing('sell', 250, 1);
    index.upsert(cheaper);
    expect(prices().updatedAt).toBe(iso(START + 2_000));

    clock.now = START + 3_000;
    index.remove(cheaper.id);
    expect(prices()).toMatchObject({
      bestAsk: { unitPrice: 300, quantity: 2 },
      updatedAt: iso(START + 3_000),
    });
  });

  it('stays put for a write that leaves the best prices as they were', () => {
    const { clock, index, prices } = market();
    const best = listing('sell', 300, 2);
    index.upsert(best);
    clock.now = START + 1_000;
    const dearer = listing('sell', 400, 1);
    index.upsert(dearer);
    index.upsert({ ...best, notes: 'fresh', version: 2 });
    index.remove(dearer.id);
    expect(prices().updatedAt).toBe(iso(START));
    // A change of quantity at the best price is a change, even one that is undone afterwards.
    index.upsert(listing('sell', 300, 1));
    clock.now = START + 2_000;
    index.upsert({ ...best, remainingQuantity: 1, version: 3 });
    expect(prices()).toMatchObject({
      bestAsk: { unitPrice: 300, quantity: 2 },
      updatedAt: iso(START + 2_000),
    });
  });

  it('moves on the hour when trades leave the 24-hour window, and on the day they leave the 7 days', () => {
    const { clock, data, prices } = market();
    data.history.add(fact(100, START));
    clock.now = THIS_HOUR + DAY_MS - 1;
    expect(prices()).toMatchObject({ trades24h: 1, updatedAt: iso(START) });
    clock.now = THIS_HOUR + DAY_MS + 1;
    expect(prices()).toMatchObject({ trades24h: 0, median7d: 100, updatedAt: iso(THIS_HOUR + DAY_MS) });
    // Kept hours end after 48; the departure is remembered.
    clock.now = THIS_HOUR + 3 * DAY_MS;
    expect(prices().updatedAt).toBe(iso(THIS_HOUR + DAY_MS));
    clock.now = TODAY + 7 * DAY_MS + 1;
    expect(prices()).toMatchObject({ median7d: null, updatedAt: iso(TODAY + 7 * DAY_MS) });
    expect(prices().lastTrade).toMatchObject({ unitPrice: 100 });
  });

  it('counts the departures of trades read at start-up that are older than the kept buckets', () => {
    const { data, prices } = market();
    const old = THIS_HOUR - 100 * DAY_MS;
    data.history.beginLoad();
    data.history.addLoaded(fact(100, old));
    data.history.endLoad();
    expect(prices().updatedAt).toBe(iso(TODAY - 100 * DAY_MS + 7 * DAY_MS));
  });

  it('moves when a cancelled trade changes a figure, and not for one that changes none', () => {
    const { clock, data, prices } = market();
    const old = fact(100, TODAY - 30 * DAY_MS);
    data.history.add(old);
    data.history.add(fact(200, START - 1_000));
    const ghost = fact(300, START - 2_000);
    data.history.add(ghost);
    clock.now = START + 1_000;
    data.history.remove(old);
    expect(prices().updatedAt).toBe(iso(START - 1_000));
    data.history.remove(ghost);
    expect(prices()).toMatchObject({ trades24h: 1, median7d: 200, updatedAt: iso(START + 1_000) });
  });

  it('after a start-up, is the latest change of a listing at the best prices', () => {
    const at = (ms: number) => ({ updatedAt: iso(ms) });
    const { prices } = market([
      listing('sell', 300, 2, at(START - 9_000)),
      listing('sell', 300, 1, at(START - 7_000)),
      listing('sell', 400, 1, at(START - 1_000)),
      listing('buy', 100, 1, at(START - 8_000)),
    ]);
    expect(prices().updatedAt).toBe(iso(START - 7_000));
  });

  it('is stamped now by a reload that finds the best prices changed, and kept by one that does not', () => {
    const { clock, data, index, prices } = market();
    const best = listing('sell', 300, 2);
    index.upsert(best);
    clock.now = START + 5_000;
    data.books.reset([best]);
    expect(prices().updatedAt).toBe(iso(START));
    data.books.reset([]);
    expect(prices()).toMatchObject({ bestAsk: null, updatedAt: iso(START + 5_000) });
  });
});
