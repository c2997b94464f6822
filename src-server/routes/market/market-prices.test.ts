import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICES_ITEMS_MESSAGE, type MarketPrices } from '../../../src-common/schemas/market';
import { createUser, postListing, type TestUser } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { acceptOffer, postOffer } from '../../../tests/helpers/trade-fixture';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';

let server: TestServer;
let api: ReturnType<typeof http>;
let seller: TestUser;
let buyer: TestUser;

// Each test uses its own catalogue items, so their figures do not mix.
const QUIET = '0 to 180 Rapier';
const LISTED = 'Ballan Wraddock';
const TRADED = 'Empty Gas Leech';
const PLUS_ONE = '+1 Potion Boost Level';

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_DISABLED: 'true' } });
  api = http(server.url);
  seller = await createUser(server.config);
  buyer = await createUser(server.config);
});
afterAll(() => server?.stop());

const query = (...names: string[]) => `/api/market/prices?items=${names.map(encodeURIComponent).join(',')}`;

async function prices(...names: string[]): Promise<MarketPrices['items']> {
  const res = await api.get<MarketPrices>(query(...names));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items;
}

const sell = (item: string, copper: number, quantity = 1) =>
  postListing(server.url, seller.token, { item, type: 'sell', quantity, silver: 0, copper });

describe('GET /api/market/prices', () => {
  it('answers an item never listed or traded with nulls and zeros', async () => {
    expect(await prices(QUIET)).toEqual({
      [QUIET]: {
        item: QUIET,
        bestAsk: null,
        bestBid: null,
        lastTrade: null,
        trades24h: 0,
        volume24h: 0,
        median7d: null,
        updatedAt: null,
      },
    });
  });

  it('answers 400 with field items for no names, an empty name or more than 100', async () => {
    const names = Array.from({ length: 101 }, () => QUIET);
    for (const path of [
      '/api/market/prices',
      '/api/market/prices?items=',
      `${query(QUIET)},`,
      query(...names),
    ]) {
      const res = await api.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body).toEqual({ error: PRICES_ITEMS_MESSAGE, code: 'VALIDATION_ERROR', field: 'items' });
    }
    expect((await api.get(query(...names.slice(1)))).status).toBe(200);
  });

  it('answers 400 naming each name that is not in the catalogue, and the exact spelling of a near miss', async () => {
    const res = await api.get(query(QUIET, 'Nothing Like It', 'ballan wraddock'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: `Not catalogue items: "Nothing Like It", "ballan wraddock" (did you mean "${LISTED}"?). Item names are spelt exactly as GET /api/items/meta/names gives them.`,
      code: 'VALIDATION_ERROR',
      field: 'items',
    });
  });

  it('takes names comma separated or as a repeated parameter, spaces around them ignored, each once', async () => {
    const encoded = encodeURIComponent(PLUS_ONE);
    const forms = [
      `/api/market/prices?items=${encoded},%20${encodeURIComponent(QUIET)}%20,${encoded}`,
      `/api/market/prices?items=${encoded}&items=${encodeURIComponent(QUIET)}`,
    ];
    for (const path of forms) {
      const res = await api.get<MarketPrices>(path);
      expect(res.status, path).toBe(200);
      expect(Object.keys(res.body.items).sort()).toEqual([PLUS_ONE, QUIET].sort());
    }
  });

  it('shows a new listing at once: a better price moves the figures and updatedAt, a worse one neither', async () => {
    const before = Date.now();
    await sell(LISTED, 300, 2);
    const first = (await prices(LISTED))[LISTED];
    expect(first).toMatchObject({ bestAsk: { unitPrice: 300, quantity: 2 }, bestBid: null });
    expect(Date.parse(first.updatedAt!)).toBeGreaterThanOrEqual(before);

    await sell(LISTED, 500);
    expect((await prices(LISTED))[LISTED]).toEqual(first);

    await postListing(server.url, seller.token, {
      item: LISTED,
      type: 'buy',
      quantity: 4,
      silver: 0,
      copper: 200,
    });
    const second = (await prices(LISTED))[LISTED];
    expect(second).toMatchObject({
      bestAsk: { unitPrice: 300, quantity: 2 },
      bestBid: { unitPrice: 200, quantity: 4 },
    });
    expect(Date.parse(second.updatedAt!)).toBeGreaterThan(Date.parse(first.updatedAt!));
  });

  it('shows an accepted offer at once: last trade, 24-hour figures, 7-day median, the book and updatedAt', async () => {
    const trade = async (listingId: number, amount: number, quantity: number) => {
      const offer = await postOffer(server.url, buyer.token, {
        listing_id: listingId,
        offer_amount: amount,
        quantity,
      });
      await acceptOffer(server.url, offer.id, seller);
      const accepted = await api.get(`/api/offers/listing/${listingId}`);
      return accepted.body.find((o: { id: number }) => o.id === offer.id) as { updatedAt: string };
    };
    const listing = await sell(TRADED, 500, 10);
    const listed = (await prices(TRADED))[TRADED];
    expect(listed).toMatchObject({
      bestAsk: { unitPrice: 500, quantity: 10 },
      lastTrade: null,
      trades24h: 0,
    });

    // 3 of 10 for 1,200 copper: 400 each.
    const first = await trade(listing.id, 1_200, 3);
    const after = (await prices(TRADED))[TRADED];
    expect(after).toMatchObject({
      bestAsk: { unitPrice: 500, quantity: 7 },
      lastTrade: { unitPrice: 400, quantity: 3, at: first.updatedAt },
      trades24h: 1,
      volume24h: 3,
      median7d: 400,
    });
    expect(Date.parse(after.updatedAt!)).toBeGreaterThanOrEqual(Date.parse(first.updatedAt));
    expect(Date.parse(after.updatedAt!)).toBeGreaterThan(Date.parse(listed.updatedAt!));

    await trade(listing.id, 1_000, 1);
    const second = await trade(listing.id, 900, 3);
    const last = (await prices(TRADED))[TRADED];
    expect(last).toMatchObject({
      bestAsk: { unitPrice: 500, quantity: 3 },
      lastTrade: { unitPrice: 300, quantity: 3, at: second.updatedAt },
      trades24h: 3,
      volume24h: 7,
      // 300, 400, 1,000: the middle one.
      median7d: 400,
    });
    expect(Date.parse(last.updatedAt!)).toBeGreaterThanOrEqual(Date.parse(second.updatedAt));
  });

  it('answers 304 to a request that holds the ETag until a figure changes', async () => {
    const path = query(PLUS_ONE);
    const first = await api.get(path);
    const etag = first.headers.get('etag')!;
    // fetch() given an If-None-Match adds `Cache-Control: no-cache` unless the request names one.
    const revalidate = () =>
      fetch(`${server.url}${path}`, { headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } });
    expect((await revalidate()).status).toBe(304);
    await sell(PLUS_ONE, 42);
    const changed = await revalidate();
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as MarketPrices).items[PLUS_ONE].bestAsk).toEqual({
      unitPrice: 42,
      quantity: 1,
    });
  });
});
