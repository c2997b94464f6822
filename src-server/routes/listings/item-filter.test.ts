import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listing } from '../../../src-common/schemas/listing';
import type { SavedSearch } from '../../../src-common/schemas/saved-search';
import { createUser, postListing, type TestUser } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { connectSocket, nextEvent, recordEvents, type MarketSocket } from '../../../tests/helpers/sockets';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';

let server: TestServer;
let api: ReturnType<typeof http>;
let seller: TestUser;
const sockets: MarketSocket[] = [];

// A search for "Potion Boost" finds both; the exact filter only the one named.
const PLUS_ONE = '+1 Potion Boost Level';
const PLUS_TWO = '+2 Potion Boost Level';
const ids = { oneSell: 0, oneBuy: 0, twoSell: 0 };

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_DISABLED: 'true' } });
  api = http(server.url);
  seller = await createUser(server.config);
  const post = async (item: string, type: string) =>
    (await postListing(server.url, seller.token, { item, type, silver: 0, copper: 50 })).id;
  ids.oneSell = await post(PLUS_ONE, 'sell');
  ids.oneBuy = await post(PLUS_ONE, 'buy');
  ids.twoSell = await post(PLUS_TWO, 'sell');
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.stop();
});

const itemQuery = (item: string) => `item=${encodeURIComponent(item)}`;

async function browse(query: string): Promise<number[]> {
  const res = await api.get<Listing[]>(`/api/listings?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.map((l) => l.id);
}

describe('GET /api/listings?item=', () => {
  it('finds only the listings of the item named, where the search finds its kin too', async () => {
    expect(await browse('q=Potion%20Boost')).toEqual([ids.twoSell, ids.oneBuy, ids.oneSell]);
    expect(await browse(itemQuery(PLUS_ONE))).toEqual([ids.oneBuy, ids.oneSell]);
  });

  it('combines with the other filters, the search, the sort and paging', async () => {
    expect(await browse(`${itemQuery(PLUS_ONE)}&type=sell`)).toEqual([ids.oneSell]);
    expect(await browse(`${itemQuery(PLUS_TWO)}&type=buy`)).toEqual([]);
    expect(await browse(`${itemQuery(PLUS_ONE)}&q=potion&sort=old`)).toEqual([ids.oneSell, ids.oneBuy]);
    expect(await browse(`${itemQuery(PLUS_ONE)}&q=rapier`)).toEqual([]);
    const page = await api.get<Listing[]>(`/api/listings?${itemQuery(PLUS_ONE)}&limit=1`);
    expect(page.headers.get('x-total-count')).toBe('2');
    expect(page.body.map((l) => l.id)).toEqual([ids.oneBuy]);
  });

  it('keeps answers current: a new listing of the item shows in a repeated request', async () => {
    const query = `${itemQuery(PLUS_TWO)}&limit=10`;
    expect(await browse(query)).toEqual([ids.twoSell]);
    const fresh = await postListing(server.url, seller.token, { item: PLUS_TWO, silver: 0, copper: 70 });
    expect(await browse(query)).toEqual([fresh.id, ids.twoSell]);
    expect(await browse(`${itemQuery(PLUS_ONE)}&limit=10`)).toEqual([ids.oneBuy, ids.oneSell]);
  });

  it('answers 400 naming item for a name not in the catalogue, with the exact spelling of a near miss', async () => {
    const res = await api.get(`/api/listings?${itemQuery('+1 potion boost level')}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: `Not a catalogue item: "+1 potion boost level" (did you mean "${PLUS_ONE}"?). Item names are spelt exactly as GET /api/items/meta/names gives them.`,
      code: 'VALIDATION_ERROR',
      field: 'item',
    });
    const unknown = await api.get('/api/listings?item=Nothing%20Like%20It');
    expect(unknown.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'item' });
    expect(unknown.body.error).toContain('"Nothing Like It"');
  });

  it('reads an empty item as no filter', async () => {
    expect(await browse('item=&q=Potion%20Boost&sort=old')).toHaveLength(4);
  });
});

describe('saved searches with an item', () => {
  it('save the item, refuse one not in the catalogue, and alert only for that item', async () => {
    const watcher = await createUser(server.config);
    const saved = await api.post<SavedSearch>(
      '/api/saved-searches',
      { name: 'Boost +1', filters: { item: PLUS_ONE, type: 'sell' } },
      watcher.token,
    );
    expect(saved.status).toBe(201);
    expect(saved.body.filters).toEqual({ item: PLUS_ONE, type: 'sell' });
    expect((await api.get('/api/saved-searches', watcher.token)).body.searches).toEqual([saved.body]);

    const bad = await api.post(
      '/api/saved-searches',
      { name: 'Typo', filters: { item: 'Potion Boost' } },
      watcher.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'filters.item' });

    const socket = await connectSocket(server.url, watcher.token);
    sockets.push(socket);
    const seen = recordEvents(socket, 'notification');
    await postListing(server.url, seller.token, { item: PLUS_TWO, silver: 0, copper: 40 });
    await postListing(server.url, seller.token, { item: PLUS_ONE, type: 'buy', silver: 0, copper: 40 });
    const match = nextEvent(socket, 'notification', (n) => n.kind === 'saved_search_match');
    const wanted = await postListing(server.url, seller.token, { item: PLUS_ONE, silver: 0, copper: 40 });
    expect(await match).toMatchObject({ listingId: wanted.id, searchId: saved.body.id });
    expect(seen.filter((n) => n.kind === 'saved_search_match').map((n) => n.listingId)).toEqual([wanted.id]);
  });
});
