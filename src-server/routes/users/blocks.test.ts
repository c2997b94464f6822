import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKED_MESSAGE, type Block } from '../../../src-common/schemas/block';
import type { Listing } from '../../../src-common/schemas/listing';
import type { Notification } from '../../../src-common/schemas/notification';
import type { Offer } from '../../../src-common/schemas/offer';
import { createUser, postListing, TEST_ITEMS, type TestUser } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { connectLive, type LiveClient } from '../../../tests/helpers/live-events';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';
import { acceptOffer } from '../../../tests/helpers/trade-fixture';

let server: TestServer;
let api: ReturnType<typeof http>;
const clients: LiveClient[] = [];

beforeAll(async () => {
  server = await startTestServer();
  api = http(server.url);
});
afterAll(async () => {
  for (const client of clients) client.close();
  await server?.stop();
});

const user = () => createUser(server.config);
const live = async (who?: TestUser) => {
  const client = await connectLive(server.url, who?.token);
  clients.push(client);
  return client;
};
const block = (by: TestUser, id: number | string) =>
  api.post<Block>(`/api/users/${id}/block`, undefined, by.token);
const unblock = (by: TestUser, id: number | string) => api.delete(`/api/users/${id}/block`, by.token);
const offer = (by: TestUser, listingId: number) =>
  api.post<Offer>('/api/offers', { listing_id: listingId, offer_amount: 700 }, by.token);
const listingOf = async (owner: TestUser, overrides: Record<string, unknown> = {}) =>
  (await postListing(server.url, owner.token, overrides)).id;
const browse = (query: string, viewer?: TestUser) =>
  api.get<Listing[]>(`/api/listings?${query}`, viewer?.token);
const total = (res: { headers: Headers }) => Number(res.headers.get('x-total-count'));

describe('POST /api/users/{id}/block', () => {
  it('401 for a visitor, 404 for an unknown player, 400 for oneself', async () => {
    const [a, b] = [await user(), await user()];
    expect((await api.post(`/api/users/${b.id}/block`)).status).toBe(401);
    expect((await block(a, 987_654)).status).toBe(404);
    expect((await block(a, 'abc')).status).toBe(404);
    const self = await block(a, a.id);
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ code: 'VALIDATION_ERROR', error: "You can't block yourself" });
  });

  it('200 with the block; again changes nothing; GET /api/blocks lists it, newest first', async () => {
    const [a, b, c] = [await user(), await user(), await user()];
    const first = await block(a, b.id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ user: { id: b.id, username: b.username }, at: expect.any(String) });
    const again = await block(a, b.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const second = await block(a, c.id);
    expect((await api.get('/api/blocks')).status).toBe(401);
    const list = await api.get<{ blocks: Block[] }>('/api/blocks', a.token);
    expect(list.status).toBe(200);
    expect(list.body.blocks).toEqual([second.body, first.body]);
    // The blocked player's own list is theirs: it does not show who blocked them.
    expect((await api.get('/api/blocks', b.token)).body).toEqual({ blocks: [] });
  });
});

describe('DELETE /api/users/{id}/block', () => {
  it('204, again 204; 401, 404 and 400 as for blocking', async () => {
    const [a, b] = [await user(), await user()];
    await block(a, b.id);
    expect((await api.delete(`/api/users/${b.id}/block`)).status).toBe(401);
    expect((await unblock(a, 987_654)).status).toBe(404);
    expect((await unblock(a, a.id)).status).toBe(400);
    expect((await unblock(a, b.id)).status).toBe(204);
    expect((await unblock(a, b.id)).status).toBe(204);
    expect((await api.get('/api/blocks', a.token)).body).toEqual({ blocks: [] });
  });
});

