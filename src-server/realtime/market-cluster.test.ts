import { afterAll, describe, expect, it } from 'vitest';
import type { MarketBook } from '../../src-common/schemas/market';
import type { Offer } from '../../src-common/schemas/offer';
import type { Trade } from '../../src-common/schemas/trade';
import { createUser, postListing } from '../../tests/helpers/factories';
import { http } from '../../tests/helpers/http';
import { connectSocket, nextEvent, recordEvents, type MarketSocket } from '../../tests/helpers/sockets';
import { useTwoServerProcesses } from '../../tests/helpers/two-processes';

const cluster = useTwoServerProcesses();
const ITEM = 'Ballan Wraddock';
const sockets: MarketSocket[] = [];
afterAll(() => sockets.forEach((socket) => socket.close()));

async function watcher(url: string) {
  const socket = await connectSocket(url);
  sockets.push(socket);
  expect(await socket.emitWithAck('market:watch', { item: ITEM })).toMatchObject({ ok: true });
  return socket;
}

describe('market data with several server processes', () => {
  it("tells every process's watchers once of a book change and a trade made on one process", async () => {
    const seller = await createUser(cluster.server.config);
    const buyer = await createUser(cluster.server.config);
    const here = await watcher(cluster.server.url);
    const there = await watcher(cluster.otherUrl);
    const tradesThere = recordEvents(there, 'market:trade');

    const booked = (socket: MarketSocket) =>
      nextEvent(socket, 'market:book', ({ book }) => book.bestAsk === 700);
    const books = [booked(here), booked(there)];
    const listing = await postListing(cluster.server.url, seller.token, {
      item: ITEM,
      quantity: 3,
      silver: 0,
      copper: 700,
    });
    await Promise.all(books);

    const api = http(cluster.server.url);
    const offer = await api.post<Offer>(
      '/api/offers',
      { listing_id: listing.id, offer_amount: 1_400, quantity: 2 },
      buyer.token,
    );
    const traded = [nextEvent(here, 'market:trade'), nextEvent(there, 'market:trade')];
    await api.put(`/api/offers/${offer.body.id}`, { action: 'accept' }, seller.token);
    const [tradeHere, tradeThere] = await Promise.all(traded);
    expect(tradeThere).toEqual(tradeHere);
    expect(tradeThere.trade).toMatchObject({ unitPrice: 700, quantity: 2, side: 'sell' });

    // The other process's history learned the trade: its answer matches the writer's.
    const figures = async (url: string) =>
      (await http(url).get<MarketBook>(`/api/market/items/${ITEM}`)).body;
    await expect.poll(() => figures(cluster.otherUrl)).toEqual(await figures(cluster.server.url));
    expect(await figures(cluster.otherUrl)).toMatchObject({ trades24h: 1, volume24h: 2, bestAsk: 700 });
    expect(tradesThere).toHaveLength(1);
  });

  it("a trade cancelled on one process leaves every process's market data; its parties hear it on either", async () => {
    const item = '0 to 180 Rapier';
    const figures = async (url: string) =>
      (await http(url).get<MarketBook>(`/api/market/items/${encodeURIComponent(item)}`)).body;
    const before = await figures(cluster.otherUrl);
    const [seller, buyer] = [
      await createUser(cluster.server.config),
      await createUser(cluster.server.config),
    ];
    const api = http(cluster.server.url);
    const listing = await postListing(cluster.server.url, seller.token, { item, quantity: 1 });
    const offer = await api.post<Offer>(
      '/api/offers',
      { listing_id: listing.id, offer_amount: 900 },
      buyer.token,
    );
    await api.put(`/api/offers/${offer.body.id}`, { action: 'accept' }, seller.token);
    await expect.poll(async () => (await figures(cluster.otherUrl)).trades24h).toBe(before.trades24h + 1);

    const buyerThere = await connectSocket(cluster.otherUrl, buyer.token);
    sockets.push(buyerThere);
    const heard = nextEvent(buyerThere, 'trade:updated', ({ trade }) => trade.status === 'cancelled');
    await api.post<Trade>(`/api/trades/${offer.body.id}/cancel`, {}, seller.token);
    await api.post<Trade>(`/api/trades/${offer.body.id}/cancel`, {}, buyer.token);
    expect((await heard).trade.id).toBe(offer.body.id);
    await expect.poll(() => figures(cluster.otherUrl)).toEqual(await figures(cluster.server.url));
    expect(await figures(cluster.otherUrl)).toMatchObject({
      trades24h: before.trades24h,
      lastTrade: before.lastTrade,
    });
  });
});
