import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  MarketBook,
  MarketHistory,
  MarketOverview,
  MarketSales,
} from '../../../src-common/schemas/market';
import type { Offer } from '../../../src-common/schemas/offer';
import { TradeModel } from '../../models/trade';
import { createUser, postListing, type TestUser } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { makeListing } from '../../../tests/helpers/listing-fixture';
import { connectSocket, nextEvent, recordEvents, type MarketSocket } from '../../../tests/helpers/sockets';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';

let server: TestServer;
let api: ReturnType<typeof http>;
let seller: TestUser;
let buyer: TestUser;
const sockets: MarketSocket[] = [];

// Each test uses its own catalogue items, so the books do not mix.
const BOOK_ITEM = 'Ballan Wraddock';
const TRADE_ITEM = 'Empty Gas Leech';
const LIVE_ITEM = '10% Potion XP Hopeport';
const COALESCE_ITEM = 'Amber Phial Mine Reagent';

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_DISABLED: 'true' } });
  api = http(server.url);
  seller = await createUser(server.config);
  buyer = await createUser(server.config);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server.stop();
});

const itemPath = (item: string) => `/api/market/items/${encodeURIComponent(item)}`;

async function watcher(item: string) {
  const socket = await connectSocket(server.url);
  sockets.push(socket);
  const ack = await socket.emitWithAck('market:watch', { item });
  return { socket, ack };
}

/** A sell listing of `quantity` at `copper` each, an offer on `taken` of it for `amount`, accepted. */
async function trade(item: string, quantity: number, taken: number, amount: number) {
  const listing = await postListing(server.url, seller.token, { item, quantity, silver: 0, copper: 500 });
  const offer = await api.post<Offer>(
    '/api/offers',
    { listing_id: listing.id, offer_amount: amount, quantity: taken },
    buyer.token,
  );
  expect(offer.status).toBe(201);
  const accepted = await api.put<Offer>(`/api/offers/${offer.body.id}`, { action: 'accept' }, seller.token);
  expect(accepted.status).toBe(200);
  return { listing, offer: accepted.body };
}

describe('GET /api/market/items/{name}', () => {
  it('answers 404 for a name that is not a catalogue item', async () => {
    const res = await api.get(itemPath('No Such Thing'));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Item not found', code: 'NOT_FOUND' });
  });

  it('answers an item with no listings and no trades with empty sides and nulls', async () => {
    const res = await api.get<MarketBook>(itemPath('0 to 180 Rapier'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      item: '0 to 180 Rapier',
      bestAsk: null,
      bestBid: null,
      spread: null,
      asks: [],
      bids: [],
      lastTrade: null,
      trades24h: 0,
      volume24h: 0,
    });
  });

  it('groups live listings by unit price: asks ascending, bids descending, Total mode per item', async () => {
    const post = (fields: Record<string, unknown>) =>
      postListing(server.url, seller.token, { item: BOOK_ITEM, silver: 0, ...fields });
    await post({ type: 'sell', quantity: 2, copper: 300 });
    await post({ type: 'sell', quantity: 5, copper: 300 });
    // 3 for 1,000 copper in all: 333 each.
    await post({ type: 'sell', quantity: 3, copper: 0, silver: 1, priceMode: 'Total' });
    await post({ type: 'buy', quantity: 4, copper: 200 });
    await post({ type: 'buy', quantity: 1, copper: 250 });
    const closed = await post({ type: 'sell', quantity: 1, copper: 100 });
    expect((await api.post(`/api/listings/${closed.id}/close`, undefined, seller.token)).status).toBe(200);

    const { body } = await api.get<MarketBook>(itemPath(BOOK_ITEM));
    expect(body).toMatchObject({
      bestAsk: 300,
      bestBid: 250,
      spread: 50,
      asks: [
        { unitPrice: 300, quantity: 7, listings: 2 },
        { unitPrice: 333, quantity: 3, listings: 1 },
      ],
      bids: [
        { unitPrice: 250, quantity: 1, listings: 1 },
        { unitPrice: 200, quantity: 4, listings: 1 },
      ],
    });
  });

  it('finds an item whose name holds a percent sign, URL-encoded', async () => {
    const res = await api.get<MarketBook>(itemPath(LIVE_ITEM));
    expect(res.status).toBe(200);
    expect(res.body.item).toBe(LIVE_ITEM);
  });
});

describe('an accepted offer', () => {
  it('records one trade, lists only what remains in the book, and shows in the figures and history', async () => {
    // 3 of 10 for 1,000 copper: 333.33 rounds to 333 each.
    const { listing, offer } = await trade(TRADE_ITEM, 10, 3, 1_000);
    const stored = await TradeModel.findById(offer.id).lean();
    expect(stored).toMatchObject({
      item: TRADE_ITEM,
      unitPrice: 333,
      quantity: 3,
      side: 'sell',
      listingId: listing.id,
      sellerId: seller.id,
      buyerId: buyer.id,
    });
    expect(stored!.at.toISOString()).toBe(offer.updatedAt);

    const { body } = await api.get<MarketBook>(itemPath(TRADE_ITEM));
    expect(body.asks).toEqual([{ unitPrice: 500, quantity: 7, listings: 1 }]);
    expect(body.lastTrade).toEqual({ unitPrice: 333, quantity: 3, at: offer.updatedAt });
    expect(body).toMatchObject({ trades24h: 1, volume24h: 3 });

    await trade(TRADE_ITEM, 1, 1, 400);
    await trade(TRADE_ITEM, 2, 2, 1_000);
    for (const range of ['48h', '90d'] as const) {
      const history = await api.get<MarketHistory>(`${itemPath(TRADE_ITEM)}/history?range=${range}`);
      expect(history.status).toBe(200);
      expect(history.body.range).toBe(range);
      expect(history.body.buckets).toHaveLength(1);
      expect(history.body.buckets[0]).toMatchObject({
        trades: 3,
        volume: 6,
        min: 333,
        max: 500,
        median: 400,
        average: 411,
      });
      const start = Date.parse(history.body.buckets[0].start);
      expect(start % (range === '48h' ? 3_600_000 : 86_400_000)).toBe(0);
    }
  });

  it('is in the overview: most traded and newest listed', async () => {
    const { body } = await api.get<MarketOverview>('/api/market/overview');
    expect(body.mostTraded[0]).toMatchObject({
      item: TRADE_ITEM,
      trades24h: 3,
      volume24h: 6,
      median24h: 400,
    });
    expect(body.mostTraded[0].sparkline).toEqual([{ start: expect.any(String), median: 400 }]);
    expect(body.newest.map((row) => row.item)).toContain(BOOK_ITEM);
    // One day of trades: the 24-hour and the 7-day medians are the same, so nothing moved and it is no mover.
    expect(body.movers).toEqual([]);
  });
});

