import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_PRICE_NEEDS_SELL,
  SAVED_SEARCHES_MAX,
  type SavedSearch,
} from '../../../src-common/schemas/saved-search';
import { createUser, postListing, TEST_ITEMS, type TestUser } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { connectSocket, nextEvent, recordEvents, type MarketSocket } from '../../../tests/helpers/sockets';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';

let server: TestServer;
let api: ReturnType<typeof http>;
const sockets: MarketSocket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  api = http(server.url);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.stop();
});

async function save(user: TestUser, body: Record<string, unknown>): Promise<SavedSearch> {
  const res = await api.post<SavedSearch>('/api/saved-searches', body, user.token);
  expect(res.status).toBe(201);
  return res.body;
}

async function listen(user: TestUser): Promise<MarketSocket> {
  const socket = await connectSocket(server.url, user.token);
  sockets.push(socket);
  return socket;
}

const matchFor = (socket: MarketSocket) =>
  nextEvent(socket, 'notification', (n) => n.kind === 'saved_search_match');

describe('POST /api/saved-searches', () => {
  it('saves the filters (blanks dropped) and the price condition, listed oldest first', async () => {
    const user = await createUser(server.config);
    const first = await save(user, {
      name: ' Cheap leeches ',
      filters: { q: 'gas leech', type: 'sell', category: '', episode: '' },
      maxUnitPrice: 2000,
    });
    expect(first).toMatchObject({
      name: 'Cheap leeches',
      filters: { q: 'gas leech', type: 'sell' },
      maxUnitPrice: 2000,
      minUnitPrice: null,
    });
    const second = await save(user, { name: 'Buyers', filters: { type: 'buy' }, minUnitPrice: 10 });
    const list = await api.get('/api/saved-searches', user.token);
    expect(list.status).toBe(200);
    expect(list.body.searches).toEqual([first, second]);
  });

  it('answers 401 without a session', async () => {
    expect((await api.get('/api/saved-searches')).status).toBe(401);
    expect((await api.post('/api/saved-searches', { name: 'a', filters: { q: 'x' } })).status).toBe(401);
  });

  it('answers 400 naming the field for a bad name, filter or price condition', async () => {
    const user = await createUser(server.config);
    const noName = await api.post('/api/saved-searches', { name: '', filters: { q: 'ore' } }, user.token);
    expect(noName.status).toBe(400);
    expect(noName.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'name', error: 'Name is required' });
    const wrongType = await api.post(
      '/api/saved-searches',
      { name: 'a', filters: { type: 'buy' }, maxUnitPrice: 5 },
      user.token,
    );
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({ field: 'maxUnitPrice', error: MAX_PRICE_NEEDS_SELL });
    const badEpisode = await api.post(
      '/api/saved-searches',
      { name: 'a', filters: { episode: 'Mars' } },
      user.token,
    );
    expect(badEpisode.status).toBe(400);
    expect(badEpisode.body.field).toBe('filters.episode');
    expect((await api.get('/api/saved-searches', user.token)).body.searches).toEqual([]);
  });

  it(`keeps at most ${SAVED_SEARCHES_MAX} per user`, async () => {
    const user = await createUser(server.config);
    for (let i = 0; i < SAVED_SEARCHES_MAX; i++) await save(user, { name: `s${i}`, filters: { q: `w${i}` } });
    const over = await api.post('/api/saved-searches', { name: 'one more', filters: { q: 'x' } }, user.token);
    expect(over.status).toBe(409);
    expect(over.body.error).toBe('You can have at most 20 saved searches. Delete one first.');
    expect((await api.get('/api/saved-searches', user.token)).body.searches).toHaveLength(SAVED_SEARCHES_MAX);
  });
});

