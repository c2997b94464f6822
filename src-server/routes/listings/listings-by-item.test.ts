import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemGroup } from '../../../src-common/schemas/listing-groups';
import { createUser, postListing, TEST_ITEMS, type TestUser } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';

let server: TestServer;
let api: ReturnType<typeof http>;
let seller: TestUser;
let buyer: TestUser;

const { plain: LEECH, fish: FISH, weapon: RAPIER } = TEST_ITEMS;

beforeAll(async () => {
  server = await startTestServer();
  api = http(server.url);
  seller = await createUser(server.config);
  buyer = await createUser(server.config);
  const post = (token: string, overrides: Record<string, unknown>) =>
    postListing(server.url, token, overrides);
  // Leech: asks at 5 and 3 silver (two of 3 silver), a bid at 2 silver, the buy one from the buyer.
  await post(seller.token, { item: LEECH, type: 'sell', quantity: 4, silver: 5 });
  await post(seller.token, { item: LEECH, type: 'sell', quantity: 2, silver: 3, notes: 'cheap leech' });
  await post(buyer.token, { item: LEECH, type: 'sell', quantity: 1, silver: 3 });
  await post(buyer.token, { item: LEECH, type: 'buy', quantity: 6, silver: 2 });
  // Fish: bids only, one in Total mode (1,000 copper for 3: 333 each).
  await post(buyer.token, { item: FISH, type: 'buy', quantity: 10, silver: 0, copper: 100 });
  await post(buyer.token, { item: FISH, type: 'buy', quantity: 3, silver: 1, priceMode: 'Total' });
  // Rapier: one ask, posted last.
  await post(seller.token, { item: RAPIER, type: 'sell', quantity: 1, gold: 1, silver: 0 });
});
afterAll(() => server.stop());

async function groups(query = '', token?: string) {
  const res = await api.get<ItemGroup[]>(`/api/listings/by-item${query}`, token);
  expect(res.status).toBe(200);
  return { rows: res.body, total: Number(res.headers.get('X-Total-Count')) };
}

const row = (rows: ItemGroup[], item: string) => rows.find((r) => r.item === item);

describe('GET /api/listings/by-item', () => {
  it('gives one row per item: count, lowest ask, highest bid with their quantities, newest first', async () => {
    const { rows, total } = await groups();
    expect(total).toBe(3);
    expect(rows.map((r) => r.item)).toEqual([RAPIER, FISH, LEECH]);
    expect(row(rows, LEECH)).toMatchObject({
      listings: 4,
      lowestAsk: { unitPrice: 3000, quantity: 3 },
      highestBid: { unitPrice: 2000, quantity: 6 },
      lastTrade: null,
      category: 'Other',
    });
    expect(row(rows, FISH)).toMatchObject({
      listings: 2,
      lowestAsk: null,
      highestBid: { unitPrice: 333, quantity: 3 },
    });
    expect(row(rows, RAPIER)).toMatchObject({
      listings: 1,
      lowestAsk: { unitPrice: 1_000_000, quantity: 1 },
      highestBid: null,
    });
    expect(typeof row(rows, LEECH)!.image).toBe('string');
    expect(Date.parse(row(rows, RAPIER)!.newestAt)).toBeGreaterThan(Date.parse(row(rows, LEECH)!.newestAt));
  });

  it.each([
    ['listings', [LEECH, FISH, RAPIER]],
    ['name', [TEST_ITEMS.weapon, TEST_ITEMS.fish, TEST_ITEMS.plain].sort((a, b) => a.localeCompare(b, 'en'))],
    // Items without an ask (the fish) come last.
    ['ask', [LEECH, RAPIER, FISH]],
    ['bid', [LEECH, FISH, RAPIER]],
  ])('orders by %s', async (sort, items) => {
    expect((await groups(`?sort=${sort}`)).rows.map((r) => r.item)).toEqual(items);
  });

  it('counts only the listings the filters keep', async () => {
    const sells = await groups('?type=sell');
    expect(sells.total).toBe(2);
    expect(row(sells.rows, LEECH)).toMatchObject({ listings: 3, highestBid: null });
    expect((await groups('?q=cheap')).rows).toMatchObject([
      { item: LEECH, listings: 1, lowestAsk: { unitPrice: 3000, quantity: 2 } },
    ]);
    expect((await groups(`?item=${encodeURIComponent(FISH)}`)).rows.map((r) => r.item)).toEqual([FISH]);
    expect((await groups('?category=Weapon')).rows.map((r) => r.item)).toEqual([RAPIER]);
    expect(await groups('?q=nothingmatchesthis')).toEqual({ rows: [], total: 0 });
  });

  it('pages with limit and offset; X-Total-Count counts the items', async () => {
    const first = await groups('?sort=name&limit=2');
    const second = await groups('?sort=name&limit=2&offset=2');
    expect(first.rows).toHaveLength(2);
    expect(second.rows).toHaveLength(1);
    expect([first.total, second.total]).toEqual([3, 3]);
    expect([...first.rows, ...second.rows].map((r) => r.item)).toEqual(
      (await groups('?sort=name')).rows.map((r) => r.item),
    );
  });

  it.each([
    ['sort=price', 'sort'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['offset=-1', 'offset'],
    ['type=swap', 'type'],
    ['item=Not%20an%20item', 'item'],
  ])('answers 400 to %s', async (query, field) => {
    const res = await api.get(`/api/listings/by-item?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field });
  });

  it('leaves out the listings of players the viewer blocked, as browse does', async () => {
    const viewer = await createUser(server.config);
    expect((await api.post(`/api/users/${buyer.id}/block`, undefined, viewer.token)).status).toBe(200);
    const { rows, total } = await groups('', viewer.token);
    expect(total).toBe(2);
    expect(row(rows, LEECH)).toMatchObject({
      listings: 2,
      lowestAsk: { unitPrice: 3000, quantity: 2 },
      highestBid: null,
    });
  });

  it('follows writes at once: a cheaper ask, a trade, a deletion', async () => {
    const cheaper = await postListing(server.url, buyer.token, {
      item: RAPIER,
      type: 'sell',
      quantity: 2,
      silver: 900,
    });
    expect(row((await groups()).rows, RAPIER)).toMatchObject({
      listings: 2,
      lowestAsk: { unitPrice: 900_000, quantity: 2 },
    });

    const offer = await api.post<{ id: number }>(
      '/api/offers',
      { listing_id: cheaper.id, offer_amount: 900_000, quantity: 1 },
      seller.token,
    );
    expect(offer.status).toBe(201);
    expect((await api.put(`/api/offers/${offer.body.id}`, { action: 'accept' }, buyer.token)).status).toBe(
      200,
    );
    expect(row((await groups()).rows, RAPIER)).toMatchObject({
      lowestAsk: { unitPrice: 900_000, quantity: 1 },
      lastTrade: { unitPrice: 900_000, quantity: 1 },
    });

    expect((await api.delete(`/api/listings/${cheaper.id}`, buyer.token)).status).toBe(204);
    const after = row((await groups()).rows, RAPIER);
    expect(after).toMatchObject({ listings: 1, lowestAsk: { unitPrice: 1_000_000 } });
    // The trade stays the item's last, though its listing is gone.
    expect(after?.lastTrade).toMatchObject({ unitPrice: 900_000 });
  });
});
