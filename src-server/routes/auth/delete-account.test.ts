import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listing } from '../../../src-common/schemas/listing';
import type { Offer } from '../../../src-common/schemas/offer';
import type { Trade } from '../../../src-common/schemas/trade';
import { AdminModel } from '../../models/admin';
import { NotificationModel } from '../../models/notification';
import { SavedSearchModel } from '../../models/saved-search';
import {
  createAdmin,
  createDiscordOnlyUser,
  createUser,
  postListing,
  TEST_ITEMS,
  type TestUser,
} from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { connectLive, type LiveClient } from '../../../tests/helpers/live-events';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';
import { acceptOffer, postOffer } from '../../../tests/helpers/trade-fixture';

let server: TestServer;
let api: ReturnType<typeof http>;
const clients: LiveClient[] = [];

beforeAll(async () => {
  server = await startTestServer({ mail: true });
  api = http(server.url);
});
afterAll(async () => {
  for (const client of clients) client.close();
  await server?.stop();
});

const live = async (token?: string) => {
  const client = await connectLive(server.url, token);
  clients.push(client);
  return client;
};
const disconnected = (client: LiveClient) =>
  new Promise<string>((resolve) => client.socket.once('disconnect', (reason) => resolve(reason)));
const leave = (user: { token: string }, body: unknown) => api.delete('/api/auth/me', user.token, body);
const offer = (by: TestUser, listingId: number) =>
  postOffer(server.url, by.token, { listing_id: listingId, offer_amount: 700, quantity: 1 });
const apiToken = async (user: TestUser) => {
  const res = await api.post<{ secret: string }>(
    '/api/auth/tokens',
    { name: 'bot', scopes: ['read', 'trade'] },
    user.token,
  );
  expect(res.status).toBe(201);
  return res.body.secret;
};