describe('DELETE /api/saved-searches/{id}', () => {
  it("deletes the owner's search; someone else's or an unknown one is 404", async () => {
    const owner = await createUser(server.config);
    const other = await createUser(server.config);
    const search = await save(owner, { name: 'mine', filters: { q: 'leech' } });
    expect((await api.delete(`/api/saved-searches/${search.id}`, other.token)).status).toBe(404);
    expect((await api.delete('/api/saved-searches/999999', owner.token)).status).toBe(404);
    expect((await api.delete(`/api/saved-searches/${search.id}`, owner.token)).status).toBe(204);
    expect((await api.get('/api/saved-searches', owner.token)).body.searches).toEqual([]);
    expect((await api.delete(`/api/saved-searches/${search.id}`, owner.token)).status).toBe(404);
  });
});

describe('saved_search_match notifications', () => {
  it('alert the owner when a matching listing is posted, never for their own listing', async () => {
    const watcher = await createUser(server.config);
    const seller = await createUser(server.config);
    const search = await save(watcher, {
      name: 'Leeches',
      filters: { q: 'GAS lee', type: 'sell' },
      maxUnitPrice: 2000,
    });
    const socket = await listen(watcher);
    const seen = recordEvents(socket, 'notification');
    await postListing(server.url, watcher.token, { item: TEST_ITEMS.plain });
    await postListing(server.url, seller.token, { item: TEST_ITEMS.plain, silver: 3 });
    await postListing(server.url, seller.token, { item: TEST_ITEMS.fish });
    const arriving = matchFor(socket);
    const listing = await postListing(server.url, seller.token, { item: TEST_ITEMS.plain, silver: 2 });
    const match = await arriving;
    expect(match).toMatchObject({
      kind: 'saved_search_match',
      listingId: listing.id,
      searchId: search.id,
      link: `/listing/${listing.id}`,
      read: false,
    });
    expect(match.message).toContain('Leeches');
    // Only the one listing that passes every condition alerted: not their own, not too dear, not a fish.
    expect(seen.filter((n) => n.kind === 'saved_search_match')).toEqual([match]);
  });

  it('alert when an edit makes a listing match, and not again while it keeps matching', async () => {
    const watcher = await createUser(server.config);
    const seller = await createUser(server.config);
    const search = await save(watcher, { name: 'Wraddock', filters: { q: 'wraddock' } });
    const socket = await listen(watcher);
    const seen = recordEvents(socket, 'notification');
    const listing = await postListing(server.url, seller.token, { item: TEST_ITEMS.plain });
    const arriving = matchFor(socket);
    const edit = (body: Record<string, unknown>) =>
      api.put(
        `/api/listings/${listing.id}`,
        { item: TEST_ITEMS.fish, type: 'sell', quantity: 1, priceMode: 'Each', ...body },
        seller.token,
      );
    expect((await edit({ silver: 1 })).status).toBe(200);
    expect(await arriving).toMatchObject({ listingId: listing.id, searchId: search.id });

    expect((await edit({ silver: 4 })).status).toBe(200);
    const next = matchFor(socket);
    const other = await postListing(server.url, seller.token, { item: TEST_ITEMS.fish });
    expect((await next).listingId).toBe(other.id);
    expect(seen.filter((n) => n.kind === 'saved_search_match').map((n) => n.listingId)).toEqual([
      listing.id,
      other.id,
    ]);
  });

  it('stop once the search is deleted', async () => {
    const watcher = await createUser(server.config);
    const seller = await createUser(server.config);
    const gone = await save(watcher, { name: 'gone', filters: { q: 'leech' } });
    const kept = await save(watcher, { name: 'kept', filters: { q: 'wraddock' } });
    expect((await api.delete(`/api/saved-searches/${gone.id}`, watcher.token)).status).toBe(204);
    const socket = await listen(watcher);
    const seen = recordEvents(socket, 'notification');
    await postListing(server.url, seller.token, { item: TEST_ITEMS.plain });
    const arriving = matchFor(socket);
    await postListing(server.url, seller.token, { item: TEST_ITEMS.fish });
    expect((await arriving).searchId).toBe(kept.id);
    expect(seen.filter((n) => n.kind === 'saved_search_match')).toHaveLength(1);
  });
});