describe('GET /api/market/items/{name}/history', () => {
  it('answers 400 to a range other than 48h or 90d, and 404 to an unknown item', async () => {
    const bad = await api.get(`${itemPath(TRADE_ITEM)}/history?range=7d`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'range' });
    expect((await api.get(`${itemPath('Nope')}/history?range=48h`)).status).toBe(404);
  });

  it('lists no buckets for an item without trades', async () => {
    const { body } = await api.get<MarketHistory>(`${itemPath(BOOK_ITEM)}/history?range=90d`);
    expect(body).toEqual({ item: BOOK_ITEM, range: '90d', buckets: [] });
  });
});

describe('GET /api/market/items/{name}/sales', () => {
  it("lists the item's trades one by one, newest first", async () => {
    const { body, status } = await api.get<MarketSales>(`${itemPath(TRADE_ITEM)}/sales`);
    expect(status).toBe(200);
    expect(body.item).toBe(TRADE_ITEM);
    // The three trades of the accepted-offer tests: 3 at 333, 1 at 400, then 2 at 500.
    expect(body.sales.map(({ unitPrice, quantity }) => [unitPrice, quantity])).toEqual([
      [500, 2],
      [400, 1],
      [333, 3],
    ]);
    const times = body.sales.map((sale) => Date.parse(sale.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('answers an empty list for an item without trades, and 404 for an unknown item', async () => {
    expect((await api.get<MarketSales>(`${itemPath(BOOK_ITEM)}/sales`)).body).toEqual({
      item: BOOK_ITEM,
      sales: [],
    });
    const missing = await api.get(`${itemPath('No Such Thing')}/sales`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Item not found', code: 'NOT_FOUND' });
  });
});

describe('market:watch', () => {
  it('acks the book, or an error for an unknown item', async () => {
    const { ack } = await watcher(BOOK_ITEM);
    expect(ack).toEqual({ ok: true, book: (await api.get<MarketBook>(itemPath(BOOK_ITEM))).body });
    expect((await watcher('Nope')).ack).toEqual({ ok: false, error: 'Item not found' });
  });

  it('sends market:book after a change, and market:trade to the item watchers only', async () => {
    const { socket } = await watcher(LIVE_ITEM);
    const { socket: elsewhere } = await watcher(BOOK_ITEM);
    const otherTrades = recordEvents(elsewhere, 'market:trade');

    const cheaper = nextEvent(socket, 'market:book', ({ book }) => book.bestAsk === 400);
    await postListing(server.url, seller.token, { item: LIVE_ITEM, quantity: 2, silver: 0, copper: 400 });
    expect((await cheaper).item).toBe(LIVE_ITEM);

    const traded = nextEvent(socket, 'market:trade');
    const bookAfter = nextEvent(socket, 'market:book', ({ book }) => book.lastTrade?.unitPrice === 501);
    const { offer } = await trade(LIVE_ITEM, 4, 4, 2_002);
    expect(await traded).toEqual({
      item: LIVE_ITEM,
      trade: { unitPrice: 501, quantity: 4, side: 'sell', at: offer.updatedAt },
    });
    await bookAfter;
    expect(otherTrades).toEqual([]);
  });

  it('coalesces a burst of changes to one market:book carrying the last state', async () => {
    const { socket } = await watcher(COALESCE_ITEM);
    const books = recordEvents(socket, 'market:book');
    let id = 990_000;
    // Published in one go, as a burst of writes within one interval (the 250 ms spacing of bursts is
    // unit-tested with a fake clock in realtime/market-feed.unit.test.ts).
    const burst = (prices: number[]) => {
      for (const price of prices) {
        server.deps.publisher.listingCreated(makeListing({ id: ++id, item: COALESCE_ITEM, price }));
      }
    };
    const first = nextEvent(socket, 'market:book', ({ book }) => book.asks.length === 3);
    burst([900, 800, 700]);
    expect((await first).book.bestAsk).toBe(700);
    expect(books).toHaveLength(1);

    const second = nextEvent(socket, 'market:book', ({ book }) => book.asks.length === 5);
    burst([600, 500]);
    expect((await second).book.bestAsk).toBe(500);
    expect(books).toHaveLength(2);
  });

  it('stops after market:unwatch', async () => {
    const { socket } = await watcher(TRADE_ITEM);
    expect(await socket.emitWithAck('market:unwatch', { item: TRADE_ITEM })).toEqual({ ok: true });
    const books = recordEvents(socket, 'market:book');
    const { socket: still } = await watcher(TRADE_ITEM);
    const seen = nextEvent(still, 'market:book');
    await postListing(server.url, seller.token, { item: TRADE_ITEM, silver: 0, copper: 100 });
    await seen;
    expect(books).toEqual([]);
  });
});