describe('after A blocks B', () => {
  it('neither can make an offer on the other’s listings (403 BLOCKED, naming no one) until it is lifted', async () => {
    const [a, b, c] = [await user(), await user(), await user()];
    const ofA = await listingOf(a);
    const ofB = await listingOf(b);
    await block(a, b.id);
    for (const [by, listingId] of [
      [b, ofA],
      [a, ofB],
    ] as const) {
      const refused = await offer(by, listingId);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ code: 'BLOCKED', error: BLOCKED_MESSAGE });
    }
    expect((await offer(c, ofA)).status).toBe(201);
    expect((await offer(c, ofB)).status).toBe(201);

    await unblock(a, b.id);
    expect((await offer(b, ofA)).status).toBe(201);
    expect((await offer(a, ofB)).status).toBe(201);
  });

  it('rejects the pending offers between them, both ways, seen live; others’ offers stay pending', async () => {
    const [a, b, c] = [await user(), await user(), await user()];
    const ofA = await listingOf(a, { quantity: 5 });
    const ofB = await listingOf(b, { quantity: 5 });
    const fromB = (await offer(b, ofA)).body;
    const fromA = (await offer(a, ofB)).body;
    const fromC = (await offer(c, ofA)).body;
    const watcher = await live();
    expect(await watcher.watch(ofA)).toEqual({ ok: true });
    expect(await watcher.watch(ofB)).toEqual({ ok: true });
    const rejected = (id: number) =>
      watcher.next('offer:updated', ({ offer: o }) => o.id === id && o.status === 'rejected');
    const seen = Promise.all([rejected(fromB.id), rejected(fromA.id)]);

    expect((await block(a, b.id)).status).toBe(200);
    const [b1, a1] = await seen;
    for (const { offer: o } of [b1, a1]) {
      expect(o.rejection_reason).toBe('This trade is no longer possible');
      expect(o.rejection_reason).not.toContain(a.username);
    }
    const offers = await api.get<Offer[]>(`/api/offers/listing/${ofA}`);
    const status = new Map(offers.body.map((o) => [o.id, o.status]));
    expect(status.get(fromB.id)).toBe('rejected');
    expect(status.get(fromC.id)).toBe('pending');
  });

  it('A gets no notification B causes; others still do', async () => {
    const [a, b, c] = [await user(), await user(), await user()];
    const search = { name: 'Leeches', filters: { q: 'gas leech' } };
    for (const who of [a, c])
      expect((await api.post('/api/saved-searches', search, who.token)).status).toBe(201);
    await block(a, b.id);
    const aLive = await live(a);
    const cLive = await live(c);
    const heardByA: Notification[] = [];
    aLive.socket.on('notification', (n) => heardByA.push(n));

    const cMatch = cLive.next('notification', (n) => n.kind === 'saved_search_match');
    const byB = await listingOf(b, { item: TEST_ITEMS.plain });
    expect((await cMatch).listingId).toBe(byB);
    // Something A is told after B's listing: C's offer on A's listing.
    const ofA = await listingOf(a);
    const fromC = aLive.next('notification', (n) => n.kind === 'offer_received');
    await offer(c, ofA);
    await fromC;
    expect(heardByA.map((n) => n.kind)).toEqual(['offer_received']);
    const stored = await api.get<Notification[]>('/api/notifications', a.token);
    expect(stored.body.map((n) => n.kind)).toEqual(['offer_received']);

    // Lifted: B's next listing reaches A again.
    await unblock(a, b.id);
    const aMatch = aLive.next('notification', (n) => n.kind === 'saved_search_match');
    const next = await listingOf(b, { item: TEST_ITEMS.plain });
    expect((await aMatch).listingId).toBe(next);
  });

  it('B’s listings leave A’s browse (page and total) but nobody else’s, until it is lifted', async () => {
    const [a, b, c] = [await user(), await user(), await user()];
    const bListings = [await listingOf(b), await listingOf(b, { type: 'buy' })];
    await listingOf(c);
    const query = 'limit=100&sort=new';
    // C's answer is cached by its query string; A's must not be served from it.
    const forC = await browse(query, c);
    await browse(query, c);
    expect(forC.body.map((l) => l.id)).toEqual(expect.arrayContaining(bListings));

    await block(a, b.id);
    const forA = await browse(query, a);
    expect(forA.status).toBe(200);
    expect(forA.body.some((l) => l.userId === b.id)).toBe(false);
    expect(total(forA)).toBe(total(forC) - 2);
    expect(total(await browse(query))).toBe(total(forC));
    expect(total(await browse(query, c))).toBe(total(forC));
    // A search for B's name finds nothing for A, both for everyone else.
    const byName = `q=${encodeURIComponent(b.username)}&limit=10`;
    expect(total(await browse(byName, a))).toBe(0);
    expect(total(await browse(byName, c))).toBe(2);
    // Paging: the second page of one-listing pages carries the same total.
    expect(total(await browse('limit=1&offset=1&sort=new', a))).toBe(total(forA));

    await unblock(a, b.id);
    expect(total(await browse(query, a))).toBe(total(forC));
  });
  it('a trade agreed before stays, but neither writes in its thread and A hears nothing of it from B', async () => {
    const [a, b] = [await user(), await user()];
    const ofA = await listingOf(a);
    const agreed = (await offer(b, ofA)).body;
    await acceptOffer(server.url, agreed.id, a);
    const write = (by: TestUser) =>
      api.post(`/api/offers/${agreed.id}/messages`, { body: 'Meet at the docks?' }, by.token);
    expect((await write(b)).status).toBe(201);

    await block(a, b.id);
    for (const by of [a, b]) {
      const refused = await write(by);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ code: 'BLOCKED', error: BLOCKED_MESSAGE });
    }
    expect((await api.post(`/api/trades/${agreed.id}/confirm`, undefined, b.token)).status).toBe(200);
    const kinds = (await api.get<Notification[]>('/api/notifications', a.token)).body.map((n) => n.kind);
    expect(kinds).not.toContain('trade_updated');

    await unblock(a, b.id);
    expect((await write(b)).status).toBe(201);
  });
});