describe('DELETE /api/auth/me: an account with a password', () => {
  it('401 for a visitor, 403 for an API token', async () => {
    const user = await createUser(server.config);
    expect((await api.delete('/api/auth/me', undefined, { currentPassword: user.password })).status).toBe(
      401,
    );
    const refused = await leave({ token: await apiToken(user) }, { currentPassword: user.password });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'TOKEN_SCOPE' });
  });

  it('400 without the password or with a wrong one, and nothing is lost', async () => {
    const user = await createUser(server.config);
    const listing = await postListing(server.url, user.token);
    const missing = await leave(user, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'Current password is required', field: 'currentPassword' });
    const wrong = await leave(user, { currentPassword: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      error: 'Current password is incorrect',
      code: 'VALIDATION_ERROR',
      field: 'currentPassword',
    });
    expect((await api.get('/api/auth/me', user.token)).status).toBe(200);
    expect((await api.get(`/api/listings/${listing.id}`)).status).toBe(200);
  });

  it('204: sessions, tokens, sockets, listings, offers, searches, notifications and blocks go; trades stay', async () => {
    const leaving = await createUser(server.config);
    const [other, blocked, blocker] = [
      await createUser(server.config),
      await createUser(server.config),
      await createUser(server.config),
    ];
    // What the account has: a listing with an offer on it, a pending offer, an accepted one (a trade),
    // a saved search, notifications, an API token, a block made and a block received.
    const own = await postListing(server.url, leaving.token);
    await offer(other, own.id);
    const theirs = await postListing(server.url, other.token, { quantity: 5 });
    const pending = await offer(leaving, theirs.id);
    const traded = await offer(leaving, theirs.id);
    await acceptOffer(server.url, traded.id, other);
    const search = { name: 'Leeches', filters: { q: 'gas leech' } };
    expect((await api.post('/api/saved-searches', search, leaving.token)).status).toBe(201);
    expect((await api.post(`/api/users/${blocked.id}/block`, undefined, leaving.token)).status).toBe(200);
    expect((await api.post(`/api/users/${leaving.id}/block`, undefined, blocker.token)).status).toBe(200);
    const secret = await apiToken(leaving);
    expect(await NotificationModel.countDocuments({ userId: leaving.id })).toBeGreaterThan(0);

    const watcher = await live();
    expect(await watcher.watch(theirs.id)).toEqual({ ok: true });
    const sessionSocket = await live(leaving.token);
    const tokenSocket = await live(secret);
    const seen = Promise.all([
      watcher.next('listing:deleted', ({ id }) => id === own.id),
      watcher.next('offer:deleted', ({ id }) => id === pending.id),
      disconnected(sessionSocket),
      disconnected(tokenSocket),
    ]);

    const res = await leave(leaving, { currentPassword: leaving.password });
    expect(res.status).toBe(204);
    await seen;

    expect((await api.get('/api/auth/me', leaving.token)).status).toBe(401);
    expect((await api.get('/api/auth/me', secret)).status).toBe(401);
    expect((await api.get(`/api/listings/${own.id}`)).status).toBe(404);
    expect((await api.get(`/api/profile/${leaving.id}`)).status).toBe(404);
    const offers = await api.get<Offer[]>(`/api/offers/listing/${theirs.id}`);
    expect(offers.body.map((o) => [o.id, o.status, o.username])).toEqual([
      [traded.id, 'accepted', 'Deleted user'],
    ]);
    expect(await SavedSearchModel.countDocuments({ userId: leaving.id })).toBe(0);
    const matching = await postListing(server.url, other.token, { item: TEST_ITEMS.plain });
    expect(server.deps.savedSearches.matches(matching as unknown as Listing)).toEqual([]);
    expect(await NotificationModel.countDocuments({ userId: leaving.id })).toBe(0);
    expect((await api.get('/api/blocks', blocker.token)).body).toEqual({ blocks: [] });
    expect(server.deps.blocks.between(leaving.id, blocked.id)).toBe(false);

    const trades = await api.get<Trade[]>('/api/trades', other.token);
    expect(trades.status).toBe(200);
    expect(trades.body.find((t) => t.id === traded.id)?.buyer).toEqual({
      id: leaving.id,
      username: 'Deleted user',
    });
  });

  it('frees the email for a new account', async () => {
    const leaving = await createUser(server.config);
    expect((await leave(leaving, { currentPassword: leaving.password })).status).toBe(204);
    const again = { username: `back${leaving.id}`, email: leaving.email, password: 'a new password' };
    expect((await api.post('/api/auth/register', again)).status).toBe(201);
  });
});

describe('DELETE /api/auth/me: a Discord-only account', () => {
  it('400 unless it types its username; 204 with it, and its Discord ID can sign up again', async () => {
    const discordId = `70${Date.now()}`;
    const user = await createDiscordOnlyUser(server.config, discordId);
    const missing = await leave(user, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ field: 'confirm', error: 'Type your username to confirm' });
    const wrong = await leave(user, { confirm: `${user.username}x` });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ field: 'confirm', code: 'VALIDATION_ERROR' });
    expect((await api.get('/api/auth/me', user.token)).status).toBe(200);

    expect((await leave(user, { confirm: user.username })).status).toBe(204);
    expect((await api.get('/api/auth/me', user.token)).status).toBe(401);
    const again = await createDiscordOnlyUser(server.config, discordId);
    expect((await api.get('/api/auth/me', again.token)).status).toBe(200);
  });
});

describe('DELETE /api/auth/me: an admin', () => {
  it('the last admin cannot leave (409, nothing lost); another can, and leaves the admin list', async () => {
    await AdminModel.deleteMany({});
    const first = await createAdmin(server.config);
    const refused = await leave(first, { currentPassword: first.password });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CONFLICT' });
    expect((await api.get('/api/auth/me', first.token)).status).toBe(200);

    const second = await createAdmin(server.config);
    expect((await leave(first, { currentPassword: first.password })).status).toBe(204);
    expect(await AdminModel.exists({ _id: first.discordId })).toBeNull();
    const admins = await api.get<{ admins: { id: string }[] }>('/api/admin/users', second.token);
    expect(admins.body.admins.map((a) => a.id)).toEqual([second.discordId]);
  });
});
