import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileResponse } from '../../../src-common/schemas/profile';
import { UserModel } from '../../models/user';
import { createUser, listingBody, postListing, type TestUser } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';

let server: TestServer;
let api: ReturnType<typeof http>;
let trader: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  api = http(server.url);
  trader = await createUser(server.config, { flags: ['VIP'] });
});
afterAll(() => server.stop());

describe('GET /api/profile/:userId', () => {
  it('shows a user without listings', async () => {
    const fresh = await createUser(server.config);
    const res = await api.get<ProfileResponse>(`/api/profile/${fresh.id}`);
    expect(res.status).toBe(200);
    expect(res.body.listings).toEqual([]);
    expect(res.body.stats).toMatchObject({
      totalListings: 0,
      totalValue: 0,
      activeBuyListings: 0,
      activeSellListings: 0,
    });
  });

  it('gives the public profile, the listings newest first and the stats', async () => {
    const lastActive = new Date('2026-01-02T03:04:05.000Z');
    await UserModel.updateOne({ _id: trader.id }, { $set: { lastActiveAt: lastActive } });
    const a = await postListing(server.url, trader.token, { type: 'sell', quantity: 3, silver: 2 });
    const b = await postListing(server.url, trader.token, { type: 'buy', quantity: 1, silver: 0, gold: 1 });
    const c = await postListing(server.url, trader.token, {
      type: 'sell',
      quantity: 10,
      silver: 0,
      copper: 7,
    });
    const res = await api.get<ProfileResponse>(`/api/profile/${trader.id}`);
    expect(res.status).toBe(200);
    const user = await UserModel.findById(trader.id).lean();
    expect(res.body.profile).toEqual({
      id: trader.id,
      username: trader.username,
      avatar: null,
      createdAt: user!.createdAt.toISOString(),
      flags: ['VIP'],
    });
    expect(res.body.listings.map((l) => l.id)).toEqual([c.id, b.id, a.id]);
    expect(res.body.stats).toEqual({
      totalListings: 3,
      totalValue: 6_000 + 1_000_000 + 70,
      activeBuyListings: 1,
      activeSellListings: 2,
      joinDate: user!.createdAt.toISOString(),
      lastActive: lastActive.toISOString(),
    });
  });

  it('never exposes private account fields', async () => {
    const res = await api.get(`/api/profile/${trader.id}`);
    const text = JSON.stringify(res.body);
    for (const secret of ['passwordHash', 'email', trader.email, 'settings', 'discordId']) {
      expect(text).not.toContain(secret);
    }
  });

  it('hides the stats from others when the user keeps them private, but not from the user', async () => {
    const shy = await createUser(server.config);
    await postListing(server.url, shy.token);
    await UserModel.updateOne({ _id: shy.id }, { $set: { 'settings.statsPublic': false } });
    const visitor = await api.get<ProfileResponse>(`/api/profile/${shy.id}`);
    expect(visitor.body.stats).toBeNull();
    expect(visitor.body.listings).toHaveLength(1);
    const other = await api.get<ProfileResponse>(`/api/profile/${shy.id}`, trader.token);
    expect(other.body.stats).toBeNull();
    const self = await api.get<ProfileResponse>(`/api/profile/${shy.id}`, shy.token);
    expect(self.body.stats).toMatchObject({ totalListings: 1 });
  });

  it.each(['999999', 'abc', '0'])('404 "Profile not found" for %s', async (id) => {
    const res = await api.get(`/api/profile/${id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Profile not found', code: 'NOT_FOUND' });
  });
});

describe('GET /api/profile/:userId kept in memory', () => {
  const profileOf = (userId: number, token?: string) =>
    api.get<ProfileResponse>(`/api/profile/${userId}`, token);

  it('answers the same answer again, 304 to a client that holds it, and a new one after a listing change', async () => {
    const seller = await createUser(server.config);
    const first = await postListing(server.url, seller.token);
    const before = await profileOf(seller.id);
    const again = await profileOf(seller.id);
    expect(again.body).toEqual(before.body);
    const etag = before.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    expect(again.headers.get('etag')).toBe(etag);
    // As a browser revalidates (fetch() adds `Cache-Control: no-cache` to an If-None-Match otherwise).
    const held = await fetch(`${server.url}/api/profile/${seller.id}`, {
      headers: { 'if-none-match': etag!, 'cache-control': 'max-age=0' },
    });
    expect(held.status).toBe(304);

    const second = await postListing(server.url, seller.token, { quantity: 2 });
    const afterPost = await profileOf(seller.id);
    expect(afterPost.headers.get('etag')).not.toBe(etag);
    expect(afterPost.body.listings.map((l) => l.id)).toEqual([second.id, first.id]);
    expect(afterPost.body.stats).toMatchObject({ totalListings: 2 });

    expect(
      (await api.put(`/api/listings/${first.id}`, listingBody({ quantity: 5 }), seller.token)).status,
    ).toBe(200);
    expect((await profileOf(seller.id)).body.listings.find((l) => l.id === first.id)?.quantity).toBe(5);
    expect((await api.delete(`/api/listings/${second.id}`, seller.token)).status).toBe(204);
    expect((await profileOf(seller.id)).body.listings.map((l) => l.id)).toEqual([first.id]);
  });

  it('follows a rename, a stats setting and a badge at once, as the user and as a visitor see it', async () => {
    const seller = await createUser(server.config);
    await postListing(server.url, seller.token);
    // Cached as the user and as a visitor sees it.
    expect((await profileOf(seller.id, seller.token)).body.stats).not.toBeNull();
    expect((await profileOf(seller.id)).body.stats).not.toBeNull();

    const renamed = `Renamed${seller.id}`;
    const rename = await api.post('/api/auth/update-username', { username: renamed }, seller.token);
    expect(rename.status).toBe(200);
    expect((await profileOf(seller.id)).body.profile.username).toBe(renamed);

    const settings = await api.post('/api/auth/update-settings', { statsPublic: false }, seller.token);
    expect(settings.status).toBe(200);
    expect((await profileOf(seller.id)).body.stats).toBeNull();
    expect((await profileOf(seller.id, seller.token)).body.stats).toMatchObject({ totalListings: 1 });

    // Any write through the User model is heard, whichever service made it.
    await UserModel.updateOne({ _id: seller.id }, { $addToSet: { flags: 'VIP' } });
    expect((await profileOf(seller.id)).body.profile.flags).toEqual(['VIP']);
  });

  it('shows a profile created after its id was asked for', async () => {
    const missing = await api.get('/api/profile/987654');
    expect(missing.status).toBe(404);
    await UserModel.create({
      _id: 987654,
      username: 'LateComer',
      usernameLower: 'latecomer',
      email: 'late@example.test',
      emailLower: 'late@example.test',
    });
    const found = await profileOf(987654);
    expect(found.status).toBe(200);
    expect(found.body.profile.username).toBe('LateComer');
  });
});
